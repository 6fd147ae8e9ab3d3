import type { RunRow } from '../../run-row.js';
import { durationText, startedText } from '../../time-text.js';
import type { RunListData, ViewError } from '../view-data.js';

/** How often the list asks for the runs again, so a new run appears without a reload. */
export const RUN_LIST_POLL_MS = 2_000;

/**
 * The runs at `/`: one row each, newest first, narrowed by the words typed in the filter. Shown
 * once the first answer is in; then it asks again every RUN_LIST_POLL_MS and redraws the rows,
 * keeping the filter, for as long as the page is open.
 */
export async function showRunList(fetchRuns: () => Promise<RunListData | ViewError>): Promise<void> {
  const body = document.querySelector('#runs tbody')!;
  const filter = document.getElementById('runs-filter') as HTMLInputElement;
  const count = document.getElementById('runs-count')!;
  const error = document.getElementById('error')!;
  let rows: { tr: HTMLTableRowElement; text: string }[] = [];
  const apply = () => {
    const words = filter.value.toLowerCase().split(/\s+/).filter(Boolean);
    let shown = 0;
    for (const { tr, text } of rows) {
      tr.hidden = !words.every((word) => text.includes(word));
      if (!tr.hidden) shown++;
    }
    count.textContent = rows.length === 0 ? 'no runs yet' : `${shown} of ${rows.length} runs`;
  };
  filter.addEventListener('input', apply);
  const refresh = async () => {
    const data = await fetchRuns().catch((failure: unknown) => ({ error: String(failure) }));
    error.hidden = !('error' in data);
    if ('error' in data) {
      error.textContent = data.error;
      return;
    }
    rows = data.runs.map((run) => ({ tr: rowOf(run), text: searchable(run) }));
    body.replaceChildren(...rows.map(({ tr }) => tr));
    apply();
  };
  await refresh();
  const poll = async () => {
    await refresh();
    setTimeout(poll, RUN_LIST_POLL_MS);
  };
  setTimeout(poll, RUN_LIST_POLL_MS);
}

function searchable(run: RunRow): string {
  return [run.instruction, run.robot, run.planner, outcomeOf(run), run.scene, run.runId, run.type]
    .join(' ')
    .toLowerCase();
}

/** A running run's stage stands where its outcome will be. */
function outcomeOf(run: RunRow): string {
  if (run.status === 'RUNNING') return `running (${run.stage || 'starting'})`;
  return run.stoppedIn ? `${run.outcome} (while ${run.stoppedIn})` : run.outcome;
}

function rowOf(run: RunRow): HTMLTableRowElement {
  const tr = document.createElement('tr');
  tr.dataset.runId = run.runId;
  const link = document.createElement('a');
  link.href = `/runs/${encodeURIComponent(run.runId)}`;
  link.textContent = run.instruction || run.runId;
  const cells: (string | Node)[] = [
    link,
    outcomeOf(run),
    run.robot || '-',
    run.planner || '-',
    run.scene || '-',
    startedText(run.started),
    durationText(run.durationSeconds),
    run.runId,
  ];
  tr.append(
    ...cells.map((cell, i) => {
      const td = document.createElement('td');
      td.append(cell);
      if (i === 1) td.className = `outcome-${run.outcome || 'running'}`;
      return td;
    }),
  );
  return tr;
}
