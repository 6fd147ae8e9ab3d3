import type { RunData, SearchStepView } from '../view-data.js';

const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

/** Shows one line in place of the drawing's facts: what went wrong, as the server said it. */
export function showError(message: string): void {
  const error = byId<HTMLParagraphElement>('error');
  error.textContent = message;
  error.hidden = false;
}

/** The run's facts beside the drawing: status, live progress, links, search steps and plan. */
export function showRun(run: RunData, searchStep: number): void {
  byId('title').textContent = `run ${run.runId}`;
  const status = run.status.toLowerCase();
  const outcome = run.outcome && run.outcome !== status ? ` · ${run.outcome}` : '';
  byId('status').textContent = `"${run.instruction}" · scene ${run.sceneName} · ${status}${outcome}`;
  byId('progress').textContent =
    run.progress ??
    `${run.reason ? `${run.reason} · ` : ''}executed ${run.executed}/${run.plan.length} steps`;
  const links = byId('links');
  links.replaceChildren();
  if (run.temporalUi) {
    const a = document.createElement('a');
    a.href = run.temporalUi;
    a.id = 'temporal-ui';
    a.target = '_blank';
    a.textContent = 'this run in the Temporal UI';
    links.append(a);
  }
  byId('search').hidden = run.search.length === 0;
  const slider = byId<HTMLInputElement>('search-step');
  slider.max = String(run.search.length);
  slider.value = String(searchStep);
  list(
    'search-steps',
    run.search.map((step, i) => ({
      text: searchLine(step),
      className: i + 1 === searchStep ? 'current' : '',
    })),
  );
  byId('plan').hidden = run.plan.length === 0;
  list(
    'plan-steps',
    run.plan.map((step, i) => ({ text: step, className: i < run.executed ? 'done' : '' })),
  );
}

function searchLine(step: SearchStepView): string {
  const refused = step.error ? ' (refused)' : '';
  return `${step.command}(${step.node})${refused} · view ${step.viewTokens} tokens`;
}

function list(id: string, items: { text: string; className: string }[]): void {
  byId(id).replaceChildren(
    ...items.map(({ text, className }) => {
      const li = document.createElement('li');
      li.textContent = text;
      if (className) li.className = className;
      return li;
    }),
  );
}
