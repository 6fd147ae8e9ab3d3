import { describe, expect, it } from 'vitest';
import { smallScene } from '../test-support/small-scene.js';
import { SCENE_LIMITS as L, type SceneFile, type SceneNode } from './schema.js';
import { parseScene } from './validate.js';

// Each bound in SCENE_LIMITS, met exactly (accepted) and passed by one (refused at its path, with
// a one-line message), on the bowl of the small scene (nodes[13]).
const BOWL = 13;
const keyed = <V>(count: number, value: (i: number) => V): Record<string, V> =>
  Object.fromEntries(Array.from({ length: count }, (_, i) => [`k${i}`, value(i)]));

function withBowl(change: Partial<SceneNode>): SceneFile {
  const file = smallScene();
  file.nodes[BOWL] = { ...file.nodes[BOWL]!, ...change };
  return file;
}

const cases: [string, (over: number) => SceneFile, string][] = [
  [
    'attribute text',
    (o) => withBowl({ attributes: { t: 'a'.repeat(L.attributeTextLength + o) } }),
    'nodes[13].attributes.t',
  ],
  [
    'attributes per node',
    (o) => withBowl({ attributes: keyed(L.attributesPerNode + o, () => 1) }),
    'nodes[13].attributes',
  ],
  [
    'attribute name',
    (o) => withBowl({ attributes: { ['k'.repeat(L.keyLength + o)]: 1 } }),
    `nodes[13].attributes.${'k'.repeat(L.keyLength + 1)}`,
  ],
  [
    'attribute number',
    (o) => withBowl({ attributes: { n: -(L.attributeMagnitude + 2 * o) } }),
    'nodes[13].attributes.n',
  ],
  [
    'state value',
    (o) => withBowl({ state: { fill: 'f'.repeat(L.stateValueLength + o) } }),
    'nodes[13].state.fill',
  ],
  ['state dimensions', (o) => withBowl({ state: keyed(L.statesPerNode + o, () => 'on') }), 'nodes[13].state'],
  [
    'affordance',
    (o) => withBowl({ affordances: ['p'.repeat(L.affordanceLength + o)] }),
    'nodes[13].affordances[0]',
  ],
  [
    'affordances per node',
    (o) => withBowl({ affordances: Array.from({ length: L.affordancesPerNode + o }, (_, i) => `s${i}`) }),
    'nodes[13].affordances',
  ],
  ['coordinate', (o) => withBowl({ position: [0, L.coordinateMagnitude + o, 0] }), 'nodes[13].position[1]'],
  [
    'navigation distance',
    (o) => {
      const file = smallScene();
      file.edges[16] = {
        kind: 'navigation',
        source: 'pose_hall',
        target: 'pose_bedroom',
        distance: L.distance + o,
      };
      return file;
    },
    'edges[16].distance',
  ],
  ['scene name', (o) => ({ ...smallScene(), name: 'n'.repeat(L.nameLength + o) }), 'name'],
];

describe('the bounds on a scene file', () => {
  it.each([Number.POSITIVE_INFINITY, null, [1], { a: 1 }])(
    'words an attribute value %s as an attribute problem',
    (value) => {
      const file = withBowl({ attributes: { t: 1 } });
      (file.nodes[BOWL]!.attributes as Record<string, unknown>).t = value;
      const result = parseScene(file);
      expect(result.ok ? [] : result.error).toEqual([
        {
          path: 'nodes[13].attributes.t',
          message: expect.stringMatching(/^an attribute is a string, a finite number or a boolean/),
        },
      ]);
    },
  );

  it.each(cases)('accepts the %s at its bound and refuses one past it, in one line', (_what, build, path) => {
    const atBound = parseScene(build(0));
    expect(atBound.ok ? [] : atBound.error).toEqual([]);
    const past = parseScene(build(1));
    expect(past.ok).toBe(false);
    const problems = past.ok ? [] : past.error;
    expect(problems.map((p) => p.path)).toContain(path);
    for (const problem of problems) expect(problem.message).toMatch(/^[^\n]+$/);
    expect(problems.map((p) => p.message).join(' ')).not.toMatch(/Invalid key|Too (big|small)/);
  });

  it('writes a derived distance that always loads again, even between the farthest positions', () => {
    const file = smallScene();
    const far = L.coordinateMagnitude;
    file.nodes[7] = { ...file.nodes[7]!, position: [far, far, far] }; // pose_hall
    file.nodes[8] = { ...file.nodes[8]!, position: [-far, -far, -far] }; // pose_bedroom
    delete (file.edges[16] as { distance?: number }).distance;
    const parsed = parseScene(file);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.error));
    const edge = parsed.value.edge('pose_hall', 'pose_bedroom')!;
    const attributes = parsed.value.getEdgeAttributes(edge);
    expect(attributes.kind === 'navigation' && attributes.distance).toBeCloseTo(2 * far * Math.sqrt(3));
  });
});
