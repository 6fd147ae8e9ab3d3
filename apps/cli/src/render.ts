import {
  describeReading,
  type LookPlanGraphResult,
  type PlanAndExecuteResult,
  type PlanStep,
  type PlanTaskResult,
  type Progress,
  type StepRecord,
} from '@groundplan/workflows/contract';

const step = (s: PlanStep) => `${s.action}(${s.args.join(', ')})`;

/** One line per progress change: stage, search steps, view tokens, tokens spent. */
export function progressLine(p: Progress): string {
  const parts = [`[${p.stage}]`];
  if (p.searchSteps) parts.push(`search steps ${p.searchSteps}`, `view ${p.viewTokens} tokens`);
  if (p.attempts) parts.push(`plan attempt ${p.attempts}`);
  if (p.totalSteps) parts.push(`executed ${p.executedSteps}/${p.totalSteps} steps`);
  if (p.usage.calls) parts.push(`LLM ${p.usage.promptTokens}+${p.usage.completionTokens} tokens`);
  if (p.question)
    parts.push(
      `asks: which ${p.question.phrase}? ${p.question.options.join(', ')} (answer: groundplan answer <run> <choice>)`,
    );
  return parts.join('  ');
}

/** The planning outcome a person reads: the verified plan, or why there is none. */
export function planningReport(planning: PlanTaskResult): string {
  const lines: string[] = [];
  if (planning.reading) lines.push(describeReading(planning.reading));
  if (planning.status === 'answered' && planning.answer) {
    lines.push(`Answer: ${planning.answer.text}`, '  (a question: the robot did nothing)');
  } else if (planning.status === 'verified') {
    lines.push(`Verified plan (${planning.planner}, ${planning.attempts.length} attempt(s)):`);
    for (const [i, s] of planning.plan.entries()) lines.push(`  ${i + 1}. ${step(s)}`);
    lines.push(`  (${planning.expandedPlan.length} steps with navigation filled in)`);
    const goals = planning.attempts.at(-1)?.goals;
    if (goals) lines.push(`  goals: ${goals.join(' & ')}`);
    if (planning.sideEffects)
      lines.push(
        planning.sideEffects.length === 0
          ? '  side effects: none (nothing changes that the goals do not name)'
          : `  side effects (changes no goal names): ${planning.sideEffects.join('; ')}`,
      );
  } else if (planning.notFound) {
    lines.push(`Not found: ${planning.reason}`);
  } else {
    lines.push(`No verified plan (${planning.planner}): ${planning.reason}`);
  }
  for (const attempt of planning.attempts) {
    if (attempt.feedback) lines.push(`  attempt ${attempt.attempt + 1} rejected: ${attempt.feedback}`);
  }
  const u = planning.usage;
  lines.push(
    `Explored ${planning.explored.expanded.length} node(s) in ${planning.searchTrace.length} search step(s); ` +
      `LLM: ${u.calls} call(s), ${u.promptTokens} prompt + ${u.completionTokens} completion tokens`,
  );
  return lines.join('\n');
}

/** The whole run's outcome. */
export function runReport(result: PlanAndExecuteResult): string {
  const lines: string[] = [];
  if ('planning' in result) {
    lines.push(planningReport(result.planning));
    const execution = result.execution;
    if (execution)
      lines.push(executionLine(execution.steps, execution.status === 'completed', execution.reason));
  } else {
    lines.push(lookPlanGraphReport(result.lookPlanGraph));
  }
  lines.push(`Status: ${result.status}`);
  return lines.join('\n');
}

/** A LookPlanGraph run: no plan before the robot moved, the actions it chose one at a time and what they ran. */
function lookPlanGraphReport(run: LookPlanGraphResult): string {
  const lines = [`Chose ${run.chosen.length} action(s) while executing (lookplangraph):`];
  for (const [i, s] of run.chosen.entries()) lines.push(`  ${i + 1}. ${step(s)}`);
  if (run.failedActions > 0)
    lines.push(`  ${run.failedActions} chosen action(s) failed and were chosen again from`);
  lines.push(`  started from a memory graph with ${run.memory.priors} prior object(s)`);
  const u = run.usage;
  lines.push(`LLM: ${u.calls} call(s), ${u.promptTokens} prompt + ${u.completionTokens} completion tokens`);
  lines.push(executionLine(run.steps, run.status === 'done', run.reason));
  return lines.join('\n');
}

function executionLine(steps: StepRecord[], done: boolean, reason: string | undefined): string {
  const ran = steps.filter((s) => s.status !== 'failed').length;
  return done
    ? `Executed all ${ran} steps on the robot.`
    : `Execution failed after ${ran} step(s): ${reason}`;
}
