// Retrieval on SayPlan's 90 tasks, for each embedding model of models.json that is installed:
//   - recall@k (k = 1, 3, 5, 10) of the rooms and of the assets/objects each task needs
//     (datasets/tasks/requirements.json: the required nodes; a needed room is a required room
//     or the room of a required asset/object), per task family, for several weights of a
//     container's contents in its score (rank.ts), beside the expectation of a random order;
//   - time to index office and home (cold: every node text embedded; one thread, then two), per
//     node, and per query (one thread).
// Writes bench-results/recall.json. Run under the shared benchmark lock:
//   flock /tmp/groundplan-bench.lock pnpm --filter @groundplan/retrieval bench
import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { loadSceneFile, type NodeKind, roomOf, type SceneGraph, sceneRef } from '@groundplan/scene-graph';
import { embeddingModelDir } from '../src/model-catalogue.js';
import { loadEmbedder } from '../src/onnx-embedder.js';
import { rankByVector } from '../src/rank.js';
import { createSceneIndexCache, type SceneIndex } from '../src/scene-index.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const KS = [1, 3, 5, 10] as const;
const WEIGHTS = [0, 0.25, 0.5, 0.75, 1];
const FAMILIES = ['simple-search', 'complex-search', 'simple-planning', 'long-horizon-planning'] as const;
const THINGS: NodeKind[] = ['asset', 'object'];

type Task = {
  id: string;
  environment: 'office' | 'home';
  family: (typeof FAMILIES)[number];
  instruction: string;
};
const instructions = (
  JSON.parse(readFileSync(`${root}datasets/tasks/sayplan-tasks.json`, 'utf8')) as { tasks: Task[] }
).tasks;
const required = new Map(
  (
    JSON.parse(readFileSync(`${root}datasets/tasks/requirements.json`, 'utf8')) as {
      tasks: { id: string; required: string[] }[];
    }
  ).tasks.map((t) => [t.id, t.required]),
);
const catalogue = JSON.parse(readFileSync(new URL('../models.json', import.meta.url), 'utf8')) as {
  default: string;
  models: { name: string }[];
};

const scenes = {} as Record<'office' | 'home', { scene: SceneGraph; ref: string }>;
for (const name of ['office', 'home'] as const) {
  const loaded = await loadSceneFile(`${root}datasets/${name}.json`);
  if (!loaded.ok) throw new Error(`datasets/${name}.json does not load`);
  scenes[name] = { scene: loaded.value, ref: sceneRef(loaded.value) };
}

/** The rooms and the assets/objects a task needs. */
function needs(task: Task): { rooms: string[]; things: string[] } {
  const { scene } = scenes[task.environment];
  const rooms = new Set<string>();
  const things = new Set<string>();
  for (const id of required.get(task.id) ?? []) {
    if (!scene.hasNode(id)) throw new Error(`${task.id} requires ${id}, which ${task.environment} lacks`);
    const kind = scene.getNodeAttribute(id, 'kind');
    if (kind === 'room') rooms.add(id);
    if (kind === 'asset' || kind === 'object') {
      things.add(id);
      const room = roomOf(scene, id);
      if (room) rooms.add(room);
    }
  }
  return { rooms: [...rooms], things: [...things] };
}

const mean = (xs: number[]) => (xs.length === 0 ? null : xs.reduce((a, b) => a + b, 0) / xs.length);
const round = (x: number | null, digits = 3) => (x === null ? null : Number(x.toFixed(digits)));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

