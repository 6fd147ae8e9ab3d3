import type { SceneGraph } from '../model/scene-graph.js';
import { err, ok } from '../result.js';
import { sceneRef } from './scene-ref.js';
import type { SceneStore } from './scene-store.js';

/** A scene store in memory, for one process (tests, benchmarks, in-process evaluation). */
export function memorySceneStore(): SceneStore {
  const scenes = new Map<string, SceneGraph>();
  return {
    async put(graph) {
      const ref = sceneRef(graph);
      scenes.set(ref, graph);
      return ref;
    },
    async get(ref) {
      const scene = scenes.get(ref);
      return scene
        ? ok(scene)
        : err(`no scene ${ref} in this process's memory store; register the scene first`);
    },
  };
}
