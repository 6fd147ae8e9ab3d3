import { ACTION_SPECS, type Goal, parseGoal } from '@groundplan/simulator';
import { describe, expect, it } from 'vitest';
import { askedGoals, asksForChange, leavesAsIs, namedNodes, says, subjectOf } from './asked-goals.js';
import { datasetScene } from './test-support/datasets.js';

function goal(text: string): Goal {
  const parsed = parseGoal(text);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.value;
}

describe('the things an instruction names', () => {
  it('are those its phrase names best, not those of the places it names', async () => {
    const office = await datasetScene('office');
    const named = namedNodes(office, 'Put the soil sensor in the lab');
    expect([...named]).toEqual(['soil_sensor']);
    expect(namedNodes(office, 'Put the soil sensor in the lab', { places: true })).toContain('lab_bench');
  });

  it('are named by their last word first: "the TV" names the TVs, not the TV remote', async () => {
    const office = await datasetScene('office');
    expect([...namedNodes(office, 'Switch on the TV.')].sort()).toEqual(['tv', 'tv_2']);
    expect([...namedNodes(office, 'Bring me the TV remote.')]).toEqual(['tv_remote']);
    // A name that is no compound of the word still counts: "blue" is pen_blue's last word, and
    // the thesis is blue.
    expect(namedNodes(office, "Will's old blue one on grasping would be perfect")).toContain(
      'undergraduate_thesis',
    );
  });

  it('end a phrase of place at an auxiliary: "in meeting room 3 hasn\'t got a remote" names the remote', async () => {
    const office = await datasetScene('office');
    expect(namedNodes(office, "The TV in meeting room 3 hasn't got a remote.")).toContain('tv_remote');
  });

  it('read "in there" by the room said before the text', async () => {
    const office = await datasetScene('office');
    const clause = 'switch on the projector in there';
    expect([...namedNodes(office, clause)].sort()).toEqual(['projector', 'projector_2']);
    expect([
      ...namedNodes(office, clause, { before: "Peter's running a seminar in the presentation lounge. " }),
    ]).toEqual(['projector_2']);
  });

  it("skip people's names: Jason's cabinet names cabinets, not Jason's keyboard", async () => {
    const office = await datasetScene('office');
    const named = namedNodes(office, "Close Jason's cabinet.");
    expect(named).toContain('cabinet_3');
    expect(named).not.toContain('jasons_keyboard');
  });

  it('end a phrase at an adverb that names nothing: "the oven downstairs" names the oven', async () => {
    const home = await datasetScene('home');
    const said = 'Put the roast chicken in the oven downstairs and switch it on.';
    expect(namedNodes(home, said, { places: true })).toContain('oven0');
    const asked = askedGoals({
      graph: home,
      instruction: said,
      named: [],
      actions: ACTION_SPECS,
      requests: ['Put the roast chicken in the oven downstairs', 'switch it on'],
    });
    expect(asked(goal('state(oven0, power, on)'))).toBe(true);
  });

  it('drop a participle after the thing: the ball lying on the floor is the ball', async () => {
    const home = await datasetScene('home');
    const named = namedNodes(home, "The ball's lying on the playroom floor. Put it away in the toy box.");
    expect([...named]).toEqual(['ball']);
  });

  it('read "the can" as a thing and "can you" as asking', async () => {
    const office = await datasetScene('office');
    expect(namedNodes(office, 'Throw away the can.')).toContain('sprite_can');
    expect(namedNodes(office, 'Can you throw away the apple?')).not.toContain('sprite_can');
  });

  it('name the thing in the room they say, not the others of its kind', async () => {
    const office = await datasetScene('office');
    const named = namedNodes(office, 'Switch on the TV in meeting room 3.');
    expect(named).toContain('tv_2');
    expect(named).not.toContain('tv');
    expect(named).not.toContain('tv_remote');
  });

  it('read a state word as describing: the clean fork is the clean one', async () => {
    const office = await datasetScene('office');
    const named = namedNodes(office, 'Take the clean fork out of the dishwasher.');
    expect(named).toContain('fork_2');
    expect(named).not.toContain('fork');
  });

  it("skip a name opening a sentence when the building knows that person: Peter's things are not named", async () => {
    const office = await datasetScene('office');
    const named = namedNodes(office, 'Peter has been busy all day. Bring him an apple.');
    expect(named).toContain('apple');
    expect(named).not.toContain('peters_desk');
    expect(named).not.toContain('peters_wallet');
  });

  it('drop what a participle says of the thing: an apple going brown names no brown thing', async () => {
    const office = await datasetScene('office');
    expect([...namedNodes(office, "There's an apple going brown in the kitchen. Throw it away.")]).toContain(
      'apple',
    );
    expect(namedNodes(office, "There's an apple going brown in the kitchen.")).not.toContain('banana_3');
  });

  it('name a compound by its last part: a book is a cookbook, not a bookshelf', async () => {
    const home = await datasetScene('home');
    const named = [...namedNodes(home, 'Bring me a book.')];
    expect(named).toContain('cookbook');
    expect(named.filter((id) => id.includes('bookshelf'))).toEqual([]);
  });

  it('read the word after "I", "we\'ll" or "you" as a verb: reading names no bread', async () => {
    const home = await datasetScene('home');
    expect([...namedNodes(home, "I'll read on the sofa tonight, so bring me the cookbook.")]).toEqual([
      'cookbook',
    ]);
    // Its verb may be a function word: "you get the beer" still names the beer.
    expect([...namedNodes(await datasetScene('office'), 'Can you get the beer from the fridge?')]).toEqual([
      'beer',
    ]);
  });

  it('read the verb a request opens with as its verb: "fish it out" names no fish tank poster', async () => {
    const office = await datasetScene('office');
    expect([...namedNodes(office, 'Fish it out and leave it on her desk.')]).toEqual([]);
    expect([...namedNodes(office, 'Water the plant in the lounge.')].some((id) => id.includes('water'))).toBe(
      false,
    );
  });

  it("read an attribute's name as describing, never naming: to colour names nothing coloured", async () => {
    const home = await datasetScene('home');
    expect([...namedNodes(home, 'Our daughter wants to colour.')]).toEqual([]);
  });

  it('read "switch ... on" as a verb, not a place', async () => {
    const home = await datasetScene('home');
    expect([...namedNodes(home, 'Switch on the game console')]).toEqual(['game_console']);
  });

  it("name a thing by a capitalised label or a code, unless it is someone's name", async () => {
    const office = await datasetScene('office');
    expect([...namedNodes(office, "He's begging for his Pepsi.")]).toEqual(['pepsi_can']);
    expect([...namedNodes(office, 'The sample marked K31X is on the lab bench.')]).toContain('K31X');
    expect([...namedNodes(office, 'Will has left.')]).toEqual([]);
  });

  it('end a thing\'s phrase at its verb: "the visitor log gets", "the lasagne\'s come", "the mouse somebody dumped"', async () => {
    const office = await datasetScene('office');
    const home = await datasetScene('home');
    expect([...namedNodes(office, 'The visitor log gets locked away at night.')]).toEqual(['visitor_log']);
    // A plural whose singular is also a verb is still the thing: the car keys are no toy cars.
    expect([...namedNodes(home, 'Fetch the car keys from the garage.')]).toEqual([]);
    expect([...namedNodes(office, 'The mouse somebody dumped only needs new batteries.')]).toContain(
      'broken_mouse',
    );
    expect([...namedNodes(home, "The veggie lasagne's come out too early.")]).toEqual(['vegetable_lasagna']);
  });
});

