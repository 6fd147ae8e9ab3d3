import { readFileSync } from 'node:fs';
import { z } from 'zod';

/** Where groundplan finds Temporal: the local dev server by default, any cluster by environment. */
export const TemporalEnv = z.object({
  TEMPORAL_ADDRESS: z.string().min(1).optional(),
  TEMPORAL_NAMESPACE: z.string().min(1).default('default'),
  TEMPORAL_TLS_CERT: z.string().min(1).optional(),
  TEMPORAL_TLS_KEY: z.string().min(1).optional(),
  TEMPORAL_TLS_CA: z.string().min(1).optional(),
  TEMPORAL_TLS_SERVER_NAME: z.string().min(1).optional(),
  TEMPORAL_API_KEY: z.string().min(1).optional(),
  TEMPORAL_PORT: z.coerce.number().int().min(1).max(65535).default(7233),
  TEMPORAL_UI_PORT: z.coerce.number().int().min(1).max(65535).default(8233),
});

export type TemporalConnectionConfig = {
  address: string;
  namespace: string;
  /** True when TEMPORAL_ADDRESS points at a server groundplan did not start. */
  external: boolean;
  uiUrl: string | undefined;
  tls?: {
    clientCertPair?: { crt: Buffer; key: Buffer };
    serverRootCACertificate?: Buffer;
    serverNameOverride?: string;
  };
  apiKey?: string;
};

/** Reads the Temporal settings from the environment; an error value names the variable to fix. */
export function temporalConfigFromEnv(
  env: NodeJS.ProcessEnv = process.env,
): { ok: true; value: TemporalConnectionConfig } | { ok: false; error: string } {
  const parsed = TemporalEnv.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { ok: false, error: `invalid ${issue.path.join('.')}: ${issue.message}` };
  }
  const e = parsed.data;
  if ((e.TEMPORAL_TLS_CERT === undefined) !== (e.TEMPORAL_TLS_KEY === undefined)) {
    return { ok: false, error: 'TEMPORAL_TLS_CERT and TEMPORAL_TLS_KEY must be set together' };
  }
  try {
    const useTls = e.TEMPORAL_TLS_CERT !== undefined || e.TEMPORAL_TLS_CA !== undefined || e.TEMPORAL_API_KEY;
    const config: TemporalConnectionConfig = {
      address: e.TEMPORAL_ADDRESS ?? `127.0.0.1:${e.TEMPORAL_PORT}`,
      namespace: e.TEMPORAL_NAMESPACE,
      external: e.TEMPORAL_ADDRESS !== undefined,
      uiUrl: e.TEMPORAL_ADDRESS === undefined ? `http://127.0.0.1:${e.TEMPORAL_UI_PORT}` : undefined,
    };
    if (useTls) {
      config.tls = {
        ...(e.TEMPORAL_TLS_CERT && e.TEMPORAL_TLS_KEY
          ? {
              clientCertPair: {
                crt: readFileSync(e.TEMPORAL_TLS_CERT),
                key: readFileSync(e.TEMPORAL_TLS_KEY),
              },
            }
          : {}),
        ...(e.TEMPORAL_TLS_CA ? { serverRootCACertificate: readFileSync(e.TEMPORAL_TLS_CA) } : {}),
        ...(e.TEMPORAL_TLS_SERVER_NAME ? { serverNameOverride: e.TEMPORAL_TLS_SERVER_NAME } : {}),
      };
    }
    if (e.TEMPORAL_API_KEY) config.apiKey = e.TEMPORAL_API_KEY;
    return { ok: true, value: config };
  } catch (error) {
    return { ok: false, error: `cannot read a TLS file: ${(error as Error).message}` };
  }
}
