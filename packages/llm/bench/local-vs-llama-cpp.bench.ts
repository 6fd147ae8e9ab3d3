// groundplan's local inference against llama.cpp itself, side by side in one run, on the same GGUF,
// the same prompt tokens and the same thread count (issue 25 item 5: at least 90% of llama.cpp's
// prompt and generation tokens/s).
//   ours       node-llama-cpp in this process, loaded and with a context exactly as the local
//              provider makes them (localLlamaOptions, localContextOptions); measured through
//              sequence.evaluate, since the provider reports no separate prompt and generation times.
//   llama.cpp  llama-server built from the llama.cpp source node-llama-cpp ships
//              (scripts/build-llama-server.sh), its native /completion endpoint and its own timings.
// Trials alternate (ours, llama.cpp, ours, ...); each evaluates the prompt from an empty context.
// Writes bench-results/local-vs-llama-cpp.json. Run under the shared benchmark lock, in a shell that
// sourced scripts/setup.sh (it exports UV_THREADPOOL_SIZE, which the result records):
//   flock /tmp/groundplan-bench.lock pnpm --filter @groundplan/llm bench:llama-cpp [-- --threads 1,2 --trials 3]
// Options: --models a,b (catalogue names or GGUF paths) --threads 1,2 --trials 3 --prompt-tokens 1000
//   --generate 64 --llama-server <binary> --out <file>; --smoke: smollm2-135m, 1 thread, 1 trial,
//   a 128-token prompt, written to /tmp (each also settable).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus, homedir, totalmem } from 'node:os';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { collapse, loadSceneFile, renderView } from '@groundplan/scene-graph';
import { getLlama, type LlamaModel, type Token } from 'node-llama-cpp';
import { catalogueModel, localModelsDir } from '../src/model-catalogue.js';
import { semanticSearchMessages } from '../src/prompts/semantic-search.js';
import {
  localContextOptions,
  localLlamaOptions,
  threadpoolSize,
} from '../src/providers/local-model-fetch.js';
import { type LlamaServer, llamaServerBinary, startLlamaServer } from '../src/test-support/llama-server.js';
import { cpuMark, loadAverage, othersCores, round } from './cpu-load.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const smoke = process.argv.includes('--smoke');
/** `--name value` or `--name=value`. */
function arg(name: string, fallback: string, smokeFallback = fallback): string {
  const at = process.argv.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (at < 0) return smoke ? smokeFallback : fallback;
  const given = process.argv[at]!;
  return given.includes('=') ? given.slice(given.indexOf('=') + 1) : (process.argv[at + 1] ?? fallback);
}
const modelNames = arg('models', 'qwen2.5-coder-1.5b,qwen2.5-coder-0.5b,smollm2-135m', 'smollm2-135m').split(
  ',',
);
const threadCounts = arg('threads', '2', '1').split(',').map(Number);
const trials = Number(arg('trials', '3', '1'));
const promptTokenCount = Number(arg('prompt-tokens', '1000', '128'));
const generate = Number(arg('generate', '64'));
const out = resolve(
  arg(
    'out',
    fileURLToPath(new URL('../bench-results/local-vs-llama-cpp.json', import.meta.url)),
    '/tmp/groundplan-local-vs-llama-cpp.smoke.json',
  ),
);
// The provider's context for every model: contextSize and threads as it sets them, the rest defaults.
const contextSize = localContextOptions({}).contextSize;
// node-llama-cpp's defaults for that context, which llama-server is given explicitly.
const batchSize = Math.min(contextSize, 512);
const QUIET_CORES = 0.2;
const TARGET = 0.9;

/** A fixed prompt of exactly `count` tokens: the semantic-search step on the office graph, repeated if short. */
async function promptTokens(model: LlamaModel, count: number): Promise<Token[]> {
  const office = await loadSceneFile(`${root}datasets/office.json`);
  if (!office.ok) throw new Error('datasets/office.json does not load');
  const text = semanticSearchMessages({
    instruction: 'Find me a stapler.',
    renderedView: renderView(office.value, collapse(office.value)),
    memory: [],
  })
    .map((m) => m.content)
    .join('\n');
  const tokens = model.tokenize(text);
  return Array.from({ length: count }, (_, i) => tokens[i % tokens.length]!);
}

