import { expandPlan } from '@groundplan/path-planner';
import type { SceneGraph } from '@groundplan/scene-graph';
import { datasetScene } from '@groundplan/scene-graph/test-support';
import {
  checkGoalText,
  commitState,
  formatStep,
  type PlanStep,
  parseGoals,
  verifyPlan,
} from '@groundplan/simulator';
import { beforeAll, describe, expect, it } from 'vitest';
import { emptyHandedOffice, exploredAround } from '../test-support/datasets.js';
import { verifiesAndReaches } from '../test-support/oracle-tasks.js';
import { breadthFirstPlan, planForGoals } from './plan-for-goals.js';

let office: SceneGraph;
let home: SceneGraph;
beforeAll(async () => {
  office = await emptyHandedOffice();
  home = await datasetScene('home');
});

function steps(...calls: string[]): PlanStep[] {
  return calls.map((call) => {
    const [, action, args] = /^(\w+)\((.*)\)$/.exec(call)!;
    return { action: action!, args: args!.split(',').map((arg) => arg.trim()) };
  });
}

function expandPlanOrThrow(scene: SceneGraph, plan: PlanStep[]): PlanStep[] {
  const expanded = expandPlan(scene, plan);
  if (!expanded.ok) throw new Error(expanded.error.message);
  return expanded.value;
}

/** Plans with both informed searches and checks each plan, expanded and simulated, reaches the goals. */
function solve(scene: SceneGraph, goals: string[], shown: string[]) {
  const nodes = exploredAround(scene, shown);
  const plans = (['astar', 'gbfs'] as const).map((algorithm) => {
    const result = planForGoals(scene, goals, { nodes, algorithm });
    if (!result.ok) throw new Error(`${algorithm}: ${result.error.message}`);
    expect(verifiesAndReaches(scene, result.value.plan, goals)).toBe(true);
    return result.value.plan.map(formatStep);
  });
  return { astar: plans[0]!, gbfs: plans[1]! };
}

