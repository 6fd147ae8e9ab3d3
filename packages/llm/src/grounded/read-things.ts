import type { SceneGraph } from '@groundplan/scene-graph';
import { unknownPhrases } from './missing-things.js';
import type { ReadingDetails } from './reading.js';

/**
 * The things a model's reading names that the building does not have: no word of the phrase is
 * in any node's text and its nearest node is below `below` in meaning. Excluded things are not
 * asked for, so they are never missing.
 */
export function absentReadThings(
  graph: SceneGraph,
  details: ReadingDetails,
  below: number,
): { phrase: string; nearest: string }[] {
  const excluded = new Set(details.excluded);
  const unknown = new Set(
    unknownPhrases(
      graph,
      details.things.filter((thing) => !excluded.has(thing)),
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
