// What a robot perceived at one place, as plain JSON. Workflow code imports this module (through
// the ./observation subpath), so it depends on zod and the format's schema only, never on graphology.
import { z } from 'zod';
import { NodeIdSchema, Relation, SceneNodeSchema } from '../format/schema.js';
import { err, ok, type Result } from '../result.js';

/** Where the robot looked: on an asset, inside an (open) asset, or around a room. */
export const ObservationKind = z.enum(['on', 'inside', 'around']);
export type ObservationKind = z.infer<typeof ObservationKind>;

/** The most nodes one observation may name: far above any room, low enough to bound the merge. */
export const MAX_SEEN = 10_000;

/** Refuses a "__proto__" key, which zod would drop silently and an assignment would turn into a prototype. */
function noProtoKey(input: unknown, context: z.RefinementCtx, what: string): unknown {
  if (typeof input === 'object' && input !== null && Object.hasOwn(input, '__proto__'))
    context.addIssue({ code: 'custom', message: `"__proto__" cannot be ${what}; rename it` });
  return input;
}

/** One node the robot saw, and what it rests on. */
export const SeenNodeSchema = z
  .object({
    id: NodeIdSchema,
    type: z.enum(['asset', 'object']),
    /** The node it rests on or in: the looked-at asset, the room (around), or another seen node. */
    parent: NodeIdSchema,
    /** How it rests on its parent; for on/inside looks, the look's own kind by default. */
    relation: Relation.optional(),
    attributes: SceneNodeSchema.shape.attributes,
    state: SceneNodeSchema.shape.state,
    affordances: SceneNodeSchema.shape.affordances,
  })
  .strict();
export type SeenNode = z.infer<typeof SeenNodeSchema>;

const StateValues = z.preprocess(
  (input, context) => noProtoKey(input, context, 'a state name'),
  z.record(z.string().min(1).max(64), z.union([z.string().max(64), z.boolean()])),
);

export const ObservationSchema = z
  .object({
    kind: ObservationKind,
    /** The asset looked on or inside, or the room looked around. */
    target: NodeIdSchema,
    /** Everything perceived there; believed nodes there that are not seen are gone from the belief. */
    seen: z.array(SeenNodeSchema).max(MAX_SEEN, `an observation names at most ${MAX_SEEN} nodes`),
    /** States perceived on nodes (e.g. a container seen open); booleans are stored as 'true'/'false'. */
    states: z
      .preprocess(
        (input, context) => noProtoKey(input, context, 'a node id'),
        z.record(NodeIdSchema, StateValues),
      )
      .optional(),
  })
  .strict();
export type Observation = z.infer<typeof ObservationSchema>;

/** The observation, or one line saying what is wrong with it. */
export function parseObservation(value: unknown): Result<Observation> {
  const parsed = ObservationSchema.safeParse(value);
  if (parsed.success) return ok(parsed.data);
  const issue = parsed.error.issues[0]!;
  const path = issue.path.map((part) => (typeof part === 'number' ? `[${part}]` : `.${String(part)}`));
  const where = path.join('').replace(/^\./, '');
  return err(`invalid observation${where === '' ? '' : ` at ${where}`}: ${issue.message}`);
}
