import { readFile, writeFile } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import {
  formatImportNotes,
  IMPORT_FORMATS,
  importScene,
  NODE_KINDS,
  sceneRef,
  sceneToJson,
} from '@groundplan/scene-graph';
import { EXIT, UserError } from '../user-error.js';

export type ImportFlags = { output: string; name?: string };

/** `groundplan import <format> <file> -o scene.json`: converts, validates, reports, then writes. */
export async function importCommand(format: string, file: string, flags: ImportFlags): Promise<number> {
  if (!(IMPORT_FORMATS as readonly string[]).includes(format))
    throw new UserError(`unknown format '${format}'; groundplan imports ${IMPORT_FORMATS.join(', ')}`);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (cause) {
    throw new UserError(`cannot read ${file}: ${(cause as Error).message}`);
  }
  const name = flags.name ?? basename(file, extname(file));
  // Editors on Windows start files with a byte-order mark; JSON has none, and an error would show it as nothing.
  const imported = importScene(format, text.replace(/^\uFEFF/, ''), { file, name });
  if (!imported.ok) throw new UserError(imported.error);

  const json = sceneToJson(imported.value.graph);
  try {
    await writeFile(flags.output, json, 'utf8');
  } catch (cause) {
    throw new UserError(`cannot write ${flags.output}: ${(cause as Error).message}`);
  }
  const { graph, notes } = imported.value;
  const counts = new Map<string, number>();
  graph.forEachNode((_id, attributes) => counts.set(attributes.kind, (counts.get(attributes.kind) ?? 0) + 1));
  const kinds = NODE_KINDS.filter((kind) => counts.has(kind)).map((kind) => `${counts.get(kind)} ${kind}`);
  for (const line of formatImportNotes(notes)) console.log(`  ${line}`);
  console.log(
    `wrote ${flags.output}: ${graph.order} nodes (${kinds.join(', ')}), ${graph.size} edges, ${sceneRef(graph)}`,
  );
  return EXIT.ok;
}
