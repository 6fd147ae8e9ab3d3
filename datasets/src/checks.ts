import { checkSceneFile, type SceneFile } from '../../packages/scene-graph/src/index.js';
import type { Requirement } from './requirements.js';

/**
 * What is wrong with a compiled scene, as sentences; empty when it is sound. The build refuses to
 * write a file with problems, so a typo in a table never reaches the JSON.
 */
export function sceneProblems(file: SceneFile): string[] {
  const checked = checkSceneFile(file);
  if (!checked.ok) return checked.error.map((p) => `${p.path}: ${p.message}`);
  const agents = file.nodes.filter((n) => n.kind === 'agent').length;
  return [...(agents === 1 ? [] : [`expected one agent, found ${agents}`]), ...unreachablePlaces(file)];
}

/** Rooms and poses the agent cannot reach over navigation edges. */
function unreachablePlaces(file: SceneFile): string[] {
  const next = new Map<string, string[]>();
  for (const e of file.edges) {
    if (e.kind !== 'navigation') continue;
    next.set(e.source, [...(next.get(e.source) ?? []), e.target]);
    next.set(e.target, [...(next.get(e.target) ?? []), e.source]);
  }
  const start = file.edges.find((e) => e.kind === 'at')?.target;
  const seen = new Set(start === undefined ? [] : [start]);
  const queue = [...seen];
  for (let place = queue.shift(); place !== undefined; place = queue.shift()) {
    for (const n of next.get(place) ?? []) {
      if (seen.has(n)) continue;
      seen.add(n);
      queue.push(n);
    }
  }
  return file.nodes
    .filter((n) => (n.kind === 'room' || n.kind === 'pose') && !seen.has(n.id))
    .map((n) => `${n.id} cannot be reached from where the agent starts`);
}

/** Node ids a goal predicate mentions: inside(a, b) -> [a, b]; state(x, door, closed) -> [x]. */
export function goalNodeIds(predicate: string): string[] {
  const match = /^(?:not )?(\w+)\((.*)\)$/.exec(predicate.trim());
  if (!match) return [];
  const [, name, args] = match;
  const parts = args!.split(',').map((s) => s.trim());
  if (name === 'state') return parts.slice(0, 1);
  if (name === 'holding') return parts.filter((p) => p !== 'nothing');
  return parts;
}

/** Requirement ids that name no node of their scene, or goals that do not parse. */
export function requirementProblems(
  requirements: Requirement[],
  scenes: Record<string, SceneFile>,
): string[] {
  const problems: string[] = [];
  for (const r of requirements) {
    const ids = new Set(scenes[r.environment]!.nodes.map((n) => n.id));
    for (const goal of r.goal ?? []) {
      if (!/^(not )?(inside|on|state|holding)\(.+\)$/.test(goal))
        problems.push(`${r.id}: goal "${goal}" does not parse`);
    }
    const accepted = Object.entries(r.accepted ?? {}).flat(2);
    const named = [...r.required, ...(r.answer ?? []), ...(r.goal ?? []).flatMap(goalNodeIds), ...accepted];
    for (const id of named) if (!ids.has(id)) problems.push(`${r.id}: ${id} is not in ${r.environment}`);
  }
  return problems;
}
