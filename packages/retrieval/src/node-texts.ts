import { type NodeKind, parentOf, roomOf, type SceneGraph } from '@groundplan/scene-graph';

/** The kinds retrieval ranks; poses and the agent are navigation and robot, not things to find. */
export const INDEXED_KINDS: readonly NodeKind[] = ['campus', 'building', 'floor', 'room', 'asset', 'object'];

/** One node as retrieval sees it: its text, and its hierarchy parent for scoring containers. */
export type NodeText = { id: string; kind: NodeKind; text: string; parent?: string };

/**
 * One short text per node, from what the scene says about it:
 * "banana: object on fruit bowl in kitchen; ripeness ripe; affords pickup".
 * Ids are spoken as words (underscores and a trailing number become spaces), since the encoder
 * knows "meeting room 2" but not "meeting_room2". Sorted by id.
 */
export function nodeTexts(scene: SceneGraph): NodeText[] {
  const texts: NodeText[] = [];
  scene.forEachNode((id, attributes) => {
    if (!INDEXED_KINDS.includes(attributes.kind)) return;
    const up = parentOf(scene, id);
    const room = attributes.kind === 'asset' || attributes.kind === 'object' ? roomOf(scene, id) : undefined;
    let place = '';
    if (up) {
      place = ` ${up.relation ?? 'in'} ${spoken(up.parent)}`;
      if (room !== undefined && room !== up.parent) place += ` in ${spoken(room)}`;
    }
    const facts = [
      ...Object.entries(attributes.attributes ?? {}).map(([key, value]) => `${spoken(key)} ${String(value)}`),
      ...Object.entries(attributes.state ?? {}).map(([key, value]) => `${spoken(key)} ${spoken(value)}`),
    ];
    const affords = attributes.affordances?.length
      ? [`affords ${attributes.affordances.map(spoken).join(', ')}`]
      : [];
    const text = [`${spoken(id)}: ${attributes.kind}${place}`, ...facts, ...affords].join('; ');
    texts.push(
      up ? { id, kind: attributes.kind, text, parent: up.parent } : { id, kind: attributes.kind, text },
    );
  });
  return texts.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** "meeting_room2" -> "meeting room 2", "turn_on" -> "turn on"; codes such as "K31X" stay whole. */
export function spoken(id: string): string {
  return id
    .split(/[_.:\s-]+/)
    .filter(Boolean)
    .map((part) => part.replace(/^([a-z]+)([0-9]+)$/i, '$1 $2'))
    .join(' ');
}
