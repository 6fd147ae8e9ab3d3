import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseObservation } from './observation.js';

describe('observations', () => {
  it('parse as plain JSON, states as text or true/false', () => {
    const value = {
      kind: 'inside',
      target: 'fridge',
      seen: [{ id: 'milk', type: 'object', parent: 'fridge', state: { temperature: 'cold' } }],
      states: { fridge: { door: 'open', light: true } },
    };
    expect(parseObservation(value)).toEqual({ ok: true, value });
    expect(parseObservation(JSON.parse(JSON.stringify(value)))).toEqual({ ok: true, value });
  });

  it('refuse what is not one, in one line that names the field', () => {
    expect(
      parseObservation({ kind: 'on', target: 'desk', seen: [{ id: 'mug', type: 'room', parent: 'desk' }] }),
    ).toEqual({
      ok: false,
      error: expect.stringMatching(/^invalid observation at seen\[0\]\.type: /),
    });
    expect(parseObservation('mug on desk')).toEqual({
      ok: false,
      error: expect.stringMatching(/^invalid observation: /),
    });
    expect(parseObservation({ kind: 'on', target: 'desk', seen: [], extra: 1 })).toMatchObject({ ok: false });
  });

  it('can be imported by workflow code: nothing but zod and the format schema, no graphology', () => {
    for (const file of ['./observation.ts', '../format/schema.ts', '../result.ts']) {
      const source = readFileSync(new URL(file, import.meta.url), 'utf8');
      const imports = [...source.matchAll(/from '([^']+)'/g)].map((match) => match[1]);
      expect(imports.every((name) => name === 'zod' || name?.startsWith('.'))).toBe(true);
    }
  });
});
