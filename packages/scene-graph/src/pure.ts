// Everything in the package that uses no Node built-in: what Temporal workflow code may import
// (as `@groundplan/scene-graph/pure`). src/index.ts adds file IO and scene references.
export * from './format/canonical-json.js';
export * from './format/json-schema.js';
export * from './format/schema.js';
export * from './format/validate.js';
export * from './generate/generate-scene.js';
export { mulberry32 } from './generate/prng.js';
export * from './model/queries.js';
export * from './model/scene-graph.js';
export * from './result.js';
export * from './search/render.js';
export * from './search/view.js';
export * from './tokens/count-tokens.js';
