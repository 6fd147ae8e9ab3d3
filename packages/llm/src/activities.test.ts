import { searchChoices } from '@groundplan/grounding';
import {
  collapse,
  countTokens,
  expand,
  ok,
  renderView,
  type SceneGraph,
  type SceneStore,
  visibleNodes,
} from '@groundplan/scene-graph';
import { datasetScene } from '@groundplan/scene-graph/test-support';
import { ApplicationFailure } from '@temporalio/common';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLlmActivities } from './activities.js';
import { ANSWER_TOKENS } from './contracts/bounds.js';
import { openAiCompatibleProvider } from './providers/openai-compatible.js';
import { type FakeOpenAiServer, startFakeOpenAiServer } from './test-support/fake-openai-server.js';

let server: FakeOpenAiServer;
let office: SceneGraph;
let loads: string[];
// A scene store holding the office under the reference 'office', noting every load.
const scenes: SceneStore = {
  put: async () => 'office',
  get: async (ref) => {
    loads.push(ref);
    return ok(office);
  },
};
beforeAll(async () => {
  server = await startFakeOpenAiServer();
  office = await datasetScene('office');
});
afterAll(() => server.close());
beforeEach(() => {
  server.received.length = 0;
  loads = [];
});

const activities = (maxRetries = 0) =>
  createLlmActivities({
    provider: openAiCompatibleProvider({
      baseURL: server.baseURL,
      apiKey: 'k',
      model: 'm',
      maxRetries,
      structuredOutput: 'json_schema',
    }),
    scenes,
  });
const lastPrompt = () => (server.received.at(-1)!.body.messages as { content: string }[]).at(-1)!.content;
type StepBranch = { properties: { action: { const: string }; args: { prefixItems: { enum: string[] }[] } } };
const schemaSent = () =>
  (server.received.at(-1)!.body.response_format as { json_schema: { schema: Record<string, unknown> } })
    .json_schema.schema;
const search = {
  chain_of_thought: 'carrots are food',
  reasoning: 'the kitchen stores food',
  command: 'expand',
  node: 'kitchen',
};

async function failureOf(promise: Promise<unknown>): Promise<ApplicationFailure> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof ApplicationFailure))
    throw new Error(`expected an ApplicationFailure, got ${String(error)}`);
  return error;
}

describe('the semantic-search step activity', () => {
  it('shows the view, memory and last error, and returns the command with its cost', async () => {
    server.script({ kind: 'json', value: search, usage: { prompt_tokens: 900, completion_tokens: 40 } });
    const result = await activities().semanticSearchStep({
      sceneRef: 'office',
      instruction: 'Find me a carrot.',
      view: collapse(office),
      lastError: '"garage" is not a node',
    });
    expect(result).toMatchObject({
      command: 'expand',
      node: 'kitchen',
      reasoning: 'the kitchen stores food',
    });
    expect(result.usage).toMatchObject({ usage: { promptTokens: 900, completionTokens: 40 }, attempts: 1 });
    expect(lastPrompt()).toContain('Instruction: Find me a carrot.');
    expect(lastPrompt()).toContain('"id":"kitchen"');
    expect(lastPrompt()).toContain('Last command failed: "garage" is not a node');
    // Each command names only what it may take: on the collapsed view, expand takes the rooms.
    const branches = (
      schemaSent() as { oneOf: { properties: Record<string, { const?: string; enum?: string[] }> }[] }
    ).oneOf;
    const expandable = branches.find((b) => b.properties.command?.const === 'expand')?.properties.node?.enum;
    expect(expandable).toEqual(searchChoices(office, collapse(office), 'Find me a carrot.').expand);
    expect(expandable).toContain('kitchen');
    expect(branches.map((b) => b.properties.command?.const)).not.toContain('contract');
  });

  it('applies the command and returns the next view with its size in prompt tokens', async () => {
    server.script({ kind: 'json', value: search });
    const input = { sceneRef: 'office', instruction: 'Find me a carrot.', view: collapse(office) };
    const result = await activities().semanticSearchStep(input);
    expect(loads).toEqual(['office']);
    expect(result.next?.view.expanded).toEqual(['kitchen']);
    expect(result.next?.tokens).toBe(countTokens(renderView(office, result.next!.view)));
    expect(result.error).toBeUndefined();
  });

  it('re-asks an answer whose command may not name its node (nothing is expanded yet to contract)', async () => {
    server.script(
      { kind: 'json', value: { ...search, command: 'contract' } },
      { kind: 'json', value: search },
    );
    const input = { sceneRef: 'office', instruction: 'Find me a carrot.', view: collapse(office) };
    const result = await activities().semanticSearchStep(input);
    expect(server.received).toHaveLength(2);
    expect(result.command).toBe('expand');
    expect(result.next?.view.expanded).toEqual(['kitchen']);
  });

  it('returns an answer that stays outside the contract as an invalid step with its cost, not a failure', async () => {
    const bad = { kind: 'json' as const, value: { ...search, node: 'carrot' } };
    server.script(bad, bad, bad);
    const result = await activities().semanticSearchStep({
      sceneRef: 'office',
      instruction: 'Find me a carrot.',
      view: collapse(office),
    });
    expect(result.command).toBe('invalid');
    expect(result.error).toMatch(/no valid answer after 3 tries/);
    expect(result.usage.attempts).toBe(3);
    expect(server.received).toHaveLength(3);
  });

  it('fails as retryable LlmUnavailable when the endpoint is down, and LlmBadConfig on a bad key', async () => {
    const input = { sceneRef: 'office', instruction: 'Find me a carrot.', view: collapse(office) };
    server.script({ kind: 'status', status: 503 });
    const down = await failureOf(activities().semanticSearchStep(input));
    expect(down.type).toBe('LlmUnavailable');
    expect(down.nonRetryable).toBe(false);

    server.script({ kind: 'status', status: 401 });
    const badKey = await failureOf(activities().semanticSearchStep(input));
    expect(badKey.type).toBe('LlmBadConfig');
    expect(badKey.nonRetryable).toBe(true);
    expect(badKey.message).toMatch(/OPENAI_API_KEY/);
  });
});

