// Records an LLM cassette by running the real planTask workflow on a real (test) Temporal server,
// with a scripted provider wrapped in the recording provider. The cassette then replays the run
// deterministically, with no model.
//   npx tsx --conditions=@groundplan/source packages/workflows/scripts/record-cassette.ts datasets/cassettes/NAME.script.json
import { readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { createLlmActivities, type LlmScript, recordingProvider, scriptedProvider } from '@groundplan/llm';
import { fileSceneStore, loadSceneFile } from '@groundplan/scene-graph';
import { createSimActivities } from '@groundplan/simulator';
import { createTestEnvironment } from '@groundplan/temporal-runtime';
import { Worker } from '@temporalio/worker';
import { LLM_TASK_QUEUE, SIM_TASK_QUEUE } from '../src/activity-options.js';
import { startPlanTask } from '../src/client.js';
import { createPlannerWorker } from '../src/worker.js';

const scriptPath = process.argv[2];
if (!scriptPath) throw new Error('usage: record-cassette.ts <NAME.script.json>');
const spec = JSON.parse(readFileSync(scriptPath, 'utf8')) as {
  scene: string;
  instruction: string;
  script: LlmScript;
};
const cassettePath = scriptPath.replace(/\.script\.json$/, '.cassette.json');
rmSync(cassettePath, { force: true });

const scene = await loadSceneFile(resolve(spec.scene));
if (!scene.ok) throw new Error(`${spec.scene} does not load`);
const scenes = fileSceneStore(`/tmp/groundplan-record-${process.pid}`);
const sceneRef = await scenes.put(scene.value);
const provider = recordingProvider(scriptedProvider(spec.script), cassettePath);
const env = await createTestEnvironment();
const connection = env.nativeConnection;
const workers = await Promise.all([
  createPlannerWorker(connection),
  Worker.create({
    connection,
    taskQueue: LLM_TASK_QUEUE,
    activities: createLlmActivities({
      provider,
      loadScene: async (ref) => {
        const found = await scenes.get(ref);
        if (!found.ok) throw new Error(found.error);
        return found.value;
      },
    }),
  }),
  Worker.create({ connection, taskQueue: SIM_TASK_QUEUE, activities: createSimActivities(scenes) }),
]);
const running = workers.slice(1).map((w) => w.run());
const result = await workers[0]!.runUntil(
  startPlanTask(env.client, scene.value.getAttribute('name'), {
    sceneRef,
    instruction: spec.instruction,
  }).then((h) => h.result()),
);
for (const w of workers.slice(1)) w.shutdown();
await Promise.all(running);
await provider.saved();
await env.teardown();
console.log(
  `${result.status}: ${result.attempts.length} plan attempt(s), ${result.usage.calls} LLM calls -> ${cassettePath}`,
);
