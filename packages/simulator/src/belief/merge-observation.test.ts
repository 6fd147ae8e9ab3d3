import { type Observation, parentOf, sceneRef, sceneToJson } from '@groundplan/scene-graph';
import { describe, expect, it } from 'vitest';
import { officeScene } from '../test-support/office-scene.js';
import { mergeObservation } from './merge-observation.js';
import { sceneChanges } from './scene-changes.js';

const belief = officeScene();
const merged = (observation: Observation) => {
  const result = mergeObservation(belief, observation);
  if (!result.ok) throw new Error(result.error);
  return result.value;
};
const problem = (observation: unknown) => {
  const result = mergeObservation(belief, observation as Observation);
  return result.ok ? 'merged' : result.error;
};

describe('mergeObservation', () => {
  it('look_on: keeps what was seen, removes what was not, adds what is new', () => {
    const after = merged({
      kind: 'on',
      target: 'counter',
      seen: [
        { id: 'mug', type: 'object', parent: 'counter' },
        { id: 'cup', type: 'object', parent: 'counter' },
        {
          id: 'teapot',
          type: 'object',
          parent: 'counter',
          affordances: ['pickup'],
          state: { contents: 'tea' },
        },
      ],
    });
    expect(parentOf(after, 'teapot')).toEqual({ parent: 'counter', relation: 'on' });
    expect(after.getNodeAttributes('teapot')).toEqual({
      kind: 'object',
      affordances: ['pickup'],
      state: { contents: 'tea' },
    });
    // cloth, can and the lunchbox were believed on the counter and not seen there: gone.
    for (const gone of ['cloth', 'can', 'lunchbox']) expect(after.hasNode(gone)).toBe(false);
    expect(sceneChanges(belief, after)).toEqual([
      'can removed (was on counter)',
      'cloth removed (was on counter)',
      'lunchbox removed (was on counter)',
      'teapot added on counter',
    ]);
    // The belief itself is untouched.
    expect(belief.hasNode('cloth')).toBe(true);
  });

  it('look_on: an object seen elsewhere moves there, and a look on does not judge what is inside', () => {
    const after = merged({
      kind: 'on',
      target: 'fridge',
      seen: [{ id: 'mug', type: 'object', parent: 'fridge' }],
    });
    expect(parentOf(after, 'mug')).toEqual({ parent: 'fridge', relation: 'on' });
    expect(parentOf(after, 'banana')).toEqual({ parent: 'fridge', relation: 'inside' });
    expect(sceneChanges(belief, after)).toEqual(['mug moved from counter to fridge']);
  });

  it('look_inside: updates states, moves, and removes what is not inside any more', () => {
    const after = merged({
      kind: 'inside',
      target: 'fridge',
      seen: [{ id: 'apple', type: 'object', parent: 'fridge', state: { ripeness: 'rotten' } }],
      states: { fridge: { door: 'open' } },
    });
    expect(parentOf(after, 'apple')).toEqual({ parent: 'fridge', relation: 'inside' });
    expect(after.hasNode('banana')).toBe(false);
    expect(after.getNodeAttribute('fridge', 'state')).toEqual({ door: 'open' });
    expect(sceneChanges(belief, after)).toEqual([
      'apple moved from nikos_office to fridge',
      'apple ripeness: ripe -> rotten',
      'banana removed (was inside fridge)',
      'fridge door: closed -> open',
      'pizza removed (was inside fridge)',
    ]);
  });

  it('look_inside: what is inside a closed container that was seen stays believed', () => {
    const lunchboxFull = belief.copy();
    lunchboxFull.addNode('sandwich', { kind: 'object', affordances: ['pickup'] });
    lunchboxFull.addDirectedEdge('lunchbox', 'sandwich', { kind: 'hierarchy', relation: 'inside' });
    const after = mergeObservation(lunchboxFull, {
      kind: 'on',
      target: 'counter',
      seen: [{ id: 'lunchbox', type: 'object', parent: 'counter' }],
    });
    expect(after.ok && after.value.hasNode('sandwich')).toBe(true);
  });

  it('look_around: sees assets and what is on them; not inside closed containers', () => {
    const after = merged({
      kind: 'around',
      target: 'nikos_office',
      seen: [
        { id: 'nikos_desk', type: 'asset', parent: 'nikos_office' },
        { id: 'cabinet', type: 'asset', parent: 'nikos_office', state: { door: 'closed' } },
        { id: 'filing_drawer', type: 'asset', parent: 'nikos_office' },
        { id: 'bookshelf', type: 'asset', parent: 'nikos_office' },
        { id: 'banana', type: 'object', parent: 'nikos_desk', relation: 'on' },
      ],
    });
    // desk_lamp (asset) and apple (object in the room) were not seen: gone; the stapler in the
    // closed cabinet could not be seen, so it stays.
    expect(after.hasNode('desk_lamp')).toBe(false);
    expect(after.hasNode('apple')).toBe(false);
    expect(parentOf(after, 'stapler')).toEqual({ parent: 'cabinet', relation: 'inside' });
    expect(parentOf(after, 'bookshelf')).toEqual({ parent: 'nikos_office' });
    expect(parentOf(after, 'banana')).toEqual({ parent: 'nikos_desk', relation: 'on' });
  });

  it('look_around: a container seen open shows its contents, so an unseen one is removed', () => {
    const after = merged({
      kind: 'around',
      target: 'nikos_office',
      seen: ['nikos_desk', 'cabinet', 'filing_drawer', 'desk_lamp'].map((id) => ({
        id,
        type: 'asset' as const,
        parent: 'nikos_office',
      })),
      states: { cabinet: { door: 'open' } },
    });
    expect(after.hasNode('stapler')).toBe(false);
    expect(after.getNodeAttribute('cabinet', 'state')).toEqual({ door: 'open' });
  });

  it('nests seen objects on seen objects, and takes a held object out of the gripper', () => {
    const holding = belief.copy();
    holding.dropEdge(holding.inEdges('cloth')[0]!);
    holding.addDirectedEdge('agent', 'cloth', { kind: 'hierarchy' });
    const after = mergeObservation(holding, {
      kind: 'on',
      target: 'table',
      seen: [
        { id: 'tray', type: 'object', parent: 'table' },
        { id: 'cloth', type: 'object', parent: 'tray' },
      ],
    });
    expect(after.ok && parentOf(after.value, 'cloth')).toEqual({ parent: 'tray', relation: 'on' });
  });

  it('is deterministic: the same observation gives the same scene, byte for byte', () => {
    const observation: Observation = {
      kind: 'inside',
      target: 'fridge',
      seen: [
        { id: 'milk', type: 'object', parent: 'fridge' },
        { id: 'banana', type: 'object', parent: 'fridge' },
      ],
    };
    expect(sceneToJson(merged(observation))).toBe(sceneToJson(merged(observation)));
    expect(sceneRef(merged(observation))).not.toBe(sceneRef(belief));
  });

  it('merging the same observation twice changes nothing the second time', () => {
    const observation: Observation = {
      kind: 'on',
      target: 'counter',
      seen: [{ id: 'banana', type: 'object', parent: 'counter' }],
    };
    const once = merged(observation);
    const twice = mergeObservation(once, observation);
    expect(twice.ok && sceneRef(twice.value)).toBe(sceneRef(once));
  });
});

