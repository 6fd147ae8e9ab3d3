import { initialState } from '@groundplan/simulator';
import { describe, expect, it } from 'vitest';
import type { Ask, ChatMessage } from './ask.js';
import { candidateLine, goalWritingSchema, writingCandidates } from './goal-writing-contract.js';
import { datasetScene } from './test-support/datasets.js';
import { writeGoals } from './written-goals.js';

const NODES = ['coffee_machine', 'fridge', 'mug_2', 'mug_3', 'dishwasher', 'kitchen', 'lunch_table'];

async function kitchen() {
  const graph = await datasetScene('office');
  const state = initialState(graph);
  if (!state.ok) throw new Error(state.error);
  return { graph, state: state.value };
}

/** An Ask that answers with the given JSON, checked by the contract as the model boundary does. */
function answering(json: unknown, seen: ChatMessage[][] = []): Ask {
  return async (messages, contract) => {
    seen.push(messages);
    const parsed = contract.safeParse(json);
    const report = {
      usage: { promptTokens: 10, completionTokens: 5 },
      latencyMs: 1,
      provider: 'scripted',
      model: 'test',
      attempts: 1,
    };
    if (!parsed.success) return { ok: false, error: parsed.error.message, usage: report, calls: 1 };
    return { ok: true, value: { value: parsed.data, report, calls: [report] } };
  };
}

describe('the goal-writing contract', () => {
  it('types each fact: things go on surfaces or in containers and rooms, states take the values a skill could change them to', async () => {
    const { graph, state } = await kitchen();
    const candidates = writingCandidates(graph, state, NODES);
    expect(candidates.things).toEqual(['mug_2', 'mug_3']);
    expect(candidates.containers).toEqual(expect.arrayContaining(['fridge', 'dishwasher', 'kitchen']));
    expect(candidates.surfaces).toContain('lunch_table');
    // Only values a skill could change a node to: the machine is off, the table already clean.
    expect(candidates.states.get('coffee_machine')).toEqual(['on']);
    expect(candidates.states.has('lunch_table')).toBe(false);
    const schema = goalWritingSchema(candidates);
    expect(schema.safeParse({ goals: [{ put: 'mug_3', in: 'dishwasher' }] }).success).toBe(true);
    expect(schema.safeParse({ goals: [{ put: 'mug_3', on: 'dishwasher' }] }).success).toBe(false);
    expect(schema.safeParse({ goals: [{ put: 'fridge', in: 'kitchen' }] }).success).toBe(false);
    expect(schema.safeParse({ goals: [{ set: 'coffee_machine', to: 'closed' }] }).success).toBe(false);
    expect(schema.safeParse({ goals: [{ set: 'fridge', to: 'on' }] }).success).toBe(false);
    expect(schema.safeParse({ goals: [{ set: 'fridge', to: 'open' }] }).success).toBe(true);
    expect(schema.safeParse({ goals: [] }).success).toBe(false);
  });

  it('shows a candidate with where it is and its state', async () => {
    const { graph, state } = await kitchen();
    expect(candidateLine(graph, state, 'mug_3')).toBe(
      'mug_3: object on lunch_table (cafeteria); cleanliness dirty; contents empty',
    );
    expect(candidateLine(graph, state, 'coffee_machine')).toBe('coffee_machine: asset in kitchen; power off');
  });
});

describe('writeGoals', () => {
  it("turns the model's facts into the simulator's goals, the first of two that cannot both hold", async () => {
    const { graph, state } = await kitchen();
    const seen: ChatMessage[][] = [];
    const written = await writeGoals({
      graph,
      state,
      instruction: 'Put the dirty mug in the dishwasher and switch on the coffee machine.',
      candidates: NODES,
      rejected: [],
      ask: answering(
        {
          goals: [
            { put: 'mug_3', in: 'dishwasher' },
            { set: 'coffee_machine', to: 'on' },
            { put: 'mug_3', on: 'lunch_table' },
          ],
        },
        seen,
      ),
    });
    expect(written.ok && written.goals).toEqual([
      { kind: 'inside', object: 'mug_3', target: 'dishwasher', negated: false },
      { kind: 'state', node: 'coffee_machine', dimension: 'power', value: 'on', negated: false },
    ]);
    expect(seen[0]![1]!.content).toContain('- mug_3: object on lunch_table (cafeteria)');
  });

  it('sends what failed back with the reason, and calls a repeat of a rejected goal no new attempt', async () => {
    const { graph, state } = await kitchen();
    const seen: ChatMessage[][] = [];
    const rejected = [
      { goals: ['inside(mug_3, dishwasher)'], feedback: 'cannot reach a goal: the dishwasher is full' },
    ];
    const written = await writeGoals({
      graph,
      state,
      instruction: 'Put the dirty mug in the dishwasher.',
      candidates: NODES,
      rejected,
      ask: answering({ goals: [{ put: 'mug_3', in: 'dishwasher' }] }, seen),
    });
    expect(written.ok).toBe(false);
    expect(!written.ok && written.error).toBe(
      'wrote again the goals tried before: inside(mug_3, dishwasher)',
    );
    expect(seen[0]![1]!.content).toContain('it failed: cannot reach a goal: the dishwasher is full');
  });

  it('fails in one line, without a call, when no candidate can be moved or changed', async () => {
    const { graph, state } = await kitchen();
    const written = await writeGoals({
      graph,
      state,
      instruction: 'Tidy the kitchen.',
      candidates: ['kitchen'],
      rejected: [],
      ask: answering({ goals: [] }),
    });
    expect(written).toMatchObject({ ok: false, calls: 0 });
    expect(!written.ok && written.error).toMatch(/^no candidate node can be moved or changed/);
  });
});
