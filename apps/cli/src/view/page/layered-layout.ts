import type { SceneGraph } from '@groundplan/scene-graph/model';

/** The layers the view stacks from top to bottom, as in a 3D scene graph's drawings. */
export const LAYERS = ['building', 'room', 'navigation', 'asset', 'object'] as const;
export type Layer = (typeof LAYERS)[number];

/** A node kind's layer: the agent stands on the navigation layer, where it moves. */
export function layerOf(kind: string): Layer {
  switch (kind) {
    case 'campus':
    case 'building':
    case 'floor':
      return 'building';
    case 'room':
    case 'group':
      return 'room';
    case 'pose':
    case 'agent':
      return 'navigation';
    case 'asset':
      return 'asset';
    default:
      return 'object';
  }
}

/** Vertical distance between layers, how much each layer's floor plan is flattened, and sheared to look tilted. */
const BAND = 24;
const FLATTEN = 0.35;
const SHEAR = 0.3;
/** Metres between two floors drawn side by side in the layered view. */
const FLOOR_GAP = 12;

export type Point = { x: number; y: number };

/**
 * Where each node is on its floor, seen from above, and which floor it is on. Positions are the
 * scene's x, y; a node without one sits on a small spiral around its parent (assets, objects), or
 * at the centre of its children (floors, buildings); the agent at the place it is at. A pose is
 * on the floor of the room it links to; nodes above the floors (building, campus) are on none.
 */
export type FloorPlan = { points: Map<string, Point>; floorOf: Map<string, string>; floors: string[] };

export function floorPlan(graph: SceneGraph, fixed?: ReadonlyMap<string, Point>): FloorPlan {
  const points = new Map<string, Point>();
  const parents = new Map<string, string>();
  const children = new Map<string, string[]>();
  let agentPlace: string | undefined;
  graph.forEachEdge((_edge, attributes, source, target) => {
    if (attributes.kind === 'at') agentPlace = target;
    if (attributes.kind !== 'hierarchy') return;
    parents.set(target, source);
    const list = children.get(source) ?? [];
    list.push(target);
    children.set(source, list);
  });

  const visiting = new Set<string>();
  function pointOf(id: string): Point {
    const known = points.get(id);
    if (known) return known;
    // A large building's floors come with their place in the whole building (see scene-parts.ts).
    const given = fixed?.get(id);
    if (given) {
      points.set(id, given);
      return given;
    }
    const position = graph.getNodeAttribute(id, 'position');
    let point: Point = { x: 0, y: 0 };
    if (position) point = { x: position[0], y: position[1] };
    else if (!visiting.has(id)) {
      visiting.add(id);
      point = placed(id);
      visiting.delete(id);
    }
    points.set(id, point);
    return point;
  }

  function placed(id: string): Point {
    const kind = graph.getNodeAttribute(id, 'kind');
    if (kind === 'agent' && agentPlace !== undefined) return pointOf(agentPlace);
    const parent = parents.get(id);
    if (parent !== undefined && (kind === 'asset' || kind === 'object')) {
      const siblings = children.get(parent) ?? [id];
      const index = siblings.indexOf(id);
      // Golden-angle spiral: siblings spread evenly and never land on one another.
      const angle = index * 2.399963;
      const radius = (kind === 'asset' ? 1.1 : 0.55) * Math.sqrt(index + 1);
      const centre = pointOf(parent);
      return { x: centre.x + radius * Math.cos(angle), y: centre.y + radius * Math.sin(angle) };
    }
    const below = (children.get(id) ?? []).map(pointOf);
    if (below.length > 0)
      return {
        x: below.reduce((sum, p) => sum + p.x, 0) / below.length,
        y: below.reduce((sum, p) => sum + p.y, 0) / below.length,
      };
    return parent !== undefined ? pointOf(parent) : { x: 0, y: 0 };
  }

  const floors = graph
    .filterNodes((_id, attributes) => attributes.kind === 'floor')
    .sort((a, b) => level(graph, a) - level(graph, b) || a.localeCompare(b));
  const floorOf = new Map<string, string>();
  function ancestorFloor(id: string): string | undefined {
    for (let at: string | undefined = id, depth = 0; at !== undefined && depth < 100; depth++) {
      if (graph.getNodeAttribute(at, 'kind') === 'floor') return at;
      at = parents.get(at);
    }
    return undefined;
  }
  graph.forEachNode((id) => {
    pointOf(id);
    const floor = ancestorFloor(id);
    if (floor !== undefined) floorOf.set(id, floor);
  });
  // Poses and the agent hang from no floor: a pose is where the room it links to is, the agent where it stands.
  const onFloorOfNeighbour = (id: string) => {
    graph.forEachNeighbor(id, (neighbour) => {
      const floor = floorOf.get(neighbour);
      if (!floorOf.has(id) && floor !== undefined && graph.getNodeAttribute(neighbour, 'kind') === 'room')
        floorOf.set(id, floor);
    });
  };
  graph.forEachNode((id, attributes) => {
    if (attributes.kind === 'pose') onFloorOfNeighbour(id);
  });
  graph.forEachNode((id, attributes) => {
    if (attributes.kind === 'pose' && !floorOf.has(id))
      // A pose between poses only: the floor of a pose it links to.
      graph.forEachNeighbor(id, (neighbour) => {
        const floor = floorOf.get(neighbour);
        if (!floorOf.has(id) && floor !== undefined) floorOf.set(id, floor);
      });
  });
  if (agentPlace !== undefined)
    graph.forEachNode((id, attributes) => {
      const floor = floorOf.get(agentPlace!);
      if (attributes.kind === 'agent' && floor !== undefined) floorOf.set(id, floor);
    });
  return { points, floorOf, floors };
}

function level(graph: SceneGraph, floor: string): number {
  const value = graph.getNodeAttribute(floor, 'attributes')?.level;
  return typeof value === 'number' ? value : 0;
}

/**
 * Where each node is drawn in the layered view: its floor-plan position flattened into its
 * layer's band, each floor beside the one below it (floors share x, y: drawn in one place they
 * would lie on one another).
 */
export function layeredPositions(
  graph: SceneGraph,
  plan: FloorPlan = floorPlan(graph),
  width: number = planWidth(plan),
): Map<string, Point> {
  const drawn = new Map<string, Point>();
  graph.forEachNode((id, attributes) => {
    drawn.set(
      id,
      layeredPoint(plan, width, plan.floorOf.get(id), layerOf(attributes.kind), plan.points.get(id)!),
    );
  });
  return drawn;
}

/** How wide a floor's plan is, in metres: the floors drawn side by side are this far apart (plus a gap). */
export function planWidth(plan: FloorPlan): number {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const { x } of plan.points.values()) {
    min = Math.min(min, x);
    max = Math.max(max, x);
  }
  return max >= min ? max - min : 0;
}

/** Where a point of a floor's plan is drawn in the layered view, in its layer's band, beside the floor below. */
export function layeredPoint(
  plan: FloorPlan,
  width: number,
  floor: string | undefined,
  layer: Layer,
  point: Point,
): Point {
  // Above the floors: in the middle of them.
  const index = floor === undefined ? (plan.floors.length - 1) / 2 : plan.floors.indexOf(floor);
  const offset = Math.max(0, index) * (width + FLOOR_GAP);
  const band = LAYERS.indexOf(layer);
  return { x: point.x + offset + point.y * SHEAR, y: point.y * FLATTEN - band * BAND };
}
