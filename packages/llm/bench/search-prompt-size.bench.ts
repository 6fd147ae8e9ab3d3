// The first search prompt from 37 to 37,000 rooms (issue 27, item 1): `pnpm exec tsx
// --conditions=@groundplan/source bench/search-prompt-size.bench.ts` writes
// bench-results/search-prompt-size.json. The reference, in the same run, is the flat collapsed
// view every building had before (all rooms listed), rendered by the same code with the flat tree.

import { execFileSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { choiceMessages, GROUNDED_LIMITS, searchOptions } from '@groundplan/grounding';
import { openRetrieval, type SceneIndexCache } from '@groundplan/retrieval';
import {
  collapse,
  countTokens,
  expand,
  type GenerateSceneOptions,
  generateScene,
  loadSceneFile,
  renderView,
  renderWithTree,
  type SceneGraph,
  type SearchTree,
  searchTree,
  type View,
} from '@groundplan/scene-graph';
import { FIRST_SEARCH_PROMPT_TOKENS, promptTokens, semanticSearchMessages } from '../src/prompts/index.js';

const here = fileURLToPath(new URL('.', import.meta.url));
const repo = join(here, '../../..');
const resultsFile = join(here, '../bench-results/search-prompt-size.json');
const INSTRUCTION = 'Find me a stapler.';
// 3 assets x 3 objects a room, as in the issue's table; floors grow with the building.
const SIZES: { label: string; options: GenerateSceneOptions }[] = [
  {
    label: '37 rooms',
    options: { seed: 1, floors: 1, roomsPerFloor: 37, assetsPerRoom: 3, objectsPerAsset: 3 },
  },
  {
    label: '370 rooms',
    options: { seed: 1, floors: 10, roomsPerFloor: 37, assetsPerRoom: 3, objectsPerAsset: 3 },
  },
  {
    label: '3,700 rooms',
    options: { seed: 1, floors: 10, roomsPerFloor: 370, assetsPerRoom: 3, objectsPerAsset: 3 },
  },
  {
    label: '37,000 rooms',
    options: { seed: 1, floors: 100, roomsPerFloor: 370, assetsPerRoom: 3, objectsPerAsset: 3 },
  },
];

type Measured = Record<string, unknown>;
// Grounded's first prompt needs every node embedded (one text per node, ids included): on two
// shared cores that is minutes at 5,000 nodes, hours at 500,000, so it is measured up to here.
const GROUNDED_UP_TO_NODES = 6_000;

// The grounded variants' first prompt: the best GROUNDED_LIMITS.searchOptions legal moves by the prior.
async function groundedStep0(scene: SceneGraph, retrieval: SceneIndexCache, ref: string): Promise<number> {
  const index = await retrieval.indexFor(ref, scene);
  const [query] = await index.embedder.embed([INSTRUCTION]);
  const options = searchOptions(scene, collapse(scene), INSTRUCTION, index, query!).slice(
    0,
    GROUNDED_LIMITS.searchOptions,
  );
  return promptTokens(choiceMessages('search', INSTRUCTION, options));
}

function firstPromptTokens(renderedView: string, nested: boolean): number {
  return promptTokens(
    semanticSearchMessages({
      instruction: INSTRUCTION,
      renderedView,
      memory: [],
      ...(nested ? { nested } : {}),
    }),
  );
}

// The expansions from the collapsed view down to one room (the middle one), and the largest view on the way.
function walkToRoom(scene: SceneGraph, tree: SearchTree): { expansions: number; largestViewTokens: number } {
  const rooms = scene.filterNodes((_id, attributes) => attributes.kind === 'room').sort();
  const room = rooms[Math.floor(rooms.length / 2)]!;
  const path: string[] = [];
  for (let up = tree.parents.get(room); up !== undefined; up = tree.parents.get(up)) path.unshift(up);
  let view: View = collapse(scene);
  let largest = countTokens(renderView(scene, view));
  for (const id of [...path, room]) {
    const next = expand(scene, view, id);
    if (!next.ok) throw new Error(next.error);
    view = next.value;
    largest = Math.max(largest, countTokens(renderView(scene, view)));
  }
  return { expansions: path.length + 1, largestViewTokens: largest };
}

async function measure(label: string, scene: SceneGraph, retrieval?: SceneIndexCache): Promise<Measured> {
  const started = performance.now();
  const tree = searchTree(scene);
  const treeMs = performance.now() - started;
  const view = renderView(scene, collapse(scene));
  const step0 = firstPromptTokens(view, !tree.flat);
  const flatTree: SearchTree = { ...tree, flat: true };
  const flatView = renderWithTree(scene, collapse(scene), flatTree);
  const flatStep0 = firstPromptTokens(flatView, false);
  const rooms = scene.filterNodes((_id, attributes) => attributes.kind === 'room').length;
  const result = {
    label,
    rooms,
    nodes: scene.order,
    view: tree.flat ? 'flat' : 'nested',
    step0PromptTokens: step0,
    step0ViewTokens: countTokens(view),
    referenceFlatStep0PromptTokens: flatStep0,
    referenceOverNested: Math.round((flatStep0 / step0) * 100) / 100,
    searchTreeMs: Math.round(treeMs),
    ...walkToRoom(scene, tree),
    groundedStep0PromptTokens:
      retrieval && scene.order <= GROUNDED_UP_TO_NODES
        ? await groundedStep0(scene, retrieval, `bench:${label}`)
        : `not measured (${retrieval ? `more than ${GROUNDED_UP_TO_NODES} nodes to embed` : 'no embedding model'})`,
  };
  console.log(JSON.stringify(result));
  return result;
}

async function main(): Promise<void> {
  const opened = await openRetrieval({ modelDir: join(repo, 'models', 'all-MiniLM-L6-v2-int8') });
  const retrieval = opened.ok ? opened.value : undefined;
  const measured: Measured[] = [];
  for (const name of ['office', 'home']) {
    const loaded = await loadSceneFile(join(repo, 'datasets', `${name}.json`));
    if (!loaded.ok) throw new Error(`datasets/${name}.json does not load`);
    measured.push(await measure(name, loaded.value, retrieval));
  }
  const generated: Measured[] = [];
  for (const { label, options } of SIZES)
    generated.push({ options, ...(await measure(label, generateScene(options), retrieval)) });
  const step0 = generated.map((m) => m.step0PromptTokens as number);
  const from370 = step0.slice(1);
  const results = {
    benchmark: 'search-prompt-size',
    measuredAt: new Date().toISOString(),
    commit: execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8' }).trim(),
    machine: {
      node: process.version,
      cpus: cpus().length,
      loadavgAtEnd: loadavg().map((l) => Math.round(l * 100) / 100),
    },
    settings: {
      instruction: INSTRUCTION,
      prompt:
        "semanticSearchMessages (sayplan, chain of thought on); grounded: choiceMessages of the prior's best 5 moves",
      tokenizer: 'o200k (countTokens)',
      groundedUpToNodes: GROUNDED_UP_TO_NODES,
      embeddingModel: retrieval ? 'all-MiniLM-L6-v2-int8' : `not loaded: ${opened.ok ? '' : opened.error}`,
    },
    reference:
      'referenceFlatStep0PromptTokens: the same first prompt with the flat collapsed view (every room listed), as every building had it before the nested view; rendered in this run',
    targets: {
      budget: FIRST_SEARCH_PROMPT_TOKENS,
      maxStep0PromptTokens: Math.max(...step0),
      withinBudget: Math.max(...step0) <= FIRST_SEARCH_PROMPT_TOKENS,
      spreadFrom370Rooms: Math.round((Math.max(...from370) / Math.min(...from370) - 1) * 1000) / 1000,
      flatWithin10PercentFrom370Rooms: Math.max(...from370) / Math.min(...from370) <= 1.1,
    },
    datasets: measured,
    generated,
  };
  await mkdir(join(here, '../bench-results'), { recursive: true });
  await writeFile(resultsFile, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`wrote ${resultsFile}`);
}

await main();
