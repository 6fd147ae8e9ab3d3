import { describe, expect, it } from 'vitest';
import { withDeadline } from './runner.js';

const after = <T>(ms: number, value: T) => new Promise<T>((done) => setTimeout(() => done(value), ms));

describe('withDeadline (the per-task budget)', () => {
  it('gives the work result when it comes in time, and never asks onTimeout', async () => {
    let asked = 0;
    const value = await withDeadline(after(10, 'plan'), 500, () => {
      asked++;
      return 'late';
    });
    expect(value).toBe('plan');
    await after(600, null);
    expect(asked).toBe(0);
  });

  it("rejects with onTimeout's message once the budget is spent", async () => {
    await expect(withDeadline(after(2000, 'plan'), 50, () => 'timed out after 0 s')).rejects.toThrow(
      'timed out after 0 s',
    );
  });

  it('does not count a result that arrives while an async onTimeout is still answering', async () => {
    // The work finishes 30 ms after the deadline, while onTimeout (a progress query) takes 100 ms.
    const outcome = withDeadline(after(80, 'plan'), 50, async () => {
      await after(100, null);
      return 'timed out, searching';
    });
    await expect(outcome).rejects.toThrow('timed out, searching');
  });

  it('passes on the work failing before the deadline', async () => {
    const failing = after(10, null).then(() => Promise.reject(new Error('workflow failed')));
    await expect(withDeadline(failing, 500, () => 'late')).rejects.toThrow('workflow failed');
  });
});
