import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { sceneJsonSchema } from './json-schema.js';

describe('sceneJsonSchema', () => {
  it('describes the scene file, including the node kinds', () => {
    const schema = sceneJsonSchema() as { properties: Record<string, unknown>; required: string[] };
    expect(schema.required).toEqual(expect.arrayContaining(['format', 'version', 'name', 'nodes', 'edges']));
    expect(JSON.stringify(schema.properties.nodes)).toContain('"campus"');
  });
  it('matches the committed schema file (run `pnpm schema` after changing the format)', async () => {
    const committed = JSON.parse(
      await readFile(new URL('../../schema/scene-graph.schema.json', import.meta.url), 'utf8'),
    );
    expect(committed).toEqual(sceneJsonSchema());
  });
});