describe('the goals an instruction asks for', () => {
  it("Jason's cabinet closed is asked; the keyboard put inside it is not", async () => {
    const office = await datasetScene('office');
    const asked = askedGoals({
      graph: office,
      instruction: "Close Jason's cabinet.",
      named: [],
      actions: ACTION_SPECS,
    });
    expect(asked(goal('state(cabinet_3, door, closed)'))).toBe(true);
    expect(asked(goal('inside(jasons_keyboard, cabinet_3)'))).toBe(false);
    expect(asked(goal('inside(coke_can, cabinet_3)'))).toBe(false);
  });

  it("someone else's thing is not used unless they are named: a fresh apple is not Peter's", async () => {
    const office = await datasetScene('office');
    const asked = (instruction: string) =>
      askedGoals({ graph: office, instruction, named: [], actions: ACTION_SPECS });
    expect(
      asked('Get Ajay a fresh apple and put it on his desk.')(goal('on(peters_apple, ajays_desk)')),
    ).toBe(false);
    expect(asked('Get Ajay a fresh apple and put it on his desk.')(goal('on(apple, ajays_desk)'))).toBe(true);
    expect(asked("Put Peter's apple on Ajay's desk.")(goal('on(peters_apple, ajays_desk)'))).toBe(true);
    // The person chose it when asked which.
    expect(
      askedGoals({
        graph: office,
        instruction: 'Put an apple on the desk.',
        named: ['peters_apple'],
        actions: ACTION_SPECS,
      })(goal('on(peters_apple, ajays_desk)')),
    ).toBe(true);
  });

  it('a state is asked for by a verb of a skill that sets it, not by naming the thing alone', async () => {
    const home = await datasetScene('home');
    const console = (instruction: string) =>
      askedGoals({ graph: home, instruction, named: [], actions: ACTION_SPECS })(
        goal('state(game_console, power, on)'),
      );
    expect(console('Switch on the game console')).toBe(true);
    expect(console('Switch the game console on')).toBe(true);
    expect(console('Dust the game console')).toBe(false);
    const oven = askedGoals({
      graph: home,
      instruction: 'Preheat the oven',
      named: [],
      actions: ACTION_SPECS,
    });
    expect(oven(goal('state(oven0, power, on)'))).toBe(true);
    expect(oven(goal('inside(pasta, oven0)'))).toBe(false);
    expect(oven(goal('state(baby_monitor, power, off)'))).toBe(false);
  });

  it('a state is asked for by a verb the robot is told to do, not by the same word elsewhere', async () => {
    const home = await datasetScene('home');
    const hotPasta = (instruction: string) =>
      askedGoals({ graph: home, instruction, named: [], actions: ACTION_SPECS })(
        goal('state(pasta, temperature, hot)'),
      );
    expect(hotPasta("I'm doing a pasta bake tonight. Could you bring the pasta to the counter?")).toBe(false);
    expect(hotPasta('Aarav wants to heat up his pasta. Could you open the fridge?')).toBe(false);
    expect(hotPasta('Could you heat the pasta and bring it to the counter?')).toBe(true);
    // A subordinate clause stays part of what is asked: "leave ... open so it can air out" opens it.
    const wardrobe = askedGoals({
      graph: home,
      instruction: 'Leave the wardrobe in bedroom 0 open so it can air out.',
      named: [],
      actions: ACTION_SPECS,
    });
    expect(wardrobe(goal('state(wardrobe0, door, open)'))).toBe(true);
    // What someone wants asks for it too.
    expect(hotPasta("I'd love the pasta warmed up. Bring it to the counter.")).toBe(true);
    // With no clause that tells the robot what to do, the instruction is read whole.
    expect(hotPasta("I'd like the pasta heated.")).toBe(true);
  });

  it('a tool asked for names no change: "something to clean with" does not ask to clean', async () => {
    const office = await datasetScene('office');
    const asked = (instruction: string) =>
      askedGoals({ graph: office, instruction, named: [], actions: ACTION_SPECS })(
        goal('state(tobis_desk, cleanliness, clean)'),
      );
    expect(asked('Tobi spilt soda on his desk. Take him something to clean with.')).toBe(false);
    expect(asked("Wipe Tobi's desk.")).toBe(true);
  });

  it('a state is asked for when the instruction names the state it changes', async () => {
    const office = await datasetScene('office');
    const asked = askedGoals({
      graph: office,
      instruction: 'Take care of the dirty plate.',
      named: [],
      actions: ACTION_SPECS,
    });
    expect(asked(goal('state(plate, cleanliness, clean)'))).toBe(true);
    expect(asked(goal('state(plate_3, cleanliness, dirty)'))).toBe(false);
  });

  it('a state word that is also a preposition names no state: "on his desk" asks for no printer off', async () => {
    const office = await datasetScene('office');
    const asked = (instruction: string) =>
      askedGoals({ graph: office, instruction, named: [], actions: ACTION_SPECS })(
        goal('state(printer_2, power, off)'),
      );
    expect(asked('Take the printout from the printer and drop it on her desk.')).toBe(false);
    expect(asked('Turn the printer off.')).toBe(true);
  });

  it('a room\'s name describes no thing: "meeting room 2" asks for nothing at room temperature to change', async () => {
    const office = await datasetScene('office');
    const asked = (instruction: string) =>
      askedGoals({ graph: office, instruction, named: [], actions: ACTION_SPECS })(
        goal('state(carrot, temperature, hot)'),
      );
    expect(asked('That carrot on the table in meeting room 2 needs to go in the kitchen fridge.')).toBe(
      false,
    );
    expect(asked('The carrot is at room temperature and should not be; sort it out.')).toBe(true);
  });

  it('a thing taken out of a place is not put into it', async () => {
    const office = await datasetScene('office');
    const asked = askedGoals({
      graph: office,
      instruction: 'Take the clean fork out of the dishwasher and put it away in the cutlery drawer.',
      named: [],
      actions: ACTION_SPECS,
    });
    expect(asked(goal('inside(fork, dishwasher)'))).toBe(false);
    expect(asked(goal('inside(fork_2, cutlery_drawer)'))).toBe(true);
    expect(asked(goal('state(fork, cleanliness, clean)'))).toBe(false);
    const home = await datasetScene('home');
    const pillow = askedGoals({
      graph: home,
      instruction: "Put the pillow from the kids' bed on bed 0.",
      named: [],
      actions: ACTION_SPECS,
    });
    expect(pillow(goal('on(pillow_2, bed0)'))).toBe(true);
  });

  it('a flag that does not hold names nothing: non-alcoholic lemonade is no alcohol', async () => {
    const office = await datasetScene('office');
    const named = namedNodes(office, 'Take the alcohol out of the drinks fridge.');
    expect(named).toContain('beer');
    expect(named).not.toContain('lemonade');
  });

  it('what only a statement names is asked for only when a request points back to it', async () => {
    const office = await datasetScene('office');
    const wallet = goal('inside(peters_wallet, peters_drawer)');
    const lock = askedGoals({
      graph: office,
      instruction: "Lock Peter's drawer, his wallet is on the desk.",
      named: [],
      actions: ACTION_SPECS,
      requests: ["Lock Peter's drawer"],
    });
    expect(lock(wallet)).toBe(false);
    const away = askedGoals({
      graph: office,
      instruction: "Peter's wallet is on the desk. Put it in his drawer.",
      named: [],
      actions: ACTION_SPECS,
      requests: ["Put it in Peter's drawer"],
    });
    expect(away(wallet)).toBe(true);
    // British verbs of putting: "chuck it in", "stick it in".
    const chuck = askedGoals({
      graph: office,
      instruction: "Peter's wallet is on the desk. Chuck it in his drawer.",
      named: [],
      actions: ACTION_SPECS,
      requests: ["Chuck it in Peter's drawer"],
    });
    expect(chuck(wallet)).toBe(true);
  });

  it('a thing is moved only when a verb that moves things says so', async () => {
    const office = await datasetScene('office');
    const asked = (instruction: string) =>
      askedGoals({ graph: office, instruction, named: [], actions: ACTION_SPECS })(
        goal('on(fish_tank_poster, postdoc_desk_2)'),
      );
    expect(asked('Feed the fish in postdoc bay 2.')).toBe(false);
    expect(asked('Hang the fish poster on the desk in postdoc bay 2.')).toBe(true);
  });

  it('"leave" with no place asks that a thing stay as it is; with a place it asks for a move', async () => {
    const office = await datasetScene('office');
    const asked = (instruction: string) =>
      askedGoals({ graph: office, instruction, named: [], actions: ACTION_SPECS })(
        goal('on(printer_paper, printer_1)'),
      );
    expect(asked('Switch off the printer in printing zone 1. Leave the other one running.')).toBe(false);
    expect(asked('Leave the printer paper on the printer in printing zone 1.')).toBe(true);
  });

  it('a thing the person chose is named, whatever the words', async () => {
    const office = await datasetScene('office');
    const asked = (named: string[]) =>
      askedGoals({ graph: office, instruction: 'Bring it to me.', named, actions: ACTION_SPECS });
    expect(asked([])(goal('holding(peters_wallet)'))).toBe(false);
    expect(asked(['peters_wallet'])(goal('holding(peters_wallet)'))).toBe(true);
  });

  it('a goal that moves or changes nothing is never asked for', () => {
    expect(subjectOf(goal('at(kitchen)'))).toBeUndefined();
    expect(subjectOf(goal('holding(nothing)'))).toBeUndefined();
    expect(subjectOf(goal('on(mug, desk)'))).toBe('mug');
  });
});

