import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { localModelThreadpoolSize, threadpoolWarning } from './local-model-fetch.js';

describe("the local model's thread pool", () => {
  const cores = availableParallelism();

  it('is one thread per core, at most libuv’s default of 4', () => {
    expect(localModelThreadpoolSize()).toBe(Math.min(cores, 4));
  });

  it('says nothing when the pool fits the cores', () => {
    expect(threadpoolWarning({ UV_THREADPOOL_SIZE: String(localModelThreadpoolSize()) })).toBeUndefined();
    expect(threadpoolWarning({ UV_THREADPOOL_SIZE: '1' })).toBeUndefined();
  });

  it('says in one line what to set when the pool is larger than the cores', () => {
    const warning = threadpoolWarning({ UV_THREADPOOL_SIZE: String(cores + 1) });
    expect(warning).toContain(`UV_THREADPOOL_SIZE=${localModelThreadpoolSize()}`);
    expect(warning).not.toContain('\n');
  });

  it("takes libuv's default of 4 when the variable is unset or not a number", () => {
    for (const env of [{}, { UV_THREADPOOL_SIZE: 'many' }])
      expect(threadpoolWarning(env) === undefined).toBe(cores >= 4);
  });
});
