/**
 * What a search needs to know about a problem, and nothing about robots: states, a key that says
 * when two states are the same, the goal test, the successors with the step that leads to each,
 * and (for informed search) an estimate of the steps left. Every step costs 1.
 */
export interface SearchProblem<State, Step> {
  readonly initial: State;
  key(state: State): string;
  isGoal(state: State): boolean;
  successors(state: State): Iterable<{ readonly step: Step; readonly state: State }>;
  /** Estimated steps to a goal; 0 at a goal. Informed searches only. */
  estimate?(state: State): number;
  /** The estimate with the steps it prefers (helpful actions); lazy greedy search only. */
  evaluate?(state: State): { readonly estimate: number; readonly preferred: (step: Step) => boolean };
}

export interface SearchLimits {
  /** Stop after expanding this many states. */
  readonly maxExpansions: number;
  /** Stop after this much wall-clock time (lazy greedy search only); no limit when absent. */
  readonly maxMilliseconds?: number;
}

export type SearchOutcome<Step, State = unknown> =
  | {
      readonly found: true;
      readonly steps: Step[];
      /** The goal state the steps reach. */
      readonly final: State;
      readonly expansions: number;
      readonly generated: number;
    }
  | {
      readonly found: false;
      /** True when every reachable state was searched: no plan exists. False: the budget ran out. */
      readonly exhausted: boolean;
      /** Which budget ran out, when one did. */
      readonly limit?: 'expansions' | 'time';
      readonly expansions: number;
      readonly generated: number;
    };

/** A search node: how the state was reached, so the steps are read back from the goal. */
export interface SearchNode<State, Step> {
  readonly state: State;
  readonly parent: SearchNode<State, Step> | null;
  readonly step: Step | null;
  readonly depth: number;
}

/** The steps from the root to the node. */
export function stepsTo<State, Step>(node: SearchNode<State, Step>): Step[] {
  const steps: Step[] = [];
  for (let at: SearchNode<State, Step> | null = node; at?.step != null; at = at.parent) steps.push(at.step);
  return steps.reverse();
}