const started = new Date().toISOString();
const loadBefore = loadavg();
const results: unknown[] = [];
for (const { name } of catalogue.models) {
  const loaded = await loadEmbedder(embeddingModelDir(name) as string);
  if (!loaded.ok) {
    console.log(`skipping ${name}: ${loaded.error}`);
    continue;
  }
  const embedder = loaded.value;
  // Warm the session up once, so the first scene does not pay for it.
  await embedder.embed(['warm up']);
  const cache = createSceneIndexCache({ embedder });
  const indexes = {} as Record<'office' | 'home', SceneIndex>;
  const indexing: Record<string, { nodes: number; ms: number; msPerNode: number }> = {};
  for (const env of ['office', 'home'] as const) {
    const t0 = performance.now();
    indexes[env] = await cache.indexFor(scenes[env].ref, scenes[env].scene);
    const ms = performance.now() - t0;
    const nodes = indexes[env].nodes.length;
    indexing[env] = { nodes, ms: Math.round(ms), msPerNode: round(ms / nodes, 2) as number };
  }
  const queryMs: number[] = [];
  const queries = new Map<string, Float32Array>();
  for (const task of instructions) {
    const t0 = performance.now();
    const [vector] = await embedder.embed([task.instruction]);
    queryMs.push(performance.now() - t0);
    queries.set(task.id, vector as Float32Array);
  }

  const byWeight: Record<string, unknown> = {};
  for (const weight of WEIGHTS) {
    const perTask = instructions.map((task) => {
      const need = needs(task);
      const index = indexes[task.environment];
      const query = queries.get(task.id) as Float32Array;
      const rooms = rankByVector(index, query, { kinds: ['room'], contents: weight }).map((r) => r.id);
      const things = rankByVector(index, query, { kinds: THINGS, contents: weight }).map((r) => r.id);
      const recall = (ranked: string[], wanted: string[]) =>
        Object.fromEntries(
          KS.map((k) => [
            k,
            wanted.length === 0
              ? null
              : wanted.filter((id) => ranked.slice(0, k).includes(id)).length / wanted.length,
          ]),
        );
      return {
        id: task.id,
        family: task.family,
        needs: need,
        rooms: recall(rooms, need.rooms),
        things: recall(things, need.things),
        topRooms: rooms.slice(0, 3),
        topThings: things.slice(0, 5),
      };
    });
    const summary = (family: string | undefined) => {
      const tasks = perTask.filter((t) => family === undefined || t.family === family);
      const part = (which: 'rooms' | 'things') => {
        const counted = tasks.filter((t) => t[which][1] !== null);
        return {
          tasks: counted.length,
          ...Object.fromEntries(
            KS.map((k) => [`recall@${k}`, round(mean(counted.map((t) => t[which][k] as number)))]),
          ),
        };
      };
      return { rooms: part('rooms'), things: part('things') };
    };
    byWeight[String(weight)] = {
      all: summary(undefined),
      ...Object.fromEntries(FAMILIES.map((f) => [f, summary(f)])),
      ...(weight === 0.5 ? { tasks: perTask } : {}),
    };
  }
  // A random order's expected recall@k is k / (candidates), averaged over the tasks counted.
  const randomExpectation = Object.fromEntries(
    (['rooms', 'things'] as const).map((which) => {
      const counted = instructions.filter((t) => needs(t)[which].length > 0);
      const sizes = counted.map(
        (t) =>
          indexes[t.environment].nodes.filter((n) =>
            which === 'rooms' ? n.kind === 'room' : THINGS.includes(n.kind),
          ).length,
      );
      return [
        which,
        Object.fromEntries(KS.map((k) => [`recall@${k}`, round(mean(sizes.map((n) => Math.min(1, k / n))))])),
      ];
    }),
  );
  // Indexing again with two threads (a worker alone on this 2-core machine could use both).
  const twoThreads = await loadEmbedder(embeddingModelDir(name) as string, { threads: 2 });
  const indexingTwoThreads: Record<string, { ms: number; msPerNode: number }> = {};
  if (twoThreads.ok) {
    await twoThreads.value.embed(['warm up']);
    const fresh = createSceneIndexCache({ embedder: twoThreads.value });
    for (const env of ['office', 'home'] as const) {
      const t0 = performance.now();
      const index = await fresh.indexFor(scenes[env].ref, scenes[env].scene);
      const ms = performance.now() - t0;
      indexingTwoThreads[env] = {
        ms: Math.round(ms),
        msPerNode: round(ms / index.nodes.length, 2) as number,
      };
    }
    await twoThreads.value.close();
  }
  results.push({
    model: name,
    dir: embedder.model,
    dimension: embedder.dimension,
    threads: 1,
    indexing,
    indexingTwoThreads,
    queryMs: { mean: round(mean(queryMs), 2), median: round(median(queryMs), 2), queries: queryMs.length },
    randomExpectation,
    byContentsWeight: byWeight,
  });
  await embedder.close();
  console.log(name, JSON.stringify(indexing), 'query ms', round(mean(queryMs), 2));
  for (const weight of WEIGHTS) {
    const all = (
      byWeight[String(weight)] as { all: { rooms: Record<string, unknown>; things: Record<string, unknown> } }
    ).all;
    console.log(
      `  contents ${weight}: rooms ${JSON.stringify(all.rooms)} things ${JSON.stringify(all.things)}`,
    );
  }
}

await mkdir(new URL('../bench-results/', import.meta.url), { recursive: true });
await writeFile(
  new URL('../bench-results/recall.json', import.meta.url),
  `${JSON.stringify(
    {
      started,
      machine: {
        cpus: cpus().length,
        cpu: cpus()[0]?.model,
        loadavgBefore: loadBefore,
        loadavgAfter: loadavg(),
      },
      tasks: instructions.length,
      definitions: {
        neededRooms:
          'required rooms plus the room of every required asset/object (datasets/tasks/requirements.json)',
        neededThings: 'required assets and objects',
        recallAtK:
          'share of the needed rooms (things) among the top k rooms (assets+objects), averaged over tasks that need any',
        contentsWeight: 'score = own + w * max(0, best score inside - own) (packages/retrieval/src/rank.ts)',
      },
      results,
    },
    null,
    1,
  )}\n`,
);
