export { createRobotActivities, type RobotActivities } from './activities.js';
export { type PerceptionOptions, perceive } from './simulated-perception.js';
export { createSimulatedRobot, type SimulatedRobotOptions } from './simulated-robot.js';
export { DEFAULT_SKILL_SECONDS } from './skill-durations.js';
export {
  SKILL_FAILED,
  type SkillExecutor,
  SkillFailed,
  type SkillFailureDetails,
  type SkillOutcome,
  type SkillProgress,
  type SkillRequest,
} from './skill-executor.js';
export {
  ROBOT_WORLD_CORRUPT,
  type RobotWorld,
  RobotWorldCorrupt,
  readWorld,
  worldFilePath,
  writeWorld,
} from './world-file.js';
