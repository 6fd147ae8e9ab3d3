import { GROUNDED_LIMITS } from '@groundplan/grounding';
import { collapse, roomOf, type SceneGraph, type View } from '@groundplan/scene-graph';
import type { ApplicationFailure } from '@temporalio/common';
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultLocalModelPath } from './model-catalogue.js';
import { localModelProvider } from './providers/local-model.js';
import type { FakeOpenAiServer } from './test-support/fake-openai-server.js';
import { type OfficeWithFakeModel, officeWithFakeModel } from './test-support/office-with-fake-model.js';

const fixture = officeWithFakeModel();
let office: SceneGraph;
let sceneRef: string;
let server: FakeOpenAiServer;
beforeAll(() => {
  ({ office, sceneRef, server } = fixture);
});
const activities: OfficeWithFakeModel['activities'] = (config) => fixture.activities(config);

describe('grounded search steps', () => {
  it('without the model, follows the retrieval prior to the banana: kitchen, fruit bowl, done', async () => {
    const llm = activities();
    let view: View = collapse(office);
    const taken: string[] = [];
    for (let i = 0; i < 6; i++) {
      const step = await llm.groundedSearchStep({
        sceneRef,
        instruction: 'Find me a banana.',
        view,
        chooser: 'prior',
      });
      taken.push(`${step.command}(${step.node})`);
      expect(step.calls).toBe(0);
      if (step.next) view = step.next.view;
      if (step.command === 'done') break;
    }
    expect(taken[0]).toBe('expand(kitchen)');
    expect(taken.at(-1)).toMatch(/^done\(banana/);
    expect(server.received).toHaveLength(0);
  });

  it('answers a question about a room with the room it looked into, not the thing that gave it away', async () => {
    const llm = activities();
    let view: View = collapse(office);
    const taken: string[] = [];
    for (let i = 0; i < 6; i++) {
      const step = await llm.groundedSearchStep({
        sceneRef,
        instruction: 'Find the PhD bay that has a drone in it.',
        view,
        chooser: 'prior',
      });
      taken.push(`${step.command}(${step.node})`);
      if (step.next) view = step.next.view;
      if (step.command === 'done') break;
    }
    const answer = taken.at(-1)?.match(/^done\((.+)\)$/)?.[1];
    expect(answer && office.getNodeAttribute(answer, 'kind')).toBe('room');
    expect(view.expanded).toContain(answer);
  });

  it('answers "none found" when asked whether the building has a thing it lacks, and searches for one it has', async () => {
    const llm = activities();
    const view = collapse(office);
    const lacking = await llm.groundedSearchStep({
      sceneRef,
      instruction: 'Is there a kettle anywhere on this floor?',
      view,
      chooser: 'prior',
    });
    expect(lacking.command).toBe('done');
    expect(lacking.node).toBe('');
    expect(lacking.reasoning).toMatch(/^no kettle in the building \(the nearest thing: /);
    const there = await llm.groundedSearchStep({
      sceneRef,
      instruction: 'Is there any ice cream left in the freezer?',
      view,
      chooser: 'prior',
    });
    expect(there.command).toBe('expand');
    expect(server.received).toHaveLength(0);
  });

  it('lets the model pick among the best few legal moves, and applies its pick', async () => {
    server.received.length = 0;
    server.script({ kind: 'json', value: { choice: 'expand(kitchen)' } });
    const step = await activities().groundedSearchStep({
      sceneRef,
      instruction: 'Find me a banana.',
      view: collapse(office),
      chooser: 'model',
    });
    expect(step.command).toBe('expand');
    expect(step.next?.view.expanded).toEqual(['kitchen']);
    const offered = (
      server.received[0]!.body.response_format as {
        json_schema: { schema: { properties: { choice: { enum: string[] } } } };
      }
    ).json_schema.schema.properties.choice.enum;
    expect(offered).toHaveLength(GROUNDED_LIMITS.searchOptions);
    expect(offered).toContain('expand(kitchen)');
    expect(offered.every((label) => /^(expand|done)\(/.test(label))).toBe(true);
  });
});

describe("the scores chooser (SayCan's scoring)", () => {
  it("re-ranks the best legal moves and goals by the local model's scores of each reply, one scoring call each", {
    timeout: 300_000,
  }, async () => {
    const scored = activities({ provider: localModelProvider({ modelPath: defaultLocalModelPath() }) });
    const step = await scored.groundedSearchStep({
      sceneRef,
      instruction: 'Find me a banana.',
      view: collapse(office),
      chooser: 'scores',
    });
    expect(step.command).toBe('expand');
    expect(step.node).toBe('kitchen');
    expect(step.calls).toBe(1);
    expect(step.usage).toMatchObject({ provider: 'local', attempts: 1 });
    expect(step.usage.usage.promptTokens).toBeGreaterThan(50);
    const goals = await scored.chooseGoals({
      sceneRef,
      // "A table": any of several, so the model's scores choose among the offered goals ("on his
      // desk" leaves one option, and one option needs no call).
      instruction: 'Put the coke can on a table.',
      view: { expanded: ['jasons_office'], memory: ['jasons_office'] },
      chooser: 'scores',
      rejected: [],
      found: 'coke_can',
    });
    if (!goals.ok) throw new Error(goals.error);
    expect(goals.goals).toEqual([expect.stringMatching(/^on\(coke_can, \w*table\w*\)$/)]);
    expect(goals.calls).toBe(1);
    expect(goals.usage.provider).toBe('local');
  });

  it("scores SayPlan's own search step (sayplan-scored): the best legal moves' replies after its prompt, one call", {
    timeout: 300_000,
  }, async () => {
    const scored = activities({ provider: localModelProvider({ modelPath: defaultLocalModelPath() }) });
    let view: View = collapse(office);
    const taken: string[] = [];
    for (let i = 0; i < 6; i++) {
      const step = await scored.semanticSearchStep({
        sceneRef,
        instruction: 'Find me a banana.',
        view,
        chooser: 'scores',
      });
      taken.push(`${step.command}(${step.node})`);
      expect(step.usage).toMatchObject({ provider: 'local', attempts: 1 });
      // SayPlan's prompt (instructions, two worked examples, the whole view), not the short choice prompt.
      expect(step.usage.usage.promptTokens).toBeGreaterThan(600);
      if (step.next) view = step.next.view;
      if (step.command === 'done') break;
    }
    expect(taken[0]).toBe('expand(kitchen)');
    expect(taken.at(-1)).toMatch(/^done\(banana/);
  });

  it('fails the step in one line, for good, with a provider that gives no log-probabilities', async () => {
    const input = {
      sceneRef,
      instruction: 'Find me a banana.',
      view: collapse(office),
      chooser: 'scores',
    } as const;
    for (const step of [activities().groundedSearchStep(input), activities().semanticSearchStep(input)]) {
      const failure = await step.then(
        () => undefined,
        (error: unknown) => error as ApplicationFailure,
      );
      expect(failure?.message).toMatch(
        /^the openai provider gives no log-probabilities to score options with; scoring \(the -scored planners, saynav's room scores\) needs the local model$/,
      );
      expect(failure?.nonRetryable).toBe(true);
    }
  });
});

describe('grounded goal choice', () => {
  const jasonsOffice: View = { expanded: ['jasons_office'], memory: ['jasons_office'] };

  it('offers goals the actions can make true, the prior preferring those about the node the search found', async () => {
    const chosen = await activities().chooseGoals({
      sceneRef,
      instruction: "Close Jason's cabinet.",
      view: jasonsOffice,
      chooser: 'prior',
      rejected: [],
      found: 'cabinet_3',
    });
    if (!chosen.ok) throw new Error(chosen.error);
    expect(chosen.goals).toContain('state(cabinet_3, door, closed)');
    expect(chosen.nodes).toContain('cabinet_3');
    expect(chosen.calls).toBe(0);
  });

  it('never offers a goal set again once the planner could not reach it, nor one nobody asked for', async () => {
    const first = await activities().chooseGoals({
      sceneRef,
      instruction: "Close Jason's cabinet.",
      view: jasonsOffice,
      chooser: 'prior',
      rejected: [],
      found: 'cabinet_3',
    });
    if (!first.ok) throw new Error(first.error);
    const again = await activities().chooseGoals({
      sceneRef,
      instruction: "Close Jason's cabinet.",
      view: jasonsOffice,
      chooser: 'prior',
      rejected: [{ goals: first.goals, feedback: 'unreachable' }],
      found: 'cabinet_3',
    });
    // Nothing else the instruction did not ask for (Jason's keyboard into the cabinet) takes its place.
    expect(again).toMatchObject({ ok: false, error: expect.stringMatching(/no goal left/) });
    expect(first.goals).toEqual(['state(cabinet_3, door, closed)']);
  });

  it('asks which thing is meant when the instruction names nothing its goals could move', async () => {
    const chosen = await activities().chooseGoals({
      sceneRef,
      instruction: 'Put it away.',
      view: jasonsOffice,
      chooser: 'prior',
      rejected: [],
    });
    expect(chosen.ok).toBe(false);
    if (chosen.ok) return;
    expect(chosen.ambiguous?.phrase).toBe('thing for "Put it away"');
    expect(chosen.ambiguous?.options.length).toBeGreaterThan(1);
  });

  it('asks which room a destination means when it names a kind the building has several of, and places it in the one answered', async () => {
    const input = {
      sceneRef,
      instruction: 'Put the banana in the bathroom.',
      view: jasonsOffice,
      chooser: 'prior' as const,
      rejected: [],
    };
    const asked = await activities().chooseGoals(input);
    expect(asked.ok).toBe(false);
    if (asked.ok) return;
    expect(asked.ambiguous).toEqual({
      phrase: 'place for "the bathroom"',
      options: ['bathroom1', 'bathroom2'],
    });
    const placed = await activities().chooseGoals({
      ...input,
      resolved: [{ phrase: 'place for "the bathroom"', node: 'bathroom2' }],
    });
    expect(placed.ok).toBe(true);
    if (!placed.ok) return;
    const target = placed.goals[0]?.match(/^(?:on|inside)\(banana, (\w+)\)$/)?.[1];
    expect(target && roomOf(office, target)).toBe('bathroom2');
  });

  it('asks which place "there" means when the statement it points back to names one of several', async () => {
    const chosen = await activities().chooseGoals({
      sceneRef,
      instruction: 'The banana goes on the printer - can you put it there?',
      view: jasonsOffice,
      chooser: 'prior',
      rejected: [],
    });
    expect(chosen.ok).toBe(false);
    if (chosen.ok) return;
    expect(chosen.ambiguous?.phrase).toBe('printer');
  });

  it('asks whose notebook "his" means when two people named each have one, and brings the one answered', async () => {
    const input = {
      sceneRef,
      instruction:
        "Filipe's off sick, so Aaron's teaching his class in meeting room 1. He's asked for his notebook - could you bring it to the table in meeting room 1?",
      view: jasonsOffice,
      chooser: 'prior' as const,
      rejected: [],
    };
    const asked = await activities().chooseGoals(input);
    expect(asked).toMatchObject({
      ok: false,
      ambiguous: {
        phrase: 'notebook "his" means (Filipe or Aaron)',
        options: ['aarons_notebook', 'filipes_notebook'],
      },
    });
    if (asked.ok || asked.ambiguous === undefined) return;
    const answered = await activities().chooseGoals({
      ...input,
      resolved: [{ phrase: asked.ambiguous.phrase, node: 'filipes_notebook' }],
    });
    if (!answered.ok) throw new Error(answered.error);
    expect(answered.goals).toEqual(['on(filipes_notebook, meeting_table_1)']);
  });

  it('keeps the first of two goals the model picked that cannot hold together', async () => {
    const input = {
      sceneRef,
      instruction: "Put Jason's coke can away.",
      view: jasonsOffice,
      chooser: 'model' as const,
      rejected: [],
      found: 'coke_can',
    };
    // First learn the offered labels, then pick two places for one object.
    server.received.length = 0;
    // An empty pick breaks the contract: asked three times (two retries), then the call gives up.
    for (let i = 0; i < 3; i++) server.script({ kind: 'json', value: { goals: [] } });
    await activities().chooseGoals(input);
    const offered = (
      server.received[0]!.body.response_format as {
        json_schema: { schema: { properties: { goals: { items: { enum: string[] } } } } };
      }
    ).json_schema.schema.properties.goals.items.enum;
    const places = offered.filter((label) => /^(on|inside)\(coke_can, /.test(label));
    expect(places.length).toBeGreaterThanOrEqual(2);
    server.script({ kind: 'json', value: { goals: [places[0], places[1]] } });
    const chosen = await activities().chooseGoals(input);
    if (!chosen.ok) throw new Error(chosen.error);
    expect(chosen.goals).toEqual([places[0]]);
  });
});

describe('goals the model writes (goal-writer)', () => {
  // A function: the scene's reference is known only once the fixture is up.
  const input = () => ({
    sceneRef,
    instruction: "Put the printed document on Will's desk.",
    view: { expanded: ['wills_office', 'printing_zone2'], memory: ['wills_office', 'printing_zone2'] },
    chooser: 'prior' as const,
    rejected: [],
    found: 'printed_document',
    goalsBy: 'model' as const,
  });

  it('sends candidates typed per fact, and plans for the facts it wrote', async () => {
    server.received.length = 0;
    server.script({ kind: 'json', value: { goals: [{ put: 'printed_document', on: 'wills_desk' }] } });
    const written = await activities().chooseGoals(input());
    if (!written.ok) throw new Error(written.error);
    expect(written.goals).toEqual(['on(printed_document, wills_desk)']);
    expect(written.nodes).toEqual(expect.arrayContaining(['printed_document', 'wills_desk']));
    expect(written.calls).toBe(1);
    const prompt = server.received[0]!.body.messages as { content: string }[];
    expect(prompt.at(-1)!.content).toContain("Instruction: Put the printed document on Will's desk.");
    expect(prompt.at(-1)!.content).toMatch(/- printed_document: object on /);
    // Things go on surfaces and in containers: Will's desk takes the document on it, his cabinet in it.
    type Branch = { properties: Record<string, { enum?: string[] }> };
    const facts = (
      server.received[0]!.body.response_format as {
        json_schema: { schema: { properties: { goals: { items: { anyOf: Branch[] } } } } };
      }
    ).json_schema.schema.properties.goals.items.anyOf;
    const onto = facts.find((fact) => 'on' in fact.properties)!.properties.on!.enum!;
    const into = facts.find((fact) => 'in' in fact.properties)!.properties.in!.enum!;
    expect(onto).toContain('wills_desk');
    expect(onto).not.toContain('cabinet_6');
    expect(into).toContain('cabinet_6');
  });

  it('re-asks an answer outside the contract, then fails the step in one line', async () => {
    server.received.length = 0;
    for (let i = 0; i < 3; i++)
      server.script({ kind: 'json', value: { goals: [{ put: 'giraffe', on: 'wills_desk' }] } });
    const written = await activities().chooseGoals(input());
    expect(written.ok).toBe(false);
    expect(server.received).toHaveLength(3);
    expect(!written.ok && written.error.split('\n')[0]).toMatch(/^no valid answer after 3 tries/);
  });
});

describe('what the classical planner may use (planScope)', () => {
  it("gets the goals' nodes by default, everything in the explored rooms with explored-rooms, and every room, asset and object with whole-building", async () => {
    const input = {
      sceneRef,
      instruction: "Put the printed document on Will's desk.",
      view: { expanded: ['wills_office', 'printing_zone2'], memory: ['wills_office', 'printing_zone2'] },
      chooser: 'prior' as const,
      rejected: [],
      found: 'printed_document',
    };
    const narrow = await activities().chooseGoals(input);
    const wide = await activities().chooseGoals({ ...input, planScope: 'explored-rooms' });
    if (!narrow.ok || !wide.ok) throw new Error('no goals');
    expect(wide.goals).toEqual(narrow.goals);
    expect(wide.nodes).toEqual(expect.arrayContaining(narrow.nodes));
    expect(wide.nodes).toEqual(expect.arrayContaining(['wills_bookshelf', 'cabinet_6']));
    expect(narrow.nodes).not.toContain('wills_bookshelf');
    const whole = await activities().chooseGoals({ ...input, planScope: 'whole-building' });
    if (!whole.ok) throw new Error('no goals');
    expect(whole.goals).toEqual(narrow.goals);
    expect(whole.nodes).toEqual(expect.arrayContaining([...wide.nodes, 'kitchen', 'fridge']));
    expect(whole.nodes).not.toContain('floor0');
  });
});

describe('goals of requests over several things, or for the place that fits a thing', () => {
  const choose = async (
    instruction: string,
    room: string,
    found: string,
    rejected: { goals: string[]; feedback: string }[] = [],
  ) => {
    const chosen = await activities().chooseGoals({
      sceneRef,
      instruction,
      view: { expanded: [room], memory: [room] },
      chooser: 'prior',
      rejected,
      found,
    });
    if (!chosen.ok) throw new Error(chosen.error);
    return chosen;
  };

  it('places every one of "all 6 t-shirts" where the later request that takes them up says', async () => {
    const chosen = await choose(
      'Locate all 6 complimentary t-shirts given to the PhD students and place them on the shelf in admin.',
      'phd_bay3',
      'tshirt_6',
    );
    for (let i = 1; i <= 6; i++) expect(chosen.goals).toContain(`on(tshirt_${i}, admin_shelf)`);
    expect(chosen.nodes).toEqual(expect.arrayContaining(['admin_shelf', 'tshirt_1', 'phd_desk_1']));
  });

  it('adds no goal of the instruction besides the clauses that ask for changes (SayPlan long-horizon 15)', async () => {
    // "Locate" asks for no change and the fruit's goal is the scene's, so the instruction's best
    // goal (the fresh apple into the rotten one's cabinet) stands for nothing and does not join.
    const chosen = await choose(
      'There is an office which has a cabinet containing a rotten apple. The cabinet name contains an even number. Locate the office, throw away the fruit and get them a fresh apple.',
      'ajays_office',
      'ajays_office',
    );
    expect(chosen.goals).toEqual(['inside(apple_5, organic_bin)', 'on(apple, ajays_desk)']);
  });

  it('puts each thing of the emptied dishwasher in the container whose purpose fits it', async () => {
    const chosen = await choose(
      'Empty the dishwasher. Place all items in their correct locations',
      'kitchen',
      'dishwasher',
    );
    expect(chosen.goals).toEqual(
      expect.arrayContaining([
        'inside(plate_3, kitchen_cupboard)',
        'inside(bowl_2, kitchen_cupboard)',
        'inside(mug_2, kitchen_cupboard)',
        'inside(fork_2, cutlery_drawer)',
        'inside(spoon_2, cutlery_drawer)',
      ]),
    );
  });

  it('asks which things a set means when its noun names a kind of thing, not a thing', async () => {
    // No node is called an ingredient: the nearest by meaning (chips) would be a guess.
    const asked = await activities().chooseGoals({
      sceneRef,
      instruction: 'I want to make a sandwich. Place all the ingredients on the lunch table.',
      view: { expanded: ['kitchen'], memory: ['kitchen'] },
      chooser: 'prior',
      rejected: [],
    });
    expect(asked).toMatchObject({ ok: false, ambiguous: { phrase: 'ingredients' } });
    if (asked.ok || asked.ambiguous === undefined) throw new Error('expected a question');
    expect(asked.ambiguous.options.length).toBeGreaterThan(1);
  });

  it('puts things in the one of equally named places whose name the request says more of', async () => {
    const instruction =
      'Wash all the dishes on the lunch table. Once finished, place all the clean cutlery in the drawer.';
    const first = await activities().chooseGoals({
      sceneRef,
      instruction,
      view: { expanded: ['kitchen'], memory: ['kitchen'] },
      chooser: 'prior',
      rejected: [],
      found: 'lunch_table',
    });
    // "Cutlery" names no node: the run asks which, and goes on with the answer.
    expect(first).toMatchObject({ ok: false, ambiguous: { phrase: 'clean cutlery' } });
    const chosen = await activities().chooseGoals({
      sceneRef,
      instruction,
      view: { expanded: ['kitchen'], memory: ['kitchen'] },
      chooser: 'prior',
      rejected: [],
      found: 'lunch_table',
      resolved: [{ phrase: 'clean cutlery', node: 'fork' }],
    });
    if (!chosen.ok) throw new Error(chosen.error);
    const drawers = chosen.goals.filter((goal) => /^inside\(\w+, \w*drawer\)$/.test(goal));
    expect(drawers.length).toBeGreaterThan(0);
    for (const goal of drawers) expect(goal).toMatch(/, cutlery_drawer\)$/);
  });

  it('throws the fruit found in a room into the bin whose type fits it, not somewhere in that room', async () => {
    const chosen = await choose(
      "Throw the rotting fruit in Dimity's office in the correct bin.",
      'dimitys_office',
      'banana_2',
    );
    expect(chosen.goals[0]).toBe('inside(banana_2, organic_bin)');
  });

  it('throws away the can a statement puts on a desk, and takes the person something to clean with', async () => {
    const chosen = await choose(
      'Tobi spilt soda on his desk. Throw away the can and take him something to clean with.',
      'tobis_office',
      'tobis_desk',
    );
    // The empty can on his desk goes in the recycling bin; the full one in his fridge stays.
    expect(chosen.goals).toContain('inside(sprite_can, recycling_bin)');
    expect(chosen.goals.some((goal) => goal.includes('pepsi_can'))).toBe(false);
    const tool = chosen.goals.find((goal) => goal.endsWith(', tobis_desk)'));
    expect(tool).toMatch(/^on\((?:sponge|cloth), tobis_desk\)$/);
  });

  it("throws away the fruit the statements describe where the search found it, and takes nobody else's apple", async () => {
    const chosen = await choose(
      'There is an office which has a cabinet containing a rotten apple. The cabinet name contains an even number. Locate the office, throw away the fruit and get them a fresh apple.',
      'ajays_office',
      'ajays_office',
    );
    expect(chosen.goals).toContain('inside(apple_5, organic_bin)');
    expect(chosen.goals.some((goal) => goal.includes('peters_apple'))).toBe(false);
  });

  it.each([
    ['a thing already in a bin', 'newspaper'],
    ['a clean thing', 'kitchen_cupboard'],
  ])('throws away no %s the search found when the words name none: it asks which', async (_what, found) => {
    const asked = await activities().chooseGoals({
      sceneRef,
      instruction: 'Something is smelling in the kitchen. Dispose of it.',
      view: { expanded: ['kitchen'], memory: ['kitchen'] },
      chooser: 'prior',
      rejected: [],
      found,
    });
    expect(asked).toMatchObject({ ok: false, ambiguous: expect.anything() });
  });

  it('throws away the rotten fruit the search found when the words name no thing', async () => {
    const chosen = await choose(
      'Something is smelling in the kitchen. Dispose of it.',
      'kitchen',
      'fruit_bowl',
    );
    expect(chosen.goals.filter((goal) => goal.includes('_bin)'))).not.toHaveLength(0);
    expect(chosen.goals.every((goal) => /^inside\((?:banana_2|banana_3), organic_bin\)$/.test(goal))).toBe(
      true,
    );
  });

  it('brings both things asked for with one verb to where the speaker says they are', async () => {
    const chosen = await choose(
      "I'm hungry. Bring me an apple from Peter and a pepsi from Tobi. I'm at the lunch table.",
      'tobis_office',
      'pepsi_can',
    );
    expect(chosen.goals).toEqual(
      expect.arrayContaining(['on(peters_apple, lunch_table)', 'on(pepsi_can, lunch_table)']),
    );
  });

  it('places "both" as the two things named before, and clears a surface said with no quantifier', async () => {
    const both = await choose(
      "Chris is short of storage. Jason says he can have the hard drive out of his cabinet, and Michael's offered the USB sticks he keeps in his. Could you take both over to Chris's desk?",
      'jasons_office',
      'hard_drive',
    );
    expect(both.goals).toEqual(
      expect.arrayContaining(['on(hard_drive, chris_desk)', 'on(usb_sticks, chris_desk)']),
    );
    const cleared = await choose(
      "Clear Niko's desk onto the kitchen bench - everything but his keyboard.",
      'nikos_office',
      'nikos_mug',
    );
    expect([...cleared.goals].sort()).toEqual(['on(nikos_mug, kitchen_bench)', 'on(stapler, kitchen_bench)']);
  });

  it('places on the kind of thing the destination names, in the room it names or points back to', async () => {
    const there = await choose(
      'Luis presents in meeting room 2 at ten. Could you put his project folders on the table in there?',
      'luis_office',
      'project_folders',
    );
    expect(there.goals).toEqual(['on(project_folders, meeting_table_2)']);
    // Two requests, one destination: the whole instruction's best goal goes there too.
    const named = await choose(
      'Nobody uses the remote in robot lounge 1. Leave it on the table in meeting room 3, please.',
      'robot_lounge1',
      'tv_remote',
    );
    expect(named.goals).toEqual(['on(tv_remote, meeting_table_3)']);
  });

  it('asks which place a destination means when several of its kind fit, and places where the answer says', async () => {
    const input = {
      sceneRef,
      instruction: 'Take the visitor log to the bench, please.',
      view: { expanded: ['admin'], memory: ['admin'] },
      chooser: 'prior' as const,
      rejected: [],
      found: 'visitor_log',
    };
    const asked = await activities().chooseGoals(input);
    expect(asked.ok).toBe(false);
    if (asked.ok) return;
    expect(asked.ambiguous?.phrase).toBe('place for "the bench"');
    expect(asked.ambiguous?.options).toEqual(expect.arrayContaining(['kitchen_bench', 'robot_bench']));
    const answered = await activities().chooseGoals({
      ...input,
      resolved: [{ phrase: asked.ambiguous!.phrase, node: 'robot_bench' }],
    });
    expect(answered).toMatchObject({ ok: true, goals: ['on(visitor_log, robot_bench)'] });
    // "The right bin" asks for the place that fits the thing, not one to choose among.
    const fitting = await choose('Put the aa batteries in the right bin.', 'kitchen', 'aa_batteries');
    expect(fitting.goals).toEqual([expect.stringMatching(/^inside\(aa_batteries, \w+_bin\)$/)]);
  });

  it('ends once the planner has rejected the set, offering nothing nobody asked for in its place', async () => {
    const instruction = 'Empty the dishwasher. Place all items in their correct locations';
    const first = await choose(instruction, 'kitchen', 'dishwasher');
    const again = await activities().chooseGoals({
      sceneRef,
      instruction,
      view: { expanded: ['kitchen'], memory: ['kitchen'] },
      chooser: 'prior',
      rejected: [{ goals: first.goals, feedback: 'unreachable' }],
      found: 'dishwasher',
    });
    expect(again).toMatchObject({ ok: false, error: expect.stringMatching(/no goal left/) });
  });
});
