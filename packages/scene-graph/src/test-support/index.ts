// Fixtures for the tests of every package: the repository's scenes and a small valid scene.
// Exported as @groundplan/scene-graph/test-support for tests only; the build leaves it out.
export { type DatasetName, datasetPath, datasetScene } from './datasets.js';
export { externalDataDir, externalDatasets } from './external-data.js';
export { smallScene } from './small-scene.js';