describe('planForGoals on the office', () => {
  it('makes Niko a coffee and puts the mug on his desk, in the fewest high-level steps', () => {
    const { astar, gbfs } = solve(
      office,
      ['state(nikos_mug, contents, coffee)', 'on(nikos_mug, nikos_desk)'],
      ['nikos_mug', 'nikos_desk', 'coffee_machine'],
    );
    expect(astar).toEqual([
      'goto(nikos_office)',
      'access(nikos_desk)',
      'pickup(nikos_mug)',
      'goto(kitchen)',
      'access(coffee_machine)',
      'release(nikos_mug)',
      'turn_on(coffee_machine)',
      'make_coffee(nikos_mug)',
      'pickup(nikos_mug)',
      'goto(nikos_office)',
      'access(nikos_desk)',
      'release(nikos_mug)',
    ]);
    expect(gbfs.length).toBeGreaterThanOrEqual(astar.length);
  });

  it("closes Jason's cabinet", () => {
    expect(solve(office, ['state(cabinet_3, door, closed)'], ['cabinet_3']).astar).toEqual([
      'goto(jasons_office)',
      'access(cabinet_3)',
      'close(cabinet_3)',
    ]);
  });

  it('puts the orange in the fridge and closes it, opening the fridge before the gripper is full', () => {
    const { astar } = solve(
      office,
      ['inside(orange, fridge)', 'state(fridge, door, closed)'],
      ['orange', 'fridge'],
    );
    expect(astar).toHaveLength(8);
    expect(astar.indexOf('open(fridge)')).toBeLessThan(astar.indexOf('pickup(orange)'));
  });

  it("throws Tobi's sprite can in the recycling bin", () => {
    const { astar } = solve(office, ['inside(sprite_can, recycling_bin)'], ['sprite_can', 'recycling_bin']);
    expect(astar).toEqual([
      'goto(tobis_office)',
      'access(tobis_desk)',
      'pickup(sprite_can)',
      'goto(kitchen)',
      'access(recycling_bin)',
      'release(sprite_can)',
    ]);
  });

  it('starts from a given state: the can the robot holds goes straight into the bin', async () => {
    const holding = await datasetScene('office');
    const nodes = exploredAround(holding, ['recycling_bin']);
    const result = planForGoals(holding, ['inside(coke_can, recycling_bin)', 'holding(nothing)'], {
      nodes: [...nodes, 'coke_can'],
    });
    expect(result.ok && result.value.plan.map(formatStep)).toEqual([
      'goto(kitchen)',
      'access(recycling_bin)',
      'release(coke_can)',
    ]);
  });

  it('plans from a given state, such as part-way through execution', () => {
    const nodes = exploredAround(office, ['orange', 'fridge']);
    const done = verifyPlan(
      office,
      expandPlanOrThrow(office, steps('goto(kitchen)', 'access(kitchen_bench)', 'pickup(orange)')),
    );
    if (!done.ok) throw new Error(done.failure.feedback);
    const result = planForGoals(office, ['inside(orange, fridge)'], {
      nodes,
      from: done.final,
      algorithm: 'astar',
    });
    if (!result.ok) throw new Error(result.error.message);
    // Holding the orange, the fridge cannot be opened: the orange goes down first.
    expect(result.value.plan.map(formatStep)).toEqual([
      'release(orange)',
      'access(fridge)',
      'open(fridge)',
      'access(kitchen_bench)',
      'pickup(orange)',
      'access(fridge)',
      'release(orange)',
    ]);
    // The path planner starts where the scene puts the agent, so expand against the world as it is now.
    const rest = expandPlanOrThrow(commitState(office, done.final), result.value.plan);
    const verified = verifyPlan(office, rest, { from: done.final });
    expect(verified.ok && checkGoalText(office, verified.final, ['inside(orange, fridge)'])).toMatchObject({
      ok: true,
      value: { satisfied: true },
    });
  });

  it('gives an empty plan for goals that already hold', () => {
    const result = planForGoals(office, ['state(fridge, door, closed)'], { nodes: ['fridge', 'kitchen'] });
    expect(result).toMatchObject({ ok: true, value: { plan: [], expansions: 0 } });
  });

  it('takes parsed goals as well as goal text', () => {
    const goals = parseGoals(['state(coffee_machine, power, on)']);
    if (!goals.ok) throw new Error(goals.error);
    const result = planForGoals(office, goals.value, { nodes: ['coffee_machine', 'kitchen'] });
    expect(result.ok && result.value.plan.map(formatStep)).toEqual([
      'goto(kitchen)',
      'access(coffee_machine)',
      'turn_on(coffee_machine)',
    ]);
  });
});

describe('planForGoals on the home, across floors', () => {
  it('carries the book from the bedroom upstairs into the kitchen fridge downstairs', () => {
    const { astar } = solve(
      home,
      ['inside(book, fridge0)', 'state(fridge0, door, closed)'],
      ['book', 'fridge0'],
    );
    expect(astar).toEqual([
      'goto(kitchen0)',
      'access(fridge0)',
      'open(fridge0)',
      'goto(bedroom0)',
      'access(bed0)',
      'pickup(book)',
      'goto(kitchen0)',
      'access(fridge0)',
      'release(book)',
      'close(fridge0)',
    ]);
  });

  it('heats the eggs in the microwave', () => {
    const { astar, gbfs } = solve(home, ['state(eggs, temperature, hot)'], ['eggs', 'microwave0']);
    expect(astar).toHaveLength(10);
    expect(gbfs.length).toBeGreaterThanOrEqual(10);
  });
});

