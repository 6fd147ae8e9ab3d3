import { describe, expect, it } from 'vitest';
import { parentIn, stateOf } from '../state/sim-state.js';
import { officeScene, steps, TO_KITCHEN } from '../test-support/office-scene.js';
import { verifyPlan } from '../verify/verify-plan.js';
import { ACTION_SPECS, actionDescriptions, actionNames } from './action-table.js';

const K = TO_KITCHEN;

/** Runs the plan on the test office and expects it to succeed. */
function succeeds(...calls: string[]) {
  const scene = officeScene();
  const result = verifyPlan(scene, steps(...calls));
  if (!result.ok) throw new Error(`expected success, got: ${result.failure.feedback}`);
  return { scene, final: result.final };
}

/** Runs the plan and expects its last step to fail a precondition with exactly this feedback. */
function failsLast(calls: readonly string[], feedback: string) {
  const result = verifyPlan(officeScene(), steps(...calls));
  expect(result).toMatchObject({
    ok: false,
    failure: { index: calls.length - 1, reason: 'precondition', feedback },
  });
}

describe('the action table', () => {
  it('covers every skill of the vocabulary, each described for prompts', () => {
    expect(actionNames()).toEqual([
      'goto',
      'access',
      'pickup',
      'release',
      'open',
      'close',
      'turn_on',
      'turn_off',
      'heat',
      'make_coffee',
      'wash',
      'wipe',
    ]);
    const descriptions = actionDescriptions();
    ACTION_SPECS.forEach((spec, i) => {
      expect(descriptions[i]).toMatch(new RegExp(`^${spec.name}\\(`));
    });
  });
  it('says how a person asks for every skill that sets a state or moves a thing', () => {
    const setting = ACTION_SPECS.filter((spec) =>
      spec.effects.some(
        (effect) =>
          effect.sets !== undefined || /^(?:putOnAccessed|takeIntoGripper)$/.test(effect.form?.builder ?? ''),
      ),
    );
    expect(setting.map((spec) => spec.name)).toEqual(expect.arrayContaining(['pickup', 'release']));
    expect(setting.map((spec) => spec.name)).toContain('turn_on');
    for (const spec of setting) expect(spec.askedBy?.length ?? 0, spec.name).toBeGreaterThan(0);
  });
  it('gives every precondition a message template', () => {
    for (const spec of ACTION_SPECS) {
      for (const precondition of spec.preconditions) expect(precondition.message.length).toBeGreaterThan(10);
    }
  });
});

describe('goto', () => {
  it('moves the agent to a place next to it and drops the accessed asset', () => {
    const { final } = succeeds(...K, 'access(fridge)', 'goto(pose2)');
    expect(final.place).toBe('pose2');
    expect(final.accessed).toBeNull();
  });
  it('stays put when asked to go where the agent already is', () => {
    expect(succeeds('goto(pose1)').final.place).toBe('pose1');
  });
  it('refuses a place that is not next to the agent', () => {
    failsLast(
      ['goto(kitchen)'],
      'cannot goto(kitchen): the agent is at pose1 and kitchen is not next to it; plans must move along poses (use the path planner)',
    );
  });
  it('refuses a node that is not a place', () => {
    expect(verifyPlan(officeScene(), steps('goto(fridge)'))).toMatchObject({
      ok: false,
      failure: {
        reason: 'bad_arguments',
        feedback: 'cannot goto(fridge): goto takes a room or a pose as place, but fridge is an asset',
      },
    });
  });
});

describe('access', () => {
  it('accesses an asset in the room the agent is in', () => {
    expect(succeeds(...K, 'access(fridge)').final.accessed).toBe('fridge');
  });
  it('refuses an asset in another room', () => {
    failsLast(
      ['goto(pose2)', 'access(fridge)'],
      'cannot access(fridge): fridge is in kitchen but the agent is at pose2; goto(kitchen) first',
    );
  });
});

