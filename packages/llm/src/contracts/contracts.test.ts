import { describe, expect, it } from 'vitest';
import { BOUNDS } from './bounds.js';
import { toModelJsonSchema } from './json-schema.js';
import { planAnswerSchema } from './plan-answer.js';
import { semanticSearchAnswerSchema } from './semantic-search-answer.js';

const answer = {
  chain_of_thought: 'look in the kitchen',
  reasoning: 'mugs live there',
  command: 'expand',
  node: 'kitchen',
};

describe('the semantic-search answer contract', () => {
  const contract = semanticSearchAnswerSchema(['kitchen', 'office_a', 'floor1']);

  it('accepts an answer that names a visible node', () => {
    expect(contract.safeParse(answer).success).toBe(true);
  });

  it('rejects a node outside the view, an unknown command, extra keys and overlong text', () => {
    expect(contract.safeParse({ ...answer, node: 'garage' }).success).toBe(false);
    expect(contract.safeParse({ ...answer, command: 'open' }).success).toBe(false);
    expect(contract.safeParse({ ...answer, mood: 'happy' }).success).toBe(false);
    expect(contract.safeParse({ ...answer, reasoning: 'x'.repeat(BOUNDS.reasoning + 1) }).success).toBe(
      false,
    );
  });

  it('gives the model the node ids as an enum and bounds every string', () => {
    const schema = toModelJsonSchema(contract) as {
      properties: Record<string, { enum?: string[]; maxLength?: number }>;
      additionalProperties: boolean;
      required: string[];
    };
    expect(schema.properties.node?.enum).toEqual(['kitchen', 'office_a', 'floor1']);
    expect(schema.properties.command?.enum).toEqual(['expand', 'contract', 'done']);
    expect(schema.properties.chain_of_thought?.maxLength).toBe(BOUNDS.chainOfThought);
    expect(schema.properties.reasoning?.maxLength).toBe(BOUNDS.reasoning);
    expect(schema.additionalProperties).toBe(false);
    expect(schema.required).toEqual(['chain_of_thought', 'reasoning', 'command', 'node']);
    expect(schema).not.toHaveProperty('$schema');
  });
});

describe('the plan answer contract', () => {
  const contract = planAnswerSchema(['goto', 'pickup'], ['kitchen', 'mug']);

  it('accepts a plan of known actions on known nodes', () => {
    const plan = {
      chain_of_thought: 'go and get it',
      plan: [
        { action: 'goto', args: ['kitchen'] },
        { action: 'pickup', args: ['mug'] },
      ],
    };
    expect(contract.safeParse(plan).success).toBe(true);
  });

  it('rejects unknown actions, unknown nodes and plans longer than the bound', () => {
    const step = (action: string, arg: string) => ({ chain_of_thought: '', plan: [{ action, args: [arg] }] });
    expect(contract.safeParse(step('fly', 'kitchen')).success).toBe(false);
    expect(contract.safeParse(step('goto', 'moon')).success).toBe(false);
    const long = {
      chain_of_thought: '',
      plan: Array.from({ length: BOUNDS.planSteps + 1 }, () => ({ action: 'goto', args: ['kitchen'] })),
    };
    expect(contract.safeParse(long).success).toBe(false);
  });

  it('bounds the plan and the arguments in the schema the model sees', () => {
    const schema = toModelJsonSchema(contract) as {
      properties: {
        plan: {
          maxItems: number;
          items: {
            properties: { action: { enum: string[] }; args: { maxItems: number; items: { enum: string[] } } };
          };
        };
      };
    };
    expect(schema.properties.plan.maxItems).toBe(BOUNDS.planSteps);
    expect(schema.properties.plan.items.properties.action.enum).toEqual(['goto', 'pickup']);
    expect(schema.properties.plan.items.properties.args.items.enum).toEqual(['kitchen', 'mug']);
    expect(schema.properties.plan.items.properties.args.maxItems).toBe(BOUNDS.actionArgs);
  });
});
