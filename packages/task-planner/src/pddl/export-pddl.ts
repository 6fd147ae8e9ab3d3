import { err, ok, type Result, type SceneGraph } from '@groundplan/scene-graph';
import {
  ACTION_SPECS,
  type ActionSpec,
  type Goal,
  initialState,
  type PlanStep,
  parseGoals,
  type SimState,
} from '@groundplan/simulator';
import { type PddlDomain, pddlDomain } from './pddl-domain.js';
import { PddlNames } from './pddl-names.js';
import { pddlProblem } from './pddl-problem.js';

export interface PddlExportOptions {
  /** The state to plan from; the scene's initial state by default (a robot's belief is a scene too). */
  readonly from?: SimState;
  /** The nodes a plan may use; every room, asset and object when absent (the whole scene). */
  readonly nodes?: readonly string[];
  /** The skills; the simulator's action table by default. */
  readonly actions?: readonly ActionSpec[];
  /** The problem's name. */
  readonly name?: string;
}

/** A domain and problem as PDDL text, and the way back from a plan over them to groundplan steps. */
export interface PddlTask {
  readonly domain: string;
  readonly problem: string;
  /** Reads a plan in the planners' format (`(pickup apple)` per line, `;` comments) as high-level steps. */
  readonly readPlan: (text: string) => Result<PlanStep[]>;
}

/** The action table and the scene (in a state) with goals as a PDDL domain and problem. */
export function exportPddl(
  scene: SceneGraph,
  goals: readonly Goal[] | readonly string[],
  options: PddlExportOptions = {},
): Result<PddlTask> {
  const parsed = goals.every((goal): goal is string => typeof goal === 'string')
    ? parseGoals(goals as readonly string[])
    : ok([...(goals as readonly Goal[])]);
  if (!parsed.ok) return parsed;
  if (parsed.value.length === 0) return err('no goals given; write at least one goal predicate');
  let start = options.from;
  if (start === undefined) {
    const initial = initialState(scene);
    if (!initial.ok) return initial;
    start = initial.value;
  }
  const names = new PddlNames();
  const domain = pddlDomain(options.actions ?? ACTION_SPECS, names);
  if (!domain.ok) return domain;
  const problem = pddlProblem(
    { scene, start, goals: parsed.value, nodes: options.nodes, name: options.name },
    domain.value,
    names,
  );
  if (!problem.ok) return problem;
  return ok({
    domain: domain.value.text,
    problem: problem.value,
    readPlan: (text) => readPlan(text, domain.value, names),
  });
}

function readPlan(text: string, domain: PddlDomain, names: PddlNames): Result<PlanStep[]> {
  const steps: PlanStep[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.replace(/;.*$/, '').trim();
    if (line === '') continue;
    const call = /^\(\s*([^\s()]+)((?:\s+[^\s()]+)*)\s*\)$/.exec(line);
    if (call === null) return err(`cannot read plan line '${line}': expected (action arg ...)`);
    const action = domain.actions.get(call[1]!.toLowerCase());
    if (action === undefined)
      return err(`cannot read plan line '${line}': no action ${call[1]} in the domain`);
    const words = call[2]!.trim().split(/\s+/).filter(Boolean);
    const args: string[] = [];
    for (const index of action.argIndexes) {
      const id = words[index] === undefined ? undefined : names.id(words[index]!);
      if (id === undefined)
        return err(`cannot read plan line '${line}': argument ${index + 1} names no node`);
      args.push(id);
    }
    steps.push({ action: action.skill, args });
  }
  return ok(steps);
}
