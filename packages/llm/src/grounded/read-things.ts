import type { SceneGraph } from '@groundplan/scene-graph';
import { unknownPhrases } from './missing-things.js';
import type { ReadingDetails } from './reading.js';

/**
 * The things a model's reading names that the building does not have: a word of the phrase is in
 * no node's text ("a slice of pizza": pizza) and its nearest node is below `below` in meaning.
 * The model names each thing as its own phrase, so one unknown word is enough here, where the
 * rules' noun phrases need all their words unknown. Excluded things are not asked for, so they
 * are never missing.
 */
export function absentReadThings(
  graph: SceneGraph,
  details: ReadingDetails,
  below: number,
): { phrase: string; nearest: string }[] {
  const excluded = new Set(details.excluded);
  const unknown = new Set(
    details.things.filter(
      (thing) => !excluded.has(thing) && unknownPhrases(graph, thingWords(thing)).length > 0,
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

/** The words of a thing's phrase, without the ones that name nothing by themselves ("of", "the"). */
function thingWords(phrase: string): string[] {
  return (phrase.toLowerCase().match(/[a-z][a-z']*/g) ?? []).filter((word) => !FUNCTION_WORDS.has(word));
}

const FUNCTION_WORDS = new Set(
  'a an the of some any my your his her their our its this that these those for with to in on'.split(' '),
);
