// The readers measured on their own: each instruction of a task set read by the rules and by the
// model, judged against the task's criteria (score-reading.ts). Resumable: readings already in the
// JSONL file are kept. Usage:
//   tsx --conditions=@groundplan/source src/reading/reading-main.ts --task-set blind --reader model --out reports/<name>
import { appendFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { type Ask, type Reading, readInstruction } from '@groundplan/grounding';
import {
  askStructured,
  createProvider,
  READING_PROMPT_VERSION,
  readWithModel,
  resolveLocalModel,
} from '@groundplan/llm';
import { openRetrieval } from '@groundplan/retrieval';
import { fileSceneStore } from '@groundplan/scene-graph';
import { CODE_COMMIT } from '../code-commit.js';
import { commandArguments, userPath } from '../command-line.js';
import { loadEvalScenes } from '../scenes.js';
import { loadTaskSet, TASK_SETS, type TaskSetName } from '../tasks.js';
import { type ReadingRecord, readingSummary, summaryMarkdown } from './reading-summary.js';
import { scoreReading } from './score-reading.js';

async function main(): Promise<number> {
  const { values } = parseArgs({
    args: commandArguments(),
    options: {
      'task-set': { type: 'string' },
      reader: { type: 'string' },
      out: { type: 'string' },
      threads: { type: 'string' },
      model: { type: 'string' },
    },
  });
  const setName = values['task-set'] ?? 'sayplan';
  if (!Object.hasOwn(TASK_SETS, setName)) return fail(`unknown task set ${setName}`);
  const reader = values.reader ?? 'model';
  if (reader !== 'rules' && reader !== 'model') return fail(`--reader is rules or model, not ${reader}`);
  if (!values.out) return fail('--out is required');
  const tasks = await loadTaskSet(TASK_SETS[setName as TaskSetName]);
  if (!tasks.ok) return fail(tasks.error);
  const scenes = await loadEvalScenes(fileSceneStore(`${tmpdir()}/groundplan-eval-scenes`));
  const opened = await openRetrieval({});
  if (!opened.ok) return fail(opened.error);
  const retrieval = opened.value;
  // A model of packages/llm/README.md's table by name, or a GGUF path (GROUNDPLAN_MODEL as fallback).
  const resolved = resolveLocalModel(values.model ?? process.env.GROUNDPLAN_MODEL);
  if (!resolved.ok) return fail(resolved.error);
  const modelPath = resolved.value.path;
  const model = reader === 'model' ? modelPath.split('/').at(-1)! : 'rules';
  const provider = createProvider({
    provider: 'local',
    modelPath,
    ...(values.threads ? { threads: Number(values.threads) } : {}),
  });
  const ask: Ask = async (messages, contract, schemaName, maxTokens) => {
    const answer = await askStructured(provider, {
      messages,
      contract,
      schemaName,
      maxTokens,
      maxInvalidRetries: 2,
    });
    if (answer.ok) return { ok: true, value: answer.value };
    return {
      ok: false,
      error: answer.error.message,
      usage: answer.error.report!,
      calls: answer.error.calls.length,
    };
  };

  const dir = join(userPath(values.out), setName);
  await mkdir(dir, { recursive: true });
  const file = join(dir, `${reader === 'model' ? model.replace(/\.gguf$/, '') : 'rules'}.jsonl`);
  const done = new Set(
    (await readFile(file, 'utf8').catch(() => ''))
      .split('\n')
      .filter((line) => line.trim().length > 0)
      .map((line) => (JSON.parse(line) as ReadingRecord).id),
  );
  for (const task of tasks.value) {
    if (done.has(task.id)) continue;
    const { graph, ref } = scenes.sceneFor(task);
    const started = performance.now();
    let reading: Reading | undefined;
    let error: string | undefined;
    if (reader === 'rules') reading = readInstruction(task.instruction);
    else {
      const read = await readWithModel(ask, task.instruction, await retrieval.indexFor(ref, graph));
      if (read.ok) reading = read.reading;
      else error = read.error;
    }
    const record: ReadingRecord = {
      id: task.id,
      instruction: task.instruction,
      ...(task.category ? { category: task.category } : {}),
      criteria: task.criteria.kind,
      reader,
      model,
      prompt: reader === 'model' ? READING_PROMPT_VERSION : 'rules',
      commit: CODE_COMMIT,
      latencyMs: Math.round(performance.now() - started),
      ...(reading
        ? { reading, score: scoreReading(task, reading, graph) }
        : { error: error ?? 'no reading' }),
    };
    await appendFile(file, `${JSON.stringify(record)}\n`);
    console.error(
      `${task.id}: ${reading ? `${reading.kind}${record.score?.kindRight ? '' : ' (wrong)'}` : error} ${record.latencyMs} ms`,
    );
  }
  // Judged again with today's rules, so a summary never mixes two versions of score-reading.ts.
  const byId = new Map(tasks.value.map((task) => [task.id, task]));
  const records = (await readFile(file, 'utf8'))
    .split('\n')
    .filter((line) => line.trim().length > 0)
    .map((line) => JSON.parse(line) as ReadingRecord)
    .map((record) => {
      const task = byId.get(record.id);
      if (!task || !record.reading) return record;
      return { ...record, score: scoreReading(task, record.reading, scenes.sceneFor(task).graph) };
    });
  const summary = readingSummary(records);
  const base = file.replace(/\.jsonl$/, '');
  await writeFile(`${base}.summary.json`, `${JSON.stringify(summary, null, 2)}\n`);
  await writeFile(`${base}.md`, summaryMarkdown(setName, summary));
  console.log(summaryMarkdown(setName, summary));
  return 0;
}

function fail(message: string): number {
  console.error(`groundplan-reading-eval: ${message}`);
  return 2;
}

process.exit(await main());
