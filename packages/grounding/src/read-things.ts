import type { SceneGraph } from '@groundplan/scene-graph';
import { unknownPhrases } from './missing-things.js';
import type { ReadingDetails } from './reading.js';

/**
 * The things a model's reading names that the building does not have: the word that names the
 * thing (the phrase's last: "a slice of pizza" -> pizza; "thrown items" -> items, which names
 * nothing in particular) is in no node's text, and the phrase's nearest node is below `below` in
 * meaning. A category ("ingredients") is no node's word either and reads as missing: a word
 * test's limit. Excluded things are never missing.
 */
export function absentReadThings(
  graph: SceneGraph,
  details: ReadingDetails,
  below: number,
): { phrase: string; nearest: string }[] {
  const excluded = new Set(details.excluded);
  const unknown = new Set(
    details.things.filter(
      (thing) => !excluded.has(thing) && unknownPhrases(graph, headWord(thing)).length > 0,
    ),
  );
  return details.grounding.flatMap(({ phrase, nodes }) =>
    unknown.has(phrase) && (nodes[0]?.score ?? 0) < below
      ? [{ phrase, nearest: nodes[0]?.id ?? 'nothing' }]
      : [],
  );
}

/**
 * The nodes the person said not to use, touch or move: each excluded phrase's nearest node, when
 * it is at least `near` in meaning (a phrase that names nothing here excludes nothing).
 */
export function excludedNodes(details: ReadingDetails, near: number): Set<string> {
  const excluded = new Set(details.excluded);
  return new Set(
    details.grounding.flatMap(({ phrase, nodes }) =>
      excluded.has(phrase) && nodes[0] !== undefined && nodes[0].score >= near ? [nodes[0].id] : [],
    ),
  );
}

/** The word that names a thing: its phrase's last ("slice of pizza": pizza), none for an empty phrase. */
function headWord(phrase: string): string[] {
  return (phrase.toLowerCase().match(/[a-z][a-z']*/g) ?? []).slice(-1);
}
