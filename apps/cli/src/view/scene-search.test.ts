import { generateScene, roomsOfGroup, sceneRef, searchTree } from '@groundplan/scene-graph';
import { describe, expect, it } from 'vitest';
import { route, type ViewSources } from './routes.js';
import type { RunReader } from './run-data.js';
import { groupPart, sceneData } from './scene-parts.js';
import { MAX_HITS, searchScene } from './scene-search.js';
import type { SceneSearch } from './view-data.js';

// 4 floors of 150 rooms: a building the search nests (groups of groups of rooms), so the page first draws no room.
const large = generateScene({ seed: 7, floors: 4, roomsPerFloor: 150, assetsPerRoom: 2, objectsPerAsset: 1 });
const ref = sceneRef(large);

const search = (text: string): SceneSearch => {
  const found = searchScene(large, text);
  if (!found.ok) throw new Error(found.error);
  return found.value;
};

describe('searching a large building as a whole, not only what the page has drawn', () => {
  it('finds an object in a group no one opened, first, with the groups that draw it when opened in turn', () => {
    const { scene } = sceneData(large, ref);
    const tree = searchTree(large);
    const group = tree.children.get('floor_4')!.at(-1)!;
    const room = roomsOfGroup(large, group).at(-1)!;
    const object = large.outNeighbors(large.outNeighbors(room)[0]!)[0]!;
    expect(scene.nodes.map((node) => node.id)).not.toContain(object);

    const [hit] = search(object).hits;
    expect(hit).toMatchObject({ id: object, kind: 'object', match: 'id' });
    expect(hit!.groups[0]).toBe(group);
    // Opening the groups outermost first, as the page does: each is in the one before, the last draws the object.
    let inside = new Set(sceneData(large, ref).grouped!.groups.map((g) => g.id));
    let last: string[] = [];
    for (const id of hit!.groups) {
      expect(inside.has(id)).toBe(true);
      const part = groupPart(large, id);
      if (!part.ok) throw new Error(part.error);
      inside = new Set(part.value.groups.map((g) => g.id));
      last = part.value.nodes.map((node) => node.id);
    }
    expect(last).toContain(object);
  });

  it('ranks the id itself, then ids it starts, then ids it is in (or their words), then attributes; at most 20 hits', () => {
    // Floor 2's room 1 (whatever its type), then what is in it, whose ids start with the room's.
    const [room] = large.filterNodes((id, attributes) => attributes.kind === 'room' && id.endsWith('_f2_r1'));
    const ids = search(room!.toUpperCase());
    expect(ids.hits[0]).toMatchObject({ id: room, match: 'id' });
    const ranks = ids.hits.map((hit) => hit.match);
    expect(ranks).toEqual([...ranks].sort((a, b) => order(a) - order(b)));
    expect(ranks).toContain('id-start');
    expect(ids.hits.filter((hit) => hit.match === 'id-start').every((hit) => hit.id.startsWith(room!))).toBe(
      true,
    );

    // Words of an id: "meeting room" finds meeting_room_f*_r* (and the groups whose gloss names
    // meeting rooms, after them); far more than 20 match, 20 are sent.
    const rooms = search('Meeting Room');
    const glossed = [...searchTree(large).groups.values()].filter((g) =>
      g.roomTypes.includes('meeting_room'),
    );
    expect(rooms.total).toBe(large.filterNodes((id) => id.includes('meeting_room')).length + glossed.length);
    expect(rooms.total).toBeGreaterThan(MAX_HITS);
    expect(rooms.hits).toHaveLength(MAX_HITS);
    expect(rooms.hits.every((hit) => hit.id.includes('meeting_room') && hit.match === 'id-within')).toBe(
      true,
    );

    // An attribute's value: metal assets, none of whose ids say so.
    const metal = search('metal');
    expect(metal.hits.length).toBeGreaterThan(0);
    for (const hit of metal.hits) {
      expect(hit.match).toBe('attributes');
      expect(JSON.stringify(large.getNodeAttributes(hit.id))).toContain('metal');
    }
  });

  it('finds a group of rooms by its id, with the groups above it to open', () => {
    const tree = searchTree(large);
    const outer = tree.children.get('floor_2')![1]!;
    const inner = tree.children.get(outer)![2]!;
    const [hit] = search(inner).hits;
    expect(hit).toEqual({ id: inner, kind: 'group', match: 'id', groups: [outer] });
  });

  it('sends a corridor pose that no group draws with its edges', () => {
    const [hit] = search('stairs_f3').hits;
    expect(hit?.groups).toEqual([]);
    expect(hit?.loose?.nodes.map((node) => node.id)).toEqual(['stairs_f3']);
    expect(hit?.loose?.edges.length).toBeGreaterThan(0);
    // The agent's own pose is in the top already: nothing to send.
    expect(search('stairs_f1').hits[0]).toEqual({ id: 'stairs_f1', kind: 'pose', match: 'id', groups: [] });
  });

  it('finds nothing for a text no node has, and refuses an empty or overlong one', () => {
    expect(search('__proto__')).toEqual({ query: '__proto__', hits: [], total: 0 });
    expect(searchScene(large, '   ')).toEqual({
      ok: false,
      error: 'a search needs a word: an id, part of one, or an attribute',
    });
    expect(searchScene(large, 'x'.repeat(201))).toEqual({
      ok: false,
      error: 'a search is at most 200 characters',
    });
  });
});

