import { execFileSync } from 'node:child_process';

/**
 * The commit this process's code came from, read when the process started: a run that outlives a
 * commit still names the code it ran; `+changes` when the work tree (reports aside) differed from it.
 */
export const CODE_COMMIT = (() => {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
    // Reports are written while evaluations run; only a change to anything else is a change of code.
    const changed = execFileSync(
      'git',
      ['status', '--porcelain', '--untracked-files=no', '--', ':(top)', ':(top,exclude)reports'],
      { encoding: 'utf8' },
    );
    return changed.trim() ? `${head}+changes` : head;
  } catch {
    return 'unknown'; // not a git checkout
  }
})();
