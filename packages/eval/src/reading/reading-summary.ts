import type { Reading } from '@groundplan/grounding';
import type { ReadingScore } from './score-reading.js';

/** One line of a reading evaluation's JSONL file. */
export type ReadingRecord = {
  id: string;
  instruction: string;
  category?: string;
  /** The task's criteria kind: search, planning, answer, cannot, ask. */
  criteria: string;
  reader: 'rules' | 'model';
  model: string;
  prompt: string;
  commit: string;
  latencyMs: number;
  reading?: Reading;
  score?: ReadingScore;
  /** Why there is no reading (the model stayed outside the contract). */
  error?: string;
};

type Rate = { right: number; of: number };

export type ReadingSummary = {
  reader: string;
  model: string;
  prompt: string;
  commits: string[];
  tasks: number;
  errors: number;
  kind: Rate;
  /** Kind right per blind category, or per criteria kind for sets without categories. */
  byGroup: Record<string, Rate>;
  /** Requests nothing can meet whose reading names the missing thing. */
  cannotSeen: Rate;
  /** Tasks whose things exist but whose reading names one as missing (they would end NotFound). */
  falseMissing: Rate;
  /** Negation tasks whose reading excludes something, and those that exclude a node the goals need. */
  exclusionSeen: Rate;
  excludesNeeded: Rate;
  latencyMs: { median: number; p90: number };
  tokens: { prompt: number; completion: number; calls: number };
};

export function readingSummary(records: readonly ReadingRecord[]): ReadingSummary {
  const rate = (pick: (score: ReadingScore) => boolean | undefined): Rate => {
    const judged = records.flatMap((record) => {
      const value = record.score && pick(record.score);
      return value === undefined ? [] : [value];
    });
    return { right: judged.filter(Boolean).length, of: judged.length };
  };
  const byGroup: Record<string, Rate> = {};
  for (const record of records) {
    const group = record.category ?? record.criteria;
    const entry = byGroup[group] ?? { right: 0, of: 0 };
    byGroup[group] = entry;
    entry.of += 1;
    if (record.score?.kindRight) entry.right += 1;
  }
  const latencies = records.map((record) => record.latencyMs).sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  const cost = records.flatMap((record) => (record.reading?.cost ? [record.reading.cost] : []));
  const first = records[0];
  return {
    reader: first?.reader ?? 'none',
    model: first?.model ?? 'none',
    prompt: first?.prompt ?? 'none',
    commits: [...new Set(records.map((record) => record.commit))],
    tasks: records.length,
    errors: records.filter((record) => record.error !== undefined).length,
    kind: { right: records.filter((record) => record.score?.kindRight).length, of: records.length },
    byGroup,
    cannotSeen: rate((score) => score.cannotSeen),
    falseMissing: rate((score) => score.falseMissing),
    exclusionSeen: rate((score) => score.exclusionSeen),
    excludesNeeded: rate((score) => score.excludesNeeded),
    latencyMs: { median: at(0.5), p90: at(0.9) },
    tokens: {
      prompt: cost.reduce((sum, c) => sum + c.usage.usage.promptTokens, 0),
      completion: cost.reduce((sum, c) => sum + c.usage.usage.completionTokens, 0),
      calls: cost.reduce((sum, c) => sum + c.calls, 0),
    },
  };
}

export function summaryMarkdown(set: string, summary: ReadingSummary): string {
  const r = (rate: Rate) => (rate.of === 0 ? 'n/a' : `${rate.right}/${rate.of}`);
  return [
    `# Reading of the ${set} set: ${summary.reader} (${summary.model}, prompt ${summary.prompt})`,
    '',
    `commits ${summary.commits.join(', ')}; ${summary.tasks} tasks, ${summary.errors} without a reading`,
    '',
    '| measure | value |',
    '| --- | --- |',
    `| question or request right | ${r(summary.kind)} |`,
    ...Object.entries(summary.byGroup).map(([group, rate]) => `| ... ${group} | ${r(rate)} |`),
    `| impossible: missing thing named | ${r(summary.cannotSeen)} |`,
    `| possible: a thing wrongly named missing | ${r(summary.falseMissing)} |`,
    `| negation: something excluded | ${r(summary.exclusionSeen)} |`,
    `| negation: a needed node excluded | ${r(summary.excludesNeeded)} |`,
    `| latency median / p90 | ${summary.latencyMs.median} / ${summary.latencyMs.p90} ms |`,
    `| tokens prompt + completion (calls) | ${summary.tokens.prompt} + ${summary.tokens.completion} (${summary.tokens.calls}) |`,
    '',
  ].join('\n');
}
