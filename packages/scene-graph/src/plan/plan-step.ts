import { z } from 'zod';

/** One skill call on scene-graph nodes: `{ action: 'pickup', args: ['banana'] }` is pickup(banana). */
export const PlanStepSchema = z.object({
  action: z.string().min(1),
  args: z.array(z.string()),
});
export type PlanStep = z.infer<typeof PlanStepSchema>;

/** A plan is the ordered list of skill calls the robot runs. */
export const PlanSchema = z.array(PlanStepSchema);
export type Plan = z.infer<typeof PlanSchema>;

/** The step as an LLM writes it: pickup(banana). */
export function formatStep(step: PlanStep): string {
  return `${step.action}(${step.args.join(', ')})`;
}

// Observations travel through workflows beside plan steps; one import path serves both.
export {
  type Observation,
  ObservationSchema,
  parseObservation,
  type SeenNode,
} from '../observe/observation.js';
