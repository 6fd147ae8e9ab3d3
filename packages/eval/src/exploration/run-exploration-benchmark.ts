// The exploration benchmark (issue 16): multi-object search in buildings the robot does not
// know, on the office, the home and three generated buildings of 60 rooms. Two task pools per
// building: objects a look around shows (SayNav's tasks) and objects inside closed containers
// (only the per-room plan, opening and looking inside, finds them). Explorers without a model:
// oracle, full-graph, frontier, frontier-prior; with --saynav the embedded model's saynav and
// saynav-prior (the model picks among the frontier rooms best by the retrieval prior; --model another
// local model than the default, by name or GGUF path). Every
// explorer runs the same per-room plan (--looks assets per room), each task a run of the real
// exploreFor workflow (the one runner, src/runner.ts). Writes results.json and
// report.md to --out after every task; --resume skips the (task, explorer) pairs already there.
//   tsx --conditions=@groundplan/source src/exploration/run-exploration-benchmark.ts --out DIR
//     [--saynav [--model NAME|GGUF] [--threads N]] [--tasks N] [--container-tasks N] [--looks K] [--scenes a,b] [--max-tasks N] [--resume]
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { parseArgs } from 'node:util';
import {
  createProvider,
  type LlmProvider,
  ROOM_CHOICE_PROMPT_VERSION,
  resolveLocalModel,
  scriptedProvider,
} from '@groundplan/llm';
import { openRetrieval } from '@groundplan/retrieval';
import {
  generateScene,
  loadSceneFile,
  memorySceneStore,
  nodesOfKind,
  type SceneGraph,
} from '@groundplan/scene-graph';
import { DEFAULT_LOOKS_PER_ROOM, SAYNAV_OPTIONS } from '@groundplan/workflows/explore-contract';
import { CODE_COMMIT } from '../code-commit.js';
import { runTaskSet } from '../runner.js';
import { type ExplorationTask, explorationTaskSet } from '../task-sets/exploration.js';
import {
  explorationTasks,
  shortestTour,
  spl,
  type TargetPool,
  withEmptyGripper,
} from './exploration-tasks.js';

const { values } = parseArgs({
  options: {
    out: { type: 'string' },
    saynav: { type: 'boolean', default: false },
    tasks: { type: 'string', default: '6' },
    'container-tasks': { type: 'string', default: '2' },
    looks: { type: 'string', default: String(DEFAULT_LOOKS_PER_ROOM) },
    budget: { type: 'string', default: '1000' },
    scenes: { type: 'string' },
    'max-tasks': { type: 'string' },
    resume: { type: 'boolean', default: false },
    model: { type: 'string' },
    threads: { type: 'string' },
  },
});
if (!values.out)
  throw new Error(
    'usage: run-exploration-benchmark --out DIR [--saynav [--model NAME|GGUF] [--threads N]] [--tasks N] [--container-tasks N] [--looks K] [--budget METRES] [--scenes a,b] [--max-tasks N] [--resume]',
  );
const out = values.out;
const tasksPerScene = Number(values.tasks);
const containerTasksPerScene = Number(values['container-tasks']);
const looksPerRoom = Number(values.looks);
const maxDistance = Number(values.budget);
const maxTasks = values['max-tasks'] === undefined ? Number.POSITIVE_INFINITY : Number(values['max-tasks']);
const datasets = new URL('../../../../datasets/', import.meta.url).pathname;

async function dataset(name: string): Promise<SceneGraph> {
  const loaded = await loadSceneFile(`${datasets}${name}.json`);
  if (!loaded.ok) throw new Error(`datasets/${name}.json does not load`);
  return loaded.value;
}

// Each building's tasks are drawn with its own seed (100 + its place in this list; the container
// tasks with 200 + it), whichever are run. SayNav's robot starts with an empty gripper.
const buildings: Array<{ name: string; world: SceneGraph; seed: number }> = [
  { name: 'office', world: await dataset('office') },
  { name: 'home', world: await dataset('home') },
  ...[21, 22, 23].map((seed) => ({
    name: `generated-s${seed}-2x30`,
    world: generateScene({ seed, floors: 2, roomsPerFloor: 30, assetsPerRoom: 2, objectsPerAsset: 1 }),
  })),
]
  .map((building, index) => ({ ...building, world: withEmptyGripper(building.world), seed: 100 + index }))
  .filter((building) => values.scenes === undefined || values.scenes.split(',').includes(building.name));

const retrieval = await openRetrieval({ cacheDir: `${tmpdir()}/groundplan-exploration-retrieval` });
if (!retrieval.ok) throw new Error(retrieval.error);
const scenes = memorySceneStore();
let provider: LlmProvider = scriptedProvider({ search: [], plans: [] });
let model = 'none';
if (values.saynav) {
  // A model of packages/llm/README.md's table by name, or a GGUF path (GROUNDPLAN_MODEL as fallback).
  const resolved = resolveLocalModel(values.model ?? process.env.GROUNDPLAN_MODEL);
  if (!resolved.ok) throw new Error(resolved.error);
  provider = createProvider({
    provider: 'local',
    modelPath: resolved.value.path,
    ...(values.threads ? { threads: Number(values.threads) } : {}),
  });
  model = provider.model;
}

