import type { SceneGraph } from '@groundplan/scene-graph';
import { datasetScene } from '@groundplan/scene-graph/test-support';
import { ACTION_SPECS } from '@groundplan/simulator';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BOUNDS } from './bounds.js';
import { toModelJsonSchema } from './json-schema.js';
import { planAnswerSchema, typedActions } from './plan-answer.js';
import { semanticSearchAnswerSchema } from './semantic-search-answer.js';

let office: SceneGraph;
beforeAll(async () => {
  office = await datasetScene('office');
});

const answer = {
  chain_of_thought: 'look in the kitchen',
  command: 'expand',
  node: 'kitchen',
  reasoning: 'mugs live there',
};
const choices = { expand: ['kitchen', 'office_a'], contract: ['lab'], done: ['mug'] };

describe('the semantic-search answer contract', () => {
  const contract = semanticSearchAnswerSchema(choices);

  it('accepts a command with a node that command may name', () => {
    expect(contract.safeParse(answer).success).toBe(true);
    expect(contract.safeParse({ ...answer, command: 'contract', node: 'lab' }).success).toBe(true);
    expect(contract.safeParse({ ...answer, command: 'done', node: 'mug' }).success).toBe(true);
  });

  it('refuses a node the command may not name, even one another command may', () => {
    expect(contract.safeParse({ ...answer, command: 'expand', node: 'mug' }).success).toBe(false);
    expect(contract.safeParse({ ...answer, command: 'contract', node: 'kitchen' }).success).toBe(false);
    expect(contract.safeParse({ ...answer, command: 'done', node: 'kitchen' }).success).toBe(false);
  });

  it('rejects an unknown command, extra keys and overlong text', () => {
    expect(contract.safeParse({ ...answer, command: 'open' }).success).toBe(false);
    expect(contract.safeParse({ ...answer, mood: 'happy' }).success).toBe(false);
    expect(contract.safeParse({ ...answer, reasoning: 'x'.repeat(BOUNDS.reasoning + 1) }).success).toBe(
      false,
    );
  });

  it('leaves out a command with nothing to name, and asks for command and node first without a chain of thought', () => {
    const schema = toModelJsonSchema(
      semanticSearchAnswerSchema({ expand: ['kitchen'], contract: [], done: [] }, { chainOfThought: false }),
    ) as { properties: Record<string, { const?: string; enum?: string[] }>; required: string[] };
    expect(schema.properties.command?.const).toBe('expand');
    expect(schema.properties.node?.enum).toEqual(['kitchen']);
    expect(schema.required).toEqual(['command', 'node', 'reasoning']);
    expect(schema).not.toHaveProperty('$schema');
  });

  it('gives the model one branch per command in the JSON Schema, every string bounded', () => {
    const schema = toModelJsonSchema(contract) as {
      oneOf: { properties: Record<string, { const?: string; enum?: string[]; maxLength?: number }> }[];
    };
    expect(schema.oneOf.map((b) => [b.properties.command?.const, b.properties.node?.enum])).toEqual([
      ['expand', ['kitchen', 'office_a']],
      ['contract', ['lab']],
      ['done', ['mug']],
    ]);
    expect(schema.oneOf[0]!.properties.chain_of_thought?.maxLength).toBe(BOUNDS.chainOfThought);
  });
});

describe('the plan answer contract', () => {
  it('types each step by its action: its arity and the node kinds of each argument', () => {
    const nodes = ['kitchen', 'pose_s0', 'fridge', 'banana'];
    const contract = planAnswerSchema(typedActions(office, nodes, ACTION_SPECS));
    const plan = (...steps: [string, ...string[]][]) => ({
      chain_of_thought: '',
      plan: steps.map(([action, ...args]) => ({ action, args })),
    });
    expect(
      contract.safeParse(plan(['goto', 'kitchen'], ['access', 'fridge'], ['pickup', 'banana'])).success,
    ).toBe(true);
    expect(contract.safeParse(plan(['goto', 'kitchen', 'pose_s0'])).success).toBe(false);
    expect(contract.safeParse(plan(['access', 'kitchen'])).success).toBe(false);
    expect(contract.safeParse(plan(['pickup', 'fridge'])).success).toBe(false);
    expect(contract.safeParse(plan(['fly', 'kitchen'])).success).toBe(false);
    expect(contract.safeParse(plan(['goto', 'moon'])).success).toBe(false);
  });

  it('refuses an empty plan and a plan longer than the bound', () => {
    const contract = planAnswerSchema(typedActions(office, ['kitchen'], ACTION_SPECS));
    expect(contract.safeParse({ chain_of_thought: '', plan: [] }).success).toBe(false);
    const long = Array.from({ length: BOUNDS.planSteps + 1 }, () => ({ action: 'goto', args: ['kitchen'] }));
    expect(contract.safeParse({ chain_of_thought: '', plan: long }).success).toBe(false);
  });

  it('shows the model exact arities as tuples and leaves out actions no node can fill', () => {
    const schema = toModelJsonSchema(
      planAnswerSchema(typedActions(office, ['kitchen', 'banana'], ACTION_SPECS)),
    ) as {
      properties: {
        plan: {
          minItems: number;
          items: { oneOf: { properties: Record<string, { const?: string } & Record<string, unknown>> }[] };
        };
      };
    };
    expect(schema.properties.plan.minItems).toBe(1);
    const branches = schema.properties.plan.items.oneOf.map((b) => b.properties.action?.const);
    expect(branches).toContain('goto');
    expect(branches).toContain('pickup');
    expect(branches).not.toContain('access');
    const gotoArgs = schema.properties.plan.items.oneOf.find((b) => b.properties.action?.const === 'goto')!
      .properties.args;
    expect(gotoArgs).toMatchObject({ minItems: 1, maxItems: 1, prefixItems: [{ enum: ['kitchen'] }] });
    // No boolean `items: false` after the tuple: llama.cpp's server refuses it; the length is fixed anyway.
    expect(gotoArgs).not.toHaveProperty('items');
  });
});

describe('what a broken contract tells the model', () => {
  it('names the wrong node id in a short line instead of listing every allowed one', () => {
    const contract = planAnswerSchema(typedActions(office, office.nodes(), ACTION_SPECS));
    const parsed = contract.safeParse({
      chain_of_thought: 'go there',
      plan: [{ action: 'goto', args: ['fridge_9'] }],
    });
    expect(parsed.success).toBe(false);
    const message = z.prettifyError(parsed.error!);
    expect(message).toMatch(/"fridge_9" is not one of the \d+ node ids allowed here \(see the prompt\)/);
    expect(message.length).toBeLessThan(200);
  });

  it('lists the allowed ids when there are few, and says the one when there is one', () => {
    const few = semanticSearchAnswerSchema(choices).safeParse({ ...answer, node: 'garage' });
    expect(z.prettifyError(few.error!)).toContain(
      '"garage" is not one of the 2 node ids allowed here: "kitchen", "office_a"',
    );
    const one = semanticSearchAnswerSchema(choices).safeParse({
      ...answer,
      command: 'contract',
      node: 'garage',
    });
    expect(z.prettifyError(one.error!)).toContain('"garage" is not the one node id allowed here, "lab"');
  });
});