describe('whether a text says a phrase', () => {
  it('finds its words in order, a few apart, with endings', () => {
    expect(says('switch the projector on', 'switch on')).toBe(true);
    expect(says('the lights were switched on', 'switch on')).toBe(true);
    expect(says('turn it on', 'switch on')).toBe(false);
    expect(says('switch the big old dusty projector on', 'switch on')).toBe(false);
    expect(says('on switch', 'switch on')).toBe(false);
    // After a determiner it describes: "the clean fork" asks for no cleaning.
    expect(says('take the clean fork out', 'clean')).toBe(false);
    expect(says('clean the fork', 'clean')).toBe(true);
    expect(says('make niko a coffee and place the mug on his desk', 'coffee')).toBe(true);
  });
});

describe('whether one clause asks for a change', () => {
  it('by a verb of a skill; "locate" asks for none', () => {
    expect(asksForChange('get them a fresh apple', ACTION_SPECS)).toBe(true);
    expect(asksForChange('throw away the fruit', ACTION_SPECS)).toBe(true);
    expect(asksForChange("close Jason's cabinet", ACTION_SPECS)).toBe(true);
    expect(asksForChange('Locate the office', ACTION_SPECS)).toBe(false);
    // Leaving a thing as it is asks for no change, whatever the rest of the sentence says.
    expect(
      asksForChange("Leave it be if it is - I want to find out whose phone's connected to it.", ACTION_SPECS),
    ).toBe(false);
    expect(asksForChange('Leave them alone for the rest of the day', ACTION_SPECS)).toBe(false);
    expect(asksForChange('leave it like that for her', ACTION_SPECS)).toBe(false);
    expect(leavesAsIs('leave it like that for her')).toBe(true);
    expect(leavesAsIs('leave it on the table')).toBe(false);
    expect(asksForChange('Leave it on the table', ACTION_SPECS)).toBe(true);
    expect(asksForChange('bowl from the lunch table in the kitchen sink', ACTION_SPECS)).toBe(false);
  });
});