/**
 * An explorer of the table: the workflow's explorer; saynav-prior is saynav with the prior ordering
 * its options, saynav-scored saynav with the model scoring each option's reply (SayCan).
 */
type Explorer =
  | 'oracle'
  | 'full-graph'
  | 'frontier'
  | 'frontier-prior'
  | 'saynav'
  | 'saynav-prior'
  | 'saynav-scored';
const explorers: Explorer[] = values.saynav
  ? ['saynav', 'saynav-prior', 'saynav-scored']
  : ['oracle', 'full-graph', 'frontier', 'frontier-prior'];

type Row = {
  scene: string;
  rooms: number;
  pool: TargetPool;
  explorer: Explorer;
  targets: string[];
  status: string;
  success: boolean;
  spl: number;
  shortest: number;
  distance: number;
  roomsExplored: number;
  assetLooks: string[];
  steps: number;
  llmCalls: number;
  promptTokens: number;
  completionTokens: number;
  seconds: number;
};
const resultsFile = `${out}/results.json`;
const rows: Row[] =
  values.resume && existsSync(resultsFile)
    ? (JSON.parse(readFileSync(resultsFile, 'utf8')) as { rows: Row[] }).rows
    : [];
const key = (scene: string, explorer: string, targets: readonly string[]) =>
  `${scene}|${explorer}|${targets.join(',')}`;
const done = new Set(rows.map((row) => key(row.scene, row.explorer, row.targets)));

// Round-robin over buildings, visible tasks first, so a run that is stopped covers every building alike.
type Task = { name: string; world: SceneGraph; pool: TargetPool; targets: string[] };
const perBuilding = buildings.map(({ name, world, seed }) => [
  ...explorationTasks(world, tasksPerScene, seed).map((targets) => ({
    name,
    world,
    pool: 'visible' as const,
    targets,
  })),
  ...explorationTasks(world, containerTasksPerScene, seed + 100, 'in-closed-containers').map((targets) => ({
    name,
    world,
    pool: 'in-closed-containers' as const,
    targets,
  })),
]);
const tasks: Task[] = [];
for (let i = 0; i < Math.max(0, ...perBuilding.map((list) => list.length)); i++)
  for (const list of perBuilding) if (list[i]) tasks.push(list[i]!);

const started = Date.now();
const loads: number[] = [];
type Pair = ExplorationTask & { name: string; pool: TargetPool; shortest: number; explorerName: Explorer };
const pairs: Pair[] = [];
for (const { name, world, pool, targets } of tasks.slice(0, maxTasks)) {
  const shortest = shortestTour(world, targets);
  if (shortest === undefined) throw new Error(`${name}: no route visits ${targets.join(', ')}`);
  for (const explorer of explorers) {
    if (done.has(key(name, explorer, targets))) continue;
    pairs.push({
      name,
      pool,
      shortest,
      explorerName: explorer,
      world,
      targets,
      maxDistance,
      looksPerRoom,
      explorer: explorer === 'saynav-prior' || explorer === 'saynav-scored' ? 'saynav' : explorer,
      ...(explorer === 'saynav-prior' ? { roomPrior: true } : {}),
      ...(explorer === 'saynav-scored' ? { roomScores: true } : {}),
    });
  }
}
await runTaskSet(
  explorationTaskSet({
    scenes,
    provider,
    retrieval: retrieval.value,
    dataDir: mkdtempSync(`${tmpdir()}/groundplan-exploration-`),
  }),
  pairs,
  ({ name, pool, shortest, explorerName: explorer, world, targets }, outcome) => {
    const success = outcome.status === 'found';
    rows.push({
      scene: name,
      rooms: nodesOfKind(world, 'room').length,
      pool,
      explorer,
      targets,
      status: outcome.status,
      success,
      spl: spl(success, shortest, outcome.distance),
      shortest,
      distance: outcome.distance,
      roomsExplored: outcome.explored.length,
      assetLooks: outcome.assetLooks ?? [],
      steps: outcome.steps,
      llmCalls: outcome.usage.calls,
      promptTokens: outcome.usage.promptTokens,
      completionTokens: outcome.usage.completionTokens,
      seconds: outcome.seconds,
    });
    loads.push(loadavg()[0] ?? 0);
    console.log(
      `${name} ${pool} ${explorer} [${targets.join(', ')}]: ${outcome.status} ${outcome.distance.toFixed(1)} m, ${outcome.explored.length} rooms, ${outcome.usage.calls} calls`,
    );
    writeReport(false);
  },
);

