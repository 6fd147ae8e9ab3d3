import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = new URL('../../../', import.meta.url).pathname;
const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');

/** pnpm as the user has it: the one running this test, the one setup installed, or on PATH. */
const pnpm =
  [process.env.npm_execpath, `${root}.tools/pnpm/node_modules/.bin/pnpm`].find(
    (path) => path?.includes('pnpm') && existsSync(path),
  ) ?? 'pnpm';

/** The evaluation commands the README shows (code blocks and code spans), as a user copies them. */
function documentedCommands(): string[] {
  const code = [...readme.matchAll(/```[^\n]*\n([\s\S]*?)```|`([^`\n]+)`/g)].flatMap((m) =>
    (m[1] ?? m[2]!).split('\n'),
  );
  return code
    .map((line) => line.replace(/\s+#.*$/, '').trim())
    .filter((line) =>
      /^(pnpm (--filter @groundplan\/eval eval|eval:dynamic)|node packages\/eval\/)/.test(line),
    );
}

/** One concrete command: optional [flags] dropped, the first of a|b|c, a name for <name>. */
function concrete(command: string): string {
  return command
    .replace(/\s*\[[^\]]*\]/g, '')
    .replace(/<name>/g, 'readme-check')
    .split(' ')
    .map((word) => word.split('|')[0])
    .join(' ');
}

function run(command: string, cwd: string): Promise<{ code: number; stdout: string; stderr: string }> {
  const line = `${command.replace(/^pnpm /, `"${pnpm}" `)} --dry-run`;
  return new Promise((done) => {
    execFile('bash', ['-c', line], { cwd, timeout: 120_000 }, (error, stdout, stderr) =>
      done({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

const outFlag = (command: string) => /--out (\S+)/.exec(concrete(command))![1]!;

/** What the dry run would do: where it writes, for the tests below. */
const planned = (stdout: string) => JSON.parse(stdout.trim().split('\n').at(-1)!) as { out: string };

describe("the evaluation README's commands", { timeout: 240_000 }, () => {
  const commands = documentedCommands();

  it('are found: the 90-task run, the direct run and the dynamic variants', () => {
    expect(commands.map((c) => /^(pnpm --filter \S+ eval|pnpm eval:dynamic|node \S+)/.exec(c)?.[1])).toEqual([
      'pnpm --filter @groundplan/eval eval',
      'node packages/eval/dist/main.js',
      'pnpm eval:dynamic',
    ]);
  });

  it.each(documentedCommands())('parse their flags as written, from the root: %s', async (command) => {
    const result = await run(concrete(command), root);
    expect(result.stderr).not.toMatch(/Unexpected argument|not found|unknown/i);
    expect(result.code).toBe(0);
    expect(planned(result.stdout).out.startsWith(resolve(root, outFlag(command)))).toBe(true);
  });

  it.each(documentedCommands().filter((c) => c.startsWith('pnpm')))(
    'write a relative --out under the folder they are typed in: %s',
    async (command) => {
      const result = await run(concrete(command), join(root, 'datasets'));
      expect(result.code).toBe(0);
      const typedIn = join(root, 'datasets');
      expect(planned(result.stdout).out.startsWith(resolve(typedIn, outFlag(command)))).toBe(true);
    },
  );
});
