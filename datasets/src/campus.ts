/**
 * Writes datasets/campus.json, the office and the home side by side on one campus (issue 27), and
 * datasets/tasks/campus-search-tasks.json, SayPlan search tasks of either building whose answers
 * stay known on the campus. Run from the repository root: npx tsx datasets/src/campus.ts
 *
 * Every id of a building gets its name as a prefix (`office_coke_can`, `home_floor1`), so ids stay
 * unique; each building's floors go under a building node, both under one campus node, rooms and
 * everything in them as they were. The robot is the office's (where it was, holding what it held);
 * the home's is left out (a scene has one agent). A path of poses' worth joins the two entrances.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  buildSceneGraph,
  SCENE_FORMAT,
  SCENE_FORMAT_VERSION,
  type SceneEdge,
  type SceneFile,
  type SceneNode,
  sceneToJson,
} from '../../packages/scene-graph/src/index.js';
import { sceneProblems } from './checks.js';

const datasets = join(dirname(fileURLToPath(import.meta.url)), '..');
const BUILDINGS = ['office', 'home'] as const;
/** How far east of the office the home stands, in metres (the office spans x 0..96). */
const HOME_OFFSET_X = 140;
/** Search tasks taken from each building. */
const TASKS_PER_BUILDING = 4;

type Requirement = { id: string; environment: string; match?: string; answer?: string[]; goal?: string[] };
type SayPlanTask = { id: string; environment: string; family: string; instruction: string };

const read = <T>(path: string): T => JSON.parse(readFileSync(join(datasets, path), 'utf8')) as T;
const scenes = { office: read<SceneFile>('office.json'), home: read<SceneFile>('home.json') };

/** The campus scene: both buildings, prefixed, under one campus node. */
export function campusOf(office: SceneFile, home: SceneFile): SceneFile {
  const nodes: SceneNode[] = [{ id: 'campus', kind: 'campus' }];
  const edges: SceneEdge[] = [];
  for (const [name, file] of [
    ['office', office],
    ['home', home],
  ] as const) {
    const id = (old: string) => `${name}_${old}`;
    const shift = name === 'home' ? HOME_OFFSET_X : 0;
    const keepAgent = name === 'office';
    nodes.push({ id: `${name}_building`, kind: 'building' });
    edges.push({ kind: 'hierarchy', source: 'campus', target: `${name}_building` });
    for (const node of file.nodes) {
      if (node.kind === 'agent') {
        if (keepAgent) nodes.push({ ...node });
        continue;
      }
      const copy: SceneNode = { ...node, id: id(node.id) };
      if (node.position) copy.position = [node.position[0] + shift, node.position[1], node.position[2]];
      nodes.push(copy);
      if (node.kind === 'floor') edges.push({ kind: 'hierarchy', source: `${name}_building`, target: copy.id });
    }
    const agent = file.nodes.find((node) => node.kind === 'agent')?.id;
    for (const edge of file.edges) {
      const fromAgent = edge.source === agent;
      if (fromAgent && !keepAgent) continue;
      edges.push({ ...edge, source: fromAgent ? edge.source : id(edge.source), target: id(edge.target) });
    }
  }
  const entrance = (file: SceneFile) => file.edges.find((edge) => edge.kind === 'at')!.target;
  const from = nodes.find((node) => node.id === `office_${entrance(office)}`)!.position;
  const to = nodes.find((node) => node.id === `home_${entrance(home)}`)!.position;
  const distance = from && to ? Math.round(Math.hypot(to[0] - from[0], to[1] - from[1]) * 10) / 10 : 50;
  edges.push({
    kind: 'navigation',
    source: `office_${entrance(office)}`,
    target: `home_${entrance(home)}`,
    distance,
  });
  return {
    format: SCENE_FORMAT,
    version: SCENE_FORMAT_VERSION,
    name: 'campus',
    description:
      'The office (datasets/office.json) and the home (datasets/home.json) side by side on one campus: every id prefixed with its building (office_, home_), each building\'s floors under a building node, the office\'s robot, a path joining the two entrances. Written by datasets/src/campus.ts.',
    nodes,
    edges,
  };
}

/**
 * SayPlan's search tasks of one building whose answers are still the only things of their kind on
 * the campus: no node of the other building has an answer's name, less its number. The answer is
 * the prefixed id; the instruction is SayPlan's.
 */
export function campusSearchTasks(requirements: readonly Requirement[], tasks: readonly SayPlanTask[]) {
  const base = (id: string) => id.replace(/_?\d+$/, '');
  const names = Object.fromEntries(
    BUILDINGS.map((name) => [name, new Set(scenes[name].nodes.map((node) => base(node.id)))]),
  );
  const picked = [];
  for (const name of BUILDINGS) {
    const other = BUILDINGS.find((b) => b !== name)!;
    const fitting = requirements.filter(
      (r) =>
        r.environment === name &&
        r.goal === undefined &&
        r.match === 'any' &&
        (r.answer?.length ?? 0) > 0 &&
        r.answer!.every((answer) => !names[other]!.has(base(answer))),
    );
    for (const requirement of fitting.slice(0, TASKS_PER_BUILDING)) {
      const task = tasks.find((t) => t.id === requirement.id)!;
      picked.push({
        id: `campus-${requirement.id}`,
        environment: 'campus',
        family: task.family,
        instruction: task.instruction,
        building: name,
        match: 'any',
        answer: requirement.answer!.map((answer) => `${name}_${answer}`),
        from: requirement.id,
      });
    }
  }
  return picked;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const campus = campusOf(scenes.office, scenes.home);
  const problems = sceneProblems(campus);
  if (problems.length > 0) {
    console.error(problems.join('\n'));
    process.exit(1);
  }
  writeFileSync(join(datasets, 'campus.json'), sceneToJson(buildSceneGraph(campus)));
  const tasks = campusSearchTasks(
    read<{ tasks: Requirement[] }>('tasks/requirements.json').tasks,
    read<{ tasks: SayPlanTask[] }>('tasks/sayplan-tasks.json').tasks,
  );
  writeFileSync(
    join(datasets, 'tasks', 'campus-search-tasks.json'),
    `${JSON.stringify(
      {
        about:
          'Search tasks on datasets/campus.json (the office and the home side by side, ids prefixed with their building): SayPlan search tasks of one building (from: its id in sayplan-tasks.json) whose answers no node of the other building shares a name with, so the prefixed answers are the only right ones on the campus. Written by datasets/src/campus.ts.',
        tasks,
      },
      null,
      2,
    )}\n`,
  );
  const count = (kind: string) => campus.nodes.filter((n) => n.kind === kind).length;
  console.log(
    `campus.json: ${count('building')} buildings, ${count('floor')} floors, ${count('room')} rooms, ${campus.nodes.length} nodes; ${tasks.length} search tasks`,
  );
}
