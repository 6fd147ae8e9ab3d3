import type { SceneGraph } from '@groundplan/scene-graph';
import { stem } from './missing-things.js';

/** A node's naming words, stemmed: its id's words and its attributes' names and text values (not those that name someone else: owner, for, sender). */
export function nodeWords(graph: SceneGraph, id: string): string[] {
  const attributes = (graph.getNodeAttribute(id, 'attributes') ?? {}) as Record<string, unknown>;
  const texts = [
    id,
    // A flag names the node only when it holds: "alcoholic": false is no alcohol.
    ...Object.entries(attributes).flatMap(([key, value]) => (value === false ? [] : [key])),
    ...Object.entries(attributes).flatMap(([key, value]) =>
      typeof value === 'string' && !OTHERS.has(key) ? [value] : [],
    ),
  ];
  return texts.flatMap((text) => (text.toLowerCase().match(/[a-z]+/g) ?? []).map(stem));
}

/** Attributes whose values name someone or something else than the node. */
const OTHERS = new Set(['owner', 'occupant', 'for', 'sender', 'note', 'shows']);
