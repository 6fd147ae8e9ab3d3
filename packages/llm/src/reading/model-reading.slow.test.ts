// The model's reading of an instruction through the real LLM activities: a real HTTP server
// answering as a model would (scripted), real retrieval over the office, real goal choice.

import type { Reading } from '@groundplan/grounding';
import { ApplicationFailure } from '@temporalio/common';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ReadingAnswer } from '../contracts/reading-answer.js';
import type { FakeOpenAiServer } from '../test-support/fake-openai-server.js';
import { officeWithFakeModel } from '../test-support/office-with-fake-model.js';

const fixture = officeWithFakeModel();
let sceneRef: string;
let server: FakeOpenAiServer;
beforeAll(() => {
  ({ sceneRef, server } = fixture);
});
const activities = () => fixture.activities({ maxInvalidRetries: 1 });

const answer = (value: Partial<ReadingAnswer>): ReadingAnswer => ({
  kind: 'request',
  form: 'none',
  things: [],
  excluded: [],
  requests: [],
  places: [],
  people: [],
  ...value,
});

const readByModel = async (instruction: string, value: Partial<ReadingAnswer>): Promise<Reading> => {
  server.script({ kind: 'json', value: answer(value) });
  return activities().readInstruction({ instruction, reader: 'model', sceneRef });
};

describe("the model's reading of an instruction", () => {
  it('reads a question once, with its things grounded to the nodes nearest in meaning', async () => {
    server.received.length = 0;
    const reading = await readByModel('Is there a stapler in the mail room?', {
      kind: 'question',
      form: 'whether',
      things: ['stapler'],
      places: ['mail room'],
    });
    expect(reading).toMatchObject({ kind: 'question', form: 'whether', by: 'model' });
    expect(reading.details?.grounding[0]?.phrase).toBe('stapler');
    expect(reading.details?.grounding[0]?.nodes[0]?.id).toMatch(/^stapler/);
    expect(reading.cost?.calls).toBe(1);
    // One call, constrained by the reading's schema.
    expect(server.received).toHaveLength(1);
    expect(JSON.stringify(server.received[0]!.body.response_format)).toContain('"excluded"');
  });

  it('a search the model calls a request is a question still, as the rules read it', async () => {
    const reading = await readByModel('Locate the stapler and the scissors.', {
      requests: [
        { verb: 'locate', thing: 'stapler', to: '' },
        { verb: 'Find', thing: 'scissors', to: '' },
      ],
    });
    expect(reading).toMatchObject({ kind: 'question', form: 'find', by: 'model' });
    expect(reading.details?.questionBy).toBe('rules');
    const fetch = await readByModel('Find the stapler and bring it to me.', {
      requests: [
        { verb: 'find', thing: 'stapler', to: '' },
        { verb: 'bring', thing: 'stapler', to: 'me' },
      ],
    });
    expect(fetch.kind).toBe('request');
  });

  it('what the rules read as a question stays one, however the model read it', async () => {
    const reading = await readByModel('Which of the fridges has no milk in it?', {
      things: ['fridges', 'milk'],
      requests: [{ verb: 'check', thing: 'fridges', to: '' }],
    });
    expect(reading).toMatchObject({ kind: 'question', form: 'which', by: 'model' });
    expect(reading.details?.questionBy).toBe('rules');
    expect(reading.details?.things).toContain('milk');
  });

  it('the rules read it without a call when the run does not ask for the model', async () => {
    server.received.length = 0;
    const reading = await activities().readInstruction({ instruction: 'Is there a stapler?' });
    expect(reading).toMatchObject({ kind: 'question', by: 'rules' });
    expect(server.received).toHaveLength(0);
  });

  it('fails the step in one line when the model keeps answering outside the contract', async () => {
    server.script({ kind: 'json', value: { kind: 'maybe' } }, { kind: 'json', value: { verdict: 1 } });
    const failure = await activities()
      .readInstruction({ instruction: 'Bring me the mug.', reader: 'model', sceneRef })
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(failure).toBeInstanceOf(ApplicationFailure);
    expect((failure as ApplicationFailure).type).toBe('LlmInvalidOutput');
    expect((failure as ApplicationFailure).nonRetryable).toBe(true);
    expect((failure as ApplicationFailure).message).toMatch(
      /^the model could not read the instruction: no valid answer after 2 tries/,
    );
    expect((failure as ApplicationFailure).message).not.toContain('\n');
  });
});

describe('goals from a model reading', () => {
  const kitchen = { expanded: ['kitchen'], memory: ['kitchen'] };

  it('a thing the building does not have ends NotFound, with no goal made up', async () => {
    const reading = await readByModel('Bring me the giraffe.', {
      things: ['giraffe'],
      requests: [{ verb: 'bring', thing: 'giraffe', to: 'me' }],
      people: ['me'],
    });
    const chosen = await activities().chooseGoals({
      sceneRef,
      instruction: 'Bring me the giraffe.',
      view: kitchen,
      chooser: 'prior',
      rejected: [],
      reading,
    });
    expect(chosen.ok).toBe(false);
    if (chosen.ok) return;
    expect(chosen.notFound?.missing).toEqual(['giraffe']);
  });

  it('what the person said not to touch is in no goal', async () => {
    const instruction = 'Put a mug on the kitchen bench, but not mug 2.';
    const read = {
      things: ['mug', 'kitchen bench', 'mug 2'],
      requests: [{ verb: 'put', thing: 'mug', to: 'kitchen bench' }],
    };
    const goalsOf = async (reading: Reading) => {
      const chosen = await activities().chooseGoals({
        sceneRef,
        instruction,
        view: kitchen,
        chooser: 'prior',
        rejected: [],
        reading,
      });
      if (!chosen.ok) throw new Error(chosen.error);
      return chosen;
    };
    // Read without the exclusion, the prior's first mug is mug_2.
    const careless = await goalsOf(await readByModel(instruction, read));
    expect(careless.goals).toContain('on(mug_2, kitchen_bench)');
    const reading = await readByModel(instruction, { ...read, excluded: ['mug 2'] });
    expect(reading.details?.grounding.find((g) => g.phrase === 'mug 2')?.nodes[0]?.id).toBe('mug_2');
    const chosen = await goalsOf(reading);
    expect(chosen.goals.join(' ')).not.toContain('mug_2');
    expect(chosen.nodes).not.toContain('mug_2');
    expect(chosen.goals.some((goal) => /^on\(\w*mug\w*, kitchen_bench\)$/.test(goal))).toBe(true);
  });
});
