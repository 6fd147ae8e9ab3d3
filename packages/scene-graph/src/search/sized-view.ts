import type { SceneGraph } from '../model/scene-graph.js';
import { countTokens } from '../tokens/count-tokens.js';
import { renderView } from './view.js';
import type { View } from './visible.js';

/** A view and what it costs in prompt tokens, as a workflow keeps it. */
export type SizedView = { view: View; tokens: number };

/** The view with the token count of its rendering. */
export function sizeView(scene: SceneGraph, view: View): SizedView {
  return { view, tokens: countTokens(renderView(scene, view)) };
}
