import { createInterface } from 'node:readline/promises';
import type { Readable, Writable } from 'node:stream';
import type { Question } from '@groundplan/workflows/contract';

/** How many times a choice that is neither a number nor an option is asked again. */
const TRIES = 3;

/**
 * Asks the person at the terminal which thing a phrase means: the options numbered, answered by
 * number or id. An empty line, the input closing or `signal` leaves the question to `groundplan answer`.
 */
export async function chooseOnTerminal(
  question: Question,
  io: { input: Readable; output: Writable; signal?: AbortSignal },
): Promise<string | undefined> {
  const lines = createInterface({ input: io.input, terminal: false });
  // The run ended (answered elsewhere, timed out): stop asking.
  io.signal?.addEventListener('abort', () => lines.close(), { once: true });
  const prompt = () => io.output.write('Your choice (number or id, Enter to answer later): ');
  try {
    io.output.write(
      `Which ${question.phrase} do you mean?\n${question.options.map((option, i) => `  ${i + 1}. ${option}`).join('\n')}\n`,
    );
    prompt();
    let tries = 0;
    // Lines typed ahead are buffered by the iterator, none is lost.
    for await (const line of lines) {
      const said = line.trim();
      if (said === '') return undefined;
      const byNumber = /^\d+$/.test(said) ? question.options[Number(said) - 1] : undefined;
      const chosen = byNumber ?? question.options.find((option) => option === said);
      if (chosen !== undefined) return chosen;
      io.output.write(`'${said}' is not one of the ${question.options.length} options\n`);
      if (++tries >= TRIES) return undefined;
      prompt();
    }
    return undefined;
  } finally {
    lines.close();
  }
}
