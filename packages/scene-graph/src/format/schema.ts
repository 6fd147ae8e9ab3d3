import { z } from 'zod';

/** The format name and version every scene file declares. Bump the version on any breaking change. */
export const SCENE_FORMAT = 'groundplan.scene-graph';
export const SCENE_FORMAT_VERSION = 1;

/**
 * Node kinds, from the top of the hierarchy down. building and campus let the hierarchy grow
 * upward; pose nodes form the navigation layer beside rooms; the agent is the robot.
 */
export const NODE_KINDS = [
  'campus',
  'building',
  'floor',
  'room',
  'pose',
  'asset',
  'object',
  'agent',
] as const;
export const NodeKind = z.enum(NODE_KINDS);
export type NodeKind = z.infer<typeof NodeKind>;

/** Which kinds a hierarchy edge may lead to from each kind; anything else skips a level. */
export const CHILD_KINDS: Record<NodeKind, readonly NodeKind[]> = {
  campus: ['building'],
  building: ['floor'],
  floor: ['room'],
  room: ['asset', 'object'],
  pose: [],
  asset: ['object'],
  object: ['object'],
  agent: ['object'], // what the robot holds in its gripper
};

/** Which kinds may hold each kind, derived from CHILD_KINDS; kinds nothing holds are absent. */
export const PARENT_KINDS: ReadonlyMap<NodeKind, readonly NodeKind[]> = (() => {
  const parents = new Map<NodeKind, NodeKind[]>();
  for (const [parent, children] of Object.entries(CHILD_KINDS) as [NodeKind, readonly NodeKind[]][])
    for (const child of children) parents.set(child, [...(parents.get(child) ?? []), parent]);
  return parents;
})();

/** How an object rests on its parent. */
export const Relation = z.enum(['on', 'inside']);
export type Relation = z.infer<typeof Relation>;

const Id = z
  .string()
  .min(1)
  .max(128)
  .regex(/^[A-Za-z0-9_.:-]+$/, 'ids use letters, digits and _ . : - only');

const Position = z.tuple([z.number().finite(), z.number().finite(), z.number().finite()]);
const AttributeValue = z.union([z.string(), z.number().finite(), z.boolean()]);

export const SceneNodeSchema = z
  .object({
    id: Id,
    kind: NodeKind,
    /** Descriptive, unchanging facts: colour, material, contents of a poster, an occupant. */
    attributes: z
      .record(z.string(), AttributeValue)
      .optional()
      .describe('Descriptive, unchanging facts: colour, material, occupant, bin_type.'),
    /** What skills change, one value per dimension: { door: 'closed' }, { power: 'off' }. */
    state: z
      .record(z.string(), z.string())
      .optional()
      .describe('One value per state dimension, e.g. { "door": "closed" }; see docs/vocabulary.md.'),
    /** The skills the node supports: open, close, turn_on, pickup, ... */
    affordances: z
      .array(z.string().min(1))
      .optional()
      .describe('The skills the node supports: open, close, turn_on, pickup, ...'),
    /** Metres, in the building frame, where known. */
    position: Position.optional().describe('[x, y, z] in metres in the building frame, where known.'),
  })
  .strict();
export type SceneNode = z.infer<typeof SceneNodeSchema>;

/**
 * hierarchy: parent -> child (floor-room, room-asset, asset-object, ...); `relation` is how an
 * object rests on its parent. navigation: undirected room-pose or pose-pose link, `distance`
 * in metres (derived from positions when absent). at: the agent's location (a pose or room).
 */
export const SceneEdgeSchema = z.discriminatedUnion('kind', [
  z
    .object({
      kind: z.literal('hierarchy'),
      source: Id.describe('The parent.'),
      target: Id.describe('The child.'),
      relation: Relation.optional().describe('How an object rests on its parent.'),
    })
    .strict(),
  z
    .object({
      kind: z.literal('navigation'),
      source: Id,
      target: Id,
      distance: z
        .number()
        .finite()
        .nonnegative()
        .optional()
        .describe('Metres; derived from the positions when absent.'),
    })
    .strict(),
  z
    .object({
      kind: z.literal('at'),
      source: Id.describe('The agent.'),
      target: Id.describe('A room or pose.'),
    })
    .strict(),
]);
export type SceneEdge = z.infer<typeof SceneEdgeSchema>;
export type EdgeKind = SceneEdge['kind'];

export const SceneFileSchema = z
  .object({
    format: z.literal(SCENE_FORMAT),
    version: z.literal(SCENE_FORMAT_VERSION),
    name: z.string().min(1).max(128),
    description: z.string().max(4096).optional(),
    nodes: z.array(SceneNodeSchema),
    edges: z.array(SceneEdgeSchema),
  })
  .strict();
export type SceneFile = z.infer<typeof SceneFileSchema>;
