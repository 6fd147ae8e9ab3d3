import type { SceneProblem } from '@groundplan/scene-graph';

/** A scene file's first problem in one line, with the file, the spot and how many more there are. */
export function sceneFileError(file: string, problems: readonly SceneProblem[]): string {
  const [first] = problems;
  const more = problems.length > 1 ? ` (and ${problems.length - 1} more problems)` : '';
  // Problems reading the file (unreadable, not JSON) name the file already.
  const where = first?.message.includes(file) ? '' : `${file}: `;
  return `${where}${first?.path ? `${first.path}: ` : ''}${first?.message}${more}`;
}
