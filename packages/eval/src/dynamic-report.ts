import type { DynamicRecord } from './task-sets/dynamic.js';

/** The words of the project's error for a prompt longer than the model's context (llm endpoint-errors). */
export const PROMPT_DOES_NOT_FIT = 'does not fit the context';

/** LookPlanGraph's metrics for one planner and chooser over the variants it ran. */
export type DynamicSummary = {
  planner: string;
  chooser: string;
  model: string;
  variants: number;
  achievable: number;
  notApplicable: number;
  /** Success rate over the achievable variants it ran. */
  successRate: number;
  successByKind: Record<string, { success: number; of: number }>;
  /** Unachievable variants the run did not claim done (it failed or gave up instead). */
  unachievableNotClaimed: number;
  unachievable: number;
  meanActionAccuracy: number;
  meanPlanLength: number;
  meanReplans: number;
  errors: number;
  /** Errors that are the project's "prompt does not fit" error, counted apart. */
  promptDoesNotFit: number;
  meanSeconds: number;
};

export function summarizeDynamic(records: readonly DynamicRecord[]): DynamicSummary {
  const ran = records.filter((r) => r.status !== 'not-applicable');
  const achievable = ran.filter((r) => r.achievable);
  const unachievable = ran.filter((r) => !r.achievable);
  const byKind: DynamicSummary['successByKind'] = {};
  for (const r of achievable) {
    const entry = byKind[r.kind] ?? { success: 0, of: 0 };
    byKind[r.kind] = entry;
    entry.of++;
    if (r.success) entry.success++;
  }
  const mean = (values: number[]) =>
    values.length === 0 ? 0 : Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 1000) / 1000;
  const first = records[0];
  return {
    planner: first?.planner ?? '',
    chooser: first?.chooser ?? '',
    model: first?.model ?? '',
    variants: ran.length,
    achievable: achievable.length,
    notApplicable: records.length - ran.length,
    successRate: mean(achievable.map((r) => (r.success ? 1 : 0))),
    successByKind: byKind,
    unachievableNotClaimed: unachievable.filter((r) => r.status !== 'completed').length,
    unachievable: unachievable.length,
    meanActionAccuracy: mean(ran.map((r) => r.actionAccuracy)),
    meanPlanLength: mean(ran.map((r) => r.planLength)),
    meanReplans: mean(ran.map((r) => r.replans)),
    errors: ran.filter((r) => r.status === 'error').length,
    promptDoesNotFit: ran.filter((r) => r.reason?.includes(PROMPT_DOES_NOT_FIT)).length,
    meanSeconds: mean(ran.map((r) => r.seconds)),
  };
}

/** The summaries as one markdown table. */
export function dynamicTable(summaries: readonly DynamicSummary[]): string {
  const lines = [
    '| planner | chooser | variants (achievable) | success (achievable) | by kind | unachievable not claimed done | action accuracy | plan length | replans | errors (prompt does not fit) | s/variant |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const s of summaries) {
    const kinds = Object.entries(s.successByKind)
      .map(([kind, v]) => `${kind} ${v.success}/${v.of}`)
      .join(', ');
    lines.push(
      `| ${s.planner} | ${s.chooser} | ${s.variants} (${s.achievable}) | ${(s.successRate * 100).toFixed(1)}% | ${kinds} | ${s.unachievableNotClaimed}/${s.unachievable} | ${s.meanActionAccuracy} | ${s.meanPlanLength} | ${s.meanReplans} | ${s.errors} (${s.promptDoesNotFit}) | ${s.meanSeconds} |`,
    );
  }
  return lines.join('\n');
}
