import { readFile, stat, writeFile } from 'node:fs/promises';
import { sceneToJson } from '../format/canonical-json.js';
import { parseScene, type SceneProblem } from '../format/validate.js';
import type { SceneGraph } from '../model/scene-graph.js';
import { err, type Result } from '../result.js';
import { parseJsonText } from './json-text.js';
import { sceneTooLarge } from './scene-size.js';

/** Reads, parses and validates a scene file; an unreadable file or bad JSON is a problem too. */
export async function loadSceneFile(path: string): Promise<Result<SceneGraph, SceneProblem[]>> {
  const input = await readJson(path);
  return input.ok ? parseScene(input.value) : input;
}

// Its own function so the file's text can be collected before validation: at 10^6 nodes it is
// a quarter of a gigabyte.
async function readJson(path: string): Promise<Result<unknown, SceneProblem[]>> {
  // Too large a file fails here in one line, not as an out-of-memory crash halfway through; a
  // file that cannot be read at all is left to readFile, which says why.
  const size = await stat(path).then(
    (stats) => stats.size,
    () => undefined,
  );
  const tooLarge = size === undefined ? undefined : sceneTooLarge(path, size);
  if (tooLarge) return err([{ path: '', message: tooLarge }]);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (cause) {
    return err([{ path: '', message: `cannot read scene file ${path}: ${(cause as Error).message}` }]);
  }
  const parsed = parseJsonText(text);
  return parsed.ok ? parsed : err([{ path: '', message: `${path} is ${parsed.error}` }]);
}

/** Writes the scene as canonical JSON (see sceneToJson). */
export async function saveSceneFile(path: string, graph: SceneGraph): Promise<void> {
  await writeFile(path, sceneToJson(graph), 'utf8');
}
