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

/**
 * Bounds on every string, list and number in a scene file (FORMAT.md says why each is what it is).
 * A real building fits them many times over; what they stop is a file that could hang a renderer
 * or a tokenizer, or fill a worker's memory, and still pass. The fast path reads the same numbers.
 */
export const SCENE_LIMITS = {
  idLength: 128,
  nameLength: 128,
  descriptionLength: 4096,
  /** Attribute and state names. */
  keyLength: 64,
  attributesPerNode: 64,
  attributeTextLength: 1024,
  /** Attribute numbers stay integers-exact: beyond 2^53 a number is not the one written. */
  attributeMagnitude: Number.MAX_SAFE_INTEGER,
  statesPerNode: 32,
  stateValueLength: 64,
  affordancesPerNode: 32,
  affordanceLength: 64,
  /** Metres from the building frame's origin; 1,000 km holds any campus. */
  coordinateMagnitude: 1e6,
  /** Metres; above the longest distance positions can give (2e6 x sqrt 3), so derived distances round-trip. */
  distance: 1e7,
  nodes: 2_000_000,
  edges: 4_000_000,
} as const;

/**
 * Names an id may not take: graphology 0.26 indexes neighbours in plain objects, where these
 * names are already taken by Object.prototype, so an edge to such a node cannot be added.
 */
export const RESERVED_IDS: ReadonlySet<string> = new Set(Object.getOwnPropertyNames(Object.prototype));

/** A node id as the format allows it (also what observations and plans may name). */
export const NodeIdSchema = z
  .string()
  .min(1, `ids are 1-${SCENE_LIMITS.idLength} characters`)
  .max(SCENE_LIMITS.idLength, `ids are 1-${SCENE_LIMITS.idLength} characters`)
  .regex(/^[A-Za-z0-9_.:-]+$/, 'ids use letters, digits and _ . : - only')
  .refine((id) => !RESERVED_IDS.has(id), {
    error: (issue) =>
      `id "${String(issue.input)}" is a JavaScript object property name, which the graph cannot use as an id; rename it (e.g. "${String(issue.input)}_1")`,
  })
  .meta({ not: { enum: [...RESERVED_IDS] } });
const Id = NodeIdSchema;

const COORDINATE_RANGE = 'coordinates are metres within 1,000 km (1e6) of the origin';
const Coordinate = z
  .number()
  .finite()
  .min(-SCENE_LIMITS.coordinateMagnitude, COORDINATE_RANGE)
  .max(SCENE_LIMITS.coordinateMagnitude, COORDINATE_RANGE);
const Position = z.tuple([Coordinate, Coordinate, Coordinate]);
const AttributeValue = z.union(
  [
    z
      .string()
      .max(
        SCENE_LIMITS.attributeTextLength,
        `attribute text is at most ${SCENE_LIMITS.attributeTextLength} characters`,
      ),
    z
      .number()
      .finite()
      .min(-SCENE_LIMITS.attributeMagnitude, 'attribute numbers are at most 2^53 - 1 in size')
      .max(SCENE_LIMITS.attributeMagnitude, 'attribute numbers are at most 2^53 - 1 in size'),
    z.boolean(),
  ],
  { error: 'attribute values are text, finite numbers or true/false' },
);
const NAME_LENGTH = `attribute and state names are 1-${SCENE_LIMITS.keyLength} characters`;
const Key = z.string().min(1, NAME_LENGTH).max(SCENE_LIMITS.keyLength, NAME_LENGTH);

/**
 * A record of names to values. A "__proto__" key is refused rather than dropped: zod skips it, and
 * JavaScript would turn it into a prototype the moment the record is copied by assignment.
 */
function keyedRecord<V extends z.ZodType>(value: V, most: number, what: string) {
  return z.preprocess(
    (input, context) => {
      if (typeof input === 'object' && input !== null && Object.hasOwn(input, '__proto__'))
        context.issues.push({
          code: 'custom',
          input,
          path: ['__proto__'],
          message: `"__proto__" cannot be a name of ${what}; rename it`,
        });
      return input;
    },
    z
      .record(Key, value)
      .refine((record) => Object.keys(record).length <= most, `at most ${most} ${what} per node`)
      .meta({ maxProperties: most }),
  );
}

export const SceneNodeSchema = z
  .object({
    id: Id,
    kind: NodeKind,
    /** Descriptive, unchanging facts: colour, material, contents of a poster, an occupant. */
    attributes: keyedRecord(AttributeValue, SCENE_LIMITS.attributesPerNode, 'attributes')
      .optional()
      .describe('Descriptive, unchanging facts: colour, material, occupant, bin_type.'),
    /** What skills change, one value per dimension: { door: 'closed' }, { power: 'off' }. */
    state: keyedRecord(
      z
        .string()
        .max(
          SCENE_LIMITS.stateValueLength,
          `state values are at most ${SCENE_LIMITS.stateValueLength} characters`,
        ),
      SCENE_LIMITS.statesPerNode,
      'state dimensions',
    )
      .optional()
      .describe('One value per state dimension, e.g. { "door": "closed" }; see docs/vocabulary.md.'),
    /** The skills the node supports: open, close, turn_on, pickup, ... */
    affordances: z
      .array(
        z
          .string()
          .min(1, `skill names are 1-${SCENE_LIMITS.affordanceLength} characters`)
          .max(
            SCENE_LIMITS.affordanceLength,
            `skill names are 1-${SCENE_LIMITS.affordanceLength} characters`,
          ),
      )
      .max(SCENE_LIMITS.affordancesPerNode, `at most ${SCENE_LIMITS.affordancesPerNode} affordances per node`)
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
        .max(SCENE_LIMITS.distance, 'distances are at most 1e7 metres')
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
    name: z
      .string()
      .min(1, `the scene name is 1-${SCENE_LIMITS.nameLength} characters`)
      .max(SCENE_LIMITS.nameLength, `the scene name is 1-${SCENE_LIMITS.nameLength} characters`),
    description: z
      .string()
      .max(
        SCENE_LIMITS.descriptionLength,
        `the description is at most ${SCENE_LIMITS.descriptionLength} characters`,
      )
      .optional(),
    nodes: z.array(SceneNodeSchema).max(SCENE_LIMITS.nodes, 'at most 2,000,000 nodes'),
    edges: z.array(SceneEdgeSchema).max(SCENE_LIMITS.edges, 'at most 4,000,000 edges'),
  })
  .strict();
export type SceneFile = z.infer<typeof SceneFileSchema>;