describe('pickup', () => {
  it('takes an object from the accessed asset into the gripper, as the agent’s child', () => {
    const { scene, final } = succeeds(...K, 'access(counter)', 'pickup(mug)');
    expect(final.holding).toBe('mug');
    expect(parentIn(scene, final, 'mug')).toEqual({ parent: 'agent', relation: undefined });
  });
  it('takes an object lying loose in the room without accessing anything', () => {
    expect(succeeds('goto(nikos_office)', 'pickup(apple)').final.holding).toBe('apple');
  });
  it('takes an object out of an open container', () => {
    expect(succeeds(...K, 'access(fridge)', 'open(fridge)', 'pickup(banana)').final.holding).toBe('banana');
  });
  it('refuses an object without the pickup affordance', () => {
    failsLast(
      [...K, 'pickup(poster)'],
      'cannot pickup(poster): poster does not afford pickup (its affordances: none)',
    );
  });
  it('refuses a second object: one gripper', () => {
    failsLast(
      [...K, 'access(counter)', 'pickup(mug)', 'pickup(cup)'],
      'cannot pickup(cup): the agent is already holding mug; release it first (the robot has one gripper)',
    );
  });
  it('refuses an object in another room', () => {
    failsLast(
      ['pickup(banana)'],
      'cannot pickup(banana): banana is in kitchen but the agent is at pose1; goto(kitchen) first',
    );
  });
  it('refuses an object on an asset that is not accessed', () => {
    failsLast(
      [...K, 'access(counter)', 'pickup(banana)'],
      'cannot pickup(banana): banana is inside fridge, which is not accessed (accessed: counter); access(fridge) first',
    );
  });
  it('refuses the banana in the closed fridge', () => {
    failsLast(
      [...K, 'access(fridge)', 'pickup(banana)'],
      'cannot pickup(banana): it is inside fridge, which is closed; open(fridge) first',
    );
  });
});

describe('release', () => {
  it('puts the held object inside an accessed asset that can contain things', () => {
    const { scene, final } = succeeds(
      ...K,
      'access(counter)',
      'pickup(can)',
      'access(recycling_bin)',
      'release(can)',
    );
    expect(final.holding).toBeNull();
    expect(parentIn(scene, final, 'can')).toEqual({ parent: 'recycling_bin', relation: 'inside' });
  });
  it('puts the held object on an accessed asset that cannot contain things', () => {
    const { scene, final } = succeeds(
      ...K,
      'access(fridge)',
      'open(fridge)',
      'pickup(banana)',
      'access(counter)',
      'release(banana)',
    );
    expect(parentIn(scene, final, 'banana')).toEqual({ parent: 'counter', relation: 'on' });
  });
  it('refuses an object the agent does not hold', () => {
    failsLast(
      [...K, 'access(counter)', 'release(mug)'],
      'cannot release(mug): the agent is not holding mug (it holds nothing); pickup(mug) first',
    );
  });
  it('refuses when no asset is accessed', () => {
    failsLast(
      [...K, 'access(counter)', 'pickup(mug)', 'goto(pose2)', 'release(mug)'],
      'cannot release(mug): no asset is accessed, so there is nothing to put mug on or in; access an asset first',
    );
  });
  it('refuses a closed container and says to open it before the pickup', () => {
    failsLast(
      [...K, 'access(counter)', 'pickup(mug)', 'access(fridge)', 'release(mug)'],
      'cannot release(mug): fridge is closed, so nothing can be put inside it; open(fridge) before pickup(mug), since opening needs the empty gripper',
    );
  });
});

