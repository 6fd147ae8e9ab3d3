import { resolve } from 'node:path';
import { localModelsDir } from '@groundplan/llm';
import { describe, expect, it } from 'vitest';
import { workerConfig } from './config.js';

describe('the worker configuration', () => {
  it('runs planner, llm and sim by default against the local dev server', () => {
    const config = workerConfig([], {});
    expect(config.ok && config.value.roles).toEqual(['planner', 'llm', 'sim']);
    expect(config.ok && config.value.temporal.address).toBe('127.0.0.1:7233');
  });

  it('takes roles and the robot id from flags over the environment', () => {
    const config = workerConfig(['--roles', 'robot', '--robot-id', 'arm-2'], { GROUNDPLAN_ROLES: 'llm' });
    expect(config.ok && config.value.roles).toEqual(['robot']);
    expect(config.ok && config.value.robotId).toBe('arm-2');
  });

  it('plans with ff unless GROUNDPLAN_CLASSICAL_PLANNER names another classical planner', () => {
    const byDefault = workerConfig([], {});
    expect(byDefault.ok && byDefault.value.classicalPlanner).toBe('ff');
    for (const planner of ['fast-downward', 'gbfs', 'astar']) {
      const chosen = workerConfig([], { GROUNDPLAN_CLASSICAL_PLANNER: planner });
      expect(chosen.ok && chosen.value.classicalPlanner).toBe(planner);
    }
  });

  it('uses an existing cluster when TEMPORAL_ADDRESS is set', () => {
    const config = workerConfig([], {
      TEMPORAL_ADDRESS: 'temporal.internal:7233',
      TEMPORAL_NAMESPACE: 'robots',
    });
    expect(config.ok && config.value.temporal).toMatchObject({
      address: 'temporal.internal:7233',
      namespace: 'robots',
      external: true,
    });
  });

  it.each([
    [['--roles', 'planner,chef'], {}, "unknown role 'chef'"],
    [['--roles', 'robot'], {}, 'the robot role needs --robot-id'],
    [['--robot-id', 'bad id!', '--roles', 'robot'], {}, "robot id 'bad id!'"],
    [['--colour', 'red'], {}, "Unknown option '--colour'"],
    [[], { GROUNDPLAN_ROBOT_TIME_SCALE: 'fast' }, 'invalid GROUNDPLAN_ROBOT_TIME_SCALE'],
    [
      [],
      { GROUNDPLAN_CLASSICAL_PLANNER: 'lama' },
      'invalid GROUNDPLAN_CLASSICAL_PLANNER: choose one of ff, gbfs, astar, fast-downward',
    ],
    [
      [],
      { TEMPORAL_TLS_CERT: '/tmp/cert.pem' },
      'TEMPORAL_TLS_CERT and TEMPORAL_TLS_KEY must be set together',
    ],
  ])('rejects %j %j with a message naming the fix', (argv, env, message) => {
    const config = workerConfig(argv, env);
    expect(config).toEqual({ ok: false, error: expect.stringContaining(message) });
  });
});

describe('the llm role settings', () => {
  it('default to the local model', () => {
    const config = workerConfig(['--roles', 'llm'], {});
    expect(config.ok && config.value.llm).toEqual({ provider: 'local' });
  });

  it('take a local model by its catalogue name or by its path (GROUNDPLAN_MODEL)', () => {
    const named = workerConfig(['--roles', 'llm'], { GROUNDPLAN_MODEL: 'qwen2.5-coder-1.5b' });
    expect(named.ok && named.value.llm).toEqual({
      provider: 'local',
      modelPath: resolve(localModelsDir(), 'qwen2.5-coder-1.5b-instruct-q4_k_m.gguf'),
    });
    const path = workerConfig(['--roles', 'llm'], { GROUNDPLAN_MODEL: '/opt/models/other.gguf' });
    expect(path.ok && path.value.llm).toEqual({ provider: 'local', modelPath: '/opt/models/other.gguf' });
  });

  it('refuse an unknown local model name in one line naming the known ones', () => {
    expect(workerConfig(['--roles', 'llm'], { GROUNDPLAN_MODEL: 'qwen-7b' })).toEqual({
      ok: false,
      error:
        "unknown model 'qwen-7b'; GROUNDPLAN_MODEL takes one of smollm2-135m, gemma3-270m, qwen2.5-coder-0.5b, qwen2.5-coder-1.5b, or a path to a GGUF file",
    });
    // Other roles do not read it.
    expect(workerConfig(['--roles', 'sim'], { GROUNDPLAN_MODEL: 'qwen-7b' }).ok).toBe(true);
  });

  it('read an OpenAI-compatible endpoint', () => {
    const config = workerConfig(['--roles', 'llm'], {
      GROUNDPLAN_LLM_PROVIDER: 'openai',
      OPENAI_BASE_URL: 'http://127.0.0.1:8080/v1',
      OPENAI_API_KEY: 'sk-test',
      GROUNDPLAN_MODEL: 'qwen2.5-7b-instruct',
    });
    expect(config.ok && config.value.llm).toEqual({
      provider: 'openai',
      baseURL: 'http://127.0.0.1:8080/v1',
      apiKey: 'sk-test',
      model: 'qwen2.5-7b-instruct',
    });
  });

  it('read the structured-output mode for an OpenAI-compatible endpoint', () => {
    const config = workerConfig(['--roles', 'llm'], {
      GROUNDPLAN_LLM_PROVIDER: 'openai',
      OPENAI_API_KEY: 'sk-no-key-required',
      GROUNDPLAN_MODEL: 'smollm2',
      GROUNDPLAN_STRUCTURED_OUTPUT: 'json_object',
    });
    expect(config.ok && config.value.llm).toMatchObject({
      provider: 'openai',
      structuredOutput: 'json_object',
    });
  });

  it.each([
    [
      { GROUNDPLAN_LLM_PROVIDER: 'openai', GROUNDPLAN_STRUCTURED_OUTPUT: 'grammar' },
      'invalid GROUNDPLAN_STRUCTURED_OUTPUT: Invalid option: expected one of "auto"|"json_schema"|"json_object"|"prompt"',
    ],
    [{ GROUNDPLAN_LLM_PROVIDER: 'openai', GROUNDPLAN_MODEL: 'gpt-4o' }, 'needs OPENAI_API_KEY'],
    [{ GROUNDPLAN_LLM_PROVIDER: 'replay' }, 'needs GROUNDPLAN_CASSETTE'],
    [
      {
        GROUNDPLAN_LLM_PROVIDER: 'openai',
        OPENAI_API_KEY: 'k',
        GROUNDPLAN_MODEL: 'm',
        OPENAI_BASE_URL: 'not a url',
      },
      'invalid LLM settings',
    ],
    [{ GROUNDPLAN_LLM_PROVIDER: 'oracle' }, 'invalid GROUNDPLAN_LLM_PROVIDER'],
  ])('say what is missing: %j', (env, message) => {
    expect(workerConfig(['--roles', 'llm'], env)).toEqual({
      ok: false,
      error: expect.stringContaining(message),
    });
  });

  it('are not needed by roles that do not call the LLM', () => {
    const config = workerConfig(['--roles', 'sim'], { GROUNDPLAN_LLM_PROVIDER: 'replay' });
    expect(config.ok && config.value.llm).toBeUndefined();
  });
});
