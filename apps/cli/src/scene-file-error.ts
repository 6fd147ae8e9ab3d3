import type { SceneProblem } from '@groundplan/scene-graph';

/** A scene file's first problem in one line, with the file, the spot and how many more there are. */
export function sceneFileError(file: string, problems: readonly SceneProblem[]): string {
  const [first] = problems;
  const more = problems.length > 1 ? ` (and ${problems.length - 1} more problems)` : '';
  return `${file}: ${first?.path ? `${first.path}: ` : ''}${first?.message}${more}`;
}
