import type { NodeKind, SceneGraph } from '@groundplan/scene-graph';
import type { ActionSpec, StepContext } from '../actions/action-spec.js';
import { fillTemplate } from '../actions/action-spec.js';
import { ACTION_SPECS, actionNames, actionSpec } from '../actions/action-table.js';
import { formatStep, PlanSchema, type PlanStep, PlanStepSchema } from '../plan/plan.js';
import { initialState, type SimState } from '../state/sim-state.js';
import { closestAction, closestName } from './suggestions.js';

export type FailureReason =
  | 'unknown_action'
  | 'unknown_node'
  | 'bad_arguments'
  | 'precondition'
  | 'invalid_scene';

/** The first step that cannot run, and feedback an LLM can act on. */
export interface PlanFailure {
  /** Zero-based step index; -1 when the plan as a whole is malformed or the scene cannot be simulated. */
  readonly index: number;
  /** The step as given, or null when it is not a well-formed step. */
  readonly step: PlanStep | null;
  readonly reason: FailureReason;
  readonly feedback: string;
  /** The name of the failed precondition, for reason 'precondition'. */
  readonly precondition?: string;
}

export type Verification =
  | {
      ok: true;
      final: SimState;
      /** The state after each step: trace[i] follows plan[i]. States share structure, so keeping all is cheap. */
      trace: SimState[];
    }
  | { ok: false; failure: PlanFailure };

export type StepOutcome = { ok: true; state: SimState } | { ok: false; failure: PlanFailure };

export interface StepOptions {
  /** The step's position in its plan, for the failure report. */
  readonly index?: number;
  /** The skills the robot has; ACTION_SPECS unless a robot brings its own rows. */
  readonly actions?: readonly ActionSpec[];
}

export interface VerifyOptions {
  /** The skills the robot has; ACTION_SPECS unless a robot brings its own rows. */
  readonly actions?: readonly ActionSpec[];
  /** Start from this state instead of the scene as it is (e.g. part-way through execution). */
  readonly from?: SimState;
  /** The agent that runs the plan, when the scene has more than one. */
  readonly agent?: string;
}

/** Forward-simulates a plan and returns the final state and trace, or the first failing step. */
export function verifyPlan(scene: SceneGraph, plan: unknown, options: VerifyOptions = {}): Verification {
  let state: SimState;
  if (options.from !== undefined) state = options.from;
  else {
    const initial = initialState(scene, options.agent);
    if (!initial.ok)
      return {
        ok: false,
        failure: { index: -1, step: null, reason: 'invalid_scene', feedback: initial.error },
      };
    state = initial.value;
  }
  const parsed = PlanSchema.safeParse(plan);
  const steps: PlanStep[] = parsed.success ? parsed.data : [];
  let firstMalformed = Number.POSITIVE_INFINITY;
  if (!parsed.success) {
    if (!Array.isArray(plan)) return { ok: false, failure: malformedPlan(plan) };
    // Run the well-formed prefix so an earlier failure is still the one reported.
    for (const [index, raw] of plan.entries()) {
      const step = PlanStepSchema.safeParse(raw);
      if (!step.success) {
        firstMalformed = index;
        break;
      }
      steps.push(step.data);
    }
  }
  const actions = options.actions ?? ACTION_SPECS;
  const trace: SimState[] = [];
  for (let index = 0; index < steps.length; index++) {
    const step = steps[index]!;
    const outcome = applyStep(scene, state, step, { index, actions });
    if (!outcome.ok) return outcome;
    state = outcome.state;
    trace.push(state);
  }
  if (firstMalformed !== Number.POSITIVE_INFINITY) {
    return { ok: false, failure: malformedStep(firstMalformed, (plan as unknown[])[firstMalformed]) };
  }
  return { ok: true, final: state, trace };
}

/** Runs a plan from a given state: what execution does as the robot completes steps. */
export function applyPlan(
  scene: SceneGraph,
  sim: SimState,
  plan: unknown,
  actions: readonly ActionSpec[] = ACTION_SPECS,
): Verification {
  return verifyPlan(scene, plan, { from: sim, actions });
}

