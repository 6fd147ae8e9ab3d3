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

/**
 * A place the robot saw from a room (exploring an unknown building): a neighbouring room, a pose
 * of the corridor, or the floor they are on, and where it sits in the hierarchy. No contents.
 */
export const SeenPlaceSchema = z
  .object({
    id: NodeIdSchema,
    type: z.enum(['floor', 'room', 'pose']),
    /** The floor of a room; absent for poses and for floors. */
    parent: NodeIdSchema.optional(),
    attributes: SceneNodeSchema.shape.attributes,
    position: SceneNodeSchema.shape.position,
  })
  .strict();
export type SeenPlace = z.infer<typeof SeenPlaceSchema>;

/** A way the robot saw between two places (a door, a stretch of corridor), and its length in metres. */
export const SeenPassageSchema = z
  .object({
    source: NodeIdSchema,
    target: NodeIdSchema,
    distance: z.number().finite().nonnegative().max(1e7, 'distances are at most 1e7 metres'),
  })
  .strict();
export type SeenPassage = z.infer<typeof SeenPassageSchema>;

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
    /** Around a room: the places seen from it (its doors lead there) and the ways between them. */
    places: z
      .array(SeenPlaceSchema)
      .max(MAX_SEEN, `an observation names at most ${MAX_SEEN} places`)
      .optional(),
    passages: z
      .array(SeenPassageSchema)
      .max(MAX_SEEN, `an observation names at most ${MAX_SEEN} passages`)
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
