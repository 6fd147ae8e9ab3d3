import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { sceneToJson } from '../format/canonical-json.js';
import { formatProblems, parseScene } from '../format/validate.js';
import type { SceneGraph } from '../model/scene-graph.js';
import { err, ok, type Result } from '../result.js';
import { parseJsonText } from './json-text.js';
import { type SceneRef, sceneRef } from './scene-ref.js';

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

/** A scene store in a folder: one canonical JSON file per scene, named by its hash; cached in memory. */
export function fileSceneStore(dir: string): SceneStore {
  const cache = new Map<string, SceneGraph>();
  const pathOf = (ref: string) => `${dir}/${ref.slice('sha256:'.length)}.json`;
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
      let text: string;
      try {
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
      return ok(parsed.value);
    },
  };
}
