import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { sceneToJson } from '../format/canonical-json.js';
import { formatProblems, parseScene } from '../format/validate.js';
import type { SceneGraph } from '../model/scene-graph.js';
import { err, ok, type Result } from '../result.js';
import { compactSceneParts, decodeCompactScene } from './compact-scene.js';
import { parseJsonText } from './json-text.js';
import { type SceneRef, sceneRef } from './scene-ref.js';
import { sceneTooLarge } from './scene-size.js';

/**
 * Where scenes live by reference. Workflows carry only the reference (a content hash); workers
 * load the scene from the store. Replace the file store with your own (S3, a database, ...).
 */
export interface SceneStore {
  /** Stores the scene and returns its reference; storing the same scene twice is a no-op. */
  put(graph: SceneGraph): Promise<SceneRef>;
  /** The scene with that reference, or a message saying why there is none. */
  get(ref: SceneRef): Promise<Result<SceneGraph, string>>;
}

const REF = /^sha256:[0-9a-f]{64}$/;

export type FileSceneStoreOptions = {
  /**
   * From how many nodes a scene also gets a compact form beside its JSON, written on its first
   * load, read on every later one by any process (default 50,000: below, JSON loads fast enough).
   */
  compactFromNodes?: number;
};

/**
 * A scene store in a folder: one canonical JSON file per scene, named by its hash; cached in
 * memory; a large scene also kept in compact form by the same hash (see compact-scene.ts).
 */
export function fileSceneStore(dir: string, options: FileSceneStoreOptions = {}): SceneStore {
  const compactFromNodes = options.compactFromNodes ?? 50_000;
  const cache = new Map<string, SceneGraph>();
  const pathOf = (ref: string) => `${dir}/${ref.slice('sha256:'.length)}.json`;
  const compactOf = (ref: string) => `${dir}/${ref.slice('sha256:'.length)}.scene-compact`;
  return {
    async put(graph) {
      const ref = sceneRef(graph);
      if (cache.has(ref)) return ref;
      await mkdir(dir, { recursive: true });
      // One temporary name per put: two puts of one scene at once (in one process too) must not share it.
      const temp = `${pathOf(ref)}.${process.pid}.${randomUUID()}.tmp`;
      await writeFile(temp, sceneToJson(graph));
      await rename(temp, pathOf(ref));
      cache.set(ref, graph);
      return ref;
    },
    async get(ref) {
      if (!REF.test(ref)) return err(`'${ref}' is not a scene reference (expected sha256:<64 hex digits>)`);
      const cached = cache.get(ref);
      if (cached) return ok(cached);
      const compact = await readCompact(compactOf(ref));
      if (compact) {
        cache.set(ref, compact);
        return ok(compact);
      }
      let text: string;
      try {
        const tooLarge = sceneTooLarge(pathOf(ref), (await stat(pathOf(ref))).size);
        if (tooLarge) return err(tooLarge);
        text = await readFile(pathOf(ref), 'utf8');
      } catch {
        return err(`no scene ${ref} in the scene store at ${dir}; register the scene first`);
      }
      // A file cut short by a full disk or a copy, or edited by hand, names itself and the spot.
      const json = parseJsonText(text);
      if (!json.ok) return err(`the stored scene file ${pathOf(ref)} is ${json.error}; put the scene again`);
      const parsed = parseScene(json.value);
      if (!parsed.ok)
        return err(
          `the stored scene file ${pathOf(ref)} is invalid: ${formatProblems(parsed.error.slice(0, 1))}${parsed.error.length > 1 ? ` (and ${parsed.error.length - 1} more problems)` : ''}`,
        );
      cache.set(ref, parsed.value);
      if (parsed.value.order >= compactFromNodes) await writeCompact(compactOf(ref), parsed.value);
      return ok(parsed.value);
    },
  };
}

// A compact form that is missing or damaged is only a cache miss: the JSON has the last word.
async function readCompact(path: string): Promise<SceneGraph | undefined> {
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch {
    return undefined;
  }
  const decoded = decodeCompactScene(bytes);
  return decoded.ok ? decoded.value : undefined;
}

// Best effort, like any cache: a full disk costs the next load its speed, not its scene.
async function writeCompact(path: string, graph: SceneGraph): Promise<void> {
  const temp = `${path}.${process.pid}.${randomUUID()}.tmp`;
  try {
    await writeFile(temp, compactSceneParts(graph));
    await rename(temp, path);
  } catch {
    await rm(temp, { force: true });
  }
}
