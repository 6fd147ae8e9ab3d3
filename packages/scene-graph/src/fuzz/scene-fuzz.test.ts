import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkSceneText } from './check-scene-mutant.js';
import { describeMutant, mutantText, type SceneMutant, sceneMutant } from './scene-mutants.js';

// Mutants of the committed datasets through loading, validation, the views, rendering and token
// counting: only groundplan's own one-line refusals or a sound acceptance. A fixed seed and a few
// hundred cases here; scripts/fuzz-scenes.ts runs the long, random-seed version.
const datasets = new URL('../../../../datasets/', import.meta.url);
const bases = new Map<string, object>(
  ['office', 'home'].map((name) => [
    name,
    JSON.parse(readFileSync(new URL(`${name}.json`, datasets), 'utf8')),
  ]),
);

describe('scene files under mutation', () => {
  it('are refused with one-line messages or accepted sound, never crash', () => {
    const seen = { accepted: 0, refused: 0 };
    fc.assert(
      fc.property(sceneMutant([...bases.keys()]), (mutant) => {
        const outcome = checkSceneText(mutantText(mutant, bases));
        if (outcome.verdict !== 'accepted' && outcome.verdict !== 'refused')
          throw new Error(`${outcome.verdict}: ${outcome.detail} for ${describeMutant(mutant)}`);
        seen[outcome.verdict]++;
      }),
      { numRuns: 400, seed: 20261124 },
    );
    // The mutants must reach both verdicts, or the property says little.
    expect(seen.accepted).toBeGreaterThan(10);
    expect(seen.refused).toBeGreaterThan(200);
  });

  // Cases the fuzzer found against the code before issue 13 (crashes and silent losses), kept.
  const found: [string, SceneMutant, 'accepted' | 'refused'][] = [
    [
      'a room renamed "propertyIsEnumerable" (graphology threw UsageGraphError)',
      {
        base: 'office',
        changes: [{ op: 'rename-id', at: 20, to: 'propertyIsEnumerable' }],
        text: { op: 'none' },
      },
      'refused',
    ],
    [
      'the pose the agent is at renamed "valueOf" (graphology threw UsageGraphError)',
      { base: 'home', changes: [{ op: 'rename-id', at: 31, to: 'valueOf' }], text: { op: 'none' } },
      'refused',
    ],
    [
      'an attribute named "__proto__" (dropped from the canonical form)',
      {
        base: 'home',
        changes: [{ op: 'set-key', at: 150, record: 'attributes', key: '__proto__', value: 'isPrototypeOf' }],
        text: { op: 'none' },
      },
      'refused',
    ],
    [
      'a state dimension named "__proto__" beside other prototype names, in a file with a BOM',
      {
        base: 'home',
        changes: [
          { op: 'set-key', at: 100, record: 'state', key: '__defineGetter__', value: 'x' },
          { op: 'set-key', at: 101, record: 'attributes', key: 'isPrototypeOf', value: 'x' },
          { op: 'set-key', at: 102, record: 'state', key: '__proto__', value: 'x' },
        ],
        text: { op: 'bom' },
      },
      'refused',
    ],
    [
      'prototype names as attribute and state keys alone (kept as data)',
      {
        base: 'office',
        changes: [
          { op: 'set-key', at: 100, record: 'state', key: '__defineGetter__', value: 'x' },
          { op: 'set-key', at: 101, record: 'attributes', key: 'constructor', value: 1 },
        ],
        text: { op: 'bom' },
      },
      'accepted',
    ],
    [
      'a 100,000-character attribute (froze the tokenizer)',
      {
        base: 'office',
        changes: [{ op: 'set-key', at: 30, record: 'attributes', key: 'poster', value: 'w'.repeat(100_000) }],
        text: { op: 'none' },
      },
      'refused',
    ],
    [
      'every node field of an object at its limit',
      { base: 'office', changes: [{ op: 'fill-node', at: 300 }], text: { op: 'none' } },
      'accepted',
    ],
    [
      'an attribute number written 1e999 (was told "edge kind must be ...")',
      {
        base: 'office',
        changes: [{ op: 'set-key', at: 255, record: 'attributes', key: 'count', value: 1 }],
        text: { op: 'number-literal', at: 0.3, literal: '1e999' },
      },
      'refused',
    ],
    [
      'a file cut in half',
      {
        base: 'office',
        changes: [{ op: 'remove', list: 'edges', at: 0 }],
        text: { op: 'truncate', at: 0.5 },
      },
      'refused',
    ],
    [
      '100,000 nested arrays around the file',
      { base: 'home', changes: [{ op: 'swap-ends', at: 0 }], text: { op: 'wrap-deep', depth: 100_000 } },
      'refused',
    ],
  ];
  it.each(found)('%s', (_what, mutant, verdict) => {
    expect(checkSceneText(mutantText(mutant, bases))).toEqual({ verdict });
  });
});