/** Writes results.json and report.md from the rows so far: a long run that is stopped still leaves its report. */
function writeReport(complete: boolean): string {
  type Summary = {
    explorer: Explorer;
    group: string;
    tasks: number;
    successRate: number;
    spl: number;
    meanDistance: number;
    meanRoomsExplored: number;
    meanSteps: number;
    llmCalls: number;
    tokens: number;
  };
  const summaries: Summary[] = [];
  const groups: Array<[string, (row: Row) => boolean]> = [
    ...buildings.map(
      ({ name }) => [name, (row: Row) => row.scene === name] as [string, (row: Row) => boolean],
    ),
    ['all: visible targets', (row) => row.pool === 'visible'],
    ['all: inside closed containers', (row) => row.pool === 'in-closed-containers'],
    ['all', () => true],
  ];
  const ranExplorers = [...new Set([...explorers, ...rows.map((row) => row.explorer)])];
  for (const [group, inGroup] of groups)
    for (const explorer of ranExplorers) {
      const of = rows.filter((row) => row.explorer === explorer && inGroup(row));
      if (of.length === 0) continue;
      const mean = (pick: (row: Row) => number) => of.reduce((sum, row) => sum + pick(row), 0) / of.length;
      summaries.push({
        explorer,
        group,
        tasks: of.length,
        successRate: mean((row) => (row.success ? 1 : 0)),
        spl: mean((row) => row.spl),
        meanDistance: mean((row) => row.distance),
        meanRoomsExplored: mean((row) => row.roomsExplored),
        meanSteps: mean((row) => row.steps),
        llmCalls: of.reduce((sum, row) => sum + row.llmCalls, 0),
        tokens: of.reduce((sum, row) => sum + row.promptTokens + row.completionTokens, 0),
      });
    }

  const setting = {
    tasksPerScene,
    containerTasksPerScene,
    looksPerRoom,
    saynavOptions: SAYNAV_OPTIONS,
    maxDistanceMetres: maxDistance,
    model,
    commit: CODE_COMMIT,
    roomChoicePrompt: ROOM_CHOICE_PROMPT_VERSION,
    retrievalModel: 'all-MiniLM-L6-v2 (packages/retrieval)',
    startKnowledge:
      'the robot’s own place only (no floor plan), gripper empty; oracle and full-graph know the building',
    complete,
    tasksRun: new Set(rows.map((row) => key(row.scene, '', row.targets))).size,
    tasksPlanned: Math.min(tasks.length, maxTasks),
    wallSecondsThisRun: (Date.now() - started) / 1000,
    loadAverage1m: {
      min: loads.length > 0 ? Math.min(...loads) : (loadavg()[0] ?? 0),
      max: loads.length > 0 ? Math.max(...loads) : (loadavg()[0] ?? 0),
      atEnd: loadavg()[0] ?? 0,
    },
  };
  mkdirSync(out, { recursive: true });
  writeFileSync(resultsFile, `${JSON.stringify({ setting, summaries, rows }, null, 2)}\n`);
  const pct = (x: number) => `${(100 * x).toFixed(0)}%`;
  const lines = [
    '# Exploration benchmark: multi-object search in unknown buildings',
    '',
    ...(complete
      ? []
      : [
          `**Partial: written after each task; ${setting.tasksRun} of ${setting.tasksPlanned} tasks so far.**`,
          '',
        ]),
    `Tasks per building: ${tasksPerScene} with targets a look around shows, ${containerTasksPerScene} with targets inside closed containers (1-3 objects each). Per-room plan: at most ${looksPerRoom} assets per room, best by the retrieval prior. Distance budget ${maxDistance} m. Model: ${model} (prompt ${ROOM_CHOICE_PROMPT_VERSION}, ${SAYNAV_OPTIONS} options, no chain of thought). Wall time of the last run ${setting.wallSecondsThisRun.toFixed(0)} s; 1-minute load average ${setting.loadAverage1m.min.toFixed(1)}-${setting.loadAverage1m.max.toFixed(1)} (shared 2-core machine).`,
    '',
    'SPL: success weighted by (shortest route through the targets’ rooms on the full graph) / max(travelled, shortest).',
    '',
    '| group | explorer | tasks | success | SPL | mean distance (m) | mean rooms explored | mean steps | LLM calls | tokens |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...summaries.map(
      (s) =>
        `| ${s.group} | ${s.explorer} | ${s.tasks} | ${pct(s.successRate)} | ${s.spl.toFixed(2)} | ${s.meanDistance.toFixed(1)} | ${s.meanRoomsExplored.toFixed(1)} | ${s.meanSteps.toFixed(1)} | ${s.llmCalls} | ${s.tokens} |`,
    ),
    '',
  ];
  writeFileSync(`${out}/report.md`, lines.join('\n'));
  return lines.join('\n');
}

console.log(writeReport(true));
process.exit(0);
