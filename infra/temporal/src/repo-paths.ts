import { fileURLToPath } from 'node:url';

/** The repository root (this file lives two levels below it, in src/ or dist/). */
export function repoRoot(): string {
  return fileURLToPath(new URL('../../../', import.meta.url)).replace(/\/$/, '');
}

/** Where the local dev server keeps its SQLite file, pid and log (git-ignored). */
export function devServerDataDir(): string {
  return process.env.GROUNDPLAN_DATA_DIR
    ? `${process.env.GROUNDPLAN_DATA_DIR}/temporal`
    : `${repoRoot()}/.data/temporal`;
}
