// One semantic-search step on the office collapsed graph through llama.cpp's llama-server (built
// by scripts/build-llama-server.sh; the first run builds it), in each structured-output mode, with
// the default GGUF; plus the `auto` probe's time. The server caches the prompt's unchanged start,
// so one unmeasured step comes first and every mode then sees the same warm prefix.
// Writes bench-results/llama-server-modes.json. Run under the shared benchmark lock:
//   flock /tmp/groundplan-bench.lock pnpm --filter @groundplan/llm exec tsx --conditions=@groundplan/source bench/llama-server-modes.bench.ts [-- --rounds=2]
import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { collapse, loadSceneFile } from '@groundplan/scene-graph';
import { createLlmActivities } from '../src/activities.js';
import { defaultLocalModelPath } from '../src/provider-config.js';
import { openAiCompatibleProvider } from '../src/providers/openai-compatible.js';
import { STRUCTURED_OUTPUT_MODES, type StructuredOutputSetting } from '../src/structured-output.js';
import { llamaServerBinary, llamaServerMetrics, startLlamaServer } from '../src/test-support/llama-server.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const rounds = Number(process.argv.find((a) => a.startsWith('--rounds='))?.slice(9) ?? '2');
const INSTRUCTIONS = ['Find me a stapler.', 'Find me a whiteboard marker.', 'Find me a coffee mug.'];

const office = await loadSceneFile(`${root}datasets/office.json`);
if (!office.ok) throw new Error('datasets/office.json does not load');
const scene = office.value;
const view = collapse(scene);

const binary = await llamaServerBinary();
const build = JSON.parse(readFileSync(`${dirname(binary)}/build.json`, 'utf8')) as Record<string, unknown>;
const loadAtStart = loadavg();
const startedServer = performance.now();
const server = await startLlamaServer({ binary, modelPath: defaultLocalModelPath(), maxAnswerTokens: 256 });
const serverReadyMs = Math.round(performance.now() - startedServer);

const provider = (structuredOutput: StructuredOutputSetting) =>
  openAiCompatibleProvider({
    baseURL: server.baseURL,
    apiKey: 'sk-no-key-required',
    model: 'SmolLM2-135M-Instruct',
    timeoutMs: 600_000,
    temperature: 0,
    seed: 1,
    structuredOutput,
  });
const step = async (mode: StructuredOutputSetting, instruction: string) => {
  const llm = createLlmActivities({ provider: provider(mode), loadScene: async () => scene });
  const started = performance.now();
  const result = await llm
    .semanticSearchStep({ sceneRef: 'office', instruction, view })
    .catch((e: Error) => e);
  const ms = Math.round(performance.now() - started);
  return result instanceof Error
    ? { instruction, ms, error: result.message.slice(0, 300) }
    : {
        instruction,
        ms,
        answer: `${result.command} ${result.node}`,
        requests: result.usage.attempts,
        promptTokens: result.usage.usage.promptTokens,
        completionTokens: result.usage.usage.completionTokens,
      };
};

try {
  await step('json_schema', 'Find me a kettle.');
  const modes: Record<string, unknown> = {};
  for (const mode of STRUCTURED_OUTPUT_MODES) {
    const steps = [];
    for (let round = 0; round < rounds; round++)
      steps.push(await step(mode, INSTRUCTIONS[round % INSTRUCTIONS.length]!));
    const times = steps.map((s) => s.ms).sort((a, b) => a - b);
    modes[mode] = { medianMs: times[Math.floor(times.length / 2)], steps };
    console.error(`${mode}: ${times.join(', ')} ms`);
  }
  const auto = provider('auto');
  const probeStarted = performance.now();
  const probed = await auto.structuredOutput!();
  const probe = {
    ms: Math.round(performance.now() - probeStarted),
    mode: probed.ok ? probed.value.mode : probed.error.message,
  };
  const results = {
    server: {
      llamaCpp: build,
      readyMs: serverReadyMs,
      flags: '--ctx-size 8192 --parallel 1 --n-predict 256 --metrics',
    },
    model: 'SmolLM2-135M-Instruct.Q4_1.gguf',
    machine: { cores: cpus().length, loadAverageAtStart: loadAtStart, loadAverageAtEnd: loadavg() },
    rounds,
    autoProbe: probe,
    modes,
    serverCounters: await llamaServerMetrics(server),
  };
  const out = fileURLToPath(new URL('../bench-results/llama-server-modes.json', import.meta.url));
  await mkdir(dirname(out), { recursive: true });
  await writeFile(out, `${JSON.stringify(results, null, 1)}\n`);
  console.error(`wrote ${out}`);
} finally {
  await server.close();
}
