import type {
  SceneEdgeAttributes,
  SceneGraph,
  SceneGraphAttributes,
  SceneNodeAttributes,
} from '@groundplan/scene-graph/model';
import type Graph from 'graphology';
import Sigma from 'sigma';
import type { EdgeDisplayData, NodeDisplayData } from 'sigma/types';
import { LAYERS, type Layer, layeredPositions, layerOf } from './layered-layout.js';

export const LAYER_COLORS: Record<Layer, string> = {
  building: '#5b5b8f',
  room: '#3d7ebf',
  navigation: '#2f9e6e',
  asset: '#c08a2e',
  object: '#8e5fb5',
};
const FADED = '#dcdcdc';
const ROUTE = '#d62828';
const ROUTE_AHEAD = '#f4a3a3';
const EDGE_COLORS = { hierarchy: '#c9c9c9', navigation: '#7cc4a4', at: '#e09f3e' } as const;

/** What the drawing shows besides the scene: a search step's view, the route and how far the robot got. */
export type Overlay = {
  /** The nodes the view showed at the chosen search step, and those it had expanded; all when absent. */
  visible?: ReadonlySet<string>;
  expanded?: ReadonlySet<string>;
  /** The route's nodes in order, and how many of them the robot has reached. */
  route: readonly string[];
  reached: number;
};

/** The scene's own node data plus where the layered layout puts it (sigma reads x and y from the graph). */
export type DrawnNodeAttributes = SceneNodeAttributes & { x: number; y: number };
export type SceneRenderer = Sigma<DrawnNodeAttributes, SceneEdgeAttributes, SceneGraphAttributes>;

export type SceneDrawing = {
  renderer: SceneRenderer;
  /** Redraws with a new overlay; the scene itself never changes. */
  show(overlay: Overlay): void;
};

/**
 * Draws the scene graph (the planner's graphology model, copied with the layout's positions)
 * with sigma: layers stacked, colours by layer; the overlay is applied by sigma's reducers.
 */
export function drawScene(container: HTMLElement, scene: SceneGraph): SceneDrawing {
  const positions = layeredPositions(scene);
  // A copy of the model with positions: the scene graph itself stays the planner's data.
  const drawn = scene.copy() as unknown as Graph<
    DrawnNodeAttributes,
    SceneEdgeAttributes,
    SceneGraphAttributes
  >;
  drawn.updateEachNodeAttributes((id, attributes) => ({ ...attributes, ...positions.get(id)! }));
  let overlay: Overlay = { route: [], reached: 0 };
  let routeIndex = new Map<string, number>();
  // Each edge of the route, with the index of the route node it leads to.
  let routeEdges = new Map<string, number>();

  const renderer: SceneRenderer = new Sigma(drawn, container, {
    renderEdgeLabels: false,
    labelRenderedSizeThreshold: 5,
    zIndex: true,
    nodeReducer: (id, attributes): Partial<NodeDisplayData> => {
      const { x, y } = attributes;
      const layer = layerOf(attributes.kind);
      const onRoute = routeIndex.get(id);
      // The navigation layer is never part of the search view (poses are waypoints), so it never fades.
      const shown = overlay.visible === undefined || layer === 'navigation' || overlay.visible.has(id);
      const data: Partial<NodeDisplayData> & { layer: Layer } = {
        x,
        y,
        layer,
        label: id,
        size: layer === 'room' ? 5 : layer === 'object' ? 2.5 : layer === 'building' ? 7 : 3.5,
        color: shown ? LAYER_COLORS[layer] : FADED,
        zIndex: shown ? 1 : 0,
      };
      if (attributes.kind === 'agent')
        Object.assign(data, { color: '#111', size: 6, forceLabel: true, zIndex: 3 });
      if (overlay.expanded?.has(id))
        Object.assign(data, { highlighted: true, forceLabel: true, size: 6, zIndex: 2 });
      if (onRoute !== undefined)
        Object.assign(data, {
          color: onRoute < overlay.reached ? ROUTE : ROUTE_AHEAD,
          size: 6,
          highlighted: true,
          zIndex: 3,
        });
      return data;
    },
    edgeReducer: (edge, attributes): Partial<EdgeDisplayData> => {
      const leg = routeEdges.get(edge);
      if (leg !== undefined)
        return { color: leg < overlay.reached ? ROUTE : ROUTE_AHEAD, size: 4, zIndex: 2 };
      const faded =
        overlay.visible !== undefined &&
        attributes.kind === 'hierarchy' &&
        !drawn.extremities(edge).every((id) => overlay.visible!.has(id));
      return {
        color: faded ? '#eeeeee' : EDGE_COLORS[attributes.kind],
        size: attributes.kind === 'navigation' ? 1.5 : 0.6,
        zIndex: faded ? 0 : 1,
      };
    },
  });

  nameLayers(container, renderer, positions, (id) => layerOf(scene.getNodeAttribute(id, 'kind')));

  return {
    renderer,
    show(next) {
      overlay = next;
      routeIndex = new Map(next.route.map((id, index) => [id, index]));
      routeEdges = new Map();
      for (let i = 1; i < next.route.length; i++) {
        // The route runs on the navigation layer, whose edges are the undirected ones.
        const edge = drawn.undirectedEdge(next.route[i - 1]!, next.route[i]!);
        if (edge !== undefined) routeEdges.set(edge, i);
      }
      renderer.refresh();
    },
  };
}

/** Names each layer at the left edge, level with the top of its band, wherever the camera goes. */
function nameLayers(
  container: HTMLElement,
  renderer: SceneRenderer,
  positions: Map<string, { x: number; y: number }>,
  layerOfNode: (id: string) => Layer,
): void {
  const top = new Map<Layer, { x: number; y: number }>();
  for (const [id, point] of positions) {
    const layer = layerOfNode(id);
    const known = top.get(layer);
    top.set(layer, { x: Math.min(known?.x ?? point.x, point.x), y: Math.max(known?.y ?? point.y, point.y) });
  }
  const names = LAYERS.filter((layer) => top.has(layer)).map((layer) => {
    const name = document.createElement('div');
    name.className = 'layer-name';
    name.textContent = layer;
    container.append(name);
    return { layer, name };
  });
  renderer.on('afterRender', () => {
    for (const { layer, name } of names) {
      const { y } = renderer.graphToViewport(top.get(layer)!);
      name.style.top = `${Math.round(y) - 18}px`;
    }
  });
}