describe('open and close', () => {
  it('opens and closes the accessed asset', () => {
    const { scene, final } = succeeds(...K, 'access(fridge)', 'open(fridge)');
    expect(stateOf(scene, final, 'fridge', 'door')).toBe('open');
    const closed = succeeds(...K, 'access(fridge)', 'open(fridge)', 'close(fridge)');
    expect(stateOf(closed.scene, closed.final, 'fridge', 'door')).toBe('closed');
  });
  it('opens a held object', () => {
    const { scene, final } = succeeds(...K, 'access(counter)', 'pickup(lunchbox)', 'open(lunchbox)');
    expect(stateOf(scene, final, 'lunchbox', 'door')).toBe('open');
  });
  it.each([
    ['open', 'closed'],
    ['close', 'open'],
  ])('%s refuses what does not afford it, has no door, is not at hand, or is already so', (action) => {
    failsLast(
      [...K, 'access(counter)', `${action}(counter)`],
      `cannot ${action}(counter): counter does not afford ${action} (its affordances: wipe)`,
    );
    failsLast(
      ['goto(nikos_office)', 'access(filing_drawer)', `${action}(filing_drawer)`],
      `cannot ${action}(filing_drawer): filing_drawer has no door state for ${action} to change`,
    );
    failsLast(
      [...K, `${action}(fridge)`],
      `cannot ${action}(fridge): fridge is neither accessed nor held (accessed: nothing); access(fridge) first`,
    );
  });
  it('open refuses an asset while the gripper is full', () => {
    failsLast(
      [...K, 'access(counter)', 'pickup(mug)', 'access(fridge)', 'open(fridge)'],
      'cannot open(fridge): the agent is holding mug; open(fridge) needs the empty gripper, so release mug first (or open(fridge) before picking anything up)',
    );
  });
  it('close refuses an asset while the gripper is full', () => {
    failsLast(
      [...K, 'access(fridge)', 'open(fridge)', 'pickup(banana)', 'close(fridge)'],
      'cannot close(fridge): the agent is holding banana; close(fridge) needs the empty gripper, so release banana first',
    );
  });
  it('refuses to open what is open or close what is closed', () => {
    failsLast(
      [...K, 'access(fridge)', 'open(fridge)', 'open(fridge)'],
      'cannot open(fridge): fridge is already open',
    );
    failsLast([...K, 'access(fridge)', 'close(fridge)'], 'cannot close(fridge): fridge is already closed');
  });
});

describe('turn_on and turn_off', () => {
  it('switches the accessed asset on and off', () => {
    const on = succeeds(...K, 'access(coffee_machine)', 'turn_on(coffee_machine)');
    expect(stateOf(on.scene, on.final, 'coffee_machine', 'power')).toBe('on');
    const off = succeeds(
      ...K,
      'access(coffee_machine)',
      'turn_on(coffee_machine)',
      'turn_off(coffee_machine)',
    );
    expect(stateOf(off.scene, off.final, 'coffee_machine', 'power')).toBe('off');
  });
  it.each(['turn_on', 'turn_off'])(
    '%s refuses what does not afford it, has no power, or is not accessed',
    (action) => {
      failsLast(
        [...K, 'access(fridge)', `${action}(fridge)`],
        `cannot ${action}(fridge): fridge does not afford ${action} (its affordances: open, close, contain)`,
      );
      failsLast(
        ['goto(nikos_office)', 'access(desk_lamp)', `${action}(desk_lamp)`],
        `cannot ${action}(desk_lamp): desk_lamp has no power state for ${action} to change`,
      );
      failsLast(
        [...K, `${action}(coffee_machine)`],
        `cannot ${action}(coffee_machine): coffee_machine is not accessed (accessed: nothing); access(coffee_machine) first`,
      );
    },
  );
  it('refuses to switch on what is on or off what is off', () => {
    failsLast(
      [...K, 'access(coffee_machine)', 'turn_on(coffee_machine)', 'turn_on(coffee_machine)'],
      'cannot turn_on(coffee_machine): coffee_machine is already on',
    );
    failsLast(
      [...K, 'access(coffee_machine)', 'turn_off(coffee_machine)'],
      'cannot turn_off(coffee_machine): coffee_machine is already off',
    );
  });
});

describe('heat', () => {
  // One gripper: both doors are opened before the pizza is picked up.
  const intoMicrowave = [
    ...K,
    'access(microwave)',
    'open(microwave)',
    'access(fridge)',
    'open(fridge)',
    'pickup(pizza)',
    'access(microwave)',
    'release(pizza)',
  ];
  it('heats food inside the closed, accessed microwave', () => {
    const { scene, final } = succeeds(...intoMicrowave, 'close(microwave)', 'heat(pizza)');
    expect(stateOf(scene, final, 'pizza', 'temperature')).toBe('hot');
  });
  it('refuses without an accessed asset that heats', () => {
    failsLast(
      [...K, 'heat(pizza)'],
      'cannot heat(pizza): heat needs an accessed asset that affords heat, such as a microwave; access one first',
    );
    failsLast(
      [...K, 'access(fridge)', 'heat(pizza)'],
      'cannot heat(pizza): fridge does not afford heat; use an asset that does, such as a microwave',
    );
  });
  it('refuses food that is not inside the microwave', () => {
    failsLast(
      [...K, 'access(microwave)', 'heat(pizza)'],
      'cannot heat(pizza): pizza is not in microwave (it is inside fridge); release(pizza) into microwave first',
    );
  });
  it('refuses while the microwave door is open', () => {
    failsLast(
      [...intoMicrowave, 'heat(pizza)'],
      'cannot heat(pizza): microwave is open; close(microwave) before heating',
    );
  });
});

