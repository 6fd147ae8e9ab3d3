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

type Point = { x: number; y: number };

/**
 * Where each node is drawn: its floor-plan position (x, y of the scene) flattened into its layer's
 * band. A node without a position sits on a small spiral around its parent (assets, objects), or
 * at the centre of its children (floors, buildings); the agent at the place it is at.
 */
export function layeredPositions(graph: SceneGraph): Map<string, Point> {
  const plan = new Map<string, Point>();
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
  function floorPlan(id: string): Point {
    const known = plan.get(id);
    if (known) return known;
    const position = graph.getNodeAttribute(id, 'position');
    let point: Point = { x: 0, y: 0 };
    if (position) point = { x: position[0], y: position[1] };
    else if (!visiting.has(id)) {
      visiting.add(id);
      point = placed(id);
      visiting.delete(id);
    }
    plan.set(id, point);
    return point;
  }

  function placed(id: string): Point {
    const kind = graph.getNodeAttribute(id, 'kind');
    if (kind === 'agent' && agentPlace !== undefined) return floorPlan(agentPlace);
    const parent = parents.get(id);
    if (parent !== undefined && (kind === 'asset' || kind === 'object')) {
      const siblings = children.get(parent) ?? [id];
      const index = siblings.indexOf(id);
      // Golden-angle spiral: siblings spread evenly and never land on one another.
      const angle = index * 2.399963;
      const radius = (kind === 'asset' ? 1.1 : 0.55) * Math.sqrt(index + 1);
      const centre = floorPlan(parent);
      return { x: centre.x + radius * Math.cos(angle), y: centre.y + radius * Math.sin(angle) };
    }
    const below = (children.get(id) ?? []).map(floorPlan);
    if (below.length > 0)
      return {
        x: below.reduce((sum, p) => sum + p.x, 0) / below.length,
        y: below.reduce((sum, p) => sum + p.y, 0) / below.length,
      };
    return parent !== undefined ? floorPlan(parent) : { x: 0, y: 0 };
  }

  const drawn = new Map<string, Point>();
  graph.forEachNode((id, attributes) => {
    const point = floorPlan(id);
    const band = LAYERS.indexOf(layerOf(attributes.kind));
    drawn.set(id, { x: point.x + point.y * SHEAR, y: point.y * FLATTEN - band * BAND });
  });
  return drawn;
}