describe('the route to search a scene the view drew', () => {
  const unreachable = async (): Promise<never> => {
    throw new Error('the reader was asked');
  };
  const runs = {
    run: unreachable,
    scene: unreachable,
    list: unreachable,
    steer: unreachable,
  } satisfies RunReader;
  const sources: ViewSources = { script: '', scene: large, runs };
  const at = (text: string, sceneRefText = encodeURIComponent(ref)) =>
    `/api/scene/${sceneRefText}/search/${text}`;

  it('answers the hits, once the view has drawn the scene', async () => {
    expect((await route('GET', at('piano'), '', sources)).status).toBe(404);
    expect((await route('GET', '/api/scene', '', sources)).status).toBe(200);
    const reply = await route('GET', at(encodeURIComponent('floor_2:part1.3')), '', sources);
    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.body)).toEqual(JSON.parse(JSON.stringify(search('floor_2:part1.3'))));
  });

  it('refuses hostile, long, empty or malformed text in one line of JSON', async () => {
    await route('GET', '/api/scene', '', sources);
    const refused: [string, number, RegExp][] = [
      [at('__proto__'), 404, /^groundplan: no node matches '__proto__' in scene /],
      [at('constructor'), 404, /^groundplan: no node matches 'constructor'/],
      [at('x'.repeat(10_000)), 400, /^groundplan: a search is at most 200 characters$/],
      [at(encodeURIComponent('<script>'.repeat(1_300))), 400, /^groundplan: a search is at most 200/],
      [at(''), 400, /^groundplan: a search needs a word/],
      [at('%20%20'), 400, /^groundplan: a search needs a word/],
      [at('%E0%A4%A'), 400, /^groundplan: the scene reference or search text is not valid percent-encoding$/],
      [at('office', '..%2F..%2Fetc'), 400, /^groundplan: '..\/..\/etc' is not a scene reference/],
      [at('office', `sha256:${'0'.repeat(64)}`), 404, /^groundplan: this view has drawn no scene sha256:0+/],
    ];
    for (const [path, status, error] of refused) {
      const reply = await route('GET', path, '', sources);
      expect([path.slice(0, 120), reply.status]).toEqual([path.slice(0, 120), status]);
      expect(reply.type).toContain('application/json');
      expect(reply.body.trim().split('\n')).toHaveLength(1);
      expect(JSON.parse(reply.body).error).toMatch(error);
    }
  });
});

function order(match: string): number {
  return ['id', 'id-start', 'id-within', 'attributes'].indexOf(match);
}
