// How a run describes itself in the Temporal UI: a one-line static summary and markdown static
// details. Pure functions over the run's input, shared by the client (at start) and the workflows
// (for their children), so a run and its children read alike.
import type { SearchAttributePair } from '@temporalio/common';
import {
  INSTRUCTION_ATTRIBUTE,
  LLM_STEP_DEFAULTS,
  LLM_TOKENS_ATTRIBUTE,
  PLANNER_ATTRIBUTE,
  type PlanAndExecuteInput,
  type PlanStep,
  type PlanTaskInput,
  plannerOf,
  planningBudgets,
  type READERS,
  REPLANS_ATTRIBUTE,
  ROBOT_ATTRIBUTE,
  SCENE_ATTRIBUTE,
  STAGE_ATTRIBUTE,
  STATUS_ATTRIBUTE,
} from './contract.js';

/** Who reads a run's instruction, as its details say it. */
const READER_NAMES: Record<(typeof READERS)[number], string> = {
  rules: 'the rules',
  model: 'the model',
  'rules-then-model': 'the rules; the model again where they name a thing the building lacks',
};

/** One line for a summary in the Temporal UI, cut to `max` characters. */
export function oneLine(text: string, max = 200): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1)}…`;
}

/** `"Close Jason's cabinet." · scene office · robot sim-1` (or `· plan only`). */
export function runSummary(sceneName: string, input: PlanTaskInput & { robotId?: string }): string {
  const where = 'robotId' in input && input.robotId ? `robot ${input.robotId}` : 'plan only';
  return oneLine(`"${input.instruction}" · scene ${sceneName} · ${where}`);
}

/** `explore (frontier): find apple, mug · scene office · robot sim-1`. */
export function explorationSummary(
  sceneName: string,
  input: { explorer: string; targets: string[]; robotId: string },
): string {
  return oneLine(
    `explore (${input.explorer}): find ${input.targets.join(', ')} · scene ${sceneName} · robot ${input.robotId}`,
  );
}

/** The planner and its settings, as the run will use them, in Temporal markdown. */
export function planningDetails(input: PlanTaskInput): string {
  const options = input.options ?? {};
  const { planner, maxReplans, maxSearchSteps } = planningBudgets(options);
  const lines = [
    `**planner** ${planner}`,
    `**max replans** ${maxReplans}`,
    `**max search steps** ${maxSearchSteps}`,
    `**reader** ${READER_NAMES[options.reader ?? 'rules']}`,
    `**LLM heartbeat timeout** ${options.llmHeartbeatTimeoutSeconds ?? LLM_STEP_DEFAULTS.heartbeatTimeoutSeconds} s`,
    `**LLM attempts per step** ${options.llmMaxAttempts ?? LLM_STEP_DEFAULTS.maxAttempts}`,
    `**LLM step deadline** ${options.llmStepDeadlineSeconds ?? LLM_STEP_DEFAULTS.deadlineSeconds} s`,
    `**scene** ${input.sceneRef}`,
  ];
  for (const note of input.context ?? []) lines.push(`**context** ${note}`);
  return lines.map((line) => `- ${line}`).join('\n');
}

/** planAndExecute's details: the planning settings plus how it executes. */
export function runDetails(input: PlanAndExecuteInput): string {
  const execution = [
    `**robot** ${input.robotId}`,
    `**approval** ${input.requireApproval ? 'required before execution' : 'not required'}`,
    ...(input.planOnly ? ['**plan only** no execution'] : []),
  ];
  return [planningDetails(input), ...execution.map((line) => `- ${line}`)].join('\n');
}

/** executePlan's summary and details: the robot and the numbered plan it runs. */
export function executionDescription(robotId: string, plan: PlanStep[]) {
  return {
    staticSummary: `execute ${plan.length} skills on robot ${robotId}`,
    staticDetails: plan.map((s, i) => `${i + 1}. ${s.action}(${s.args.join(', ')})`).join('\n'),
  };
}

/** A search attribute holds at most 2,048 bytes; the memo keeps the whole instruction. */
const INSTRUCTION_ATTRIBUTE_CHARS = 500;

/** The search attributes a run starts with, by which the Temporal UI and `groundplan list` find it. */
export function runSearchAttributes(
  sceneName: string,
  input: PlanTaskInput & { robotId?: string },
): SearchAttributePair[] {
  const attributes: SearchAttributePair[] = [
    { key: SCENE_ATTRIBUTE, value: sceneName },
    { key: INSTRUCTION_ATTRIBUTE, value: input.instruction.slice(0, INSTRUCTION_ATTRIBUTE_CHARS) },
    { key: STAGE_ATTRIBUTE, value: 'queued' },
    { key: STATUS_ATTRIBUTE, value: 'running' },
    { key: PLANNER_ATTRIBUTE, value: plannerOf(input.options) },
    { key: REPLANS_ATTRIBUTE, value: 0 },
    { key: LLM_TOKENS_ATTRIBUTE, value: 0 },
  ];
  if (input.robotId) attributes.push({ key: ROBOT_ATTRIBUTE, value: input.robotId });
  return attributes;
}

/** The run's page in `groundplan view` served at `viewBase` (e.g. http://127.0.0.1:4310). */
export function runViewUrl(viewBase: string, workflowId: string): string {
  return `${viewBase.replace(/\/+$/, '')}/runs/${encodeURIComponent(workflowId)}`;
}

/** The details' line linking back to the run's web view, in Temporal markdown. */
export function viewLink(url: string): string {
  return `- **web view** [${url}](${url})`;
}
