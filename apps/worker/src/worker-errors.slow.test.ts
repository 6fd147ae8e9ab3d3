import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const main = fileURLToPath(new URL('./main.ts', import.meta.url));

function runWorker(args: string[], env: Record<string, string>): Promise<{ code: number; stderr: string }> {
  return new Promise((done) => {
    execFile(
      process.execPath,
      ['--conditions=@groundplan/source', '--import', 'tsx', main, ...args],
      { env: { ...process.env, ...env }, timeout: 60_000 },
      (error, _stdout, stderr) => done({ code: error ? Number(error.code ?? 1) : 0, stderr }),
    );
  });
}

describe('the worker on bad settings', { timeout: 120_000 }, () => {
  it.concurrent.each([
    [['--roles', 'sim'], { TEMPORAL_PORT: '1' }, 'cannot reach Temporal at 127.0.0.1:1'],
    [['--roles', 'chef'], {}, "unknown role 'chef'"],
    [['--roles', 'llm'], { GROUNDPLAN_LLM_PROVIDER: 'replay' }, 'needs GROUNDPLAN_CASSETTE'],
    [
      ['--roles', 'sim'],
      { GROUNDPLAN_SKILLS: '/nonexistent/team.skills.json' },
      'GROUNDPLAN_SKILLS /nonexistent/team.skills.json: cannot read the skill file (ENOENT)',
    ],
  ])('%j %j: one line, exit 1', async (args, env, message) => {
    const run = await runWorker(args, env);
    expect(run.code).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual([expect.stringContaining(message)]);
  });
});
