import { parseArgs } from 'node:util';
import {
  type ProviderConfig,
  ProviderConfigSchema,
  resolveLocalModel,
  StructuredOutputSettingSchema,
} from '@groundplan/llm';
import { repoRoot, type TemporalConnectionConfig, temporalConfigFromEnv } from '@groundplan/temporal-runtime';
import { PLANNER_NAMES, type PlannerName, ROLES, type Role } from '@groundplan/workflows/worker';
import { z } from 'zod';

export { ROLES, type Role };

const WorkerEnv = z.object({
  GROUNDPLAN_ROLES: z.string().default('planner,llm,sim'),
  GROUNDPLAN_ROBOT_ID: z.string().optional(),
  GROUNDPLAN_DATA_DIR: z.string().min(1).optional(),
  GROUNDPLAN_SCENE_STORE: z.string().min(1).optional(),
  GROUNDPLAN_ROBOT_SPEED: z.coerce.number().positive().default(0.5),
  GROUNDPLAN_ROBOT_TIME_SCALE: z.coerce.number().positive().max(1000).default(1),
  /** A scene file: the simulated robot's true world, where its belief may be wrong (default: its belief). */
  GROUNDPLAN_ROBOT_TRUE_WORLD: z.string().min(1).optional(),
  GROUNDPLAN_PERCEPTION_SEED: z.coerce.number().int().min(0).default(0),
  GROUNDPLAN_PERCEPTION_MISS_RATE: z.coerce.number().min(0).max(1).default(0),
  GROUNDPLAN_PERCEPTION_FALSE_RATE: z.coerce.number().min(0).max(1).default(0),
  GROUNDPLAN_PLANNER_CONCURRENCY: z.coerce.number().int().positive().default(40),
  GROUNDPLAN_LLM_CONCURRENCY: z.coerce.number().int().positive().default(1),
  GROUNDPLAN_SIM_CONCURRENCY: z.coerce.number().int().positive().default(8),
  /** The classical planner of planForGoals: ff (default), gbfs, astar or fast-downward. */
  GROUNDPLAN_CLASSICAL_PLANNER: z
    .enum(PLANNER_NAMES, { error: `choose one of ${PLANNER_NAMES.join(', ')} (ff is the default)` })
    .default('ff'),
  /** A skill file (JSON) layered on the built-in skills: what plans are made of and what the robot runs. */
  GROUNDPLAN_SKILLS: z.string().min(1).optional(),
  GROUNDPLAN_LOG_LEVEL: z.enum(['TRACE', 'DEBUG', 'INFO', 'WARN', 'ERROR']).default('INFO'),
  GROUNDPLAN_LLM_PROVIDER: z.enum(['local', 'openai', 'replay']).default('local'),
  /** local: a name of packages/llm/models.json or a GGUF path; openai: the model as the endpoint serves it. */
  GROUNDPLAN_MODEL: z.string().min(1).optional(),
  GROUNDPLAN_CASSETTE: z.string().min(1).optional(),
  GROUNDPLAN_LLM_RECORD: z.string().min(1).optional(),
  GROUNDPLAN_REPLAY_LATENCY_MS: z.coerce.number().int().min(0).optional(),
  GROUNDPLAN_REPLAY_HIT_LOG: z.string().min(1).optional(),
  GROUNDPLAN_LLM_THREADS: z.coerce.number().int().positive().optional(),
  GROUNDPLAN_LLM_TIMEOUT_MS: z.coerce.number().int().positive().optional(),
  GROUNDPLAN_CHAIN_OF_THOUGHT: z.enum(['on', 'off']).default('on'),
  GROUNDPLAN_EMBEDDING_MODEL: z.string().min(1).optional(),
  /** How the openai provider asks for JSON; auto (default) probes the endpoint once at start. */
  GROUNDPLAN_STRUCTURED_OUTPUT: StructuredOutputSettingSchema.optional(),
  OPENAI_BASE_URL: z.string().min(1).default('https://api.openai.com/v1'),
  OPENAI_API_KEY: z.string().min(1).optional(),
});

