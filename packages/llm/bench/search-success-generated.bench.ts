// Does search still find things in a large building's nested view? `pnpm --filter
// @groundplan/llm search-success-generated` writes
// bench-results/search-success-generated.json: the grounded planner's search step with the
// retrieval prior choosing (grounded-prior, the no-model ablation: the real activity, without a
// workflow around it) on generated search tasks (datasets/generated/search-tasks.json) at the
// office's size, at 10x and at 100x (the same 12 tasks a size, the same step cap for each), against
// an oracle that expands exactly the path to the answer. The retrieval index of each building is
// made once and kept on disk by the scene's hash (under the OS temp dir), so a re-run starts at
// once; its time is reported apart from the search's.

import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { groundedActivities } from '@groundplan/grounding';
import { openRetrieval } from '@groundplan/retrieval';
import {
  buildSceneGraph,
  collapse,
  type GeneratedSearchTask,
  type GenerateSceneOptions,
  generateSearchTaskSet,
  memorySceneStore,
  parentOf,
  type SceneFile,
  searchTree,
  type View,
} from '@groundplan/scene-graph';

import { createLlmActivities } from '../src/activities.js';
import { createProvider } from '../src/provider-config.js';

const here = fileURLToPath(new URL('.', import.meta.url));
const repo = join(here, '../../..');
// --chooser model: the embedded model picks among the prior's best moves (grounded, the model's
// best variant), one thread (faster beside other work); its figures go to a file of their own.
const { values } = parseArgs({
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: {
    chooser: { type: 'string', default: 'prior' },
    sets: { type: 'string', default: 'office-size,office-x10,office-x100' },
    out: { type: 'string' },
  },
});
const chooser = values.chooser === 'model' ? 'model' : 'prior';
const wanted = new Set(values.sets.split(','));
const resultsFile =
  values.out ??
  join(here, `../bench-results/search-success-generated${chooser === 'model' ? '-model' : ''}.json`);
/** A task of a set: the instruction, and the nodes a right done may name. */
type SearchTask = { id: string; instruction: string; answers: string[] };
const MAX_STEPS = 24; // the workflows' DEFAULT_MAX_SEARCH_STEPS
const SETS: { name: string; options: GenerateSceneOptions; tasks?: GeneratedSearchTask[] }[] = [
  {
    name: 'office-size',
    options: { seed: 2701, floors: 1, roomsPerFloor: 37, assetsPerRoom: 3, objectsPerAsset: 3 },
  },
];

type TaskResult = {
  id: string;
  found: boolean;
  steps: number;
  ended: string;
  oracleSteps: number;
  calls?: number;
  tokens?: number;
};