type Trial = {
  side: 'ours' | 'llama.cpp';
  round: number;
  promptTokens: number;
  generatedTokens: number;
  promptTokensPerS: number;
  generationTokensPerS: number;
  /** Cores other processes used during the trial (for llama.cpp: other than this process and the server). */
  othersCores: number;
  loadAverage: number[];
  cachedTokens?: number;
};

/**
 * One trial of ours, timed as llama-server times itself: the prompt from the start of evaluation
 * to the first generated token (the last prompt batch's logits, sampled), generation as the
 * decode steps after it (generated - 1) over the time from the first to the last token.
 */
async function oursTrial(model: LlamaModel, prompt: Token[], threads: number, count: number) {
  // A fresh context per trial: nothing of the prompt is cached.
  const context = await model.createContext(localContextOptions({ threads }));
  try {
    const sequence = context.getSequence();
    const loadAverageNow = loadAverage();
    const since = cpuMark();
    let first = 0;
    let last = 0;
    let generated = 0;
    // The provider's sampling without a grammar: temperature 0 is greedy, no repeat penalty (its
    // default penalty of 1 is off); end-of-generation tokens do not stop it, as ignore_eos there.
    for await (const _token of sequence.evaluate(prompt, { temperature: 0, yieldEogToken: true })) {
      last = performance.now();
      if (++generated === 1) first = last;
      if (generated >= count) break;
    }
    return {
      promptTokens: prompt.length,
      generatedTokens: generated,
      promptTokensPerS: round(prompt.length / ((first - since.wall) / 1000)),
      generationTokensPerS: round((generated - 1) / ((last - first) / 1000)),
      othersCores: othersCores(since),
      loadAverage: loadAverageNow,
    };
  } finally {
    await context.dispose();
  }
}

type Timings = {
  cache_n: number;
  prompt_n: number;
  prompt_per_second: number;
  predicted_n: number;
  predicted_per_second: number;
};

/** One trial of llama-server: the same tokens, no prompt cache, greedy, exactly `count` tokens. */
async function llamaCppTrial(server: LlamaServer, prompt: Token[], count: number) {
  const loadAverageNow = loadAverage();
  const since = cpuMark([server.child.pid!]);
  const response = await fetch(`${server.origin}/completion`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      prompt,
      n_predict: count,
      cache_prompt: false,
      temperature: 0,
      ignore_eos: true,
      stream: false,
    }),
  });
  if (!response.ok) throw new Error(`llama-server /completion: ${response.status} ${await response.text()}`);
  const { timings } = (await response.json()) as { timings: Timings };
  return {
    promptTokens: timings.prompt_n,
    generatedTokens: timings.predicted_n,
    promptTokensPerS: round(timings.prompt_per_second),
    generationTokensPerS: round(timings.predicted_per_second),
    othersCores: othersCores(since),
    loadAverage: loadAverageNow,
    cachedTokens: timings.cache_n,
  };
}

// Servers still running, killed however the benchmark ends.
const servers = new Set<LlamaServer>();
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    for (const server of servers) server.child.kill('SIGKILL');
    process.exit(130);
  });

function median(xs: number[]): number {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return round(sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2);
}

function summary(mine: Trial[]) {
  return {
    promptTokensPerS: median(mine.map((t) => t.promptTokensPerS)),
    generationTokensPerS: median(mine.map((t) => t.generationTokensPerS)),
    trials: mine.map(({ side: _side, ...t }) => t),
  };
}

const ratio = (ours: number, theirs: number) => Math.round((ours / theirs) * 1000) / 1000;

