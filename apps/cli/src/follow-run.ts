import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Waits for a run's result, printing `progress()`'s line every 500 ms whenever it changes, and
 * at the end `finalLine(result)` when that differs from the last one printed (a short run can end
 * before a progress query answers).
 */
export async function followRun<T>(
  result: Promise<T>,
  progress: () => Promise<string | undefined>,
  finalLine?: (result: T) => string,
): Promise<T> {
  let last = '';
  let finished = false;
  result
    .finally(() => {
      finished = true;
    })
    .catch(() => undefined);
  const print = (line: string | undefined) => {
    if (line && line !== last) {
      console.log(line);
      last = line;
    }
  };
  while (!finished) {
    print(await progress().catch(() => undefined));
    await Promise.race([sleep(500), result.catch(() => undefined)]);
  }
  if (finalLine) {
    const final = await result.catch(() => undefined);
    if (final !== undefined) print(finalLine(final));
  }
  return result;
}
