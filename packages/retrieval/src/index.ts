export { cosine, type Embedder } from './embedder.js';
export { embeddingModelDir } from './model-catalogue.js';
export { INDEXED_KINDS, type NodeText, nodeTexts, spoken } from './node-texts.js';
export { type LoadEmbedderOptions, loadEmbedder } from './onnx-embedder.js';
export { openRetrieval } from './open-retrieval.js';
export {
  DEFAULT_CONTENTS_WEIGHT,
  type RankedNode,
  type RankOptions,
  rankByVector,
  rankNodes,
} from './rank.js';
export {
  createSceneIndexCache,
  type SceneIndex,
  type SceneIndexCache,
  type SceneIndexCacheOptions,
} from './scene-index.js';
