// Benchmark of the scene-graph package: `pnpm bench` writes bench-results/scene-graph.json.
// Each scene is measured in its own process, so peak memory (maxRSS) belongs to that scene alone.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  buildSceneGraph,
  checkSceneFile,
  collapse,
  contract,
  countTokens,
  expand,
  type GenerateSceneOptions,
  generatedSceneSize,
  generateSceneFile,
  nodesOfKind,
  renderFullScene,
  renderView,
  SceneFileSchema,
  type SceneGraph,
  type View,
  visibleNodes,
} from '../src/index.js';

const here = fileURLToPath(new URL('.', import.meta.url));
const repo = join(here, '../../..');
const resultsFile = join(here, '../bench-results/scene-graph.json');

// From 10^4 nodes up the collapsed view stays the same (2 floors x 50 rooms, 10 assets a room)
// while the graph grows 100x through the objects on each asset, so any cost that grows with the
// graph rather than the view shows up as a slope. 10^3 is one floor of 10 such rooms.
const GENERATED: { label: string; options: GenerateSceneOptions }[] = [
  { label: '1e3', options: { seed: 1, floors: 1, roomsPerFloor: 10, assetsPerRoom: 10, objectsPerAsset: 9 } },
  { label: '1e4', options: { seed: 1, floors: 2, roomsPerFloor: 50, assetsPerRoom: 10, objectsPerAsset: 9 } },
  {
    label: '1e5',
    options: { seed: 1, floors: 2, roomsPerFloor: 50, assetsPerRoom: 10, objectsPerAsset: 99 },
  },
  {
    label: '1e6',
    options: { seed: 1, floors: 2, roomsPerFloor: 50, assetsPerRoom: 10, objectsPerAsset: 999 },
  },
];
const DATASETS = ['office', 'home'];
const SAYPLAN_OFFICE_RATIO = 878 / 6731; // SayPlan Table 2: collapsed vs full tokens, office
const FULL_TOKENS_EXACT_UP_TO = 2_000_000; // characters; beyond, tokens are estimated from a sample

type Measurement = Record<string, unknown>;

