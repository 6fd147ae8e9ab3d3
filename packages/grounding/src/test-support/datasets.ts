// The grounded tests import the shared fixture from here (their folder is being reworked elsewhere).
export { datasetScene } from '@groundplan/scene-graph/test-support';