async function measure(
  llama: Awaited<ReturnType<typeof getLlama>>,
  binary: string,
  name: string,
  modelPath: string,
) {
  console.error(`${name}: loading`);
  const model = await llama.loadModel({ modelPath });
  const results = [];
  try {
    const prompt = await promptTokens(model, promptTokenCount);
    for (const threads of threadCounts) {
      const server = await startLlamaServer({
        binary,
        modelPath,
        contextSize,
        threads,
        maxAnswerTokens: generate,
        readyTimeoutMs: 300_000,
        extraArgs: [
          ...['--threads-batch', String(threads), '--batch-size', String(batchSize)],
          ...['--ubatch-size', String(batchSize), '--flash-attn', 'auto'],
          // No web UI, and no prompt cache in RAM: nothing evaluated is reused.
          ...['--no-webui', '--cache-ram', '0'],
        ],
      });
      servers.add(server);
      try {
        // Untimed warm-up on both sides: pages of the model mapped in, buffers allocated.
        const warmUp = prompt.slice(0, 64);
        await oursTrial(model, warmUp, threads, 2);
        await llamaCppTrial(server, warmUp, 2);
        const all: Trial[] = [];
        for (let r = 0; r < trials; r++) {
          console.error(`${name}: ${threads} thread(s), round ${r + 1} of ${trials}`);
          all.push({ side: 'ours', round: r, ...(await oursTrial(model, prompt, threads, generate)) });
          all.push({ side: 'llama.cpp', round: r, ...(await llamaCppTrial(server, prompt, generate)) });
        }
        const ours = summary(all.filter((t) => t.side === 'ours'));
        const llamaCpp = summary(all.filter((t) => t.side === 'llama.cpp'));
        const maxOthersCores = Math.max(...all.map((t) => t.othersCores));
        // Both sides must have done the same work, or the ratio compares different things.
        const sameWork = all.every(
          (t) => t.promptTokens === prompt.length && t.generatedTokens === generate && !t.cachedTokens,
        );
        const quiet = maxOthersCores <= QUIET_CORES;
        const ratios = {
          prompt: ratio(ours.promptTokensPerS, llamaCpp.promptTokensPerS),
          generation: ratio(ours.generationTokensPerS, llamaCpp.generationTokensPerS),
        };
        results.push({
          model: name,
          file: modelPath.split('/').at(-1),
          threads,
          promptTokens: prompt.length,
          generatedTokens: generate,
          ours,
          llamaCpp,
          ratios,
          maxOthersCores,
          quiet,
          sameWork,
          valid: quiet && sameWork,
          // Only a valid measurement says whether the target is met.
          targetMet: quiet && sameWork ? ratios.prompt >= TARGET && ratios.generation >= TARGET : null,
        });
      } finally {
        servers.delete(server);
        await server.close();
      }
    }
  } finally {
    await model.dispose();
  }
  return results;
}

/** The CPU variant of ggml node-llama-cpp loaded for this machine (libggml-cpu-<variant>.so). */
function ourCpuBackend(): string | undefined {
  const maps = readFileSync('/proc/self/maps', 'utf8');
  return (
    [...new Set([...maps.matchAll(/libggml-cpu-([\w-]+)\.so/g)].map((m) => m[1]))].join(',') || undefined
  );
}

function git(...args: string[]): string {
  return execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();
}

