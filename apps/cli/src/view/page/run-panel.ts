import type { RunData, SearchStepView, SteerRequest } from '../view-data.js';

const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

/** Shows one line in place of the drawing's facts: what went wrong, as the server said it. */
export function showError(message: string): void {
  const error = byId<HTMLParagraphElement>('error');
  error.textContent = message;
  error.hidden = false;
}

/**
 * The run's story beside the drawing: status, live progress, links, what the instruction was read
 * to mean, a question's answer, the goals, the plan with its side effects, what the robot did, the
 * belief's changes after execution (what moved), the search steps; and, while the run waits on
 * its user, the buttons that answer it.
 */
export function showRun(run: RunData, searchStep: number): void {
  byId('title').textContent = `run ${run.runId}`;
  const status = run.status.toLowerCase();
  const outcome = run.outcome && run.outcome !== status ? ` · ${run.outcome}` : '';
  byId('status').textContent = `"${run.instruction}" · scene ${run.sceneName} · ${status}${outcome}`;
  byId('progress').textContent =
    run.progress ??
    (run.explored
      ? (run.reason ?? '')
      : `${run.reason ? `${run.reason} · ` : ''}executed ${run.executed}/${run.plan.length} steps`);
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

  byId('story').hidden = false;
  byId('reading').textContent = readingText(run);
  part('answer-part', run.answer !== undefined);
  byId('answer').textContent = run.answer ?? '';
  part('goals-part', run.goals.length > 0);
  list(
    'goals',
    run.goals.map((text) => ({ text, className: '' })),
  );
  part('effects-part', run.sideEffects.length > 0);
  list(
    'side-effects',
    run.sideEffects.map((text) => ({ text, className: '' })),
  );

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
  const touched = new Set(run.touched);
  list(
    'plan-steps',
    run.plan.map((step, i) => ({
      text: step,
      className: [i < run.executed ? 'done' : '', step.startsWith('goto(') || !touched.size ? '' : 'touched']
        .filter(Boolean)
        .join(' '),
    })),
  );
  byId('did').hidden = run.steps.length === 0 && !run.explored?.length;
  list(
    'did-steps',
    run.explored
      ? run.explored.map((room) => ({
          text: `looked around ${room}`,
          className: 'done',
        }))
      : run.steps.map((step) => ({
          text: `${step.step} · ${step.status}${step.seconds > 0 ? ` · ${step.seconds.toFixed(1)} s` : ''}${step.error ? ` · ${step.error}` : ''}`,
          className: step.status === 'failed' ? 'failed' : 'done',
        })),
  );
  byId('moved').hidden = run.changes.length === 0;
  list(
    'changes',
    run.changes.map((text) => ({ text, className: '' })),
  );
}

function readingText(run: RunData): string {
  if (run.explored) return `an exploration: ${run.instruction}`;
  const question = run.question
    ? ` · asked which ${run.question.phrase}: ${run.question.options.join(', ')}${run.question.answer ? ` · answered ${run.question.answer}` : ''}`
    : '';
  return `${run.reading ?? 'shown once the planning ends'}${question}`;
}

/**
 * The buttons of a run that waits on its user: approve or reject its plan, or pick which thing
 * its question means. Each sends what the CLI's command sends; `sent` redraws once the server
 * has done it.
 */
export function showSteer(run: RunData, send: (request: SteerRequest) => Promise<string | undefined>): void {
  const section = byId('steer');
  const title = byId('steer-title');
  const buttons = byId('steer-buttons');
  const running = run.status === 'RUNNING';
  const approval = running && run.stage === 'awaiting-approval';
  const question = running && run.stage === 'awaiting-answer' ? run.question : undefined;
  const wanted = approval ? 'approval' : question ? `question:${question.options.join(',')}` : '';
  if (section.dataset.wanted === wanted) return;
  section.dataset.wanted = wanted;
  section.hidden = wanted === '';
  byId('steer-error').hidden = true;
  const button = (id: string, text: string, request: () => SteerRequest | undefined) => {
    const b = document.createElement('button');
    b.type = 'button';
    b.id = id;
    b.textContent = text;
    b.addEventListener('click', async () => {
      const chosen = request();
      if (!chosen) return;
      buttons.querySelectorAll('button').forEach((other) => {
        other.disabled = true;
      });
      const error = await send(chosen);
      const line = byId('steer-error');
      line.hidden = error === undefined;
      line.textContent = error ?? '';
      if (error !== undefined)
        buttons.querySelectorAll('button').forEach((other) => {
          other.disabled = false;
        });
    });
    return b;
  };
  if (approval) {
    title.textContent = 'The plan waits for your approval';
    buttons.replaceChildren(
      button('approve', 'approve', () => ({ action: 'approve' })),
      button('reject', 'reject', () => {
        const reason = prompt('Why reject the plan? (optional)');
        return reason === null ? undefined : { action: 'reject', ...(reason ? { reason } : {}) };
      }),
    );
  } else if (question) {
    title.textContent = `Which ${question.phrase} did you mean?`;
    buttons.replaceChildren(
      ...question.options.map((option) =>
        button(`answer-${option}`, option, () => ({ action: 'answer', choice: option })),
      ),
    );
  } else buttons.replaceChildren();
}

function searchLine(step: SearchStepView): string {
  const refused = step.error ? ' (refused)' : '';
  return `${step.command}(${step.node})${refused} · view ${step.viewTokens} tokens`;
}

function part(id: string, shown: boolean): void {
  byId(id).hidden = !shown;
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