describe('the planning activities', () => {
  const kitchenView = () => {
    const expanded = expand(office, collapse(office), 'kitchen');
    if (!expanded.ok) throw new Error(expanded.error);
    return expanded.value;
  };

  it('plans within the explored subgraph and shows earlier plans with their feedback', async () => {
    const plan = [{ action: 'goto', args: ['kitchen'] }];
    server.script({ kind: 'json', value: { chain_of_thought: 'go', plan } });
    const result = await activities().generatePlan({
      sceneRef: 'office',
      instruction: 'Go to the kitchen.',
      view: kitchenView(),
      feedback: [{ plan: [{ action: 'pickup', args: ['kitchen'] }], feedback: 'kitchen is not an object' }],
    });
    expect(result.ok && result.plan).toEqual(plan);
    expect(lastPrompt()).toContain('Attempt 1: pickup(kitchen)');
    expect(lastPrompt()).toContain('Simulator feedback: kitchen is not an object');
    // goto takes exactly one argument, a room or pose of the explored subgraph.
    const steps = (schemaSent() as { properties: { plan: { items: { oneOf: StepBranch[] } } } }).properties
      .plan.items.oneOf;
    const gotoArgs = steps.find((b) => b.properties.action.const === 'goto')!.properties.args;
    const places = visibleNodes(office, kitchenView()).filter((id) =>
      ['room', 'pose'].includes(office.getNodeAttribute(id, 'kind')),
    );
    expect(gotoArgs).toMatchObject({ minItems: 1, maxItems: 1, prefixItems: [{ enum: places }] });
  });

  it('lets a plan answer run to the step bound, and a search answer to its text bounds, where answers are capped', async () => {
    const capped = createLlmActivities({
      provider: openAiCompatibleProvider({
        baseURL: server.baseURL,
        apiKey: 'k',
        model: 'm',
        sendMaxTokens: true,
        structuredOutput: 'json_schema',
      }),
      scenes,
    });
    server.script(
      { kind: 'json', value: search },
      { kind: 'json', value: { chain_of_thought: '', plan: [{ action: 'goto', args: ['kitchen'] }] } },
    );
    await capped.semanticSearchStep({
      sceneRef: 'office',
      instruction: 'Find me a carrot.',
      view: collapse(office),
    });
    await capped.generatePlan({
      sceneRef: 'office',
      instruction: 'Go to the kitchen.',
      view: kitchenView(),
      feedback: [],
    });
    expect(server.received.map((r) => r.body.max_completion_tokens)).toEqual([
      ANSWER_TOKENS.semanticSearch,
      ANSWER_TOKENS.plan,
    ]);
  });

  it('gives both baselines the whole scene, and only LLM-As-Planner is told to route through poses', async () => {
    const answer = {
      kind: 'json' as const,
      value: { chain_of_thought: '', plan: [{ action: 'goto', args: ['kitchen'] }] },
    };
    const llm = activities();
    server.script(answer);
    await llm.planWithoutPathPlanner({ sceneRef: 'office', instruction: 'Go to the kitchen.' });
    const withoutSystem = (server.received.at(-1)!.body.messages as { content: string }[])[0]!.content;
    const steps = (schemaSent() as { properties: { plan: { items: { oneOf: StepBranch[] } } } }).properties
      .plan.items.oneOf;
    const gotoPlaces = steps.find((b) => b.properties.action.const === 'goto')!.properties.args
      .prefixItems[0]!.enum;
    const allPlaces = office.filterNodes((_id, a) => a.kind === 'room' || a.kind === 'pose');
    expect(gotoPlaces).toHaveLength(allPlaces.length);
    server.script(answer);
    await llm.planWithPathPlannerOnly({ sceneRef: 'office', instruction: 'Go to the kitchen.' });
    const withSystem = (server.received.at(-1)!.body.messages as { content: string }[])[0]!.content;
    expect(withoutSystem).toMatch(/no path planner/);
    expect(withSystem).toMatch(/a path planner adds the poses/);
    expect(lastPrompt()).toContain('"navigation"');
  });
});
