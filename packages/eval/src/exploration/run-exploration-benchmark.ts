// The exploration benchmark (issue 16): multi-object search in buildings the robot does not
// know, on the office, the home and three generated buildings of 60 rooms, by the scripted
// oracle, the frontier baseline and (with --saynav) SayNav with the embedded model. Writes
// results.json and report.md to --out.
//   tsx --conditions=@groundplan/source src/exploration/run-exploration-benchmark.ts --out DIR [--saynav] [--tasks N]
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { createLlmActivities, createProvider } from '@groundplan/llm';
import {
  generateScene,
  loadSceneFile,
  memorySceneStore,
  nodesOfKind,
  type SceneGraph,
} from '@groundplan/scene-graph';
import { explorationTasks, shortestTour, spl } from './exploration-tasks.js';
import { type ExplorerKind, exploreInSimulation, type RoomChooser } from './explore-in-simulation.js';

const { values } = parseArgs({
  options: {
    out: { type: 'string' },
    saynav: { type: 'boolean', default: false },
    tasks: { type: 'string', default: '6' },
    budget: { type: 'string', default: '1000' },
    scenes: { type: 'string' },
  },
});
if (!values.out)
  throw new Error('usage: run-exploration-benchmark --out DIR [--saynav] [--tasks N] [--budget METRES]');
const out = values.out;
const tasksPerScene = Number(values.tasks);
const maxDistance = Number(values.budget);
const datasets = new URL('../../../../datasets/', import.meta.url).pathname;

async function dataset(name: string): Promise<SceneGraph> {
  const loaded = await loadSceneFile(`${datasets}${name}.json`);
  if (!loaded.ok) throw new Error(`datasets/${name}.json does not load`);
  return loaded.value;
}

// Each building's tasks are drawn with its own seed (100 + its place in this list), whichever are run.
const buildings: Array<{ name: string; world: SceneGraph; seed: number }> = [
  { name: 'office', world: await dataset('office') },
  { name: 'home', world: await dataset('home') },
  ...[21, 22, 23].map((seed) => ({
    name: `generated-s${seed}-2x30`,
    world: generateScene({ seed, floors: 2, roomsPerFloor: 30, assetsPerRoom: 2, objectsPerAsset: 1 }),
  })),
]
  .map((building, index) => ({ ...building, seed: 100 + index }))
  .filter((building) => values.scenes === undefined || values.scenes.split(',').includes(building.name));

let chooseRoom: RoomChooser | undefined;
let model = 'none';
if (values.saynav) {
  const provider = createProvider({ provider: 'local' });
  model = provider.model;
  chooseRoom = createLlmActivities({
    provider,
    scenes: memorySceneStore(),
    chainOfThought: false,
  }).chooseRoomToExplore;
}
const explorers: ExplorerKind[] = values.saynav ? ['oracle', 'frontier', 'saynav'] : ['oracle', 'frontier'];

type Row = {
  scene: string;
  rooms: number;
  explorer: ExplorerKind;
  targets: string[];
  status: string;
  success: boolean;
  spl: number;
  shortest: number;
  distance: number;
  roomsExplored: number;
  steps: number;
  llmCalls: number;
  promptTokens: number;
  completionTokens: number;
  seconds: number;
};
const rows: Row[] = [];
const started = Date.now();
for (const { name, world, seed } of buildings) {
  for (const targets of explorationTasks(world, tasksPerScene, seed)) {
    const shortest = shortestTour(world, targets);
    if (shortest === undefined) throw new Error(`${name}: no route visits ${targets.join(', ')}`);
    for (const explorer of explorers) {
      const t0 = Date.now();
      const outcome = await exploreInSimulation(world, { targets, maxDistance }, explorer, chooseRoom);
      const success = outcome.status === 'found';
      rows.push({
        scene: name,
        rooms: nodesOfKind(world, 'room').length,
        explorer,
        targets,
        status: outcome.status,
        success,
        spl: spl(success, shortest, outcome.distance),
        shortest,
        distance: outcome.distance,
        roomsExplored: outcome.explored.length,
        steps: outcome.steps,
        llmCalls: outcome.llm.calls,
        promptTokens: outcome.llm.promptTokens,
        completionTokens: outcome.llm.completionTokens,
        seconds: (Date.now() - t0) / 1000,
      });
      console.log(
        `${name} ${explorer} [${targets.join(', ')}]: ${outcome.status} ${outcome.distance.toFixed(1)} m`,
      );
      writeReport(false);
    }
  }
}

/** Writes results.json and report.md from the rows so far: a long run that is stopped still leaves its report. */
function writeReport(complete: boolean): string {
  type Summary = {
    explorer: ExplorerKind;
    scene: string;
    tasks: number;
    successRate: number;
    spl: number;
    meanDistance: number;
    meanRoomsExplored: number;
    llmCalls: number;
    tokens: number;
  };
  const summaries: Summary[] = [];
  for (const scene of [...buildings.map((b) => b.name), 'all'])
    for (const explorer of explorers) {
      const of = rows.filter((row) => row.explorer === explorer && (scene === 'all' || row.scene === scene));
      if (of.length === 0) continue;
      const mean = (pick: (row: Row) => number) => of.reduce((sum, row) => sum + pick(row), 0) / of.length;
      summaries.push({
        explorer,
        scene,
        tasks: of.length,
        successRate: mean((row) => (row.success ? 1 : 0)),
        spl: mean((row) => row.spl),
        meanDistance: mean((row) => row.distance),
        meanRoomsExplored: mean((row) => row.roomsExplored),
        llmCalls: of.reduce((sum, row) => sum + row.llmCalls, 0),
        tokens: of.reduce((sum, row) => sum + row.promptTokens + row.completionTokens, 0),
      });
    }

  const setting = {
    tasksPerScene,
    maxDistanceMetres: maxDistance,
    model,
    startKnowledge: 'the robot’s own place only (no floor plan); the oracle knows the building',
    complete,
    wallSeconds: (Date.now() - started) / 1000,
    loadAverageAtEnd: loadavg()[0] ?? 0,
  };
  mkdirSync(out, { recursive: true });
  writeFileSync(`${out}/results.json`, `${JSON.stringify({ setting, summaries, rows }, null, 2)}\n`);
  const pct = (x: number) => `${(100 * x).toFixed(0)}%`;
  const lines = [
    '# Exploration benchmark: multi-object search in unknown buildings',
    '',
    ...(complete ? [] : ['**Partial: written after each task; the run had not finished.**', '']),
    `Tasks: ${tasksPerScene} per building (1-3 objects each, drawn among objects a look around shows). Distance budget ${maxDistance} m. Model: ${model}. Wall time ${setting.wallSeconds.toFixed(0)} s; 1-minute load average at the end ${setting.loadAverageAtEnd.toFixed(1)} (shared 2-core machine).`,
    '',
    'SPL: success weighted by (shortest route through the targets’ rooms on the full graph) / max(travelled, shortest).',
    '',
    '| building | explorer | tasks | success | SPL | mean distance (m) | mean rooms explored | LLM calls | tokens |',
    '|---|---|---|---|---|---|---|---|---|',
    ...summaries.map(
      (s) =>
        `| ${s.scene} | ${s.explorer} | ${s.tasks} | ${pct(s.successRate)} | ${s.spl.toFixed(2)} | ${s.meanDistance.toFixed(1)} | ${s.meanRoomsExplored.toFixed(1)} | ${s.llmCalls} | ${s.tokens} |`,
    ),
    '',
  ];
  writeFileSync(`${out}/report.md`, lines.join('\n'));
  return lines.join('\n');
}

console.log(writeReport(true));
process.exit(0);
