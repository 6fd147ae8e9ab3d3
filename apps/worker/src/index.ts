export { ROLES, type Role, type WorkerConfig, workerConfig } from './config.js';
export {
  configuredSkills,
  createConfiguredWorkers,
  prebuiltWorkflowBundle,
  type RoleWorkers,
} from './roles.js';
export { startWorkerProcess, type WorkerProcess } from './worker-process.js';
