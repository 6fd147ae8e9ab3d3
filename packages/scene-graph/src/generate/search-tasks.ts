import type { SceneFile } from '../format/schema.js';
import { type GenerateSceneOptions, generateSceneFile } from './generate-scene.js';
import { mulberry32 } from './prng.js';

/** One search task in a generated building: the instruction describes the thing, the answer is known. */
export type GeneratedSearchTask = {
  id: string;
  /** Names the thing only indirectly ("the stringed instrument a visitor left behind"). */
  instruction: string;
  /** The node that answers: the one thing placed for this task. */
  answer: string;
  /** Where it was placed: its room and that room's floor. */
  room: string;
  floor: string;
};

/** A generated building and its search tasks, regenerated from the options alone. */
export type GeneratedSearchTaskSet = { scene: SceneFile; tasks: GeneratedSearchTask[] };

// Things the generator's catalogue never places, each with a description that avoids its name,
// so the search must reason from meaning to the node.
const HIDDEN_THINGS = [
  ['violin', 'the stringed instrument a visitor left behind'],
  ['passport', 'the travel document someone lost'],
  ['trophy', 'the award the team won last season'],
  ['stethoscope', "the doctor's listening device"],
  ['drone', 'the small flying camera'],
  ['telescope', 'the instrument for looking at the stars'],
  ['skateboard', 'the board with four wheels'],
  ['umbrella', 'what keeps the rain off'],
  ['headphones', 'what someone listens to music with in private'],
  ['globe', 'the spinning map of the world'],
  ['harmonica', 'the small instrument you play with your mouth'],
  ['chess_set', 'the board game with kings and pawns'],
] as const;

/** How many tasks a set can have: one per hidden thing, each placed once. */
export const MAX_SEARCH_TASKS = HIDDEN_THINGS.length;

/**
 * A building from generateSceneFile(options) with `count` distinctive things placed on assets of
 * rooms chosen by the seed (never two in one room), and one search task for each: the answers
 * are known by construction. The same options and count give the same scene and tasks.
 */
export function generateSearchTaskSet(options: GenerateSceneOptions, count: number): GeneratedSearchTaskSet {
  if (!Number.isInteger(count) || count < 1 || count > MAX_SEARCH_TASKS)
    throw new RangeError(`a generated task set has 1 to ${MAX_SEARCH_TASKS} tasks, not ${count}`);
  const scene = generateSceneFile(options);
  const random = mulberry32(options.seed ^ 0x5eed);
  const kindOf = new Map(scene.nodes.map((node) => [node.id, node.kind]));
  const assetsOf = new Map<string, string[]>();
  const floorOf = new Map<string, string>();
  const relationOf = new Map<string, 'on' | 'inside'>();
  for (const edge of scene.edges) {
    if (edge.kind !== 'hierarchy') continue;
    const from = kindOf.get(edge.source);
    const to = kindOf.get(edge.target);
    if (from === 'floor' && to === 'room') floorOf.set(edge.target, edge.source);
    if (from === 'room' && to === 'asset') {
      const list = assetsOf.get(edge.source);
      if (list) list.push(edge.target);
      else assetsOf.set(edge.source, [edge.target]);
    }
    if (from === 'asset' && edge.relation !== undefined) relationOf.set(edge.source, edge.relation);
  }
  const furnished = [...assetsOf.keys()];
  if (furnished.length < count)
    throw new RangeError(`the building has ${furnished.length} furnished rooms, fewer than ${count} tasks`);

  const chosen = new Set<string>();
  const tasks: GeneratedSearchTask[] = [];
  for (const [name, description] of HIDDEN_THINGS.slice(0, count)) {
    let room: string;
    do room = furnished[Math.floor(random() * furnished.length)]!;
    while (chosen.has(room));
    chosen.add(room);
    const assets = assetsOf.get(room)!;
    const asset = assets[Math.floor(random() * assets.length)]!;
    const id = `${name}_1`;
    scene.nodes.push({ id, kind: 'object', affordances: ['pickup'] });
    scene.edges.push({
      kind: 'hierarchy',
      source: asset,
      target: id,
      relation: relationOf.get(asset) ?? 'on',
    });
    tasks.push({
      id: `${scene.name}-find-${name}`,
      instruction: `Find ${description}.`,
      answer: id,
      room,
      floor: floorOf.get(room)!,
    });
  }
  return { scene, tasks };
}
