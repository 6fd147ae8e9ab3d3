import { type SearchChoices, searchChoices } from '@groundplan/grounding';
import { collapse, expand, type SceneGraph, visibleNodes } from '@groundplan/scene-graph';
import { ACTION_SPECS } from '@groundplan/simulator';
import fc from 'fast-check';
import { type TypedAction, typedActions } from '../contracts/plan-answer.js';
import { STRUCTURED_OUTPUT_MODES, type StructuredOutputMode } from '../structured-output.js';

/** The contracts a model answers: one search step (collapsed or expanded view), a plan, a grounded choice. */
export type AnswerContext = {
  search: { collapsed: SearchChoices; expanded: SearchChoices };
  plan: TypedAction[];
  labels: string[];
};
export type ContractName = 'search-collapsed' | 'search-expanded' | 'plan' | 'choice' | 'goals';

/** One fuzz case: which contract, how the provider asks, and the HTTP answer the endpoint gives. */
export type ModelAnswerCase = {
  contract: ContractName;
  mode: StructuredOutputMode;
  status: number;
  /** The response body exactly as sent. */
  body: string;
};

/** The contracts of the office scene, as the LLM activities build them. */
export function officeContext(office: SceneGraph): AnswerContext {
  const collapsed = collapse(office);
  const room = visibleNodes(office, collapsed).find((id) => office.getNodeAttribute(id, 'kind') === 'room');
  const opened = room ? expand(office, collapsed, room) : undefined;
  const view = opened?.ok ? opened.value : collapsed;
  return {
    search: {
      collapsed: searchChoices(office, collapsed, 'Find me a mug.'),
      expanded: searchChoices(office, view, 'Find me a mug.'),
    },
    plan: typedActions(office, visibleNodes(office, view), ACTION_SPECS),
    labels: ['expand kitchen', 'expand jasons_office', 'done mug_1', 'contract floor_1'],
  };
}

/** Ids and strings a model gets wrong: prototype names, near misses, empty, huge, invisible characters. */
const HOSTILE = [
  '__proto__',
  'constructor',
  'toString',
  'valueOf',
  'hasOwnProperty',
  '',
  ' ',
  'kitchen ',
  'Kitchen',
  '\ufeffkitchen',
  'kitchen\u0000',
  'fridge_9',
  '🤖',
  'null',
  '{}',
];

function hostileValue(): fc.Arbitrary<unknown> {
  return fc.oneof(
    fc.constantFrom(...HOSTILE),
    fc.constantFrom(null, true, 0, -1, 1e308, Number.MAX_SAFE_INTEGER + 2, [], {}),
    fc.integer({ min: 1, max: 200_000 }).map((n) => 'x'.repeat(n)),
    fc.string({ maxLength: 20 }),
    fc.jsonValue({ maxDepth: 3 }),
  );
}

/** A valid answer for the contract, the way a compliant model writes it. */
function validAnswer(contract: ContractName, context: AnswerContext): fc.Arbitrary<Record<string, unknown>> {
  const thought = fc.string({ maxLength: 60 });
  switch (contract) {
    case 'search-collapsed':
    case 'search-expanded': {
      const choices = context.search[contract === 'search-collapsed' ? 'collapsed' : 'expanded'];
      const pairs = (['expand', 'contract', 'done'] as const).flatMap((command) =>
        choices[command].map((node) => ({ command, node })),
      );
      return fc
        .tuple(fc.constantFrom(...pairs), thought, fc.string({ maxLength: 60 }))
        .map(([pair, chain_of_thought, reasoning]) => ({ chain_of_thought, ...pair, reasoning }));
    }
    case 'plan': {
      const fillable = context.plan.filter((action) => action.parameters.every((ids) => ids.length > 0));
      const step = fc
        .constantFrom(...fillable)
        .chain((action) =>
          fc
            .tuple(...action.parameters.map((ids) => fc.constantFrom(...ids)))
            .map((args) => ({ action: action.name, args })),
        );
      return fc
        .tuple(thought, fc.array(step, { minLength: 1, maxLength: 6 }))
        .map(([chain_of_thought, plan]) => ({ chain_of_thought, plan }));
    }
    case 'choice':
      return fc.constantFrom(...context.labels).map((choice) => ({ choice }));
    case 'goals':
      return fc
        .uniqueArray(fc.constantFrom(...context.labels), { minLength: 1, maxLength: 3 })
        .map((goals) => ({ goals }));
  }
}

