import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repository = fileURLToPath(new URL('../../../../', import.meta.url));

/**
 * The raw external scene graphs (VirtualHome, MIT; Spark-DSG, BSD), shipped with their licences in
 * datasets/external/source so the tests need nothing outside the repository;
 * GROUNDPLAN_EXTERNAL_DATA points at another copy.
 */
export function externalDataDir(): string {
  return process.env.GROUNDPLAN_EXTERNAL_DATA || join(repository, 'datasets', 'external', 'source');
}

/** The committed conversions under datasets/external. */
export const externalDatasets = join(repository, 'datasets', 'external');
