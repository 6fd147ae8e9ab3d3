import { formatStep } from '@groundplan/scene-graph/plan-step';
import { getExternalWorkflowHandle, workflowInfo } from '@temporalio/workflow';
import {
  beliefAdvancedSignal,
  DEFAULT_MAX_ACTIONS,
  FAILURE_TYPES,
  type LookPlanGraphInput,
  type LookPlanGraphResult,
  type PlanStep,
  type StepRecord,
} from '../contract.js';
import { oneLine } from '../run-description.js';
import { failWithOutcome } from './steps/outcome.js';
import { showProgress, spend, trackProgress } from './steps/progress.js';
import { llmActivities, sim, taskPlanner } from './steps/proxies.js';
import { robotSteps } from './steps/robot-steps.js';

/**
 * LookPlanGraph (seed 002) on groundplan: the robot starts from a memory graph (its belief with
 * every object an unverified prior), and at each step the chooser (the model on the LLM queue)
 * picks one action among those the simulator finds feasible in the belief now (looks included),
 * or done. The action runs on the robot through the one step runner, so every executed step and
 * every observation (a look, or what the robot saw where a skill failed) augments the belief; a
 * failed action sends the loop back to choosing from the corrected belief. Ends done when the
 * chooser says so, failed (ExecutionFailed, full result in the details) when the action budget
 * runs out or no choice can be made.
 */
export async function lookPlanGraph(input: LookPlanGraphInput): Promise<LookPlanGraphResult> {
  const { workflowId } = workflowInfo();
  const llm = llmActivities({ heartbeatTimeoutSeconds: input.llmHeartbeatTimeoutSeconds });
  const maxActions = input.maxActions ?? DEFAULT_MAX_ACTIONS;
  const progress = trackProgress('executing', maxActions);

  const memory = await sim.memoryGraph.executeWithOptions({ summary: 'memory graph: objects as priors' }, [
    { beliefRef: input.belief.ref },
  ]);
  const robot = robotSteps({ ...input, belief: { ref: memory.beliefRef, accessed: input.belief.accessed } });

  if (memory.beliefRef !== input.belief.ref) {
    const version = {
      ref: memory.beliefRef,
      accessed: input.belief.accessed,
      cause: `${workflowId} memory graph`,
    };
    robot.state.versions.push(version);
    if (input.reportBeliefTo) {
      const { parent } = workflowInfo();
      await getExternalWorkflowHandle(input.reportBeliefTo)
        .signal(beliefAdvancedSignal, { taskId: parent?.workflowId ?? workflowId, version })
        .catch(() => undefined);
    }
  }

  const chosen: PlanStep[] = [];
  const steps: StepRecord[] = [];
  const history: string[] = [];
  let failedActions = 0;
  const result = (status: LookPlanGraphResult['status'], reason?: string): LookPlanGraphResult => ({
    status,
    ...(reason === undefined ? {} : { reason }),
    chosen,
    steps,
    failedActions,
    memory: { ref: memory.beliefRef, priors: memory.priors },
    belief: robot.state.belief,
    beliefVersions: robot.state.versions,
    usage: progress.usage,
  });
  const fail = (reason: string): never => {
    progress.lastFeedback = reason;
    progress.stage = 'done';
    showProgress(progress);
    return failWithOutcome(FAILURE_TYPES.executionFailed, reason, result('failed', reason));
  };

  for (let turn = 0; turn < maxActions; turn++) {
    const belief = robot.state.belief;
    const feasible = await taskPlanner.feasibleSteps.executeWithOptions(
      { summary: `feasible actions, turn ${turn + 1}` },
      [{ sceneRef: belief.ref, accessed: belief.accessed }],
    );
    if (!feasible.ok) return fail(`no feasible actions in the belief: ${feasible.error}`);
    const answer = await llm.chooseNextAction.executeWithOptions(
      { summary: oneLine(`choose action ${turn + 1} of at most ${maxActions}`) },
      [
        {
          sceneRef: belief.ref,
          accessed: belief.accessed,
          instruction: input.instruction,
          steps: feasible.steps,
          history,
          robotId: input.robotId,
          deployment: input.sceneRef,
          ...(input.chooser ? { chooser: input.chooser } : {}),
        },
      ],
    );
    spend(progress.usage, answer);
    if (!answer.ok) {
      // An answer outside the contract costs a turn, and the model sees why.
      history.push(`invalid answer: ${oneLine(answer.error, 160)}`);
      continue;
    }
    if (answer.choice === 'done') {
      progress.stage = 'done';
      showProgress(progress);
      return result('done');
    }
    const action = answer.choice;
    chosen.push(action);
    const text = formatStep(action);
    // goto(room) is a choice over rooms; the path planner turns it into the poses the robot drives.
    let route: PlanStep[] = [action];
    if (action.action === 'goto') {
      const expanded = await sim.expandPath.executeWithOptions({ summary: `route for ${text}` }, [
        { sceneRef: belief.ref, plan: [action] },
      ]);
      if (!expanded.ok) {
        history.push(`${text}: no route: ${oneLine(expanded.error, 160)}`);
        failedActions++;
        continue;
      }
      route = expanded.value;
    }
    let outcome = 'done';
    for (const step of route) {
      const ran = await robot.run(step, steps.length, `action ${turn + 1} (${text})`);
      steps.push(ran.record);
      progress.executedSteps = steps.length;
      if (!ran.ok) {
        failedActions++;
        outcome = `failed: ${oneLine(ran.reason, 160)}${ran.corrected ? `; saw: ${oneLine(ran.corrected, 160)}` : ''}`;
        break;
      }
    }
    history.push(`${text}: ${outcome}`);
    progress.lastFeedback = history.at(-1);
    showProgress(progress);
  }
  return fail(`no done after ${maxActions} chosen actions`);
}
