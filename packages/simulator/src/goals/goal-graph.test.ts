import { describe, expect, it } from 'vitest';
import { commitState } from '../state/commit-state.js';
import { officeScene, steps, TO_KITCHEN } from '../test-support/office-scene.js';
import { verifyPlan } from '../verify/verify-plan.js';
import { compareToGoalGraph } from './goal-graph.js';

const scene = officeScene();

/** The goal graph of "put the banana on the counter and leave the fridge closed". */
function goalGraph() {
  const goal = officeScene();
  goal.dropEdge('fridge', 'banana');
  goal.addDirectedEdge('counter', 'banana', { kind: 'hierarchy', relation: 'on' });
  goal.setNodeAttribute('fridge', 'state', { door: 'closed' });
  return goal;
}

function run(...calls: string[]) {
  const result = verifyPlan(scene, steps(...calls));
  if (!result.ok) throw new Error(result.failure.feedback);
  return result.final;
}

const fetchBanana = [
  ...TO_KITCHEN,
  'access(fridge)',
  'open(fridge)',
  'pickup(banana)',
  'access(counter)',
  'release(banana)',
];

describe('compareToGoalGraph', () => {
  it('succeeds when every node matches the goal graph', () => {
    const final = run(...fetchBanana, 'access(fridge)', 'close(fridge)');
    expect(compareToGoalGraph(scene, final, goalGraph())).toMatchObject({
      success: true,
      changed: 1,
      correctlyChanged: 1,
      changedShare: 1,
      mismatches: [],
    });
  });
  it('names each node that differs and counts the share of intended changes made', () => {
    const goal = goalGraph();
    goal.setNodeAttribute('mug', 'state', { contents: 'coffee', cleanliness: 'dirty' });
    const final = run(...fetchBanana);
    expect(compareToGoalGraph(scene, final, goal)).toMatchObject({
      success: false,
      changed: 2,
      correctlyChanged: 1,
      changedShare: 0.5,
      mismatches: [
        { id: 'fridge', reason: 'fridge: door is open, goal closed' },
        { id: 'mug', reason: 'mug: contents is empty, goal coffee' },
      ],
    });
  });
  it('reports a misplaced object with where it is and where it should be', () => {
    const final = run(...TO_KITCHEN, 'access(fridge)', 'open(fridge)', 'pickup(banana)', 'goto(pose2)');
    const comparison = compareToGoalGraph(scene, final, goalGraph());
    expect(comparison.mismatches).toContainEqual({
      id: 'banana',
      reason: 'banana: under agent, goal on counter',
    });
  });
  it('compares a committed scene the same as the scene plus its state', () => {
    const final = run(...fetchBanana, 'access(fridge)', 'close(fridge)');
    const committed = commitState(scene, final);
    const empty = verifyPlan(committed, []);
    if (!empty.ok) throw new Error(empty.failure.feedback);
    expect(compareToGoalGraph(committed, empty.final, goalGraph())).toMatchObject({
      success: true,
      changed: 0,
      changedShare: 1,
    });
  });
  it('counts goal nodes missing from the scene as failures', () => {
    const goal = goalGraph();
    goal.addNode('orange', { kind: 'object' });
    const final = run(...fetchBanana, 'access(fridge)', 'close(fridge)');
    expect(compareToGoalGraph(scene, final, goal)).toMatchObject({
      success: false,
      mismatches: [{ id: 'orange', reason: 'orange is in the goal graph but not in the scene' }],
    });
  });
});
