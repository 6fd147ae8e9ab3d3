/** What an object id names, for the prompt: generated ids carry their place, which the robot cannot know. */
export function targetName(id: string): string {
  return id
    .replace(/_f\d+_r\d+(_a\d+)?(_o\d+)?$/, '')
    .replace(/_\d+$/, '')
    .replaceAll('_', ' ');
}
