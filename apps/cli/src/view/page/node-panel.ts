import type { SceneGraph } from '@groundplan/scene-graph/model';
import type { GroupData, RunData } from '../view-data.js';

/** The chain of parents from a node up to the top of the hierarchy, with how each rests on the next. */
export function parentChain(scene: SceneGraph, id: string): string[] {
  const chain: string[] = [];
  let at = id;
  for (let depth = 0; depth < 100; depth++) {
    const up = scene.findInEdge(at, (_edge, attributes) => attributes.kind === 'hierarchy');
    if (up === undefined) break;
    const attributes = scene.getEdgeAttributes(up);
    const relation = attributes.kind === 'hierarchy' ? attributes.relation : undefined;
    at = scene.source(up);
    chain.push(relation ? `${relation} ${at}` : at);
  }
  return chain;
}

/** When the planner first saw a node: the search step whose view showed it, or never. */
export function revealedText(run: RunData | undefined, id: string): string {
  if (!run || run.search.length === 0) return 'the run did not search';
  const step = run.revealed[id];
  if (step === undefined) return 'never shown to the planner';
  if (step === 0) return 'in the first view (before any search step)';
  const by = run.search[step - 1];
  return `search step ${step}${by ? `: ${by.command}(${by.node})` : ''}`;
}

/** A clicked or found node's facts: kind, floor, attributes, state, parents, when the search showed it, what the plan does with it. */
export function showNode(
  scene: SceneGraph,
  id: string,
  floor: string | undefined,
  run: RunData | undefined,
): void {
  const node = scene.getNodeAttributes(id);
  const facts: [string, string][] = [['kind', node.kind]];
  if (floor) facts.push(['floor', floor]);
  if (node.position) facts.push(['position', node.position.join(', ')]);
  for (const [key, value] of Object.entries(node.attributes ?? {})) facts.push([key, String(value)]);
  const state = Object.entries(node.state ?? {});
  facts.push(['state', state.length > 0 ? state.map(([k, v]) => `${k}: ${v}`).join(', ') : '-']);
  if (node.affordances?.length) facts.push(['affordances', node.affordances.join(', ')]);
  const chain = parentChain(scene, id);
  facts.push(['parents', chain.length > 0 ? chain.join(' → ') : '-']);
  facts.push(['revealed', revealedText(run, id)]);
  if (run) {
    const steps = run.plan
      .map((step, i) => ({ step, i }))
      .filter(({ step }) => new RegExp(`[(,]\\s*${escapeRegExp(id)}\\s*[,)]`).test(step));
    if (steps.length > 0)
      facts.push(['in the plan', steps.map(({ step, i }) => `${i + 1}. ${step}`).join('; ')]);
  }
  showFacts(id, facts);
}

/** A clicked group of rooms: its gloss, the groups it is in up to its floor, whether it is open, when the search showed it. */
export function showGroup(
  group: GroupData,
  groups: { group(id: string): GroupData | undefined; isOpen(id: string): boolean },
  run: RunData | undefined,
): void {
  const chain: string[] = [];
  for (
    let up: string | undefined = group.parent;
    up !== undefined && chain.length < 100;
    up = groups.group(up)?.parent
  )
    chain.push(up);
  showFacts(group.id, [
    ['kind', 'group of rooms (the search tree of a large building)'],
    ['floor', group.floor],
    ['rooms', String(group.rooms)],
    ['room types', group.roomTypes],
    ['parents', chain.join(' → ')],
    [
      'open',
      groups.isOpen(group.id) ? 'yes: its rooms are drawn; click it to close' : 'no: click it to open',
    ],
    ['revealed', revealedText(run, group.id)],
  ]);
}

function showFacts(id: string, facts: [string, string][]): void {
  document.getElementById('node')!.hidden = false;
  document.getElementById('node-id')!.textContent = id;
  document.getElementById('node-facts')!.replaceChildren(
    ...facts.flatMap(([term, value]) => {
      const dt = document.createElement('dt');
      dt.textContent = term;
      const dd = document.createElement('dd');
      dd.textContent = value;
      dd.dataset.fact = term;
      return [dt, dd];
    }),
  );
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
