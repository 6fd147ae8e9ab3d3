import type { SceneGraph } from '@groundplan/scene-graph';
import { checks, parentIn, type SimState, stateOf } from '@groundplan/simulator';

const { affords } = checks;

// Assets a thing is put on, by VirtualHome class name.
const SURFACE = /table|desk|counter|shelf|nightstand|bench|tvstand|bed|sofa|stall/;

/**
 * Delft-style goal sets (the seed of our Delft row): N sub-tasks, each "put an object that can be
 * picked up on a surface or in a container that can be opened", chosen by a seeded generator so a
 * run can be repeated. Targets with a closed door that cannot be opened are left out.
 */
export function delftGoalSets(
  scene: SceneGraph,
  start: SimState,
  options: { sizes: readonly number[]; seed: string },
): { goals: string[] }[] {
  const random = mulberry32(hash(options.seed));
  const kind = (id: string) => scene.getNodeAttribute(id, 'kind');
  const className = (id: string): string =>
    String(scene.getNodeAttribute(id, 'attributes')?.class_name ?? id);
  const objects = scene
    .filterNodes((id) => kind(id) === 'object' && affords(scene, id, 'pickup') && start.holding !== id)
    .sort();
  const targets = scene
    .filterNodes((id) => kind(id) === 'asset')
    .filter((id) => stateOf(scene, start, id, 'door') === undefined || affords(scene, id, 'open'))
    .filter((id) => affords(scene, id, 'contain') || SURFACE.test(className(id)))
    .sort();
  return options.sizes.map((size) => {
    const chosen = new Set<string>();
    const goals: string[] = [];
    while (goals.length < size) {
      const object = objects[Math.floor(random() * objects.length)]!;
      const target = targets[Math.floor(random() * targets.length)]!;
      if (chosen.has(object) || parentIn(scene, start, object)?.parent === target) continue;
      chosen.add(object);
      goals.push(`${affords(scene, target, 'contain') ? 'inside' : 'on'}(${object}, ${target})`);
    }
    return { goals };
  });
}

function hash(text: string): number {
  let h = 2166136261;
  for (const char of text) h = Math.imul(h ^ char.charCodeAt(0), 16777619);
  return h >>> 0;
}

function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
