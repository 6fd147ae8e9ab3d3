import { choiceSchema, goalsChoiceSchema, SEARCH_COMMANDS } from '@groundplan/grounding';
import type { ZodType } from 'zod';
import { BOUNDS } from '../contracts/bounds.js';
import { planAnswerSchema } from '../contracts/plan-answer.js';
import { semanticSearchAnswerSchema } from '../contracts/semantic-search-answer.js';
import { openAiCompatibleProvider } from '../providers/openai-compatible.js';
import { askStructured } from '../structured-call.js';
import type { AnswerContext, ContractName, ModelAnswerCase } from './model-answers.js';

/**
 * What a model answer came to. `accepted` (and it satisfies the contract, checked here without
 * zod) and `refused` (a failure value with a message) are the good verdicts; `crash`: something
 * threw; `bad-message`: a failure without a usable message, or blamed on the wrong party;
 * `accepted-invalid`: a value came back that the contract forbids. The caller times each case.
 */
export type AnswerVerdict = 'accepted' | 'refused' | 'crash' | 'bad-message' | 'accepted-invalid';

const MAX_GOALS = 3;
const messages = [{ role: 'user' as const, content: 'Find me a mug.' }];

/** Sends the case's HTTP answer through the real openai client, the provider and the contract check. */
export async function checkModelAnswer(
  c: ModelAnswerCase,
  context: AnswerContext,
): Promise<{ verdict: AnswerVerdict; detail?: string }> {
  const provider = openAiCompatibleProvider({
    baseURL: 'http://fuzz.invalid/v1',
    apiKey: 'fuzz',
    model: 'm',
    structuredOutput: c.mode,
    // The endpoint is this function: no network, the same answer to every request.
    fetch: async () =>
      new Response(c.body, { status: c.status, headers: { 'content-type': 'application/json' } }),
  });
  try {
    const result = await askStructured(provider, {
      messages,
      contract: contractFor(c.contract, context),
      schemaName: c.contract,
      maxInvalidRetries: 1,
    });
    if (result.ok) {
      const { promptTokens, completionTokens } = result.value.report.usage;
      // A run sums these: an endpoint's "many" or -3 must not reach the sum.
      if (![promptTokens, completionTokens].every((n) => Number.isSafeInteger(n) && n >= 0))
        return { verdict: 'accepted-invalid', detail: `usage ${promptTokens}+${completionTokens}` };
      const problem = breach(c.contract, result.value.value, context);
      return problem ? { verdict: 'accepted-invalid', detail: problem } : { verdict: 'accepted' };
    }
    const { kind, message } = result.error;
    if (typeof message !== 'string' || message.trim() === '' || /\n\s+at /.test(message))
      return { verdict: 'bad-message', detail: String(message).slice(0, 300) };
    // Failures of the endpoint or the settings reach people (the run's reason): one line each.
    if (kind !== 'invalid-output' && message.includes('\n'))
      return { verdict: 'bad-message', detail: message.slice(0, 300) };
    if (kind === 'invalid-output' && c.status === 200 && hasNoChoices(c.body))
      return { verdict: 'bad-message', detail: `no choices blamed on the model: ${message.slice(0, 200)}` };
    return { verdict: 'refused' };
  } catch (error) {
    const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
    return { verdict: 'crash', detail: text.replace(/\s+/g, ' ').slice(0, 500) };
  }
}

function contractFor(name: ContractName, context: AnswerContext): ZodType {
  switch (name) {
    case 'search-collapsed':
      return semanticSearchAnswerSchema(context.search.collapsed) as ZodType;
    case 'search-expanded':
      return semanticSearchAnswerSchema(context.search.expanded) as ZodType;
    case 'plan':
      return planAnswerSchema(context.plan) as ZodType;
    case 'choice':
      return choiceSchema(context.labels);
    case 'goals':
      return goalsChoiceSchema(context.labels, MAX_GOALS);
  }
}

function hasNoChoices(body: string): boolean {
  try {
    const parsed = JSON.parse(body) as { choices?: unknown };
    return (
      parsed !== null &&
      typeof parsed === 'object' &&
      (!Array.isArray(parsed.choices) || parsed.choices.length === 0)
    );
  } catch {
    return false;
  }
}

/** Why an accepted value breaks its contract, checked by hand (not by the zod schema under test); undefined if it holds. */
function breach(name: ContractName, value: unknown, context: AnswerContext): string | undefined {
  if (!isPlainRecord(value)) return 'not a plain object';
  const text = (v: unknown, max: number) => typeof v === 'string' && v.length <= max;
  switch (name) {
    case 'search-collapsed':
    case 'search-expanded': {
      const choices = context.search[name === 'search-collapsed' ? 'collapsed' : 'expanded'];
      if (!onlyKeys(value, ['chain_of_thought', 'command', 'node', 'reasoning'])) return 'extra keys';
      const command = value.command;
      if (typeof command !== 'string' || !(SEARCH_COMMANDS as readonly string[]).includes(command))
        return `command ${String(command)}`;
      if (!choices[command as (typeof SEARCH_COMMANDS)[number]].includes(value.node as string))
        return `${command} may not name ${String(value.node)}`;
      if (!text(value.reasoning, BOUNDS.reasoning) || !text(value.chain_of_thought, BOUNDS.chainOfThought))
        return 'text out of bounds';
      return undefined;
    }
    case 'plan': {
      if (!onlyKeys(value, ['chain_of_thought', 'plan'])) return 'extra keys';
      if (!text(value.chain_of_thought, BOUNDS.chainOfThought)) return 'chain of thought out of bounds';
      const plan = value.plan;
      if (!Array.isArray(plan) || plan.length < 1 || plan.length > BOUNDS.planSteps) return 'plan length';
      for (const step of plan) {
        if (!isPlainRecord(step) || !onlyKeys(step, ['action', 'args']))
          return 'a step is not {action, args}';
        const action = context.plan.find((a) => a.name === step.action);
        if (!action?.parameters.every((ids) => ids.length > 0)) return `action ${String(step.action)}`;
        const args = step.args;
        if (!Array.isArray(args) || args.length !== action.parameters.length) return `${action.name} arity`;
        if (!args.every((arg, i) => action.parameters[i]!.includes(arg as string)))
          return `${action.name}(${args.join(', ')}) takes no such node`;
      }
      return undefined;
    }
    case 'choice':
      if (!onlyKeys(value, ['choice']) || !context.labels.includes(value.choice as string))
        return `choice ${String(value.choice)}`;
      return undefined;
    case 'goals': {
      const goals = value.goals;
      if (!onlyKeys(value, ['goals']) || !Array.isArray(goals)) return 'not {goals}';
      if (goals.length < 1 || goals.length > MAX_GOALS) return 'goal count';
      if (!goals.every((g) => context.labels.includes(g as string))) return 'unknown goal';
      return undefined;
    }
  }
}

function isPlainRecord(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function onlyKeys(value: Record<string, unknown>, allowed: string[]): boolean {
  return Reflect.ownKeys(value).every((key) => typeof key === 'string' && allowed.includes(key));
}