const binary = resolve(arg('llama-server', '') || (await llamaServerBinary()));
const buildInfo = resolve(dirname(binary), 'build.json');
const llama = await getLlama(localLlamaOptions);
const loadAverageAtStart = loadAverage();
const results = [];
const skipped = [];
for (const name of modelNames) {
  const modelPath = catalogueModel(name)
    ? resolve(localModelsDir(), catalogueModel(name)!.file)
    : resolve(name);
  if (!existsSync(modelPath)) {
    skipped.push({ model: name, reason: `${modelPath} is not there` });
    continue;
  }
  results.push(...(await measure(llama, binary, name, modelPath)));
}
const valid = results.filter((r) => r.valid);
const report = {
  bench: 'local-vs-llama-cpp',
  smoke,
  date: new Date().toISOString(),
  commit: git('rev-parse', 'HEAD'),
  uncommittedChanges: git('status', '--porcelain', '--untracked-files=no') !== '',
  machine: {
    cpus: cpus().length,
    cpu: cpus()[0]?.model,
    memoryGiB: round(totalmem() / 2 ** 30),
    loadAverageAtStart,
    loadAverageAtEnd: loadAverage(),
  },
  settings: {
    threads: threadCounts,
    trialsPerSide: trials,
    promptTokens: promptTokenCount,
    generatedTokens: generate,
    contextSize,
    batchSize,
    ubatchSize: batchSize,
    flashAttention: 'auto',
    kvCache: 'f16',
    sequences: 1,
    sampling: 'greedy (temperature 0), end-of-generation tokens ignored',
    quietMaxOthersCores: QUIET_CORES,
    target: TARGET,
    ours: {
      nodeLlamaCpp: JSON.parse(
        readFileSync(new URL('../node_modules/node-llama-cpp/package.json', import.meta.url), 'utf8'),
      ).version,
      llamaCpp: llama.llamaCppRelease,
      cpuBackend: ourCpuBackend(),
      // Node's libuv pool, on which node-llama-cpp decodes and samples (localModelThreadpoolSize).
      uvThreadpoolSize: threadpoolSize(),
      uvThreadpoolSizeFromEnvironment: process.env.UV_THREADPOOL_SIZE !== undefined,
    },
    llamaCpp: {
      // The home folder written as ~: a committed result names no folder of one machine.
      binary: binary.startsWith(homedir()) ? `~${binary.slice(homedir().length)}` : binary,
      build: existsSync(buildInfo) ? JSON.parse(readFileSync(buildInfo, 'utf8')) : undefined,
    },
  },
  notes: [
    "ours: the local provider (providers/local-model-fetch.ts) reports no separate prompt and generation times, so it is measured through node-llama-cpp directly with the provider's exact settings (getLlama(localLlamaOptions), loadModel({ modelPath }), createContext(localContextOptions)): the same load, context and decoding code, without the chat template and the JSON response around it.",
    'Both sides get the same prompt token ids (the semantic-search prompt on the office graph, cut to promptTokens), evaluated from an empty context every trial (ours: a new context; llama-server: cache_prompt false, --cache-ram 0; cachedTokens is its cache_n), then generate exactly generatedTokens tokens greedily.',
    'Timed as llama-server times itself: prompt tokens/s = prompt tokens / time from the start of evaluation to the first generated token; generation tokens/s = (generated tokens - 1) decode steps / time from the first to the last generated token.',
    "llama-server is given the provider's settings: --ctx-size, --threads and --threads-batch, --batch-size and --ubatch-size 512 (node-llama-cpp's batch size min(context, 512) for both; llama-server's own default is 2048/512), --flash-attn auto, --parallel 1.",
    "llama-server's sampling chain at temperature 0 still runs its default samplers (top-k 40 first) before picking the most likely token; node-llama-cpp's is greedy alone. ignore_eos adds a logit bias there.",
    "ours.cpuBackend is the ggml CPU variant node-llama-cpp picked at run time from its prebuilt set (no OpenMP); llamaCpp.build is the repository's llama-server build (AVX2/FMA/F16C, OpenMP), not -march=native: see scripts/build-llama-server.sh.",
    'othersCores: CPU (in cores) used during the trial by processes other than this one and llama-server, from /proc/stat. A row is valid only when it is quiet (every trial at most quietMaxOthersCores) and both sides did the same work; targetMet is null otherwise.',
    'Trials alternate ours, llama.cpp, ours, ...; one untimed warm-up per side first. Medians of trialsPerSide trials.',
    "ours.uvThreadpoolSize is the size of Node's libuv thread pool in this process, on which node-llama-cpp runs every decode and sampling step. The setup (scripts/setup.sh) exports UV_THREADPOOL_SIZE as one per core, at most 4 (2 here), for every process it starts; with libuv's default of 4 on this 2-core machine generation with 2 threads ran at 0.55-0.83 of llama.cpp (the results of a9e5012 and earlier), with 1 or 2 at or above it.",
  ],
  results,
  skipped,
  summary: {
    rows: results.length,
    validRows: valid.length,
    targetMet: valid.length === results.length && results.length > 0 ? valid.every((r) => r.targetMet) : null,
  },
};
await mkdir(dirname(out), { recursive: true });
await writeFile(out, `${JSON.stringify(report, null, 2)}\n`);
for (const r of results)
  console.log(
    JSON.stringify({
      model: r.model,
      threads: r.threads,
      ours: [r.ours.promptTokensPerS, r.ours.generationTokensPerS],
      llamaCpp: [r.llamaCpp.promptTokensPerS, r.llamaCpp.generationTokensPerS],
      ratios: r.ratios,
      maxOthersCores: r.maxOthersCores,
      valid: r.valid,
      targetMet: r.targetMet,
    }),
  );
console.log(`wrote ${out}`);
process.exit(0);