describe('mergeObservation refuses bad observations in one line', () => {
  it.each([
    [{ kind: 'on', target: 'nowhere', seen: [] }, "look_on(nowhere): 'nowhere' is not in the belief"],
    [{ kind: 'on', target: 'kitchen', seen: [] }, "look_on(kitchen): 'kitchen' is a room, not an asset"],
    [{ kind: 'around', target: 'fridge', seen: [] }, "look_around(fridge): 'fridge' is an asset, not a room"],
    [
      { kind: 'on', target: 'counter', seen: [{ id: 'mug', type: 'object', parent: 'shelf_9' }] },
      "look_on(counter): 'mug' rests on 'shelf_9', which is neither in the belief nor seen",
    ],
    [
      { kind: 'on', target: 'counter', seen: [{ id: 'mug', type: 'object', parent: 'sink' }] },
      "look_on(counter): 'mug' rests on 'sink', which is neither counter nor seen in this look",
    ],
    [
      { kind: 'on', target: 'counter', seen: [{ id: 'sink', type: 'object', parent: 'counter' }] },
      "look_on(counter): 'sink' is seen as an object but the belief has an asset",
    ],
    [
      { kind: 'on', target: 'counter', seen: [{ id: 'shelf', type: 'asset', parent: 'counter' }] },
      "look_on(counter): 'shelf' (asset) cannot rest on 'counter' (asset)",
    ],
    [
      {
        kind: 'on',
        target: 'counter',
        seen: [
          { id: 'mug', type: 'object', parent: 'counter' },
          { id: 'mug', type: 'object', parent: 'counter' },
        ],
      },
      "look_on(counter): 'mug' is seen twice",
    ],
    [
      {
        kind: 'on',
        target: 'counter',
        seen: [
          { id: 'a', type: 'object', parent: 'b' },
          { id: 'b', type: 'object', parent: 'a' },
        ],
      },
      "look_on(counter): 'a' rests on a loop of seen nodes",
    ],
    [
      { kind: 'on', target: 'counter', seen: [], states: { ghost: { door: 'open' } } },
      "look_on(counter): a state is given for 'ghost', which is neither in the belief nor seen",
    ],
    [{ kind: 'beside', target: 'counter', seen: [] }, 'invalid observation at kind:'],
    [
      { kind: 'on', target: 'counter', seen: [{ id: 'bad id!', type: 'object', parent: 'counter' }] },
      'invalid observation at seen[0].id: ids use letters',
    ],
    [{ kind: 'on', target: 'counter' }, 'invalid observation at seen:'],
  ])('%j', (observation, message) => {
    const error = problem(observation);
    expect(error).toContain(message);
    expect(error).not.toContain('\n');
  });

  it.each(Object.getOwnPropertyNames(Object.prototype))(
    'refuses the prototype name "%s" as a seen id, parent or state node',
    (name) => {
      for (const observation of [
        { kind: 'on', target: 'counter', seen: [{ id: name, type: 'object', parent: 'counter' }] },
        { kind: 'on', target: 'counter', seen: [{ id: 'mug', type: 'object', parent: name }] },
        { kind: 'on', target: name, seen: [] },
        JSON.parse(
          `{"kind":"on","target":"counter","seen":[],"states":{${JSON.stringify(name)}:{"door":"open"}}}`,
        ),
      ]) {
        const error = problem(observation);
        expect(error).toMatch(/^invalid observation/);
        expect(error).not.toContain('\n');
      }
    },
  );

  it('refuses "__proto__" as a state name', () => {
    const observation = JSON.parse(
      '{"kind":"on","target":"counter","seen":[],"states":{"mug":{"__proto__":"x"}}}',
    );
    expect(problem(observation)).toMatch(
      /^invalid observation at states\.mug: "__proto__" cannot be a state name/,
    );
  });
});
