import type { Belief, PlanAndExecuteInput, RobotRunInput } from '../../contract.js';

/** What every child that drives the robot is given: the robot, its deployment, its belief and timeouts. */
export function onRobot(input: PlanAndExecuteInput, belief: Belief): RobotRunInput {
  return {
    robotId: input.robotId,
    sceneRef: input.sceneRef,
    belief,
    ...(input.robotEntity ? { reportBeliefTo: input.robotEntity } : {}),
    ...(input.heartbeatTimeoutSeconds ? { heartbeatTimeoutSeconds: input.heartbeatTimeoutSeconds } : {}),
    ...(input.skillScheduleToStartTimeoutSeconds
      ? { skillScheduleToStartTimeoutSeconds: input.skillScheduleToStartTimeoutSeconds }
      : {}),
  };
}