describe('planForGoals, when the goals cannot be reached', () => {
  const fails = (scene: () => SceneGraph, goals: string[], nodes: () => string[], options = {}) => {
    const result = planForGoals(scene(), goals, { nodes: nodes(), ...options });
    if (result.ok) throw new Error(`expected no plan, got ${result.value.plan.map(formatStep).join(' ')}`);
    return result.error;
  };

  it('says which goal names a node the search has not explored', () => {
    const error = fails(
      () => office,
      ['inside(orange, fridge)', 'state(fridge, door, closed)'],
      () => exploredAround(office, ['fridge']),
    );
    expect(error.reason).toBe('unreachable_goals');
    expect(error.unreachable).toEqual([
      {
        goal: 'inside(orange, fridge)',
        why: 'orange is not among the explored nodes; expand the part of the graph that holds it',
      },
    ]);
    expect(error.message).toBe(
      'cannot reach a goal: inside(orange, fridge): orange is not among the explored nodes; expand the part of the graph that holds it',
    );
  });

  it('says which goal names a node the scene does not have', () => {
    const error = fails(
      () => office,
      ['on(unicorn, nikos_desk)'],
      () => ['nikos_desk', 'nikos_office'],
    );
    expect(error.unreachable).toEqual([
      { goal: 'on(unicorn, nikos_desk)', why: 'unicorn is not in the scene' },
    ]);
  });

  it('says an object that affords no pickup cannot be moved', () => {
    const error = fails(
      () => office,
      ['on(terminator_poster, nikos_desk)'],
      () => exploredAround(office, ['terminator_poster', 'nikos_desk']),
    );
    expect(error.reason).toBe('unreachable_goals');
    expect(error.unreachable[0]?.why).toBe(
      'no step can move terminator_poster (pickup(terminator_poster): terminator_poster does not afford pickup (its affordances: none))',
    );
  });

  it('says no step gives a node a state value its actions cannot produce', () => {
    const error = fails(
      () => office,
      ['state(fridge, door, locked)', 'state(nikos_desk, power, on)'],
      () => exploredAround(office, ['fridge', 'nikos_desk']),
    );
    expect(error.unreachable.map((goal) => goal.why)).toEqual([
      'no step can make fridge door locked (it is closed)',
      'no step can make nikos_desk power on (turn_on(nikos_desk): nikos_desk does not afford turn_on (its affordances: wipe))',
    ]);
  });

  it('says when no plan exists over the explored nodes at all', () => {
    // Peter's office was never explored, so the robot cannot go there to reach his desk.
    const error = fails(
      () => office,
      ['on(apple, peters_desk)'],
      () => [...exploredAround(office, ['apple']), 'peters_desk'],
    );
    expect(error.reason).toBe('no_plan');
    expect(error.message).toMatch(
      /^no plan reaches on\(apple, peters_desk\) using only the explored nodes \(all \d+ reachable states searched\)/,
    );
  });

  it('says when the budget ran out', () => {
    const error = fails(
      () => office,
      ['state(nikos_mug, contents, coffee)', 'on(nikos_mug, nikos_desk)'],
      () => exploredAround(office, ['nikos_mug', 'nikos_desk', 'coffee_machine']),
      { maxExpansions: 5 },
    );
    expect(error).toMatchObject({ reason: 'budget', expansions: 5 });
    expect(error.message).toMatch(/^no plan within 5 expansions/);
  });

  it('rejects goal text it cannot read, in one line', () => {
    const error = fails(
      () => office,
      ['put(mug, desk)'],
      () => ['kitchen'],
    );
    expect(error.reason).toBe('bad_goals');
    expect(error.message).toMatch(/^cannot read goal 'put\(mug, desk\)'/);
    expect(
      fails(
        () => office,
        [],
        () => ['kitchen'],
      ).message,
    ).toBe('no goals given; write at least one goal predicate');
  });
});

describe('breadthFirstPlan', () => {
  it('finds the same shortest plan length as A*', () => {
    const goals = ['state(nikos_mug, contents, coffee)', 'on(nikos_mug, nikos_desk)'];
    const nodes = exploredAround(office, ['nikos_mug', 'nikos_desk', 'coffee_machine']);
    const bfs = breadthFirstPlan(office, goals, { nodes });
    const astar = planForGoals(office, goals, { nodes, algorithm: 'astar' });
    expect(bfs.ok && astar.ok && bfs.value.plan.length === astar.value.plan.length).toBe(true);
    expect(bfs.ok && bfs.value.algorithm).toBe('bfs');
  });
});
