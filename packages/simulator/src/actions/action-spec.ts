import type { NodeKind, SceneGraph } from '@groundplan/scene-graph';
import type { SimState } from '../state/sim-state.js';

/** What a check or effect sees: the scene, the state before the step, and the bound arguments. */
export interface StepContext {
  readonly scene: SceneGraph;
  readonly sim: SimState;
  /** Argument node ids by parameter name: { object: 'banana' }. */
  readonly args: Readonly<Record<string, string>>;
}

/** Values a failed check hands to its message template, beyond the arguments themselves. */
export type Bindings = Readonly<Record<string, string>>;

/**
 * What a check or effect means, as data: the builder that made it and the arguments it was given.
 * Readers that cannot run closures (the PDDL export) translate a row through this.
 */
export interface Form {
  readonly builder: string;
  /** The action parameter the check or effect is about, when it is about one. */
  readonly param?: string;
  readonly skill?: string;
  readonly dimension?: string;
  readonly value?: string;
}

/** A named predicate: undefined when it holds, else the values that explain why not. */
export interface Check {
  readonly name: string;
  readonly form?: Form;
  readonly test: (context: StepContext) => Bindings | undefined;
}

/** A check paired with the message an LLM reads when it fails; `{name}` slots are filled in. */
export interface Precondition extends Check {
  readonly message: string;
}

/** A named change to the simulation state. */
export interface Effect {
  readonly name: string;
  readonly form?: Form;
  /** The state value the effect sets on its argument, when it sets one (goal candidates read it). */
  readonly sets?: { readonly dimension: string; readonly value: string };
  readonly apply: (context: StepContext) => SimState;
}

export interface ParameterSpec {
  readonly name: string;
  /** The node kinds an argument may have; anything else is a bad argument. */
  readonly kinds: readonly NodeKind[];
}

/** One skill, entirely as data: adding a skill is adding one of these. */
export interface ActionSpec {
  readonly name: string;
  /** One line for LLM prompts. */
  readonly description: string;
  readonly parameters: readonly ParameterSpec[];
  /** Checked in order; the first that fails is the feedback. */
  readonly preconditions: readonly Precondition[];
  /** Applied in order to the state before the step. */
  readonly effects: readonly Effect[];
  /**
   * How a person asks for this skill's change, in English: phrases whose words appear in order
   * within a few words of each other ("switch on" matches "switch the projector on"). A goal that
   * sets a state only these skills set is asked for when its instruction says one of them; without
   * the field, the skill's name read aloud ("turn_on" -> "turn on").
   */
  readonly askedBy?: readonly string[];
  /** Robot seconds the skill takes, for a simulated robot's clock; navigation goes by distance. */
  readonly seconds?: number;
}

/** Pairs a check with its failure message template. */
export function requires(check: Check, message: string): Precondition {
  return { ...check, message };
}

/** Fills `{slot}`s from the check's bindings, then the arguments, then where the agent is. */
export function fillTemplate(template: string, context: StepContext, bindings: Bindings): string {
  return template.replace(/\{(\w+)\}/g, (slot, name: string) => {
    const value = bindings[name] ?? context.args[name] ?? agentSlot(context.sim, name);
    return value ?? slot;
  });
}

function agentSlot(sim: SimState, name: string): string | undefined {
  switch (name) {
    case 'agent_at':
      return sim.place;
    case 'accessed':
      return sim.accessed ?? 'nothing';
    case 'held':
      return sim.holding ?? 'nothing';
    default:
      return undefined;
  }
}