/** The LLM provider the llm role uses, from GROUNDPLAN_LLM_PROVIDER and its settings. */
function providerFromEnv(
  e: z.infer<typeof WorkerEnv>,
): { ok: true; value: ProviderConfig } | { ok: false; error: string } {
  const record = e.GROUNDPLAN_LLM_RECORD ? { recordTo: e.GROUNDPLAN_LLM_RECORD } : {};
  let candidate: unknown;
  switch (e.GROUNDPLAN_LLM_PROVIDER) {
    case 'local': {
      // A catalogue name (qwen2.5-coder-1.5b, ...) or a path; whether it is installed is checked at start.
      const model = e.GROUNDPLAN_MODEL ? resolveLocalModel(e.GROUNDPLAN_MODEL) : undefined;
      if (model && !model.ok) return model;
      candidate = {
        provider: 'local',
        ...(model ? { modelPath: model.value.path } : {}),
        ...(e.GROUNDPLAN_LLM_THREADS ? { threads: e.GROUNDPLAN_LLM_THREADS } : {}),
        ...record,
      };
      break;
    }
    case 'openai':
      if (!e.OPENAI_API_KEY)
        return { ok: false, error: 'GROUNDPLAN_LLM_PROVIDER=openai needs OPENAI_API_KEY' };
      if (!e.GROUNDPLAN_MODEL)
        return { ok: false, error: 'GROUNDPLAN_LLM_PROVIDER=openai needs GROUNDPLAN_MODEL (e.g. gpt-4o)' };
      candidate = {
        provider: 'openai',
        baseURL: e.OPENAI_BASE_URL,
        apiKey: e.OPENAI_API_KEY,
        model: e.GROUNDPLAN_MODEL,
        ...(e.GROUNDPLAN_LLM_TIMEOUT_MS ? { timeoutMs: e.GROUNDPLAN_LLM_TIMEOUT_MS } : {}),
        ...(e.GROUNDPLAN_STRUCTURED_OUTPUT ? { structuredOutput: e.GROUNDPLAN_STRUCTURED_OUTPUT } : {}),
        ...record,
      };
      break;
    case 'replay':
      if (!e.GROUNDPLAN_CASSETTE)
        return { ok: false, error: 'GROUNDPLAN_LLM_PROVIDER=replay needs GROUNDPLAN_CASSETTE' };
      candidate = {
        provider: 'replay',
        cassettePath: e.GROUNDPLAN_CASSETTE,
        ...(e.GROUNDPLAN_REPLAY_LATENCY_MS ? { latencyMs: e.GROUNDPLAN_REPLAY_LATENCY_MS } : {}),
        ...(e.GROUNDPLAN_REPLAY_HIT_LOG ? { hitLogPath: e.GROUNDPLAN_REPLAY_HIT_LOG } : {}),
      };
      break;
  }
  const parsed = ProviderConfigSchema.safeParse(candidate);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { ok: false, error: `invalid LLM settings (${issue.path.join('.')}): ${issue.message}` };
  }
  return { ok: true, value: parsed.data };
}

export type WorkerConfig = {
  roles: Role[];
  robotId: string | undefined;
  dataDir: string;
  sceneStoreDir: string;
  robotSpeedMps: number;
  robotTimeScale: number;
  /** The simulated robot's true world (a scene file), when it differs from what the robot is told. */
  robotTrueWorld: string | undefined;
  /** The simulated robot's perception: seeded misses and false detections standing in for a VLM. */
  perception: { seed: number; missRate: number; falseDetectionRate: number };
  concurrency: { planner: number; llm: number; sim: number };
  logLevel: z.infer<typeof WorkerEnv>['GROUNDPLAN_LOG_LEVEL'];
  /** The classical planner the sim role's planForGoals runs (GROUNDPLAN_CLASSICAL_PLANNER). */
  classicalPlanner: PlannerName;
  /** A skill file layered on the built-in skills (GROUNDPLAN_SKILLS); every role reads the same one. */
  skillsFile: string | undefined;
  /** Only when the llm role runs. */
  llm: ProviderConfig | undefined;
  /** Whether the model is asked for a bounded chain of thought before each answer (GROUNDPLAN_CHAIN_OF_THOUGHT). */
  chainOfThought: boolean;
  /** The embedding model's folder for retrieval, 'off' for none, undefined for the default (GROUNDPLAN_EMBEDDING_MODEL). */
  embeddingModel: string | undefined;
  temporal: TemporalConnectionConfig;
};

