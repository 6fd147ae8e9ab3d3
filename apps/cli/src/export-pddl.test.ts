import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { afterAll, describe, expect, it } from 'vitest';
import { runInProcess } from './test-support/run-in-process.js';

const office = new URL('../../../datasets/office.json', import.meta.url).pathname;
const household = new URL('../../../datasets/skills/household.skills.json', import.meta.url).pathname;

describe('groundplan export pddl', () => {
  const dir = mkdtempSync(`${tmpdir()}/groundplan-cli-pddl-`);
  const env = { TEMPORAL_ADDRESS: '127.0.0.1:1', GROUNDPLAN_SCENE_STORE: `${dir}/scenes` };
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes the action table as domain.pddl and the scene with the goals as problem.pddl', async () => {
    const out = `${dir}/fridge`;
    const run = await runInProcess(
      [
        'export',
        'pddl',
        office,
        '--goal',
        'inside(orange, fridge)',
        '--goal',
        'state(fridge, door, closed)',
        '-o',
        out,
      ],
      env,
    );
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(
      `wrote ${out}/domain.pddl and ${out}/problem.pddl: the action table and the whole scene with 2 goals (e.g. fast-downward.py --alias lama-first ${out}/domain.pddl ${out}/problem.pddl)\n`,
    );
    expect(readFileSync(`${out}/domain.pddl`, 'utf8')).toContain('(:action release');
    const problem = readFileSync(`${out}/problem.pddl`, 'utf8');
    expect(problem).toContain('(inside orange fridge)');
    expect(problem).toContain('(state fridge door closed)');
    // The office robot starts holding the coke can.
    expect(problem).toContain('(holding coke_can)');
  });

  it('without goals, or with a goal it cannot read: one line', async () => {
    const none = await runInProcess(['export', 'pddl', office, '-o', `${dir}/none`], env);
    expect(none.code).toBe(1);
    expect(none.stderr).toBe(
      "groundplan: export pddl needs the goals: --goal 'on(mug, desk)' (repeat --goal for more)\n",
    );
    const unknown = await runInProcess(
      ['export', 'pddl', office, '--goal', 'on(unicorn, desk)', '-o', `${dir}/u`],
      env,
    );
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toBe(
      'groundplan: cannot export goal on(unicorn, desk) to PDDL: unicorn is not in the scene\n',
    );
    const networkx = await runInProcess(
      ['export', 'networkx', office, '--goal', 'on(mug, desk)', '-o', `${dir}/nx.json`],
      env,
    );
    expect(networkx.stderr).toBe(
      'groundplan: --goal and --skills are for export pddl; networkx exports the scene alone\n',
    );
  });

  it('with --skills, the domain has the skill file’s skills; a bad skill file is one line', async () => {
    const out = `${dir}/household`;
    const run = await runInProcess(
      [
        'export',
        'pddl',
        office,
        '--skills',
        household,
        '--goal',
        'state(nikos_mug, contents, water)',
        '-o',
        out,
      ],
      env,
    );
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const domain = readFileSync(`${out}/domain.pddl`, 'utf8');
    expect(domain).toContain('(:action fill');
    expect(domain).toContain('(:action pour_out');
    writeFileSync(`${dir}/bad.skills.json`, JSON.stringify({ skills: [{ name: 'teleport', like: 'warp' }] }));
    const bad = await runInProcess(
      [
        'export',
        'pddl',
        office,
        '--skills',
        `${dir}/bad.skills.json`,
        '--goal',
        'on(mug, desk)',
        '-o',
        `${dir}/b`,
      ],
      env,
    );
    expect(bad.code).toBe(1);
    expect(bad.stderr).toBe(`groundplan: ${dir}/bad.skills.json: skill 'teleport' like: no skill 'warp'\n`);
  });
});
