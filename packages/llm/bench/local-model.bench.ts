// The local model candidates on this machine: prompt and generation speed per thread count, and
// the time of one semantic-search step on the office collapsed graph in three states:
//   cold   a fresh process: the model loads and the whole prompt (~2,000 tokens) is evaluated;
//   ready  a warmed-up worker: the model loaded and the prompt's fixed start (instructions and
//          worked examples) evaluated, so the step evaluates its view and instruction only;
//   warm   the next step: the view's start is still evaluated, only the instruction is new.
// For the default model the ready step is also measured per thread count, on an idle machine and
// with another process keeping one core busy. Then semantic-search success on office
// simple-search tasks. Each state is measured in its own child process.
// Writes bench-results/local-model.json. Run under the shared benchmark lock:
//   flock /tmp/groundplan-bench.lock pnpm --filter @groundplan/llm bench [-- --tasks=5 --steps=6 --models=a,b --rounds=3]
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import {
  collapse,
  contract,
  expand,
  loadSceneFile,
  memorySceneStore,
  renderView,
  type View,
} from '@groundplan/scene-graph';
import { getLlama, LlamaLogLevel } from 'node-llama-cpp';
import { createLlmActivities, warmUpSemanticSearch } from '../src/activities.js';
import { catalogueModel } from '../src/model-catalogue.js';
import { semanticSearchMessages } from '../src/prompts/semantic-search.js';
import { localModelProvider } from '../src/providers/local-model.js';
import { localModelThreads } from '../src/providers/local-model-fetch.js';
import { cpuMark, othersCores, round } from './cpu-load.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const catalogue = JSON.parse(readFileSync(new URL('../models.json', import.meta.url), 'utf8')) as {
  default: string;
  models: { name: string; file: string }[];
};
// The two models the README's table measured; the larger candidates take far longer: name them with --models=.
const modelNames = arg('models', 'smollm2-135m,gemma3-270m').split(',');
const taskCount = Number(arg('tasks', '5'));
const maxSteps = Number(arg('steps', '6'));
const rounds = Number(arg('rounds', '3'));
const defaultThreads = localModelThreads();
const threadCounts = [...new Set([1, 2, availableParallelism()])].filter((t) => t <= availableParallelism());

const READY_INSTRUCTIONS = ['Find me a stapler.', 'Find me a whiteboard marker.', 'Find me a coffee mug.'];
const WARM_INSTRUCTION = 'Find me a kettle.';

const office = await loadSceneFile(`${root}datasets/office.json`);
if (!office.ok) throw new Error('datasets/office.json does not load');
const scene = office.value;
const scenes = memorySceneStore();
const sceneRef = await scenes.put(scene);

const modelPathOf = (name: string) => `${root}models/${catalogueModel(name)!.file}`;

// --- child processes: one state each, nothing shared with the parent or each other ---

async function stepOnce(llm: ReturnType<typeof createLlmActivities>, instruction: string, view: View) {
  const since = cpuMark();
  const result = await llm.semanticSearchStep({ sceneRef, instruction, view }).catch((e: Error) => e);
  const ms = Math.round(performance.now() - since.wall);
  return {
    instruction,
    ms,
    othersCores: othersCores(since),
    ...(result instanceof Error
      ? { error: result.message }
      : { usage: result.usage.usage, answer: `${result.command}(${result.node})` }),
  };
}

async function coldChild(modelPath: string, threads: number) {
  const llm = createLlmActivities({
    provider: localModelProvider({ modelPath, threads }),
    scenes,
  });
  return stepOnce(llm, READY_INSTRUCTIONS[0]!, collapse(scene));
}

async function readyChild(modelPath: string, threads: number, search: boolean) {
  const provider = localModelProvider({ modelPath, threads });
  const warm = await warmUpSemanticSearch(provider);
  if (!warm.ok || !warm.value)
    throw new Error(`warm-up failed: ${warm.ok ? 'nothing to do' : warm.error.message}`);
  const llm = createLlmActivities({ provider, scenes });
  const ready = [await stepOnce(llm, READY_INSTRUCTIONS[0]!, collapse(scene))];
  const warmStep = await stepOnce(llm, WARM_INSTRUCTION, collapse(scene));
  // Warming up again leaves only the fixed start evaluated: the state of a ready worker again.
  for (const instruction of READY_INSTRUCTIONS.slice(1)) {
    const again = await warmUpSemanticSearch(provider);
    if (!again.ok) throw new Error(again.error.message);
    ready.push(await stepOnce(llm, instruction, collapse(scene)));
  }
  return {
    loadMs: warm.value.loadMs,
    warmUpMs: warm.value.latencyMs,
    warmUpPromptTokens: warm.value.promptTokens,
    readySteps: ready,
    warmStep,
    ...(search ? { search: await searchTasks(llm) } : {}),
  };
}

