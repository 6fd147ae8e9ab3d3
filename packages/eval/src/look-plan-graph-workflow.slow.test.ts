// LookPlanGraph as a durable workflow on a real Temporal test server: planAndExecute with
// --planner lookplangraph on a simulated robot whose true world differs from its belief. The
// oracle chooser (which reads the true world through this harness) must end done with the goal
// holding in the true world; the embedded model must end with a clear outcome, never hang.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import type { NextActionOracle } from '@groundplan/grounding';
import { createProvider, defaultLocalModelPath, scriptedProvider } from '@groundplan/llm';
import { openRetrieval, type SceneIndexCache } from '@groundplan/retrieval';
import { createSimulatedRobot, readWorld, worldFilePath } from '@groundplan/robot';
import { memorySceneStore, requireScene } from '@groundplan/scene-graph';
import { checkGoalText, initialState, isPrior } from '@groundplan/simulator';
import { createTestEnvironment } from '@groundplan/temporal-runtime';
import {
  InvalidRunInput,
  runOutcome,
  startPlanAndExecute,
  startPlanTask,
} from '@groundplan/workflows/client';
import {
  GROUNDPLAN_SEARCH_ATTRIBUTES,
  type LookPlanGraphResult,
  type PlanAndExecuteResult,
} from '@groundplan/workflows/contract';
import { createRoleWorkers, runWorkersUntil } from '@groundplan/workflows/worker';
import type { TestWorkflowEnvironment } from '@temporalio/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DynamicTask, loadDynamicTasks, storeDynamicWorlds } from './dynamic-tasks.js';
import { lookOracle } from './look-oracle.js';
import { loadEvalScenes } from './scenes.js';

