import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const root = new URL('../../../../', import.meta.url).pathname;
const run = promisify(execFile);

/** Debian's chromium, installed by the project's script when missing; one clear line when it cannot be. */
export async function chromiumPath(): Promise<string> {
  try {
    const { stdout } = await run('bash', [`${root}scripts/install-chromium.sh`], { timeout: 600_000 });
    return stdout.trim();
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim().split('\n').at(-1);
    throw new Error(`no Chromium for the browser test: ${stderr || (error as Error).message}`);
  }
}

/** Chromium's flags for a container: no sandbox (root), no /dev/shm of its own. */
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-dev-shm-usage'];
