export * from './format/schema.js';
export * from './model/scene-graph.js';
export * from './result.js';