describe('make_coffee', () => {
  const mugOnMachine = [...K, 'access(counter)', 'pickup(mug)', 'access(coffee_machine)', 'release(mug)'];
  it('fills an empty mug on the switched-on coffee machine', () => {
    const { scene, final } = succeeds(...mugOnMachine, 'turn_on(coffee_machine)', 'make_coffee(mug)');
    expect(stateOf(scene, final, 'mug', 'contents')).toBe('coffee');
  });
  it('refuses without an accessed coffee machine', () => {
    failsLast(
      [...K, 'make_coffee(mug)'],
      'cannot make_coffee(mug): make_coffee needs an accessed coffee machine; access one first',
    );
    failsLast(
      [...K, 'access(counter)', 'make_coffee(mug)'],
      'cannot make_coffee(mug): counter does not afford make_coffee; use a coffee machine',
    );
  });
  it('refuses a mug that is not on the machine', () => {
    failsLast(
      [...K, 'access(coffee_machine)', 'make_coffee(mug)'],
      'cannot make_coffee(mug): mug is not on coffee_machine (it is on counter); release(mug) onto coffee_machine first',
    );
  });
  it('refuses a cup that is not empty', () => {
    failsLast(
      [...K, 'access(counter)', 'pickup(cup)', 'access(coffee_machine)', 'release(cup)', 'make_coffee(cup)'],
      'cannot make_coffee(cup): cup is not empty (contents: water); make_coffee needs an empty mug or cup',
    );
  });
  it('refuses while the machine is off', () => {
    failsLast(
      [...mugOnMachine, 'make_coffee(mug)'],
      'cannot make_coffee(mug): coffee_machine is off; turn_on(coffee_machine) first',
    );
  });
});

describe('wash', () => {
  it('cleans a dish inside the accessed sink', () => {
    const { scene, final } = succeeds(
      ...K,
      'access(counter)',
      'pickup(mug)',
      'access(sink)',
      'release(mug)',
      'wash(mug)',
    );
    expect(stateOf(scene, final, 'mug', 'cleanliness')).toBe('clean');
  });
  it('refuses without an accessed sink or dishwasher', () => {
    failsLast(
      [...K, 'wash(mug)'],
      'cannot wash(mug): wash needs an accessed sink or dishwasher; access one first',
    );
    failsLast(
      [...K, 'access(counter)', 'wash(mug)'],
      'cannot wash(mug): counter does not afford wash; use a sink or dishwasher',
    );
  });
  it('refuses a dish that is not in the sink', () => {
    failsLast(
      [...K, 'access(sink)', 'wash(mug)'],
      'cannot wash(mug): mug is not in sink (it is on counter); release(mug) into sink first',
    );
  });
});

describe('wipe', () => {
  it('cleans the accessed surface with a cloth in the gripper', () => {
    const { scene, final } = succeeds(...K, 'access(counter)', 'pickup(cloth)', 'wipe(counter)');
    expect(stateOf(scene, final, 'counter', 'cleanliness')).toBe('clean');
  });
  it('refuses what does not afford wiping', () => {
    failsLast(
      [...K, 'access(fridge)', 'wipe(fridge)'],
      'cannot wipe(fridge): fridge does not afford wipe (its affordances: open, close, contain)',
    );
  });
  it('refuses a surface that is not accessed', () => {
    failsLast(
      [...K, 'access(counter)', 'pickup(cloth)', 'wipe(table)'],
      'cannot wipe(table): table is not accessed (accessed: counter); access(table) first',
    );
  });
  it('refuses without something to clean with', () => {
    failsLast(
      [...K, 'access(counter)', 'wipe(counter)'],
      'cannot wipe(counter): wiping needs something to clean with in the gripper (an object that affords clean_with, such as a cloth or sponge); the agent holds nothing',
    );
  });
});
