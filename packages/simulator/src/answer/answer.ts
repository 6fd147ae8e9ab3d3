import { parentOf, type SceneGraph } from '@groundplan/scene-graph';

/** One node that answers a question, with the evidence: where it rests and its state. */
export type AnswerNode = {
  id: string;
  kind: string;
  /** From the node up: "inside fridge", "in kitchen", "in floor_1". */
  where: string[];
  /** Its state (door, power, temperature, ...), as the scene says. */
  state: Record<string, string>;
};

/**
 * The answer to a question: the nodes that answer it, each with its evidence, and one line to say
 * it; with no node, "none found" and what was searched. Never a plan: nothing is changed.
 */
export type Answer = { nodes: AnswerNode[]; text: string; searched: string[] };

/** Describes the nodes a search found as the answer; `searched` are the places it looked in. */
export function describeAnswer(
  scene: SceneGraph,
  found: readonly string[],
  searched: readonly string[],
): Answer {
  const nodes = [...new Set(found)].filter((id) => scene.hasNode(id)).map((id) => answerNode(scene, id));
  const rooms = searched
    .filter((id) => scene.hasNode(id) && scene.getNodeAttribute(id, 'kind') === 'room')
    .sort();
  if (nodes.length === 0)
    return {
      nodes,
      searched: rooms,
      text: `none found; searched ${rooms.length === 0 ? 'no room' : rooms.join(', ')}`,
    };
  const text = nodes
    .map((node) => {
      const state = Object.entries(node.state).map(([key, value]) => `${key}: ${value}`);
      return `${node.id}${node.where.length > 0 ? ` (${node.where.join(', ')})` : ''}${state.length > 0 ? ` [${state.join(', ')}]` : ''}`;
    })
    .join('; ');
  return { nodes, searched: rooms, text };
}

function answerNode(scene: SceneGraph, id: string): AnswerNode {
  const where: string[] = [];
  let at: string = id;
  // Bounded: a malformed scene may hold a hierarchy cycle.
  for (let depth = 0; depth < 16; depth++) {
    const placement = parentOf(scene, at);
    if (placement === undefined) break;
    where.push(`${placement.relation ?? 'in'} ${placement.parent}`);
    if (scene.getNodeAttribute(placement.parent, 'kind') === 'room') break;
    at = placement.parent;
  }
  const state = scene.getNodeAttribute(id, 'state') ?? {};
  return { id, kind: scene.getNodeAttribute(id, 'kind'), where, state: { ...state } };
}
