import { describe, expect, it } from 'vitest';
import { grammarSchema } from './grammar-schema.js';

describe('grammarSchema', () => {
  it("writes zod's anyOf unions as the oneOf node-llama-cpp's grammar reads, at any depth", () => {
    const schema = {
      type: 'object',
      properties: {
        goals: { type: 'array', items: { anyOf: [{ type: 'string', enum: ['a'] }, { type: 'number' }] } },
        note: { anyOf: [{ type: 'null' }, { type: 'string' }] },
      },
      required: ['goals'],
    };
    expect(grammarSchema(schema)).toEqual({
      type: 'object',
      properties: {
        goals: { type: 'array', items: { oneOf: [{ type: 'string', enum: ['a'] }, { type: 'number' }] } },
        note: { oneOf: [{ type: 'null' }, { type: 'string' }] },
      },
      required: ['goals'],
    });
  });

  it('leaves a schema without anyOf as it was', () => {
    const schema = { type: 'object', properties: { a: { enum: ['anyOf'] } }, oneOf: [{ required: ['a'] }] };
    expect(grammarSchema(schema)).toEqual(schema);
  });
});
