// Records an LLM cassette by running the real planTask workflow on a real (test) Temporal server,
// with a scripted provider wrapped in the recording provider. The cassette then replays the run
// deterministically, with no model.
//   npx tsx --conditions=@groundplan/source packages/workflows/scripts/record-cassette.ts datasets/cassettes/NAME.script.json
import { readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { type LlmScript, recordingProvider, scriptedProvider } from '@groundplan/llm';
import { fileSceneStore, loadSceneFile } from '@groundplan/scene-graph';
import { createTestEnvironment } from '@groundplan/temporal-runtime';
import { runOutcome, startPlanTask } from '../src/client.js';
import { GROUNDPLAN_SEARCH_ATTRIBUTES } from '../src/contract.js';
import { createRoleWorkers, runWorkersUntil } from '../src/worker.js';

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
const env = await createTestEnvironment({ searchAttributes: GROUNDPLAN_SEARCH_ATTRIBUTES });
const workers = await createRoleWorkers(env.nativeConnection, {
  roles: ['planner', 'llm', 'sim'],
  namespace: env.namespace ?? 'default',
  scenes,
  provider,
});
const result = await runWorkersUntil(
  workers,
  startPlanTask(env.client, scene.value.getAttribute('name'), {
    sceneRef,
    instruction: spec.instruction,
  }).then(runOutcome),
);
await provider.saved();
await env.teardown();
console.log(
  `${result.status}: ${result.attempts.length} plan attempt(s), ${result.usage.calls} LLM calls -> ${cassettePath}`,
);
