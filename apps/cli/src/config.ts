import { repoRoot, type TemporalConnectionConfig, temporalConfigFromEnv } from '@groundplan/temporal-runtime';
import { type PlannerVariant, recommendedPlanner } from '@groundplan/workflows/contract';
import { z } from 'zod';

/** The port `groundplan view` serves on unless told otherwise. */
export const DEFAULT_VIEW_PORT = 4310;

const CliEnv = z.object({
  GROUNDPLAN_DATA_DIR: z.string().min(1).optional(),
  GROUNDPLAN_SCENE_STORE: z.string().min(1).optional(),
  GROUNDPLAN_ROBOT_ID: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/)
    .default('sim-1'),
  /** Where `groundplan view` serves, for the links runs carry back to it. */
  GROUNDPLAN_VIEW_URL: z.url({ protocol: /^https?$/ }).default(`http://127.0.0.1:${DEFAULT_VIEW_PORT}`),
  /** The workers' model provider, read here only to pick the planner recommended for it. */
  GROUNDPLAN_LLM_PROVIDER: z.string().optional(),
});

export type CliConfig = {
  sceneStoreDir: string;
  robotId: string;
  /** The base URL of `groundplan view`, which runs link to from the Temporal UI. */
  viewUrl: string;
  temporal: TemporalConnectionConfig;
  /** The planner `plan` uses unless told: the one recommended for the configured model. */
  planner: PlannerVariant;
};

/** The client's settings from the environment; an error value names the variable to fix. */
export function cliConfig(
  env: NodeJS.ProcessEnv = process.env,
): { ok: true; value: CliConfig } | { ok: false; error: string } {
  const parsed = CliEnv.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { ok: false, error: `invalid ${issue.path.join('.')}: ${issue.message}` };
  }
  const temporal = temporalConfigFromEnv(env);
  if (!temporal.ok) return temporal;
  const dataDir = parsed.data.GROUNDPLAN_DATA_DIR ?? `${repoRoot()}/.data`;
  return {
    ok: true,
    value: {
      sceneStoreDir: parsed.data.GROUNDPLAN_SCENE_STORE ?? `${dataDir}/scenes`,
      robotId: parsed.data.GROUNDPLAN_ROBOT_ID,
      viewUrl: parsed.data.GROUNDPLAN_VIEW_URL,
      temporal: temporal.value,
      planner: recommendedPlanner(parsed.data.GROUNDPLAN_LLM_PROVIDER),
    },
  };
}
