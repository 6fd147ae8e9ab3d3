export * from './io/json-text.js';
export * from './io/scene-file.js';
export * from './io/scene-ref.js';
export * from './io/scene-store.js';
export * from './pure.js';
