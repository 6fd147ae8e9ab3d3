import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { workflowsPath } from '@groundplan/workflows/worker';
import { bundleWorkflowCode, DefaultLogger } from '@temporalio/worker';

// Build step: bundle the workflows once, so production planner workers start without webpack.
const { code } = await bundleWorkflowCode({
  workflowsPath: workflowsPath(),
  logger: new DefaultLogger('WARN'),
});
await writeFile(fileURLToPath(new URL('./workflow-bundle.js', import.meta.url)), code);
