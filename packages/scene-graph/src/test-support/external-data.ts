import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repository = fileURLToPath(new URL('../../../../', import.meta.url));

/**
 * The raw external scene graphs (VirtualHome, Spark-DSG): GROUNDPLAN_EXTERNAL_DATA, else the
 * nearest `shared/external-data` beside the repository or above it (CI clones beside shared/,
 * a worktree may sit one level deeper).
 */
export function externalDataDir(): string {
  const fromEnv = process.env.GROUNDPLAN_EXTERNAL_DATA;
  if (fromEnv) return fromEnv;
  for (let dir = dirname(repository); dir !== dirname(dir); dir = dirname(dir)) {
    const candidate = join(dir, 'shared', 'external-data');
    if (existsSync(candidate)) return candidate;
  }
  throw new Error('no shared/external-data beside the repository; set GROUNDPLAN_EXTERNAL_DATA');
}

/** The committed conversions under datasets/external. */
export const externalDatasets = join(repository, 'datasets', 'external');
