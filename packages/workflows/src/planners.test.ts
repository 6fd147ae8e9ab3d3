import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { planningBudgets } from './contract.js';
import {
  DEFAULT_PLANNER,
  PLANNER_VARIANTS,
  PLANNERS,
  PlannerVariantSchema,
  plannerOf,
  recommendedPlanner,
  refusesPlanOnly,
  traitsOf,
} from './planners.js';
import { planningDetails } from './run-description.js';

const sceneRef = `sha256:${'a'.repeat(64)}`;
const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');

describe('the planner table', () => {
  it('is the one list of variants the input schema accepts', () => {
    expect(PLANNER_VARIANTS).toEqual(Object.keys(PLANNERS));
    for (const planner of PLANNER_VARIANTS) expect(PlannerVariantSchema.parse(planner)).toBe(planner);
    expect(PlannerVariantSchema.safeParse('__proto__').success).toBe(false);
  });

  it('fills in the one default where a run names no planner', () => {
    expect(plannerOf(undefined)).toBe(DEFAULT_PLANNER);
    expect(plannerOf({})).toBe(DEFAULT_PLANNER);
    expect(plannerOf({ planner: 'grounded-prior' })).toBe('grounded-prior');
  });

  it('gives every variant with a trait the same budget for it, and 0 to one without', () => {
    for (const planner of PLANNER_VARIANTS) {
      const traits = traitsOf(planner);
      const budgets = planningBudgets({ planner, maxReplans: 3, maxSearchSteps: 7 });
      expect(budgets.maxReplans).toBe(traits.replans ? 3 : 0);
      expect(budgets.maxSearchSteps).toBe(traits.search === 'none' ? 0 : 7);
    }
    expect(planningBudgets({ planner: 'grounded' })).toEqual({
      planner: 'grounded',
      maxReplans: 5,
      maxSearchSteps: 24,
    });
  });

  it('shows a run the budgets its planner really uses (grounded searched 24 steps but said 0)', () => {
    const details = (planner: (typeof PLANNER_VARIANTS)[number]) =>
      planningDetails({ sceneRef, instruction: 'Close the cabinet.', options: { planner } });
    expect(details('grounded')).toContain('**max replans** 5');
    expect(details('grounded')).toContain('**max search steps** 24');
    expect(details('sayplan-lite')).toContain('**max replans** 5');
    expect(details('sayplan-lite')).toContain('**max search steps** 0');
    expect(details('llm+p')).toContain('**max replans** 0');
    expect(details('grounded')).toContain('**reader** the rules');
    expect(
      planningDetails({
        sceneRef,
        instruction: 'Close the cabinet.',
        options: { planner: 'grounded', reader: 'model' },
      }),
    ).toContain('**reader** the model');
    expect(
      planningDetails({
        sceneRef,
        instruction: 'Close the cabinet.',
        options: { planner: 'grounded', reader: 'rules-then-model' },
      }),
    ).toContain('**reader** the rules; the model again where they name a thing the building lacks');
  });

  it('refuses plan-only exactly for the planners that plan while executing', () => {
    expect(PLANNER_VARIANTS.filter(refusesPlanOnly)).toEqual(['lookplangraph', 'lookplangraph-scored']);
  });

  it('recommends SayPlan for a capable server model and the model-free grounded-prior for the embedded one', () => {
    expect(recommendedPlanner('openai')).toBe('sayplan');
    expect(recommendedPlanner('local')).toBe('grounded-prior');
    expect(recommendedPlanner('replay')).toBe('grounded-prior');
    expect(recommendedPlanner(undefined)).toBe('grounded-prior');
  });

  it('has a model prompt exactly for the variants where the model writes the plan', () => {
    for (const planner of PLANNER_VARIANTS) {
      const traits: { plan: string; prompt?: string } = traitsOf(planner);
      expect(traits.prompt !== undefined, planner).toBe(traits.plan === 'model');
    }
  });

  it('is the README planner table, a row per variant', () => {
    for (const planner of PLANNER_VARIANTS) expect(readme).toContain(`| \`${planner}\``);
  });
});