/** Changes a model makes to a valid answer: a field's value, a missing field, an extra one, a step's args. */
function mutated(answer: fc.Arbitrary<Record<string, unknown>>): fc.Arbitrary<unknown> {
  return answer.chain((value) => {
    const keys = Object.keys(value);
    return fc.oneof(
      { weight: 3, arbitrary: fc.constant(value) },
      {
        weight: 3,
        arbitrary: fc
          .tuple(fc.constantFrom(...keys), hostileValue())
          .map(([key, bad]) => ({ ...value, [key]: bad })),
      },
      {
        weight: 1,
        arbitrary: fc.constantFrom(...keys).map((key) => {
          const { [key]: _dropped, ...rest } = value;
          return rest;
        }),
      },
      {
        weight: 1,
        arbitrary: fc
          .tuple(fc.constantFrom(...HOSTILE, 'extra'), hostileValue())
          .map(([key, bad]) => Object.defineProperty({ ...value }, key, { value: bad, enumerable: true })),
      },
      {
        weight: 2,
        arbitrary: hostileValue().map((bad) => {
          const plan = value.plan as { action: string; args: unknown[] }[] | undefined;
          if (!plan) return { ...value, node: bad, choice: bad };
          return {
            ...value,
            plan: plan.map((s, i) => (i === 0 ? { ...s, args: [bad, ...s.args.slice(1)] } : s)),
          };
        }),
      },
      { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }) },
    );
  });
}

/** How the answer's JSON sits in the message text: bare, in prose or fences, cut, doubled, wrapped in noise. */
function asText(value: unknown): fc.Arbitrary<string> {
  const json = JSON.stringify(value) ?? 'undefined';
  return fc.oneof(
    { weight: 4, arbitrary: fc.constant(json) },
    { weight: 1, arbitrary: fc.constant(`Sure! Here is my answer:\n${json}\nHope this helps.`) },
    { weight: 1, arbitrary: fc.constant(`\`\`\`json\n${json}\n\`\`\``) },
    { weight: 1, arbitrary: fc.constant(`\ufeff${json}`) },
    { weight: 1, arbitrary: fc.nat({ max: json.length }).map((cut) => json.slice(0, cut)) },
    { weight: 1, arbitrary: fc.constant(`${json}\n${json}`) },
    // A key written twice, or __proto__ as a key: JSON.parse keeps an own property named __proto__.
    { weight: 1, arbitrary: fc.constant(json.replace(/^\{/, '{"__proto__":{"command":"done"},')) },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 50_000 }).map((n) => `${'`'.repeat(n)}${json}`) },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 20_000 }).map((n) => `${'['.repeat(n)}${json}`) },
    {
      weight: 1,
      arbitrary: fc.integer({ min: 1, max: 20_000 }).map((n) => `${'{'.repeat(n)}${json}${'}'.repeat(n)}`),
    },
    { weight: 1, arbitrary: fc.string({ maxLength: 200 }) },
  );
}

/** The endpoint's HTTP answer around the text: a normal completion, or one broken in its own way. */
function asResponse(text: string): fc.Arbitrary<{ status: number; body: string }> {
  const completion = (choice: unknown, usage: unknown = { prompt_tokens: 10, completion_tokens: 5 }) =>
    JSON.stringify({
      id: 'chatcmpl-fuzz',
      object: 'chat.completion',
      created: 0,
      model: 'm',
      choices: [choice],
      usage,
    });
  const message = { role: 'assistant', content: text, refusal: null };
  return fc.oneof(
    {
      weight: 8,
      arbitrary: fc.constant({ status: 200, body: completion({ index: 0, message, finish_reason: 'stop' }) }),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        { status: 200, body: completion({ index: 0, message, finish_reason: 'length' }) },
        {
          status: 200,
          body: completion({ index: 0, message: { ...message, content: null }, finish_reason: 'stop' }),
        },
        {
          status: 200,
          body: completion({ index: 0, message: { ...message, refusal: 'I cannot' }, finish_reason: 'stop' }),
        },
        {
          status: 200,
          body: completion({ index: 0, message }, { prompt_tokens: 'many', completion_tokens: -3 }),
        },
        { status: 200, body: JSON.stringify({ id: 'x', object: 'chat.completion', choices: [] }) },
        { status: 200, body: JSON.stringify({ id: 'x', object: 'chat.completion' }) },
        { status: 200, body: JSON.stringify({ choices: [{ message: { content: 42 } }] }) },
        { status: 200, body: text },
        { status: 200, body: '<html>502 Bad Gateway</html>' },
      ),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.constantFrom(400, 401, 403, 404, 408, 409, 422, 429, 500, 502, 503),
          fc.oneof(fc.constant(text), fc.string()),
        )
        .map(([status, detail]) => ({
          status,
          body: JSON.stringify({ error: { message: detail, type: 'fuzz' } }),
        })),
    },
  );
}

const CONTRACTS: ContractName[] = ['search-collapsed', 'search-expanded', 'plan', 'choice', 'goals'];

/** Random model answers for every contract, through every structured-output mode. */
export function modelAnswerCase(context: AnswerContext): fc.Arbitrary<ModelAnswerCase> {
  return fc
    .tuple(fc.constantFrom(...CONTRACTS), fc.constantFrom(...STRUCTURED_OUTPUT_MODES))
    .chain(([contract, mode]) =>
      mutated(validAnswer(contract, context))
        .chain(asText)
        .chain(asResponse)
        .map((response) => ({ contract, mode, ...response })),
    );
}