async function main(): Promise<void> {
  const committed = JSON.parse(readFileSync(join(repo, 'datasets/generated/search-tasks.json'), 'utf8')) as {
    sets: { name: string; options: GenerateSceneOptions; tasks: GeneratedSearchTask[] }[];
  };
  const larger = ['office-x10', 'office-x100'].map(
    (name) => committed.sets.find((set) => set.name === name)!,
  );
  const opened = await openRetrieval({
    modelDir: join(repo, 'models', 'all-MiniLM-L6-v2-int8'),
    cacheDir: join(tmpdir(), 'groundplan-search-success-retrieval'),
  });
  if (!opened.ok) throw new Error(opened.error);
  const scenes = memorySceneStore();
  const activities =
    chooser === 'model'
      ? createLlmActivities({
          scenes,
          retrieval: opened.value,
          provider: createProvider({ provider: 'local', threads: 1 }),
        })
      : groundedActivities({
          scenes,
          retrieval: opened.value,
          ask: async () => {
            throw new Error('the prior chooses: no model is asked');
          },
        });

  // The generated sets, and the campus (--sets campus): datasets/campus.json and its tasks.
  const generated = (options: GenerateSceneOptions) => () => {
    const { scene, tasks } = generateSearchTaskSet(options, 12);
    return {
      file: scene,
      tasks: tasks.map((t) => ({ id: t.id, instruction: t.instruction, answers: [t.answer] })),
    };
  };
  const campus = () => ({
    file: JSON.parse(readFileSync(join(repo, 'datasets/campus.json'), 'utf8')) as SceneFile,
    tasks: (
      JSON.parse(readFileSync(join(repo, 'datasets/tasks/campus-search-tasks.json'), 'utf8')) as {
        tasks: { id: string; instruction: string; answer: string[] }[];
      }
    ).tasks.map((t) => ({ id: t.id, instruction: t.instruction, answers: t.answer })),
  });
  const sources: {
    name: string;
    options: GenerateSceneOptions | string;
    build: () => { file: SceneFile; tasks: SearchTask[] };
  }[] = [
    ...[...SETS, ...larger].map((set) => ({
      name: set.name,
      options: set.options,
      build: generated(set.options),
    })),
    { name: 'campus', options: 'datasets/campus.json', build: campus },
  ];
  const sets = [];
  for (const { name, options, build } of sources.filter((set) => wanted.has(set.name))) {
    const { file, tasks } = build();
    const scene = buildSceneGraph(file);
    const sceneRef = await scenes.put(scene);
    const indexStarted = performance.now();
    const embeddedBefore = opened.value.counts.textsEmbedded;
    await opened.value.indexFor(sceneRef, scene);
    const index = {
      seconds: Math.round((performance.now() - indexStarted) / 100) / 10,
      textsEmbedded: opened.value.counts.textsEmbedded - embeddedBefore,
    };
    const started = performance.now();
    const results: TaskResult[] = [];
    for (const task of tasks) {
      let view: View = collapse(scene);
      let ended = 'out of steps';
      let steps = 0;
      let tokens = 0;
      let calls = 0;
      for (; steps < MAX_STEPS; ) {
        steps++;
        const step = await activities.groundedSearchStep({
          sceneRef,
          instruction: task.instruction,
          view,
          chooser,
        });
        if (step.usage) {
          tokens += step.usage.usage.promptTokens + step.usage.usage.completionTokens;
          calls += step.calls ?? 1;
        }
        if (step.command === 'done') {
          ended = `done(${step.node})`;
          break;
        }
        if (step.next) view = step.next.view;
        else if (step.error) {
          ended = `error: ${step.error}`;
          break;
        }
      }
      results.push({
        id: task.id,
        found: task.answers.some((answer) => ended === `done(${answer})`),
        steps,
        ended,
        oracleSteps: Math.min(...task.answers.map((answer) => oracleSteps(scene, answer))),
        ...(chooser === 'model' ? { calls, tokens } : {}),
      });
    }
    const found = results.filter((r) => r.found).length;
    sets.push({
      name,
      options,
      rooms: file.nodes.filter((n) => n.kind === 'room').length,
      nodes: scene.order,
      view: searchTree(scene).flat ? 'flat' : 'nested',
      success: { [chooser]: `${found}/${results.length}`, oracle: `${results.length}/${results.length}` },
      seconds: Math.round((performance.now() - started) / 100) / 10,
      retrievalIndex: index,
      tasks: results,
    });
    console.log(name, `${found}/${results.length}`);
  }
  const results = {
    benchmark: 'search-success-generated',
    measuredAt: new Date().toISOString(),
    commit: execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8' }).trim(),
    machine: {
      node: process.version,
      cpus: cpus().length,
      loadavgAtEnd: loadavg().map((l) => Math.round(l * 100) / 100),
    },
    settings: {
      search:
        chooser === 'model'
          ? "groundedSearchStep, chooser model (grounded): the embedded model (the default local model, 1 thread) picks among the prior's best moves"
          : 'groundedSearchStep, chooser prior (grounded-prior): the retrieval prior picks every move',
      embeddingModel: 'all-MiniLM-L6-v2-int8',
      maxSteps: MAX_STEPS,
      oracle: 'expands exactly the nodes on the way to the answer, then done: always finds, in oracleSteps',
    },
    notMeasured:
      chooser === 'model'
        ? "the sets left out of --sets; the office's own tasks are scored by packages/eval"
        : "the embedded model: --chooser model writes its own file; the office's own tasks are scored by packages/eval",
    sets,
  };
  await mkdir(join(here, '../bench-results'), { recursive: true });
  await writeFile(resultsFile, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`wrote ${resultsFile}`);
}

// The oracle's steps: expand every search ancestor of the answer, top down, then done.
function oracleSteps(scene: ReturnType<typeof buildSceneGraph>, answer: string): number {
  const tree = searchTree(scene);
  let count = 0;
  let up: string | undefined = parentOf(scene, answer)?.parent;
  while (up !== undefined) {
    const isTopOpen = !tree.flat && tree.roots.includes(up) && !tree.groups.has(up);
    const kind = scene.hasNode(up) ? scene.getNodeAttribute(up, 'kind') : 'group';
    const opensOnExpand = tree.flat
      ? kind !== 'floor' && kind !== 'building' && kind !== 'campus'
      : !isTopOpen;
    if (opensOnExpand) count++;
    up = tree.parents.get(up) ?? (scene.hasNode(up) ? parentOf(scene, up)?.parent : undefined);
  }
  return count + 1;
}

await main();
