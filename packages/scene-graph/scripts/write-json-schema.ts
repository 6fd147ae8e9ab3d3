// Writes schema/scene-graph.schema.json from the zod schema: `pnpm --filter @groundplan/scene-graph schema`.
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { sceneJsonSchema } from '../src/format/json-schema.js';

const target = fileURLToPath(new URL('../schema/scene-graph.schema.json', import.meta.url));
await writeFile(target, `${JSON.stringify(sceneJsonSchema(), null, 2)}\n`);
console.log(`wrote ${target}`);
