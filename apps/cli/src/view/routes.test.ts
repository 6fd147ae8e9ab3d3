import { describe, expect, it } from 'vitest';
import { route, type ViewSources } from './routes.js';
import type { RunReader } from './run-data.js';

// The router alone, with a reader that must not be reached: what it refuses before asking Temporal.
const unreachable = async (): Promise<never> => {
  throw new Error('the reader was asked');
};
const sources: ViewSources = {
  script: '',
  runs: { run: unreachable, scene: unreachable, list: unreachable, steer: unreachable } satisfies RunReader,
};

describe("the view's routes", () => {
  it('serves the run list at / when no scene file was given, and a run page at /runs/<id>', async () => {
    const list = await route('GET', '/', '', sources);
    expect([list.status, list.body]).toEqual([200, expect.stringContaining('data-page="runs"')]);
    const run = await route('GET', '/runs/a%20run', '', sources);
    expect(run.body).toContain('<title>run a run</title>');
    expect(run.body).toContain('data-page="run"');
  });

  it('refuses a steer that is not one of approve, reject or answer, in one line, without asking Temporal', async () => {
    for (const body of [
      'not json',
      '{"action":"launch"}',
      '{"action":"answer"}',
      '{"action":"answer","choice":""}',
    ]) {
      const reply = await route('POST', '/api/runs/r/steer', body, sources);
      expect(reply.status).toBe(400);
      expect(JSON.parse(reply.body).error).toMatch(/^groundplan: send \{"action": "approve"\}/);
    }
  });

  it('takes POST only to steer a run', async () => {
    expect((await route('POST', '/api/runs/r', '{}', sources)).status).toBe(405);
  });
});
