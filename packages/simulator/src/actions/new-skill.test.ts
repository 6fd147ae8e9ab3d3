import { buildSceneGraph } from '@groundplan/scene-graph';
import { describe, expect, it } from 'vitest';
import { OFFICE, steps } from '../test-support/office-scene.js';
import { verifyPlan } from '../verify/verify-plan.js';
import { type ActionSpec, requires } from './action-spec.js';
import { ACTION_SPECS, actionDescriptions } from './action-table.js';
import { affordsSkill, holdsSomethingThatAffords, inAgentRoom, stateIs } from './checks.js';
import { setState } from './effects.js';

/** A skill the built-in table lacks, written purely as a row of existing checks and effects. */
const WATER: ActionSpec = {
  name: 'water',
  description: 'water(object): water a plant in the agent’s room while holding a watering can',
  parameters: [{ name: 'object', kinds: ['object'] }],
  preconditions: [
    requires(
      affordsSkill('object', 'water'),
      '{object} does not afford water (its affordances: {affordances})',
    ),
    requires(
      inAgentRoom('object'),
      '{object} is in {room} but the agent is at {agent_at}; goto({room}) first',
    ),
    requires(
      holdsSomethingThatAffords('pour'),
      'watering needs something to pour with in the gripper; the agent holds {held}',
    ),
    requires(stateIs('object', 'moisture', 'dry'), '{object} is already {actual}'),
  ],
  effects: [setState('object', 'moisture', 'wet')],
};

const scene = buildSceneGraph({
  ...OFFICE,
  nodes: [
    ...OFFICE.nodes,
    { id: 'fern', kind: 'object', state: { moisture: 'dry' }, affordances: ['water'] },
    { id: 'watering_can', kind: 'object', affordances: ['pickup', 'pour'] },
  ],
  edges: [
    ...OFFICE.edges,
    { kind: 'hierarchy', source: 'nikos_office', target: 'fern' },
    { kind: 'hierarchy', source: 'nikos_office', target: 'watering_can' },
  ],
});
const table = [...ACTION_SPECS, WATER];

describe('a new skill is a new row', () => {
  it('verifies plans that use it, with its own effects', () => {
    const result = verifyPlan(scene, steps('goto(nikos_office)', 'pickup(watering_can)', 'water(fern)'), {
      actions: table,
    });
    expect(result).toMatchObject({ ok: true, final: { states: expect.anything() } });
    if (result.ok) expect(result.final.states.get('fern')).toEqual({ moisture: 'wet' });
  });
  it('gives its own feedback', () => {
    expect(verifyPlan(scene, steps('goto(nikos_office)', 'water(fern)'), { actions: table })).toMatchObject({
      ok: false,
      failure: {
        index: 1,
        feedback:
          'cannot water(fern): watering needs something to pour with in the gripper; the agent holds nothing',
      },
    });
  });
  it('is listed for prompts and unknown to the built-in table', () => {
    expect(actionDescriptions(table)).toContain(WATER.description);
    expect(verifyPlan(scene, steps('goto(nikos_office)', 'water(fern)'))).toMatchObject({
      ok: false,
      failure: { reason: 'unknown_action' },
    });
  });
});
