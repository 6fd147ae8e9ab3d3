import {
  INSTRUCTION_ATTRIBUTE,
  SCENE_ATTRIBUTE,
  STAGE_ATTRIBUTE,
  STATUS_ATTRIBUTE,
} from '@groundplan/workflows/contract';
import type { CliConfig } from '../config.js';
import { connect } from '../connect.js';
import { EXIT } from '../user-error.js';

/** `groundplan list`: the latest runs, newest first, with Temporal status, groundplan outcome, stage, scene and instruction. */
export async function listCommand(
  flags: { limit: number; json?: boolean },
  config: CliConfig,
): Promise<number> {
  const client = await connect(config);
  const rows: Array<Record<string, string>> = [];
  // Runs a user started: every planAndExecute (a robot entity starts them as its children), and
  // planTask alone; planAndExecute's own planTask children are part of their parent.
  const query = "WorkflowType = 'planAndExecute' OR (WorkflowType = 'planTask' AND ParentWorkflowId IS NULL)";
  for await (const run of client.workflow.list({ query })) {
    rows.push({
      runId: run.workflowId,
      type: run.type,
      status: run.status.name,
      outcome: run.typedSearchAttributes.get(STATUS_ATTRIBUTE) ?? '',
      scene: run.typedSearchAttributes.get(SCENE_ATTRIBUTE) ?? '',
      stage: run.typedSearchAttributes.get(STAGE_ATTRIBUTE) ?? '',
      instruction: run.typedSearchAttributes.get(INSTRUCTION_ATTRIBUTE) ?? '',
    });
    if (rows.length >= flags.limit) break;
  }
  if (flags.json) console.log(JSON.stringify(rows));
  else if (rows.length === 0) console.log('no runs yet');
  else
    for (const r of rows)
      console.log(`${r.runId}  ${r.status}  ${r.outcome}  ${r.stage}  ${r.scene}  "${r.instruction}"`);
  return EXIT.ok;
}
