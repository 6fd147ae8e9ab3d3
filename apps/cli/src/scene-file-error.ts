import type { SceneProblem } from '@groundplan/scene-graph';
import { UserError } from './user-error.js';

/**
 * The first problem of a scene file as one line that names the file once: a problem that names
 * it already (cannot read, not JSON) gets no prefix, and Node's own copy of the path
 * (", open '<file>'") is dropped.
 */
export function sceneFileError(file: string, problems: readonly SceneProblem[]): UserError {
  const [first] = problems;
  const more = problems.length > 1 ? ` (and ${problems.length - 1} more problems)` : '';
  const text = `${first?.path ? `${first.path}: ` : ''}${first?.message ?? 'not a scene file'}`.replace(
    `, open '${file}'`,
    '',
  );
  return new UserError(`${text.includes(file) ? '' : `${file}: `}${text}${more}`);
}
