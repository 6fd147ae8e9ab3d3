import { resolve } from 'node:path';

/**
 * The arguments the command was given. `pnpm <script> -- --flag` passes its `--` on, and node's
 * parseArgs would read every flag after it as a positional ("Unexpected argument").
 */
export function commandArguments(argv: readonly string[] = process.argv.slice(2)): string[] {
  return argv[0] === '--' ? argv.slice(1) : [...argv];
}

/** A path as the user typed it: pnpm runs a script in its package's folder and keeps the folder it was typed in as INIT_CWD. */
export function userPath(path: string): string {
  return resolve(process.env.INIT_CWD ?? process.cwd(), path);
}