describe('LookPlanGraph: one feasible action at a time from a memory graph, looks included (Temporal)', () => {
  let env: TestWorkflowEnvironment;
  let retrieval: SceneIndexCache;
  const dataDir = mkdtempSync(`${tmpdir()}/groundplan-lookplangraph-`);
  const store = memorySceneStore();
  let variants: DynamicTask[];
  let truths: Map<string, string>;
  beforeAll(async () => {
    env = await createTestEnvironment({ searchAttributes: GROUNDPLAN_SEARCH_ATTRIBUTES });
    const scenes = await loadEvalScenes(store);
    const dynamic = await loadDynamicTasks();
    if (!dynamic.ok) throw new Error(dynamic.error);
    variants = dynamic.value;
    const stored = await storeDynamicWorlds(store, scenes, variants);
    if (!stored.ok) throw new Error(stored.error);
    truths = stored.value;
    const opened = await openRetrieval({ cacheDir: `${dataDir}/retrieval` });
    if (!opened.ok) throw new Error(opened.error);
    retrieval = opened.value;
  }, 120_000);
  afterAll(async () => {
    await env?.teardown();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Runs one variant through planAndExecute on its own robot; returns the run and the true world it left. */
  async function run(
    id: string,
    robotId: string,
    chooser: { oracle: NextActionOracle } | { model: true },
    maxActions = 40,
    planner: 'lookplangraph' | 'lookplangraph-scored' = 'lookplangraph',
  ) {
    const variant = variants.find((task) => task.id === id)!;
    const provider =
      'oracle' in chooser
        ? scriptedProvider({ search: [], plans: [] })
        : await createProvider({ provider: 'local', modelPath: defaultLocalModelPath() });
    const workers = await createRoleWorkers(env.nativeConnection, {
      roles: ['planner', 'llm', 'sim', 'robot'],
      namespace: env.namespace,
      scenes: store,
      provider,
      retrieval,
      ...('oracle' in chooser ? { actionOracle: chooser.oracle } : {}),
      robot: {
        id: robotId,
        executor: createSimulatedRobot({
          robotId,
          scenes: store,
          dataDir,
          speedMps: 1,
          timeScale: 0.0005,
          tickMs: 5,
          trueWorld: (ref) => truths.get(ref),
        }),
      },
      shutdownForceTime: '30 seconds',
    });
    const { result, child } = await runWorkersUntil(
      workers,
      (async () => {
        const handle = await startPlanAndExecute(env.client, variant.environment, {
          sceneRef: variant.belief.ref,
          instruction: variant.instruction,
          robotId,
          options: { planner, maxActions },
        });
        const result: PlanAndExecuteResult = await runOutcome(handle);
        const child: LookPlanGraphResult = await runOutcome(
          env.client.workflow.getHandle(`${handle.workflowId}-lookplangraph`),
        );
        return { result, child };
      })(),
    );
    // The run reports LookPlanGraph's loop as it is: what it chose and ran, no plan made before.
    if ('planning' in result) throw new Error('a LookPlanGraph run reported a plan');
    expect(result.lookPlanGraph).toEqual(child);
    const saved = await readWorld(worldFilePath(dataDir, robotId, variant.belief.ref));
    const truth = saved?.world ?? (await requireScene(store, variant.truth.ref));
    return { variant, result, child, truth };
  }

  const oracle = () => lookOracle({ scenes: store, dataDir, tasks: variants });

  function goalHolds(truth: Awaited<ReturnType<typeof run>>['truth'], goal: string[]): boolean {
    const start = initialState(truth);
    if (!start.ok) throw new Error(start.error);
    const checked = checkGoalText(truth, start.value, goal);
    if (!checked.ok) throw new Error(checked.error);
    return checked.value.satisfied;
  }

  it('office-simple-planning-09--moved with the oracle: the drone is found where it truly is and placed; done in the true world', async () => {
    const { variant, result, child, truth } = await run('office-simple-planning-09--moved', 'lpg-moved', {
      oracle: oracle(),
    });
    if (variant.criteria.kind !== 'planning') throw new Error('a planning variant');
    expect(result.status).toBe('completed');
    expect(child.status).toBe('done');
    expect(child.memory.priors).toBeGreaterThan(0);
    expect(goalHolds(truth, variant.criteria.goal)).toBe(true);
    // The drone was seen (no prior any more) where the true world has it: it was picked up there.
    const belief = await requireScene(store, result.belief.ref);
    expect(isPrior(belief, 'wills_drone')).toBe(false);
    expect(child.chosen.some((step) => step.action === 'pickup' && step.args[0] === 'wills_drone')).toBe(
      true,
    );
    expect(child.steps.every((step) => step.status !== 'failed')).toBe(true);
  }, 240_000);

  it('office-simple-planning-04--hidden with the oracle: the document is in a closed cabinet; opened, looked inside, placed', async () => {
    const { variant, result, child, truth } = await run('office-simple-planning-04--hidden', 'lpg-hidden', {
      oracle: oracle(),
    });
    if (variant.criteria.kind !== 'planning') throw new Error('a planning variant');
    expect(result.status).toBe('completed');
    expect(goalHolds(truth, variant.criteria.goal)).toBe(true);
    const actions = child.chosen.map((step) => `${step.action}(${step.args.join(', ')})`);
    expect(actions).toContain('open(admin_cabinet)');
    expect(actions).toContain('look_inside(admin_cabinet)');
    expect(actions.indexOf('look_inside(admin_cabinet)')).toBeLessThan(
      actions.indexOf('pickup(printed_document)'),
    );
  }, 240_000);

  it('with the embedded model the run ends with a clear outcome within its action budget', async () => {
    const modelPath = defaultLocalModelPath();
    if (!existsSync(modelPath))
      throw new Error(
        `the default local model is not installed at ${modelPath}; run packages/llm/scripts/install-model.sh`,
      );
    const { result, child } = await run('office-simple-planning-09--moved', 'lpg-model', { model: true }, 3);
    expect(['completed', 'execution-failed']).toContain(result.status);
    expect(child.chosen.length).toBeLessThanOrEqual(3);
    if (result.status === 'execution-failed') expect(child.reason).toBe('no done after 3 chosen actions');
    // Every turn asked the model (none was skipped), and the tokens were counted.
    expect(child.usage.calls).toBeGreaterThan(0);
    // 28 s on two shared cores at load 7-14 (at most three model turns); room for a loaded CI.
  }, 300_000);

  it("with the embedded model scoring each action's reply (lookplangraph-scored), no answer is generated", async () => {
    const { result, child } = await run(
      'office-simple-planning-09--moved',
      'lpg-scored',
      { model: true },
      3,
      'lookplangraph-scored',
    );
    expect(['completed', 'execution-failed']).toContain(result.status);
    expect(child.chosen.length).toBeLessThanOrEqual(3);
    // One scoring call a turn: the model read the prompts and wrote nothing.
    expect(child.usage.calls).toBe(child.chosen.length + (result.status === 'completed' ? 1 : 0));
    expect(child.usage.promptTokens).toBeGreaterThan(0);
    expect(child.usage.completionTokens).toBe(0);
  }, 300_000);

  it('refuses plan-only for lookplangraph in one line, before any workflow starts', async () => {
    const variant = variants[0]!;
    const input = {
      sceneRef: variant.belief.ref,
      instruction: variant.instruction,
      options: { planner: 'lookplangraph' as const },
    };
    const refusal =
      'the lookplangraph planner chooses each action while the robot executes, so it cannot plan only; drop planOnly or choose another planner';
    // Both clients refuse before starting anything (the workflows refuse too, for other clients).
    expect(() =>
      startPlanAndExecute(env.client, 'office', { ...input, robotId: 'lpg-plan-only', planOnly: true }),
    ).toThrow(new InvalidRunInput(refusal));
    expect(() => startPlanTask(env.client, 'office', input)).toThrow(new InvalidRunInput(refusal));
    expect(refusal).not.toContain('\n');
  });
});
