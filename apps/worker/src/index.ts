export { ROLES, type Role, type WorkerConfig, workerConfig } from './config.js';
export { createRoleWorkers, prebuiltWorkflowBundle } from './roles.js';
