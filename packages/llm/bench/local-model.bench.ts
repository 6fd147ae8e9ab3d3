// Compares the local model candidates on this machine: raw prompt-processing and generation
// speed, the time of one semantic-search step on the office collapsed graph (cold: nothing
// cached; warm: the view's start already evaluated), and semantic-search success on office
// simple-search tasks. Writes bench-results/local-model.json. Run: pnpm bench [-- --tasks=5 --steps=6 --models=a,b]
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { collapse, contract, expand, loadSceneFile, type View } from '@groundplan/scene-graph';
import { getLlama, LlamaLogLevel } from 'node-llama-cpp';
import { createLlmActivities } from '../src/activities.js';
import { localModelProvider } from '../src/providers/local-model.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const catalogue = JSON.parse(readFileSync(new URL('../models.json', import.meta.url), 'utf8')) as {
  default: string;
  models: { name: string; file: string }[];
};
const modelNames = arg('models', catalogue.models.map((m) => m.name).join(',')).split(',');
const taskCount = Number(arg('tasks', '5'));
const maxSteps = Number(arg('steps', '6'));
const threads = Math.max(1, availableParallelism() - 1);

const TASK_IDS = ['02', '03', '04', '05', '06', '07', '08', '01'].map((n) => `office-simple-search-${n}`);
const instructions = JSON.parse(readFileSync(`${root}../shared/sayplan-tasks.json`, 'utf8')) as {
  tasks: { id: string; instruction: string }[];
};
const requirements = JSON.parse(readFileSync(`${root}datasets/tasks/requirements.json`, 'utf8')) as {
  tasks: { id: string; answer: string[]; required: string[] }[];
};
const tasks = TASK_IDS.slice(0, taskCount).map((id) => ({
  id,
  instruction: instructions.tasks.find((t) => t.id === id)!.instruction,
  answer: requirements.tasks.find((t) => t.id === id)!.answer,
  required: requirements.tasks.find((t) => t.id === id)!.required,
}));

const office = await loadSceneFile(`${root}datasets/office.json`);
if (!office.ok) throw new Error('datasets/office.json does not load');
const scene = office.value;

async function rawSpeed(modelPath: string) {
  const llama = await getLlama({
    gpu: false,
    build: 'never',
    skipDownload: true,
    logLevel: LlamaLogLevel.error,
  });
  const model = await llama.loadModel({ modelPath });
  const context = await model.createContext({ contextSize: 2048, threads });
  const sequence = context.getSequence();
  const prompt = model
    .tokenize('The robot walks along the corridor to the kitchen and opens the fridge. '.repeat(32))
    .slice(0, 512);
  let started = performance.now();
  await sequence.evaluateWithoutGeneratingNewTokens(prompt);
  const promptTokensPerS = prompt.length / ((performance.now() - started) / 1000);
  started = performance.now();
  let generated = 0;
  for await (const _token of sequence.evaluate([prompt[0]!])) if (++generated >= 48) break;
  const generationTokensPerS = generated / ((performance.now() - started) / 1000);
  await context.dispose();
  await model.dispose();
  return {
    promptTokens: prompt.length,
    promptTokensPerS: round(promptTokensPerS),
    generatedTokens: generated,
    generationTokensPerS: round(generationTokensPerS),
  };
}

async function measure(name: string) {
  const file = catalogue.models.find((m) => m.name === name)!.file;
  const modelPath = `${root}models/${file}`;
  if (!existsSync(modelPath))
    return { name, skipped: `not installed; run packages/llm/scripts/install-model.sh ${name}` };
  const speed = await rawSpeed(modelPath);
  const llm = createLlmActivities({
    provider: localModelProvider({ modelPath, threads }),
    loadScene: async () => scene,
  });

  const step = async (instruction: string, view: View) => {
    const started = performance.now();
    const result = await llm
      .semanticSearchStep({ sceneRef: 'office', instruction, view })
      .catch((error: Error) => error);
    return { ms: Math.round(performance.now() - started), result };
  };
  const cold = await step('Find me a stapler.', collapse(scene));
  const warm = await step('Find me a kettle.', collapse(scene));

  const runs = [];
  for (const task of tasks) {
    let view = collapse(scene);
    let lastError: string | undefined;
    const trace: string[] = [];
    let outcome = 'ran out of steps';
    let success = false;
    const started = performance.now();
    for (let n = 0; n < maxSteps; n++) {
      const answer = await llm
        .semanticSearchStep({
          sceneRef: 'office',
          instruction: task.instruction,
          view,
          ...(lastError ? { lastError } : {}),
        })
        .catch((error: Error) => error);
      if (answer instanceof Error) {
        outcome = `failed: ${answer.message.slice(0, 120)}`;
        break;
      }
      trace.push(`${answer.command}(${answer.node})`);
      if (answer.command === 'done') {
        success = task.answer.includes(answer.node);
        outcome = success ? 'found' : `stopped at ${answer.node}`;
        break;
      }
      const next = (answer.command === 'expand' ? expand : contract)(scene, view, answer.node);
      if (next.ok) {
        view = next.value;
        lastError = undefined;
      } else lastError = next.error;
    }
    const expandedRequired = view.memory.some((id) => task.required.includes(id));
    runs.push({
      task: task.id,
      instruction: task.instruction,
      success,
      expandedRequired,
      outcome,
      trace,
      ms: Math.round(performance.now() - started),
    });
    console.log(name, task.id, outcome, trace.join(' '));
  }
  return {
    name,
    file,
    speed,
    semanticSearchStep: {
      coldMs: cold.ms,
      warmMs: warm.ms,
      coldUsage: cold.result instanceof Error ? cold.result.message : cold.result.usage.usage,
      warmUsage: warm.result instanceof Error ? warm.result.message : warm.result.usage.usage,
    },
    search: {
      tasks: runs.length,
      successes: runs.filter((r) => r.success).length,
      expandedARequiredNode: runs.filter((r) => r.expandedRequired).length,
      runs,
    },
  };
}

function round(x: number): number {
  return Math.round(x * 10) / 10;
}

const results = [];
for (const name of modelNames) results.push(await measure(name));
const reference = results.find((r) => r.name === catalogue.default && 'speed' in r);
const withRatios = results.map((r) =>
  'speed' in r && reference && 'speed' in reference
    ? {
        ...r,
        vsReference: {
          reference: reference.name,
          coldStepTimeRatio: round(r.semanticSearchStep!.coldMs / reference.semanticSearchStep!.coldMs),
          promptSpeedRatio: round(r.speed!.promptTokensPerS / reference.speed!.promptTokensPerS),
        },
      }
    : r,
);
const out = {
  bench: 'local-model',
  date: new Date().toISOString(),
  machine: { cpus: cpus().length, cpu: cpus()[0]?.model, threads, loadAverageAtEnd: loadavg().map(round) },
  settings: { tasks: taskCount, maxSteps, targetColdStepMs: 15_000 },
  results: withRatios,
};
await mkdir(new URL('../bench-results/', import.meta.url), { recursive: true });
await writeFile(
  new URL('../bench-results/local-model.json', import.meta.url),
  `${JSON.stringify(out, null, 2)}\n`,
);
console.log(
  JSON.stringify(
    out.results.map((r) =>
      'speed' in r
        ? { name: r.name, speed: r.speed, step: r.semanticSearchStep, successes: r.search!.successes }
        : r,
    ),
  ),
);
process.exit(0);
