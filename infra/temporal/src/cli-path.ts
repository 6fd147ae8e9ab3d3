import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { repoRoot } from './repo-paths.js';

/** The Temporal CLI binary, installed by infra/temporal/install-cli.sh when missing. */
export function temporalCliPath(): string {
  const script = fileURLToPath(new URL('../install-cli.sh', import.meta.url));
  try {
    return execFileSync('bash', [script], {
      cwd: repoRoot(),
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    }).trim();
  } catch (error) {
    const stderr = String((error as { stderr?: unknown }).stderr ?? '').trim();
    throw new Error(stderr || 'no Temporal CLI could be installed');
  }
}
