// Test doubles and real third-party servers for tests of this package and of the apps.
export {
  answersFromCassette,
  type FakeOpenAiServer,
  type FakeServerOptions,
  type ReceivedRequest,
  type ScriptedAnswer,
  startFakeOpenAiServer,
} from './fake-openai-server.js';
export {
  type LlamaServer,
  type LlamaServerOptions,
  llamaServerBinary,
  llamaServerMetrics,
  startLlamaServer,
} from './llama-server.js';
