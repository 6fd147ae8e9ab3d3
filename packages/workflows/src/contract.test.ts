import { createLlmActivities, LLM_FAILURE_TYPES, scriptedProvider } from '@groundplan/llm';
import { ROBOT_WORLD_CORRUPT, SKILL_FAILED } from '@groundplan/robot';
import { memorySceneStore, SCENE_NOT_FOUND } from '@groundplan/scene-graph';
import { describe, expect, it } from 'vitest';
import {
  FAILURE_TYPES,
  LLM_ACTIVITY_NAMES,
  PlanAndExecuteInputSchema,
  PlanTaskInputSchema,
  robotTaskQueue,
} from './contract.js';

const sceneRef = `sha256:${'a'.repeat(64)}`;

describe('the workflow contract', () => {
  it('names the failure types exactly as the activity packages throw them', () => {
    expect(FAILURE_TYPES).toEqual({
      sceneNotFound: SCENE_NOT_FOUND,
      llmUnavailable: LLM_FAILURE_TYPES.unavailable,
      llmBadConfig: LLM_FAILURE_TYPES['bad-config'],
      llmInvalidOutput: LLM_FAILURE_TYPES['invalid-output'],
      llmStepFailed: 'LlmStepFailed',
      skillFailed: SKILL_FAILED,
      robotWorldCorrupt: ROBOT_WORLD_CORRUPT,
      planFailed: 'PlanFailed',
      executionFailed: 'ExecutionFailed',
      needsAnswer: 'NeedsAnswer',
      notFound: 'NotFound',
      invalidInput: 'InvalidInput',
    });
  });

  it('knows every activity of the LLM queue by name, so only LLM steps get the LLM budget', () => {
    const activities = createLlmActivities({
      provider: scriptedProvider({ search: [], plans: [] }),
      scenes: memorySceneStore(),
    });
    expect([...LLM_ACTIVITY_NAMES].sort()).toEqual(Object.keys(activities).sort());
  });

  it('gives each robot its own task queue', () => {
    expect(robotTaskQueue('sim-1')).toBe('groundplan-robot-sim-1');
  });

  it('accepts a run input and refuses bad ones with a message for the person who gave it', () => {
    expect(PlanTaskInputSchema.safeParse({ sceneRef, instruction: 'Close the fridge.' }).success).toBe(true);
    const empty = PlanTaskInputSchema.safeParse({ sceneRef, instruction: '   ' });
    expect(empty.error?.issues[0]?.message).toBe('the instruction is empty');
    const punctuation = PlanTaskInputSchema.safeParse({ sceneRef, instruction: '?!...' });
    expect(punctuation.error?.issues[0]?.message).toBe(
      'the instruction has no words: say what the robot should do',
    );
    const badRobot = PlanAndExecuteInputSchema.safeParse({
      sceneRef,
      instruction: 'Go.',
      robotId: 'sim 1/..',
    });
    expect(badRobot.error?.issues[0]?.message).toMatch(/robot id/);
    const badPlanner = PlanTaskInputSchema.safeParse({
      sceneRef,
      instruction: 'Go.',
      options: { planner: 'gpt' },
    });
    expect(badPlanner.success).toBe(false);
  });
});
