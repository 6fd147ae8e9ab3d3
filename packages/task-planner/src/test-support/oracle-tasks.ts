import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { expandPlan } from '@groundplan/path-planner';
import type { SceneGraph } from '@groundplan/scene-graph';
import { datasetScene } from '@groundplan/scene-graph/test-support';
import {
  type ActionSpec,
  checkGoalText,
  goalNodes,
  type PlanStep,
  parseGoals,
  verifyPlan,
} from '@groundplan/simulator';
import { emptyHandedOffice, exploredAround } from './datasets.js';

const tasksPath = (name: string) =>
  fileURLToPath(new URL(`../../../../datasets/tasks/${name}`, import.meta.url));

/** One of SayPlan's office planning tasks (home has none), as LLM+P would hand it to the planner. */
export interface OracleTask {
  readonly id: string;
  readonly goals: string[];
  /** The oracle's high-level plan (datasets/tasks/oracle.json). */
  readonly oraclePlan: PlanStep[];
  /** The nodes the oracle plan and the goals name, with what lies above them up to the room. */
  readonly nodes: string[];
  readonly scene: SceneGraph;
}

// The one office task about what the robot starts holding (packages/eval/src/scenes.ts).
const HOLDING_TASK = 'office-simple-planning-15';

/** The 30 office planning tasks (simple and long-horizon) with their goals and oracle plans. */
export async function officePlanningTasks(): Promise<OracleTask[]> {
  const oracle = JSON.parse(await readFile(tasksPath('oracle.json'), 'utf8')) as {
    tasks: Record<string, { plans: PlanStep[][] }>;
  };
  const requirements = JSON.parse(await readFile(tasksPath('requirements.json'), 'utf8')) as {
    tasks: { id: string; goal?: string[] }[];
  };
  const office = await datasetScene('office');
  const emptyHanded = await emptyHandedOffice();
  return requirements.tasks
    .filter((task) => task.id.startsWith('office-') && task.id.includes('planning'))
    .map((task) => {
      const scene = task.id === HOLDING_TASK ? office : emptyHanded;
      const oraclePlan = oracle.tasks[task.id]!.plans.at(-1)!;
      const goals = task.goal!;
      const parsed = parseGoals(goals);
      if (!parsed.ok) throw new Error(`${task.id}: ${parsed.error}`);
      const named = [...oraclePlan.flatMap((step) => step.args), ...parsed.value.flatMap(goalNodes)];
      return { id: task.id, goals, oraclePlan, nodes: exploredAround(scene, named), scene };
    });
}

/** Expands the high-level plan with the path planner and runs it in the simulator: whether it reaches the goals. */
export function verifiesAndReaches(
  scene: SceneGraph,
  plan: readonly PlanStep[],
  goals: readonly string[],
  /** The robot's skills; the built-in ones by default. */
  actions?: readonly ActionSpec[],
): string | true {
  const expanded = expandPlan(scene, plan);
  if (!expanded.ok) return expanded.error.message;
  const verified = verifyPlan(scene, expanded.value, actions ? { actions } : {});
  if (!verified.ok) return verified.failure.feedback;
  const report = checkGoalText(scene, verified.final, goals);
  if (!report.ok) return report.error;
  return report.value.satisfied || report.value.results.find((result) => !result.pass)!.reason;
}