/** Runs one step: the next state, or why the step cannot run. */
export function applyStep(
  scene: SceneGraph,
  sim: SimState,
  step: PlanStep,
  options: StepOptions = {},
): StepOutcome {
  const { index = 0, actions = ACTION_SPECS } = options;
  const spec = actionSpec(step.action, actions);
  if (spec === undefined) {
    const known = actionNames(actions);
    const guess = closestAction(step.action, known);
    return failure(
      index,
      step,
      'unknown_action',
      `unknown action '${step.action}'; known actions are ${known.join(', ')}` +
        (guess === undefined ? '' : `; did you mean '${guess}'?`),
    );
  }
  const { parameters } = spec;
  if (step.args.length !== parameters.length) {
    const names = parameters.map((parameter) => parameter.name).join(', ');
    return failure(
      index,
      step,
      'bad_arguments',
      `${spec.name} takes ${parameters.length} argument${parameters.length === 1 ? '' : 's'} (${names}) but ${formatStep(step)} gives ${step.args.length}`,
    );
  }
  const args: Record<string, string> = {};
  for (let i = 0; i < parameters.length; i++) {
    const parameter = parameters[i]!;
    const id = step.args[i]!;
    if (!scene.hasNode(id))
      return failure(index, step, 'unknown_node', unknownNode(scene, id, parameter.kinds));
    const kind: NodeKind = scene.getNodeAttribute(id, 'kind');
    if (!parameter.kinds.includes(kind)) {
      return failure(
        index,
        step,
        'bad_arguments',
        `cannot ${formatStep(step)}: ${spec.name} takes ${article(parameter.kinds)} as ${parameter.name}, but ${id} is ${withArticle(kind)}`,
      );
    }
    args[parameter.name] = id;
  }
  const context: StepContext = { scene, sim, args };
  for (const precondition of spec.preconditions) {
    const bindings = precondition.test(context);
    if (bindings !== undefined) {
      return {
        ok: false,
        failure: {
          index,
          step,
          reason: 'precondition',
          precondition: precondition.name,
          feedback: `cannot ${formatStep(step)}: ${fillTemplate(precondition.message, context, bindings)}`,
        },
      };
    }
  }
  return { ok: true, state: applyEffects(scene, sim, spec, args) };
}

/**
 * Runs one step without explaining a failure: the state applyStep would return, or undefined where
 * it would fail. For searches that try many steps per state and need no feedback for the rejected.
 */
export function tryStep(
  scene: SceneGraph,
  sim: SimState,
  step: PlanStep,
  actions: readonly ActionSpec[] = ACTION_SPECS,
): SimState | undefined {
  const spec = actionSpec(step.action, actions);
  if (spec === undefined || step.args.length !== spec.parameters.length) return undefined;
  const args: Record<string, string> = {};
  for (let i = 0; i < spec.parameters.length; i++) {
    const parameter = spec.parameters[i]!;
    const id = step.args[i]!;
    if (!scene.hasNode(id) || !parameter.kinds.includes(scene.getNodeAttribute(id, 'kind'))) return undefined;
    args[parameter.name] = id;
  }
  const context: StepContext = { scene, sim, args };
  for (const precondition of spec.preconditions) {
    if (precondition.test(context) !== undefined) return undefined;
  }
  return applyEffects(scene, sim, spec, args);
}

function applyEffects(
  scene: SceneGraph,
  sim: SimState,
  spec: ActionSpec,
  args: Readonly<Record<string, string>>,
): SimState {
  let state = sim;
  for (const effect of spec.effects) state = effect.apply({ scene, sim: state, args });
  return state;
}

/** The feedback with its step: how a failure reads in a replanning prompt. */
export function describeFailure(failure: PlanFailure): string {
  if (failure.index < 0) return failure.feedback;
  const step = failure.step === null ? '' : ` ${formatStep(failure.step)}`;
  return `step ${failure.index + 1}${step} failed: ${failure.feedback}`;
}

function failure(index: number, step: PlanStep, reason: FailureReason, feedback: string): StepOutcome {
  return { ok: false, failure: { index, step, reason, feedback } };
}

function unknownNode(scene: SceneGraph, id: string, kinds: readonly NodeKind[]): string {
  const candidates = scene.filterNodes((_node, attributes) => kinds.includes(attributes.kind));
  const guess = closestName(id, candidates);
  return (
    `unknown node '${id}': no node with that id in the scene; ` +
    (guess === undefined ? 'use only ids that appear in the scene graph' : `did you mean '${guess}'?`)
  );
}

function malformedPlan(plan: unknown): PlanFailure {
  return {
    index: -1,
    step: null,
    reason: 'bad_arguments',
    feedback: `the plan must be a list of steps like {"action": "goto", "args": ["kitchen"]}, but it is ${describeValue(plan)}`,
  };
}

function malformedStep(index: number, raw: unknown): PlanFailure {
  const shape = '{"action": "<skill>", "args": ["<node id>", ...]}';
  let problem: string;
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) problem = `it is ${describeValue(raw)}`;
  else {
    const { action, args } = raw as { action?: unknown; args?: unknown };
    if (typeof action !== 'string' || action.length === 0) problem = 'it has no action name';
    else if (!Array.isArray(args)) problem = `${action} has no args list`;
    else problem = `the args of ${action} must all be node id strings, but they are ${JSON.stringify(args)}`;
  }
  return {
    index,
    step: null,
    reason: 'bad_arguments',
    feedback: `step ${index + 1} is malformed: ${problem}; write each step as ${shape}`,
  };
}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'an object';
  return `${withArticle(typeof value)} (${JSON.stringify(value)?.slice(0, 60)})`;
}

function article(kinds: readonly NodeKind[]): string {
  return kinds.map(withArticle).join(' or ');
}

function withArticle(word: string): string {
  return /^[aeiou]/.test(word) ? `an ${word}` : `a ${word}`;
}
