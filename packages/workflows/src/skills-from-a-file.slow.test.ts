// A skill file, not TypeScript (datasets/skills/household.skills.json), given to every role's
// workers and to the simulated robot: a request the built-in skills cannot do ("switch on Filipe's
// laptop", which stands on his desk and is no asset to access) is planned, verified and executed
// through the real workflow, and the robot's world ends with the laptop on.

import { readWorld, worldFilePath } from '@groundplan/robot';
import { loadSkillTables, type SkillTables } from '@groundplan/simulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OfficeOnTestServer, officeOnTestServer } from './test-support/office-on-test-server.js';

const householdFile = new URL('../../../datasets/skills/household.skills.json', import.meta.url).pathname;

describe('skills from a file', () => {
  let server: OfficeOnTestServer;
  let sceneRef: string;
  let household: SkillTables;

  beforeAll(async () => {
    server = await officeOnTestServer('skill-file', { search: [], plans: [] });
    sceneRef = server.sceneRef;
    const tables = await loadSkillTables(householdFile);
    if (!tables.ok) throw new Error(tables.error);
    household = tables.value;
  });
  afterAll(async () => {
    await server?.teardown();
  });

  const run = (robotId: string, instruction: string, skills?: SkillTables) =>
    server.planAndExecute(robotId, instruction, skills ? { skills } : {});
  const laptopPower = async (robotId: string) => {
    const world = (await readWorld(worldFilePath(server.dataDir, robotId, sceneRef)))?.world;
    return world?.getNodeAttribute('filipes_laptop', 'state')?.power;
  };

  it('plans, verifies and executes a skill the file changes, on the simulated robot', async () => {
    const { result, failure } = await run('household', "Switch on Filipe's laptop.", household);
    expect(failure).toBeUndefined();
    expect(result.status).toBe('completed');
    const steps = result.planning.plan.map((step) => `${step.action}(${step.args.join(', ')})`);
    expect(steps).toContain('turn_on(filipes_laptop)');
    expect(steps).not.toContain('pickup(filipes_laptop)');
    expect(result.planning.sideEffects).toEqual([]);
    expect(await laptopPower('household')).toBe('on');
  }, 180_000);

  it('cannot do it with the built-in skills, and says so', async () => {
    const { result, failure } = await run('built-in', "Switch on Filipe's laptop.");
    expect((failure as Error | undefined)?.message).toMatch(/^Workflow execution failed/);
    expect(result.status).toBe('plan-failed');
    expect(result.planning.plan).toEqual([]);
    expect(await laptopPower('built-in')).not.toBe('on');
  }, 180_000);
});