/** The worker's settings from flags (--roles, --robot-id) over environment variables; errors name what to fix. */
export function workerConfig(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
): { ok: true; value: WorkerConfig } | { ok: false; error: string } {
  let flags: { roles?: string; 'robot-id'?: string };
  try {
    flags = parseArgs({
      args: argv,
      options: { roles: { type: 'string' }, 'robot-id': { type: 'string' } },
      strict: true,
    }).values;
  } catch (error) {
    return {
      ok: false,
      error: `${(error as Error).message}; usage: groundplan-worker [--roles planner,llm,sim,robot] [--robot-id ID]`,
    };
  }
  const parsed = WorkerEnv.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { ok: false, error: `invalid ${issue.path.join('.')}: ${issue.message}` };
  }
  const e = parsed.data;
  const roles = (flags.roles ?? e.GROUNDPLAN_ROLES)
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean);
  const unknown = roles.filter((r) => !(ROLES as readonly string[]).includes(r));
  if (unknown.length > 0 || roles.length === 0) {
    return {
      ok: false,
      error: `unknown role${unknown.length === 1 ? '' : 's'} '${unknown.join(', ')}'; roles are ${ROLES.join(', ')}`,
    };
  }
  const robotId = flags['robot-id'] ?? e.GROUNDPLAN_ROBOT_ID;
  if (roles.includes('robot') && !robotId)
    return { ok: false, error: 'the robot role needs --robot-id (or GROUNDPLAN_ROBOT_ID)' };
  if (robotId !== undefined && !/^[A-Za-z0-9_-]{1,64}$/.test(robotId)) {
    return { ok: false, error: `robot id '${robotId}' must be 1-64 letters, digits, _ or -` };
  }
  const temporal = temporalConfigFromEnv(env);
  if (!temporal.ok) return temporal;
  const llm = roles.includes('llm') ? providerFromEnv(e) : undefined;
  if (llm && !llm.ok) return llm;
  const dataDir = e.GROUNDPLAN_DATA_DIR ?? `${repoRoot()}/.data`;
  return {
    ok: true,
    value: {
      roles: [...new Set(roles)] as Role[],
      robotId,
      dataDir,
      sceneStoreDir: e.GROUNDPLAN_SCENE_STORE ?? `${dataDir}/scenes`,
      robotSpeedMps: e.GROUNDPLAN_ROBOT_SPEED,
      robotTimeScale: e.GROUNDPLAN_ROBOT_TIME_SCALE,
      robotTrueWorld: e.GROUNDPLAN_ROBOT_TRUE_WORLD,
      perception: {
        seed: e.GROUNDPLAN_PERCEPTION_SEED,
        missRate: e.GROUNDPLAN_PERCEPTION_MISS_RATE,
        falseDetectionRate: e.GROUNDPLAN_PERCEPTION_FALSE_RATE,
      },
      concurrency: {
        planner: e.GROUNDPLAN_PLANNER_CONCURRENCY,
        llm: e.GROUNDPLAN_LLM_CONCURRENCY,
        sim: e.GROUNDPLAN_SIM_CONCURRENCY,
      },
      logLevel: e.GROUNDPLAN_LOG_LEVEL,
      classicalPlanner: e.GROUNDPLAN_CLASSICAL_PLANNER,
      skillsFile: e.GROUNDPLAN_SKILLS,
      llm: llm?.value,
      chainOfThought: e.GROUNDPLAN_CHAIN_OF_THOUGHT === 'on',
      embeddingModel: e.GROUNDPLAN_EMBEDDING_MODEL,
      temporal: temporal.value,
    },
  };
}