async function main(): Promise<void> {
  const [mode, path, label] = process.argv.slice(2);
  if (mode === '--measure') {
    console.log(JSON.stringify(await measure(path!, label!)));
    return;
  }
  const args = process.argv.slice(2);
  const maxExponent = Number(args.find((a) => a.startsWith('--max-exponent='))?.split('=')[1] ?? 6);
  const work = await mkdtemp(join(tmpdir(), 'scene-graph-bench-'));
  const datasets: Measurement[] = [];
  const notes: string[] = [];
  try {
    for (const name of DATASETS) {
      const file = join(repo, 'datasets', `${name}.json`);
      if (!existsSync(file)) {
        notes.push(`datasets/${name}.json does not exist yet; skipped`);
        continue;
      }
      datasets.push(runChild(file, name));
    }
    const generated: Measurement[] = [];
    for (const { label, options } of GENERATED) {
      if (Math.log10(generatedSceneSize(options)) > maxExponent + 0.5) continue;
      const file = join(work, `${label}.json`);
      await writeFile(file, JSON.stringify(generateSceneFile(options)));
      generated.push({ options, ...runChild(file, label) });
      await rm(file);
    }
    const results = {
      benchmark: 'scene-graph',
      measuredAt: new Date().toISOString(),
      machine: {
        node: process.version,
        cpus: cpus().length,
        loadAverageAtEnd: loadavg().map((l) => round(l, 2)),
      },
      references: {
        loadValidateVsJsonParse:
          'loadValidateMs / jsonParseMs of the same file: what validation and graph building add to parsing',
        zodWholeFileVsOurCheck:
          'zodWholeFileMs / checkMs: one zod pass over the whole file against envelope-then-per-node checking plus all structure checks',
        sayplanOfficeRatio: round(SAYPLAN_OFFICE_RATIO, 4),
      },
      notes,
      datasets,
      generated,
    };
    await mkdir(join(here, '../bench-results'), { recursive: true });
    await writeFile(resultsFile, `${JSON.stringify(results, null, 2)}\n`);
    console.log(`wrote ${resultsFile}`);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

function runChild(file: string, label: string): Measurement {
  const output = execFileSync(
    process.execPath,
    [...process.execArgv, fileURLToPath(import.meta.url), '--measure', file, label],
    { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 },
  );
  const measured = JSON.parse(output.trim().split('\n').at(-1)!) as Measurement;
  console.log(label, JSON.stringify(measured));
  return measured;
}

async function measure(path: string, label: string): Promise<Measurement> {
  const t0 = performance.now();
  const text = await readFile(path, 'utf8');
  const t1 = performance.now();
  let input: unknown = JSON.parse(text);
  const t2 = performance.now();
  const checked = checkSceneFile(input);
  const t3 = performance.now();
  if (!checked.ok)
    throw new Error(`${label} does not validate: ${JSON.stringify(checked.error.slice(0, 5))}`);
  const graph = buildSceneGraph(checked.value);
  const t4 = performance.now();
  const peakRssMb = process.resourceUsage().maxRSS / 1024;
  const heapUsedMb = process.memoryUsage().heapUsed / 1e6;
  input = undefined;

  // The reference: a single zod pass over the whole file, on a fresh parse.
  const again = JSON.parse(text);
  const z0 = performance.now();
  const zodOk = SceneFileSchema.safeParse(again).success;
  const zodWholeFileMs = performance.now() - z0;

  const collapseFirst = timed(() => visibleNodes(graph, collapse(graph))); // builds the kind index once
  const collapsed = collapse(graph);
  const visible = visibleNodes(graph, collapsed);
  const collapseMs = average(50, () => visibleNodes(graph, collapse(graph)));

  const rooms = nodesOfKind(graph, 'room').filter((room) => graph.outDegree(room) > 0);
  const sample = rooms.filter((_r, i) => i % Math.max(1, Math.floor(rooms.length / 100)) === 0);
  let expandMs = 0;
  let contractMs = 0;
  let operations = 0;
  for (let round = 0; round < 5; round++)
    for (const room of sample) {
      let view: View | undefined;
      expandMs += timed(() => {
        const result = expand(graph, collapsed, room);
        view = result.ok ? result.value : undefined;
      });
      if (!view) throw new Error(`could not expand ${room}`);
      const opened = view;
      contractMs += timed(() => contract(graph, opened, room));
      operations++;
    }
  const oneRoom = sample[0] ? expand(graph, collapsed, sample[0]) : undefined;
  const oneRoomView = oneRoom?.ok ? oneRoom.value : collapsed;

  const collapsedText = renderView(graph, collapsed);
  const serializeCollapsedMs = average(20, () => renderView(graph, collapsed));
  const serializeOneRoomMs = average(20, () => renderView(graph, oneRoomView));
  const collapsedTokens = countTokens(collapsedText);
  const full = fullTokens(graph);

  return {
    label,
    nodes: graph.order,
    edges: graph.size,
    fileMb: round(text.length / 1e6, 1),
    loadValidateMs: round(t4 - t0),
    breakdownMs: {
      read: round(t1 - t0),
      jsonParse: round(t2 - t1),
      check: round(t3 - t2),
      buildGraph: round(t4 - t3),
    },
    loadValidateVsJsonParse: round((t4 - t0) / (t2 - t1), 2),
    zodWholeFileMs: round(zodWholeFileMs),
    zodWholeFileOk: zodOk,
    zodWholeFileVsOurCheck: round(zodWholeFileMs / (t3 - t2), 2),
    peakRssMb: round(peakRssMb),
    heapUsedAfterLoadMb: round(heapUsedMb),
    collapsedViewNodes: visible.length,
    collapseFirstMs: round(collapseFirst, 3),
    collapseMs: round(collapseMs, 4),
    expandMsPerOp: round(expandMs / operations, 4),
    contractMsPerOp: round(contractMs / operations, 4),
    expandedRoomRevealsNodes: sample[0] ? graph.outDegree(sample[0]) : 0,
    serializeCollapsedMs: round(serializeCollapsedMs, 4),
    serializeOneRoomExpandedMs: round(serializeOneRoomMs, 4),
    collapsedTokens,
    ...full,
    collapsedVsFullTokens: round(collapsedTokens / full.fullTokens, 4),
  };
}

// Tokenizing a 10^6-node rendering exactly takes minutes; past a size, count a leading sample
// and scale by characters, and say so.
function fullTokens(graph: SceneGraph): { fullTokens: number; fullChars: number; fullTokensExact: boolean } {
  const text = renderFullScene(graph);
  if (text.length <= FULL_TOKENS_EXACT_UP_TO)
    return { fullTokens: countTokens(text), fullChars: text.length, fullTokensExact: true };
  const sample = text.slice(0, FULL_TOKENS_EXACT_UP_TO);
  return {
    fullTokens: Math.round((countTokens(sample) / sample.length) * text.length),
    fullChars: text.length,
    fullTokensExact: false,
  };
}

function timed(work: () => unknown): number {
  const start = performance.now();
  work();
  return performance.now() - start;
}

function average(times: number, work: () => unknown): number {
  work(); // warm up
  const start = performance.now();
  for (let i = 0; i < times; i++) work();
  return (performance.now() - start) / times;
}

function round(value: number, digits = 0): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}

await main();
