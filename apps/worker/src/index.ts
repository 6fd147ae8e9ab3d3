export { ROLES, type Role, type WorkerConfig, workerConfig } from './config.js';
export { createRoleWorkers, prebuiltWorkflowBundle } from './roles.js';
export { startWorkerProcess, type WorkerProcess } from './worker-process.js';