async function searchTasks(llm: ReturnType<typeof createLlmActivities>) {
  const instructions = JSON.parse(readFileSync(`${root}datasets/tasks/sayplan-tasks.json`, 'utf8')) as {
    tasks: { id: string; instruction: string }[];
  };
  const requirements = JSON.parse(readFileSync(`${root}datasets/tasks/requirements.json`, 'utf8')) as {
    tasks: { id: string; answer: string[]; required: string[] }[];
  };
  const ids = ['02', '03', '04', '05', '06', '07', '08', '01'].map((n) => `office-simple-search-${n}`);
  const runs = [];
  for (const id of ids.slice(0, taskCount)) {
    const task = {
      instruction: instructions.tasks.find((t) => t.id === id)!.instruction,
      ...requirements.tasks.find((t) => t.id === id)!,
    };
    let view = collapse(scene);
    let lastError: string | undefined;
    const trace: string[] = [];
    let outcome = 'ran out of steps';
    let success = false;
    const started = performance.now();
    for (let n = 0; n < maxSteps; n++) {
      const answer = await llm
        .semanticSearchStep({
          sceneRef,
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
    runs.push({
      task: id,
      instruction: task.instruction,
      success,
      expandedRequired: view.memory.some((node) => task.required.includes(node)),
      outcome,
      trace,
      ms: Math.round(performance.now() - started),
    });
    console.error(id, outcome, trace.join(' '));
  }
  return {
    tasks: runs.length,
    successes: runs.filter((r) => r.success).length,
    expandedARequiredNode: runs.filter((r) => r.expandedRequired).length,
    runs,
  };
}

const child = arg('child', '');
if (child) {
  const modelPath = modelPathOf(arg('model', catalogue.default));
  const threads = Number(arg('threads', String(defaultThreads)));
  const result =
    child === 'cold'
      ? await coldChild(modelPath, threads)
      : await readyChild(modelPath, threads, arg('search', 'no') === 'yes');
  process.stdout.write(`${JSON.stringify(result)}\n`);
  process.exit(0);
}

function runChild(args: string[]): Promise<unknown> {
  const self = fileURLToPath(import.meta.url);
  const started = performance.now();
  return new Promise((done, failed) => {
    const proc = spawn(
      process.execPath,
      ['--conditions=@groundplan/source', '--import', 'tsx', self, ...args],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let out = '';
    proc.stdout.on('data', (chunk) => {
      out += chunk;
    });
    proc.on('exit', (code) =>
      code === 0
        ? done({
            ...JSON.parse(out.trim().split('\n').at(-1)!),
            processMs: Math.round(performance.now() - started),
          })
        : failed(new Error(`bench child ${args.join(' ')} exited with ${code}`)),
    );
  });
}

// --- the parent: raw speed per thread count, then the children ---

// Prompt evaluation of the office step's whole prompt, then generation at that context length,
// per thread count and with llama.cpp's flash attention on (its default, auto) and off.
async function rawSpeed(modelPath: string) {
  const llama = await getLlama({
    gpu: false,
    build: 'never',
    skipDownload: true,
    logLevel: LlamaLogLevel.error,
  });
  const model = await llama.loadModel({ modelPath });
  const text = semanticSearchMessages({
    instruction: READY_INSTRUCTIONS[0]!,
    renderedView: renderView(scene, collapse(scene)),
    memory: [],
  })
    .map((m) => m.content)
    .join('\n');
  const prompt = model.tokenize(text);
  const configs = threadCounts.flatMap((threads) =>
    [true, false].map((flashAttention) => ({ threads, flashAttention })),
  );
  const trials: {
    threads: number;
    flashAttention: boolean;
    promptTokensPerS: number;
    generationTokensPerS: number;
    othersCores: { prompt: number; generation: number };
  }[] = [];
  for (let r = 0; r < rounds; r++) {
    // Alternate the order, so a change in the machine's load does not favour one configuration.
    for (const { threads, flashAttention } of r % 2 === 0 ? configs : [...configs].reverse()) {
      const context = await model.createContext({ contextSize: 4096, threads, flashAttention });
      const sequence = context.getSequence();
      let since = cpuMark();
      await sequence.evaluateWithoutGeneratingNewTokens(prompt);
      const promptS = (performance.now() - since.wall) / 1000;
      const promptOthers = othersCores(since);
      since = cpuMark();
      let generated = 0;
      for await (const _token of sequence.evaluate([prompt[0]!])) if (++generated >= 64) break;
      const generationS = (performance.now() - since.wall) / 1000;
      trials.push({
        threads,
        flashAttention,
        promptTokensPerS: round(prompt.length / promptS),
        generationTokensPerS: round(generated / generationS),
        othersCores: { prompt: promptOthers, generation: othersCores(since) },
      });
      await context.dispose();
    }
  }
  await model.dispose();
  const mean = (xs: number[]) => round(xs.reduce((sum, x) => sum + x, 0) / xs.length);
  return {
    promptTokens: prompt.length,
    generatedTokens: 64,
    mean: configs.map(({ threads, flashAttention }) => {
      const mine = trials.filter((t) => t.threads === threads && t.flashAttention === flashAttention);
      // Trials during which other processes used at most a fifth of a core: the idle machine.
      const idle = mine.filter((t) => t.othersCores.prompt <= 0.2 && t.othersCores.generation <= 0.2);
      return {
        threads,
        flashAttention,
        promptTokensPerS: mean(mine.map((t) => t.promptTokensPerS)),
        generationTokensPerS: mean(mine.map((t) => t.generationTokensPerS)),
        idleTrials: idle.length,
        ...(idle.length > 0
          ? {
              idlePromptTokensPerS: mean(idle.map((t) => t.promptTokensPerS)),
              idleGenerationTokensPerS: mean(idle.map((t) => t.generationTokensPerS)),
            }
          : {}),
      };
    }),
    trials,
  };
}

/** Runs `work` while another process keeps one core busy, as another engineer's job would. */
async function withBusyCore<T>(busy: boolean, work: () => Promise<T>): Promise<T> {
  if (!busy) return work();
  const hog = spawn(process.execPath, ['-e', 'for (;;);'], { stdio: 'ignore' });
  try {
    return await work();
  } finally {
    hog.kill();
  }
}

async function measure(name: string) {
  const modelPath = modelPathOf(name);
  if (!existsSync(modelPath))
    return { name, skipped: `not installed; run packages/llm/scripts/install-model.sh ${name}` };
  console.error(name, 'raw speed');
  const speed = await rawSpeed(modelPath);
  const model = `--model=${name}`;
  console.error(name, 'cold step');
  const cold = await runChild(['--child=cold', model, `--threads=${defaultThreads}`]);
  console.error(name, 'ready worker, then search');
  const { search, ...ready } = (await runChild([
    '--child=ready',
    model,
    `--threads=${defaultThreads}`,
    '--search=yes',
    `--tasks=${taskCount}`,
    `--steps=${maxSteps}`,
  ])) as { search: unknown };
  // The default model's ready step per thread count, idle and with one core taken: it decides the default.
  const readyByThreads = [];
  if (name === catalogue.default)
    for (const threads of threadCounts)
      for (const busyCores of [0, 1]) {
        if (threads === defaultThreads && busyCores === 0) continue;
        console.error(name, `ready worker, ${threads} threads, ${busyCores} core(s) busy`);
        const run = await withBusyCore(busyCores === 1, () =>
          runChild(['--child=ready', model, `--threads=${threads}`]),
        );
        readyByThreads.push({ threads, busyCores, ...(run as object) });
      }
  return {
    name,
    file: modelPath.split('/').at(-1),
    speed,
    semanticSearchStep: { threads: defaultThreads, busyCores: 0, cold, ...ready },
    readyStepByThreads: readyByThreads,
    search,
  };
}

const loadAverageAtStart = loadavg().map(round);
const results = [];
for (const name of modelNames) results.push(await measure(name));
const out = {
  bench: 'local-model',
  date: new Date().toISOString(),
  machine: {
    cpus: cpus().length,
    cpu: cpus()[0]?.model,
    defaultThreads,
    loadAverageAtStart,
    loadAverageAtEnd: loadavg().map(round),
  },
  settings: { tasks: taskCount, maxSteps, rounds, targetStepMs: 15_000 },
  notes: [
    'Load averages are 1, 5 and 15 minute figures; othersCores is the CPU (in cores) other processes used during a measurement, from /proc/stat; busyCores: cores kept busy by a competing process the benchmark started.',
    'cold: a fresh process, model load included; ready: the first step after the warm-up, then two more after warming up again (the same state); warm: the next step, another instruction on the same view.',
    'Answers, and so generated token counts, differ with the thread count: floating-point sums are split differently.',
  ],
  results,
};
await mkdir(new URL('../bench-results/', import.meta.url), { recursive: true });
await writeFile(
  new URL('../bench-results/local-model.json', import.meta.url),
  `${JSON.stringify(out, null, 2)}\n`,
);
console.log(JSON.stringify(out.machine));
for (const r of results)
  if (r.speed && r.semanticSearchStep)
    console.log(
      JSON.stringify({
        name: r.name,
        speed: r.speed.mean,
        cold: (r.semanticSearchStep.cold as { ms: number }).ms,
        ready: (r.semanticSearchStep as unknown as { readySteps: { ms: number }[] }).readySteps.map(
          (s) => s.ms,
        ),
      }),
    );
process.exit(0);
