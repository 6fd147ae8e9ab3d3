// Importers from other scene-graph formats and the networkx export; pure functions of the text.
export { detectFormat, type SourceFormat } from './detect-format.js';
export {
  formatImportNotes,
  IMPORT_FORMATS,
  type ImportedScene,
  type ImportFormat,
  type ImportNote,
} from './import-report.js';
export { importScene } from './import-scene.js';
export { type NodeLinkJson, sceneToNodeLink } from './networkx.js';
export { type ImportOptions, importSparkDsg } from './spark-dsg.js';
export { importStanford3dsg } from './stanford-3dsg.js';
export { importVirtualHome } from './virtualhome.js';
