import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { PLANNER_VARIANTS } from '@groundplan/workflows/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { runInProcess } from './test-support/run-in-process.js';

const office = new URL('../../../datasets/office.json', import.meta.url).pathname;
const virtualHome = new URL(
  '../../../datasets/external/source/virtualhome/TestScene1_graph.json',
  import.meta.url,
).pathname;

/** The messages issue 13 found unclear, each as the CLI prints it now: one line, named, prefixed. */
describe('what the CLI says when the input is wrong', () => {
  const dir = mkdtempSync(`${tmpdir()}/groundplan-cli-messages-`);
  const env = { TEMPORAL_ADDRESS: '127.0.0.1:1', GROUNDPLAN_SCENE_STORE: `${dir}/scenes` };
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('an empty run id: says so instead of "unexpected error"', async () => {
    const run = await runInProcess(['status', ''], env);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      "groundplan: command-argument value '' is invalid for argument 'run'. a run id is not empty (`groundplan list` shows them) (add --help for usage)\n",
    );
  });

  it('a bad numeric flag: one groundplan: line naming the flag and the value', async () => {
    const run = await runInProcess(['plan', '--scene', office, '--max-replans', 'two', 'Find a mug.'], env);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      "groundplan: option '--max-replans <n>' argument 'two' is invalid. expected a whole number (add --help for usage)\n",
    );
  });

  it('a budget flag below 1: one line naming the flag', async () => {
    const run = await runInProcess(['plan', '--scene', office, '--llm-deadline', '0', 'Find a mug.'], env);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(
      "groundplan: option '--llm-deadline <seconds>' argument '0' is invalid. expected a whole number of at least 1 (add --help for usage)\n",
    );
  });

  it('a missing scene file: its path printed once', async () => {
    const missing = `${dir}/missing.json`;
    const run = await runInProcess(['plan', '--scene', missing, 'Find a mug.'], env);
    expect(run.stderr).toBe(
      `groundplan: cannot read scene file ${missing}: ENOENT: no such file or directory\n`,
    );
  });

  it('a truncated scene file: its path printed once, with where it breaks', async () => {
    const truncated = `${dir}/truncated.json`;
    writeFileSync(truncated, readFileSync(office, 'utf8').slice(0, 3000));
    const run = await runInProcess(['export', 'networkx', truncated, '-o', `${dir}/out.json`], env);
    expect(run.code).toBe(1);
    expect(run.stderr.split(truncated)).toHaveLength(2);
    expect(run.stderr).toMatch(/the text ends early; the file may be truncated\n$/);
    expect(readdirSync(dir)).not.toContain('out.json');
  });

  it('export networkx counts the edges it writes (navigation edges go both ways)', async () => {
    const out = `${dir}/office.nx.json`;
    const run = await runInProcess(['export', 'networkx', office, '-o', out], env);
    expect(run.code).toBe(0);
    const written = JSON.parse(readFileSync(out, 'utf8')) as { nodes: unknown[]; edges: unknown[] };
    expect(run.stdout).toContain(`: ${written.nodes.length} nodes, ${written.edges.length} edges`);
  });

  it('a source file starting with a byte-order mark imports like one without', async () => {
    const withBom = `${dir}/bom.json`;
    writeFileSync(withBom, `\ufeff${readFileSync(virtualHome, 'utf8')}`);
    const run = await runInProcess(['import', 'virtualhome', withBom, '-o', `${dir}/imported.json`], env);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`wrote ${dir}/imported.json: 340 nodes`);
  });

  it('a value with a line break stays on one line', async () => {
    const run = await runInProcess(['plan', '--scene', office, '--planner', 'say\nplan', 'Find a mug.'], env);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(`groundplan: unknown planner 'say plan'; use ${PLANNER_VARIANTS.join(', ')}\n`);
  });
});
