import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { chooseOnTerminal } from './choose-on-terminal.js';

const question = { phrase: 'stapler', options: ['stapler', 'stapler_2', 'stapler_3'] };

/** Runs the prompt on real streams, typing `typed` line by line; what it chose and what it printed. */
async function answered(typed: string[]): Promise<{ choice: string | undefined; shown: string }> {
  const input = new PassThrough();
  const output = new PassThrough();
  let shown = '';
  output.on('data', (chunk: Buffer) => {
    shown += chunk.toString();
  });
  const choice = chooseOnTerminal(question, { input, output });
  for (const line of typed) input.write(`${line}\n`);
  input.end();
  return { choice: await choice, shown };
}

describe('asking at the terminal which thing was meant', () => {
  it('lists the options numbered and takes a number', async () => {
    const { choice, shown } = await answered(['2']);
    expect(shown).toContain('Which stapler do you mean?');
    expect(shown).toContain('  3. stapler_3');
    expect(choice).toBe('stapler_2');
  });

  it('takes an id, and asks again after a choice that is no option', async () => {
    const { choice, shown } = await answered(['9', 'giraffe', 'stapler_3']);
    expect(shown).toContain("'9' is not one of the 3 options");
    expect(shown).toContain("'giraffe' is not one of the 3 options");
    expect(choice).toBe('stapler_3');
  });

  it('leaves the question for later on an empty line, or when the input closes', async () => {
    expect((await answered([''])).choice).toBeUndefined();
    expect((await answered([])).choice).toBeUndefined();
  });

  it('stops asking when the run ends meanwhile', async () => {
    const ended = new AbortController();
    const choice = chooseOnTerminal(question, {
      input: new PassThrough(),
      output: new PassThrough(),
      signal: ended.signal,
    });
    ended.abort();
    expect(await choice).toBeUndefined();
  });
});
