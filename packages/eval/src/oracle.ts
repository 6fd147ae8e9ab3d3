import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { type CompletionRequest, type LlmProvider, type LlmScript, scriptedProvider } from '@groundplan/llm';
import { err, ok, type Result } from '@groundplan/scene-graph';
import { z } from 'zod';
import type { EvalTask } from './tasks.js';

/** Known-good answers per task id: the search commands and plans a perfect model would give. */
export type OracleFile = { about: string; tasks: Record<string, LlmScript> };

export const DEFAULT_ORACLE_FILE = fileURLToPath(
  new URL('../../../datasets/tasks/oracle.json', import.meta.url),
);

const StepSchema = z.object({ action: z.string(), args: z.array(z.string()) });
const ScriptSchema = z.object({
  search: z.array(
    z.object({
      command: z.enum(['expand', 'contract', 'done']),
      node: z.string(),
      reasoning: z.string().optional(),
    }),
  ),
  plans: z.array(z.array(StepSchema)),
});
const OracleSchema = z.object({ about: z.string(), tasks: z.record(z.string(), ScriptSchema) });

/** Reads datasets/tasks/oracle.json (or another oracle file). */
export async function readOracle(path = DEFAULT_ORACLE_FILE): Promise<Result<OracleFile, string>> {
  try {
    const parsed = OracleSchema.safeParse(JSON.parse(await readFile(path, 'utf8')));
    if (!parsed.success) return err(`${path} is not an oracle file: ${parsed.error.issues[0]?.message}`);
    return ok(parsed.data as OracleFile);
  } catch (cause) {
    return err(`cannot read oracle file ${path}: ${(cause as Error).message}`);
  }
}

/**
 * A provider that answers every task from its oracle script: one scripted provider per task,
 * chosen by the instruction in the request. It proves the harness and the goal checks; it is
 * never a planner to report.
 */
export function oracleProvider(oracle: OracleFile, tasks: readonly EvalTask[]): LlmProvider {
  const byInstruction = new Map<string, LlmProvider>();
  for (const task of tasks) {
    const script = oracle.tasks[task.id];
    if (script) byInstruction.set(task.instruction, scriptedProvider(script, 'oracle'));
  }
  return {
    name: 'oracle',
    model: 'oracle',
    complete(request: CompletionRequest) {
      const instruction = instructionOf(request);
      const scripted = instruction === undefined ? undefined : byInstruction.get(instruction);
      if (!scripted)
        return Promise.resolve(
          err({
            kind: 'bad-config' as const,
            message: `the oracle has no script for the instruction ${JSON.stringify(instruction ?? '(none)')}`,
          }),
        );
      return scripted.complete(request);
    },
  };
}

// Both prompts put the task's instruction on a line of its own in the last task turn; a re-ask
// after an invalid answer comes after it.
function instructionOf(request: CompletionRequest): string | undefined {
  for (const message of [...request.messages].reverse()) {
    const found = message.role === 'user' ? /^Instruction: (.*)$/m.exec(message.content)?.[1] : undefined;
    if (found !== undefined) return found;
  }
  return undefined;
}
