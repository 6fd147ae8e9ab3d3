import { sceneToJson } from '../format/canonical-json.js';
import type { SceneFile } from '../format/schema.js';
import { checkSceneFile, parseScene } from '../format/validate.js';
import { parseJsonText } from '../io/json-text.js';
import type { SceneGraph } from '../model/scene-graph.js';
import { sceneToFile } from '../model/scene-graph.js';
import { renderFullScene } from '../search/render.js';
import { collapse, contract, expand, isExpandable, renderView, visibleNodes } from '../search/view.js';
import type { View } from '../search/visible.js';
import { countTokens } from '../tokens/count-tokens.js';

/**
 * What a scene file's text came to: `refused` (groundplan's own one-line messages) or `accepted`
 * (and sound) are the only good verdicts. `crash`: something threw; `bad-message`: refused, but
 * without a one-line message; `accepted-invalid`: accepted, yet the full checker or the canonical
 * round trip disagrees. A case over a second is a hang whatever its verdict (the caller times it).
 */
export type MutantVerdict = 'accepted' | 'refused' | 'crash' | 'bad-message' | 'accepted-invalid';

export type MutantOutcome = { verdict: MutantVerdict; detail?: string };

/** Loads the text as a scene file would be loaded, and if it is accepted, searches and renders it. */
export function checkSceneText(text: string): MutantOutcome {
  try {
    const json = parseJsonText(text);
    if (!json.ok) return isOneLine(json.error) ? { verdict: 'refused' } : badMessage(json.error);
    const parsed = parseScene(json.value);
    if (!parsed.ok) {
      const problems = parsed.error;
      if (problems.length === 0) return badMessage('no problems listed');
      for (const problem of problems) {
        if (typeof problem.path !== 'string' || !isOneLine(problem.message))
          return badMessage(problem.message);
        // A message about edges on a node's field is a message about something else.
        if (problem.message.startsWith('edge kind') && !problem.path.startsWith('edges'))
          return badMessage(`${problem.path}: ${problem.message}`);
      }
      return { verdict: 'refused' };
    }
    return checkAccepted(parsed.value, json.value);
  } catch (error) {
    return {
      verdict: 'crash',
      detail: oneLine(error instanceof Error ? (error.stack ?? error.message) : String(error)),
    };
  }
}

function checkAccepted(graph: SceneGraph, input: unknown): MutantOutcome {
  // The fast path accepted it, or the full checker did: the full checker must accept it too.
  const full = checkSceneFile(input);
  if (!full.ok) return { verdict: 'accepted-invalid', detail: `full checker: ${full.error[0]?.message}` };
  const again = checkSceneFile(sceneToFile(graph));
  if (!again.ok)
    return { verdict: 'accepted-invalid', detail: `graph written back: ${again.error[0]?.message}` };
  const canonical = sceneToJson(graph);
  const reloaded = parseScene(JSON.parse(canonical));
  if (!reloaded.ok)
    return { verdict: 'accepted-invalid', detail: `canonical form: ${reloaded.error[0]?.message}` };
  if (sceneToJson(reloaded.value) !== canonical)
    return { verdict: 'accepted-invalid', detail: 'the canonical form changes on a second load' };
  const lost = lostNodeData(input as SceneFile, JSON.parse(canonical) as SceneFile);
  if (lost !== undefined) return { verdict: 'accepted-invalid', detail: `the canonical form loses ${lost}` };

  // Search it the way the planner does: expand what can be expanded (a bounded number), render
  // the view and count its tokens, contract again; render the whole scene once.
  let view: View = collapse(graph);
  countTokens(renderView(graph, view));
  for (let step = 0; step < 12; step++) {
    const next = visibleNodes(graph, view).find(
      (id) => !view.expanded.includes(id) && isExpandable(graph, id),
    );
    if (next === undefined) break;
    const expanded = expand(graph, view, next);
    if (!expanded.ok) return { verdict: 'accepted-invalid', detail: `expand "${next}": ${expanded.error}` };
    view = expanded.value;
    countTokens(renderView(graph, view));
  }
  for (const id of [...view.expanded]) {
    const contracted = contract(graph, view, id);
    if (contracted.ok) view = contracted.value;
  }
  countTokens(renderView(graph, view));
  countTokens(renderFullScene(graph));
  return { verdict: 'accepted' };
}

// Every node's attributes, state and affordances, as entries (own "__proto__" keys included),
// must reach the canonical form unchanged.
function lostNodeData(input: SceneFile, canonical: SceneFile): string | undefined {
  const written = new Map(canonical.nodes.map((node) => [node.id, node]));
  if (written.size !== input.nodes.length) return `${input.nodes.length - written.size} nodes`;
  for (const node of input.nodes) {
    const out = written.get(node.id);
    for (const field of ['attributes', 'state', 'affordances'] as const)
      if (entriesOf(node[field]) !== entriesOf(out?.[field])) return `the ${field} of "${node.id}"`;
  }
  return undefined;
}

function entriesOf(value: object | undefined): string {
  return value === undefined
    ? ''
    : JSON.stringify(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

function isOneLine(message: unknown): boolean {
  return typeof message === 'string' && message.length > 0 && !/[\r\n]/.test(message);
}

function badMessage(message: unknown): MutantOutcome {
  return { verdict: 'bad-message', detail: oneLine(String(message)) };
}

function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, ' | ').slice(0, 500);
}
