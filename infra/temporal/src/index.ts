export { temporalCliPath } from './cli-path.js';
export { connectClient, connectWorker, workflowUiUrl } from './connect.js';
export { type TemporalConnectionConfig, TemporalEnv, temporalConfigFromEnv } from './connection-config.js';
export {
  type DevServerOptions,
  type DevServerStatus,
  devServerStatus,
  isHealthy,
  startDevServer,
  stopDevServer,
} from './dev-server.js';
export { freePort } from './free-port.js';
export { devServerDataDir, repoRoot } from './repo-paths.js';
export { createTestEnvironment } from './test-environment.js';
export { quietWorkerLogs } from './worker-logs.js';
