import { createHash } from 'node:crypto';
import { sceneToJson } from '../format/canonical-json.js';
import type { SceneGraph } from '../model/scene-graph.js';

/** A reference to a stored scene: `sha256:<hex>` of its canonical JSON. Workflows carry these, never graphs. */
export type SceneRef = string;

/** A scene's content hash, `sha256:<hex>` of its canonical JSON: same scene, same reference. */
export function sceneRef(graph: SceneGraph): SceneRef {
  return `sha256:${createHash('sha256').update(sceneToJson(graph)).digest('hex')}`;
}
