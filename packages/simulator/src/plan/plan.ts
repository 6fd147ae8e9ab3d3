// A plan step is a skill call on scene-graph nodes; the scene graph package defines it once.
export { formatStep, type Plan, PlanSchema, type PlanStep, PlanStepSchema } from '@groundplan/scene-graph';
