import { err, ok, type Result, type SceneGraph, searchTree } from '@groundplan/scene-graph';
import { groupsHolding, looseNode } from './scene-parts.js';
import type { SceneSearch, SearchHit } from './view-data.js';

/** The most hits a search answers with, best first; `total` says how many matched. */
export const MAX_HITS = 20;
/** The longest search text taken: an id is at most a few dozen characters. */
export const MAX_QUERY = 200;

// How well a node matched, best first: its id exactly, the start of its id, within its id (or
// its id read as words: "meeting room" finds meeting_room_f8_r47), within its attributes and state.
const RANK = ['id', 'id-start', 'id-within', 'attributes'] as const;
type Match = (typeof RANK)[number];

/** "meeting_room_f8_r47" -> "meeting room f8 r47": ids and words compared alike. */
const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[_.:\s-]+/)
    .filter(Boolean)
    .join(' ');

type Entry = { id: string; kind: SearchHit['kind']; lower: string; spoken: string; facts: string };

const entries = new WeakMap<SceneGraph, Entry[]>();

/** Every node of the scene and every group of rooms, with the texts a search reads: made once per scene. */
function searchEntries(graph: SceneGraph): Entry[] {
  const known = entries.get(graph);
  if (known) return known;
  const list: Entry[] = [];
  graph.forEachNode((id, attributes) => {
    const facts = Object.entries({ ...attributes.attributes, ...attributes.state })
      .map(([key, value]) => `${key} ${String(value)}`)
      .join(' ');
    list.push({ id, kind: attributes.kind, lower: id.toLowerCase(), spoken: words(id), facts: words(facts) });
  });
  // A group is found by its id and by its gloss (the room types it holds), as its label reads.
  for (const group of searchTree(graph).groups.values())
    list.push({
      id: group.id,
      kind: 'group',
      lower: group.id.toLowerCase(),
      spoken: words(group.id),
      facts: words(group.roomTypes),
    });
  list.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  entries.set(graph, list);
  return list;
}

function matchOf(entry: Entry, lower: string, spoken: string): Match | undefined {
  if (entry.lower === lower) return 'id';
  if (entry.lower.startsWith(lower)) return 'id-start';
  if (entry.lower.includes(lower) || (spoken !== '' && entry.spoken.includes(spoken))) return 'id-within';
  if (spoken !== '' && entry.facts.includes(spoken)) return 'attributes';
  return undefined;
}

/**
 * Searches the whole scene (not only what the page has drawn) for a text: nodes and groups of
 * rooms by id, by the id's words, by their attributes and state. At most MAX_HITS, best first,
 * each with the groups to open to draw it (none found: no hits); a one-line reason for a text
 * that is empty or too long.
 */
export function searchScene(graph: SceneGraph, text: string): Result<SceneSearch, string> {
  const query = text.trim();
  if (query === '') return err('a search needs a word: an id, part of one, or an attribute');
  if (query.length > MAX_QUERY) return err(`a search is at most ${MAX_QUERY} characters`);
  const lower = query.toLowerCase();
  const spoken = words(query);
  const ranked: { entry: Entry; rank: number }[] = [];
  for (const entry of searchEntries(graph)) {
    const match = matchOf(entry, lower, spoken);
    if (match !== undefined) ranked.push({ entry, rank: RANK.indexOf(match) });
  }
  // Stable: within a rank, by id.
  ranked.sort((a, b) => a.rank - b.rank);
  const hits = ranked.slice(0, MAX_HITS).map(({ entry, rank }): SearchHit => {
    const loose = entry.kind === 'group' ? undefined : looseNode(graph, entry.id);
    return {
      id: entry.id,
      kind: entry.kind,
      match: RANK[rank]!,
      groups: groupsHolding(graph, entry.id),
      ...(loose ? { loose } : {}),
    };
  });
  return ok({ query, hits, total: ranked.length });
}
