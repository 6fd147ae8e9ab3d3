import { randomUUID } from 'node:crypto';

/** A readable, unique workflow id: `plan-office-make-niko-a-coffee-1a2b3c4d`. */
export function runWorkflowId(sceneName: string, instruction: string, prefix = 'plan'): string {
  const slug = (text: string, max: number) =>
    text
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, max)
      .replace(/-+$/g, '');
  const parts = [prefix, slug(sceneName, 24), slug(instruction, 40), randomUUID().slice(0, 8)];
  return parts.filter((part) => part.length > 0).join('-');
}
