import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { ACTION_SPECS, type ActionSpec } from '@groundplan/simulator';
import { describe, expect, it } from 'vitest';
import { emptyHandedOffice } from '../test-support/datasets.js';
import { officePlanningTasks } from '../test-support/oracle-tasks.js';
import { exportPddl } from './export-pddl.js';

const heldOutGoals = async () =>
  (
    JSON.parse(
      await readFile(
        fileURLToPath(new URL('../../../../datasets/tasks/held-out-requirements.json', import.meta.url)),
        'utf8',
      ),
    ) as { tasks: { id: string; goal?: string[] }[] }
  ).tasks.filter((task) => task.goal !== undefined);

describe('the PDDL export', () => {
  it('writes every goal set of the 30 office planning tasks and the 15 held-out tasks over the whole office', async () => {
    const office = await emptyHandedOffice();
    const sets = [
      ...(await officePlanningTasks()).map((task) => ({ id: task.id, scene: task.scene, goals: task.goals })),
      ...(await heldOutGoals()).map((task) => ({ id: task.id, scene: office, goals: task.goal! })),
    ];
    expect(sets).toHaveLength(45);
    for (const set of sets) {
      const task = exportPddl(set.scene, set.goals);
      expect(task.ok ? 'ok' : `${set.id}: ${task.error}`).toBe('ok');
      if (!task.ok) continue;
      expect(task.value.problem).toContain('(:domain groundplan)');
      expect(task.value.problem).toContain('(:goal (and');
    }
  });

  it('has one action per skill of the table, with the table’s description beside it', async () => {
    const task = exportPddl(await emptyHandedOffice(), ['state(fridge, door, open)']);
    if (!task.ok) throw new Error(task.error);
    for (const spec of ACTION_SPECS) {
      expect(task.value.domain).toContain(`(:action ${spec.name}\n`);
      expect(task.value.domain).toContain(`; ${spec.description}`);
    }
  });

  it('reads a plan back as the skills and node ids of the scene, dropping the parameters the export added', async () => {
    const task = exportPddl(await emptyHandedOffice(), ['state(fridge, door, open)']);
    if (!task.ok) throw new Error(task.error);
    const plan = task.value.readPlan(
      '(goto pose_s0 kitchen)\n(ACCESS FRIDGE)\n(open fridge)\n; cost = 3 (unit cost)\n',
    );
    expect(plan).toEqual({
      ok: true,
      value: [
        { action: 'goto', args: ['kitchen'] },
        { action: 'access', args: ['fridge'] },
        { action: 'open', args: ['fridge'] },
      ],
    });
    expect(task.value.readPlan('(fly fridge)')).toEqual({
      ok: false,
      error: "cannot read plan line '(fly fridge)': no action fly in the domain",
    });
  });

  it('names ids PDDL cannot spell, and gives them back', async () => {
    const { buildSceneGraph } = await import('@groundplan/scene-graph');
    const scene = buildSceneGraph({
      format: 'groundplan.scene-graph',
      version: 1,
      name: 'odd ids',
      nodes: [
        { id: 'Room 1', kind: 'room' },
        { id: '42', kind: 'asset' },
        { id: 'door', kind: 'object', affordances: ['pickup'] },
        { id: 'bot', kind: 'agent' },
      ],
      edges: [
        { kind: 'hierarchy', source: 'Room 1', target: '42' },
        { kind: 'hierarchy', source: '42', target: 'door', relation: 'on' },
        { kind: 'at', source: 'bot', target: 'Room 1' },
      ],
    });
    const task = exportPddl(scene, ['holding(door)']);
    if (!task.ok) throw new Error(task.error);
    // `door` is also the state dimension the domain names, so the object gets another name.
    expect(task.value.problem).toContain('(on door_2 n42)');
    expect(task.value.readPlan('(access n42)\n(pickup door_2 n42)')).toEqual({
      ok: true,
      value: [
        { action: 'access', args: ['42'] },
        { action: 'pickup', args: ['door'] },
      ],
    });
  });

  it('says in one line which goal it cannot write, and which skill has a check it cannot translate', async () => {
    const office = await emptyHandedOffice();
    expect(exportPddl(office, ['on(unicorn, nikos_desk)'])).toEqual({
      ok: false,
      error: 'cannot export goal on(unicorn, nikos_desk) to PDDL: unicorn is not in the scene',
    });
    expect(exportPddl(office, ['sit(chair)'])).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^cannot read goal 'sit\(chair\)'/),
    });
    const dance: ActionSpec = {
      name: 'dance',
      description: 'dance(room): dance',
      parameters: [{ name: 'room', kinds: ['room'] }],
      preconditions: [{ name: 'music_on', message: 'no music', test: () => undefined }],
      effects: [],
    };
    expect(exportPddl(office, ['at(kitchen)'], { actions: [...ACTION_SPECS, dance] })).toEqual({
      ok: false,
      error: "cannot export skill dance to PDDL: its precondition 'music_on' has no form the export knows",
    });
  });
});
