import type { SceneEdge, SceneNode } from '@groundplan/scene-graph';
import type {
  SceneEdgeAttributes,
  SceneGraph,
  SceneGraphAttributes,
  SceneNodeAttributes,
} from '@groundplan/scene-graph/model';
import type Graph from 'graphology';
import Sigma from 'sigma';
import { drawDiscNodeHover, drawDiscNodeLabel } from 'sigma/rendering';
import type { EdgeDisplayData, NodeDisplayData } from 'sigma/types';
import type { GroupData, GroupedScene, ScenePart } from '../view-data.js';
import {
  type FloorPlan,
  floorPlan,
  LAYERS,
  type Layer,
  layeredPoint,
  layeredPositions,
  layerOf,
  type Point,
  planWidth,
} from './layered-layout.js';

export const LAYER_COLORS: Record<Layer, string> = {
  building: '#5b5b8f',
  room: '#3d7ebf',
  navigation: '#2f9e6e',
  asset: '#c08a2e',
  object: '#8e5fb5',
};
/** The marks the overlay adds, each named in the page's legend. */
export const MARKS = {
  faded: '#dcdcdc',
  route: '#d62828',
  routeAhead: '#f4a3a3',
  touched: '#f2b705',
  explored: '#e76f51',
  start: '#111111',
  /** A group of rooms of a large building, drawn as one node until opened. */
  group: '#9fc3e4',
} as const;
export const EDGE_COLORS = { hierarchy: '#c9c9c9', navigation: '#7cc4a4', at: '#e09f3e' } as const;

/** What the drawing shows besides the scene: a search step's view, the route and how far the robot got. */
export type Overlay = {
  /** The nodes the view showed at the chosen search step, and those it had expanded; all when absent. */
  visible?: ReadonlySet<string>;
  expanded?: ReadonlySet<string>;
  /** The route's nodes in order, and how many of them the robot has reached. */
  route: readonly string[];
  reached: number;
  /** The nodes the plan acts on (accessed, picked up, opened, ...), or an exploration found. */
  touched?: ReadonlySet<string>;
  /** The rooms an exploration looked around. */
  explored?: ReadonlySet<string>;
};

/** All floors as stacked layers, or one floor from above. */
export type DrawMode = { kind: 'layers' } | { kind: 'floor'; floor: string };

/** The scene's own node data, or a group of rooms, plus where the layout puts it (sigma reads x and y from the graph). */
export type DrawnNodeAttributes = (SceneNodeAttributes | { kind: 'group'; group: GroupData }) & {
  x: number;
  y: number;
};
export type SceneRenderer = Sigma<DrawnNodeAttributes, SceneEdgeAttributes, SceneGraphAttributes>;

export type SceneDrawing = {
  renderer: SceneRenderer;
  plan: FloorPlan;
  mode(): DrawMode;
  /** Redraws with a new overlay; the scene itself never changes. */
  show(overlay: Overlay): void;
  /** Lays the scene out as layers or as one floor's plan, and fits it in the window. */
  setMode(mode: DrawMode): void;
  /** Marks one node as picked (labelled, ringed in black), or none. */
  select(id: string | undefined): void;
  /** Fits the whole drawing in the window. */
  fit(): void;
  /** Moves the camera to a node, closer in. */
  focus(id: string): void;
  /** A large building's groups of rooms (none for a building drawn whole). */
  group(id: string): GroupData | undefined;
  groups(): GroupData[];
  /** Whether the group's part (its rooms, sub-groups) has been added, and whether it is open. */
  hasPart(id: string): boolean;
  isOpen(id: string): boolean;
  /** Adds what opening a group brings, to the scene and the drawing, where the whole building's layout puts it. */
  addPart(part: ScenePart): void;
  /** Adds nodes no group brings (a corridor's pose a run or a search names), with their edges; those drawn already stay. */
  addNodes(nodes: readonly SceneNode[], edges: readonly SceneEdge[]): void;
  /** Opens (draws what it holds) or closes (hides all beneath it) a group. */
  setOpen(id: string, open: boolean): void;
};

/**
 * Draws the scene graph (the planner's graphology model, copied with the layout's positions)
 * with sigma: either the layers stacked (each floor beside the one below) or one floor from
 * above; the overlay is applied by sigma's reducers. Labels are sigma's label grid: per cell of
 * the screen the largest node's, so they do not pile up, and more show as one zooms in.
 */
export function drawScene(container: HTMLElement, scene: SceneGraph, grouped?: GroupedScene): SceneDrawing {
  // A large building's layout is the whole building's, so opening a group moves nothing drawn.
  const fixed = new Map<string, Point>(grouped?.layout.points.map(({ id, x, y }) => [id, { x, y }]));
  let plan = floorPlan(scene, fixed);
  const width = grouped?.layout.width ?? planWidth(plan);
  let layered = layeredPositions(scene, plan, width);
  // A copy of the model with positions: the scene graph itself stays the planner's data.
  const drawn = scene.copy() as unknown as Graph<
    DrawnNodeAttributes,
    SceneEdgeAttributes,
    SceneGraphAttributes
  >;
  // The groups drawn, who brought each node or group in (the group opened), and the groups open.
  const groups = new Map<string, GroupData>();
  const owner = new Map<string, string>();
  const parts = new Set<string>();
  const open = new Set<string>();
  const addGroups = (list: readonly GroupData[], by?: string) => {
    for (const group of list) {
      if (groups.has(group.id)) continue;
      groups.set(group.id, group);
      if (by !== undefined) owner.set(group.id, by);
      drawn.addNode(group.id, { kind: 'group', group, x: group.x, y: group.y });
      drawn.mergeDirectedEdge(group.parent, group.id, { kind: 'hierarchy' });
    }
  };
  const groupFloors = () => {
    for (const group of groups.values()) plan.floorOf.set(group.id, group.floor);
  };
  /** Whether every group above the node is open (a node no group brought always is). */
  const inOpenGroups = (id: string) => {
    for (let by = owner.get(id), depth = 0; by !== undefined && depth < 100; by = owner.get(by), depth++)
      if (!open.has(by)) return false;
    return true;
  };
  addGroups(grouped?.groups ?? []);
  groupFloors();
  let mode: DrawMode = { kind: 'layers' };
  let overlay: Overlay = { route: [], reached: 0 };
  let selected: string | undefined;
  let routeIndex = new Map<string, number>();
  // Each edge of the route, with the index of the route node it leads to.
  let routeEdges = new Map<string, number>();

  const place = () => {
    drawn.updateEachNodeAttributes((id, attributes) => {
      if (attributes.kind === 'group') {
        const { floor, x, y } = attributes.group;
        const at = mode.kind === 'layers' ? layeredPoint(plan, width, floor, 'room', { x, y }) : { x, y };
        return { ...attributes, ...at };
      }
      return { ...attributes, ...(mode.kind === 'layers' ? layered.get(id)! : plan.points.get(id)!) };
    });
  };
  /** Whether the mode draws the node: every node as layers; a floor's rooms, poses, assets and objects from above. */
  const inMode = (id: string, layer: Layer) =>
    inOpenGroups(id) &&
    (mode.kind === 'layers' || (layer !== 'building' && plan.floorOf.get(id) === mode.floor));
  place();

  // The forced labels (the start, the picked node), known once the renderer is.
  let forcedLabels = (): LabelAt[] => [];
  const labels = labelsApart(() => forcedLabels());
  const renderer: SceneRenderer = new Sigma(drawn, container, {
    renderEdgeLabels: false,
    defaultDrawNodeLabel: labels.draw,
    defaultDrawNodeHover: labels.drawHover,
    labelRenderedSizeThreshold: 4.5,
    labelDensity: 1,
    labelGridCellSize: 60,
    zIndex: true,
    nodeReducer: (id, attributes): Partial<NodeDisplayData> => {
      const { x, y } = attributes;
      const layer = layerOf(attributes.kind);
      if (!inMode(id, layer)) return { x, y, hidden: true };
      const top = mode.kind === 'floor';
      if (attributes.kind === 'group') return groupDisplay(id, attributes.group, x, y);
      const onRoute = routeIndex.get(id);
      // The navigation layer is never part of the search view (poses are waypoints), so it never fades.
      const shown = overlay.visible === undefined || layer === 'navigation' || overlay.visible.has(id);
      const data: Partial<NodeDisplayData> & { layer: Layer } = {
        x,
        y,
        layer,
        label: id,
        size: sizeOf(layer, top),
        color: shown ? LAYER_COLORS[layer] : MARKS.faded,
        zIndex: shown ? 1 : 0,
      };
      if (overlay.explored?.has(id))
        Object.assign(data, { color: MARKS.explored, size: (data.size ?? 3) + 2, zIndex: 2 });
      if (overlay.touched?.has(id))
        Object.assign(data, { color: MARKS.touched, size: (data.size ?? 3) + 3, zIndex: 3 });
      if (attributes.kind === 'agent')
        Object.assign(data, {
          color: MARKS.start,
          size: 7,
          forceLabel: true,
          label: `start (${id})`,
          zIndex: 4,
        });
      if (overlay.expanded?.has(id)) Object.assign(data, { highlighted: true, size: 6, zIndex: 2 });
      if (onRoute !== undefined)
        Object.assign(data, {
          color: onRoute < overlay.reached ? MARKS.route : MARKS.routeAhead,
          size: Math.max(6, data.size ?? 0),
          highlighted: true,
          zIndex: 3,
        });
      if (id === selected) Object.assign(data, { highlighted: true, forceLabel: true, zIndex: 5 });
      return data;
    },
    edgeReducer: (edge, attributes): Partial<EdgeDisplayData> => {
      const [source, target] = drawn.extremities(edge);
      const hidden = [source, target].some((id) => !inMode(id, layerOf(drawn.getNodeAttribute(id, 'kind'))));
      if (hidden) return { hidden: true };
      const leg = routeEdges.get(edge);
      if (leg !== undefined)
        return { color: leg < overlay.reached ? MARKS.route : MARKS.routeAhead, size: 4, zIndex: 2 };
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

  // A large building is framed by the whole building's box: opening a group does not rescale the drawing.
  const frame = () => {
    if (grouped) renderer.setCustomBBox(mode.kind === 'layers' ? grouped.layout.layers : grouped.layout.plan);
  };
  frame();
  renderer.refresh();

  const labelAt = (id: string): LabelAt[] => {
    const data = renderer.getNodeDisplayData(id);
    if (!data || data.hidden || !data.label) return [];
    return [
      { ...renderer.framedGraphToViewport(data), size: renderer.scaleSize(data.size), label: data.label },
    ];
  };
  forcedLabels = () =>
    drawn.filterNodes((id, attributes) => attributes.kind === 'agent' || id === selected).flatMap(labelAt);
  // Each frame starts with the labels that must show reserved: the forced ones (the start, the
  // picked node) and the boxed ones sigma draws over the rest (expanded, on the route).
  renderer.on('beforeRender', () => {
    labels.reset(
      drawn.nodes().flatMap((id) => {
        const data = renderer.getNodeDisplayData(id);
        return data?.forceLabel || data?.highlighted ? labelAt(id) : [];
      }),
      renderer.getSetting('labelSize'),
    );
  });
  const renameLayers = nameLayers(
    container,
    renderer,
    (id) => layerOf(drawn.getNodeAttribute(id, 'kind')),
    () => mode,
  );
  // The groups' places count too: before a group opens, they are all the room layer holds.
  const layersWithGroups = () => {
    const all = new Map(layered);
    for (const { id, floor, x, y } of groups.values())
      all.set(id, layeredPoint(plan, width, floor, 'room', { x, y }));
    return all;
  };
  renameLayers(layersWithGroups());

  /** A group: its gloss as label, large while closed, boxed when the search expanded it at the chosen step. */
  function groupDisplay(id: string, group: GroupData, x: number, y: number): Partial<NodeDisplayData> {
    const shown = overlay.visible === undefined || overlay.visible.has(id);
    const data: Partial<NodeDisplayData> & { layer: Layer; group: true; open: boolean } = {
      x,
      y,
      layer: 'room',
      group: true,
      open: open.has(id),
      label: `${id} (${group.rooms} rooms: ${group.roomTypes})`,
      // Larger for more rooms (64 rooms: 10 px, 8 rooms: 6 px); a small marker once open.
      size: open.has(id) ? 4 : 4 + 0.75 * Math.sqrt(group.rooms),
      color: shown ? MARKS.group : MARKS.faded,
      zIndex: shown ? 2 : 0,
    };
    if (overlay.expanded?.has(id)) Object.assign(data, { highlighted: true, zIndex: 3 });
    if (id === selected) Object.assign(data, { highlighted: true, forceLabel: true, zIndex: 5 });
    return data;
  }

  const fit = () => {
    renderer.getCamera().animatedReset({ duration: 200 });
  };

  /** Adds nodes not drawn yet (brought by the group opened, if any) and the edges whose both ends are here now. */
  function merge(nodes: readonly SceneNode[], edges: readonly SceneEdge[], by?: string): void {
    for (const { id, ...attributes } of nodes) {
      if (scene.hasNode(id)) continue;
      scene.addNode(id, attributes);
      drawn.addNode(id, { ...attributes, x: 0, y: 0 });
      if (by !== undefined) owner.set(id, by);
    }
    // The rest come with the part or node that brings the other end.
    for (const edge of edges) {
      const { source, target } = edge;
      if (!scene.hasNode(source) || !scene.hasNode(target)) continue;
      if (edge.kind === 'navigation') {
        const attributes = { kind: 'navigation' as const, distance: edge.distance ?? 1 };
        scene.mergeUndirectedEdge(source, target, attributes);
        drawn.mergeUndirectedEdge(source, target, attributes);
      } else {
        const attributes =
          edge.kind === 'hierarchy'
            ? { kind: 'hierarchy' as const, ...(edge.relation ? { relation: edge.relation } : {}) }
            : { kind: 'at' as const };
        scene.mergeDirectedEdge(source, target, attributes);
        drawn.mergeDirectedEdge(source, target, attributes);
      }
    }
  }

  /** Places what was added where the whole building's layout puts it; nothing drawn before moves. */
  function relayout(): void {
    plan = floorPlan(scene, fixed);
    groupFloors();
    layered = layeredPositions(scene, plan, width);
    renameLayers(layersWithGroups());
    place();
    renderer.refresh();
  }

  return {
    renderer,
    get plan() {
      return plan;
    },
    mode: () => mode,
    show(next) {
      overlay = next;
      routeIndex = new Map(next.route.map((id, index) => [id, index]));
      routeEdges = new Map();
      for (let i = 1; i < next.route.length; i++) {
        // A large building's route may pass nodes not drawn (yet).
        if (!drawn.hasNode(next.route[i - 1]!) || !drawn.hasNode(next.route[i]!)) continue;
        // The route runs on the navigation layer, whose edges are the undirected ones.
        const edge = drawn.undirectedEdge(next.route[i - 1]!, next.route[i]!);
        if (edge !== undefined) routeEdges.set(edge, i);
      }
      renderer.refresh();
    },
    setMode(next) {
      mode = next;
      place();
      frame();
      renderer.refresh();
      renderer.getCamera().setState({ x: 0.5, y: 0.5, ratio: 1, angle: 0 });
    },
    select(id) {
      selected = id;
      renderer.refresh();
    },
    fit,
    focus(id) {
      const data = renderer.getNodeDisplayData(id);
      if (data) renderer.getCamera().animate({ x: data.x, y: data.y, ratio: 0.35 }, { duration: 300 });
    },
    group: (id) => groups.get(id),
    groups: () => [...groups.values()],
    hasPart: (id) => parts.has(id),
    isOpen: (id) => open.has(id),
    addPart(part) {
      if (parts.has(part.group)) return;
      parts.add(part.group);
      merge(part.nodes, part.edges, part.group);
      addGroups(part.groups, part.group);
      for (const node of part.nodes)
        if (node.kind === 'room') drawn.mergeDirectedEdge(part.group, node.id, { kind: 'hierarchy' });
      relayout();
    },
    addNodes(nodes, edges) {
      merge(nodes, edges);
      relayout();
    },
    setOpen(id, opened) {
      if (opened) open.add(id);
      else open.delete(id);
      renderer.refresh();
    },
  };
}

/** Node sizes in pixels: rooms largest; from above, rooms are the plan's landmarks. */
function sizeOf(layer: Layer, top: boolean): number {
  switch (layer) {
    case 'building':
      return 7;
    case 'room':
      return top ? 9 : 5;
    case 'navigation':
      return 3.5;
    case 'asset':
      return top ? 4 : 3.5;
    default:
      return 2.5;
  }
}

/**
 * Names each layer at the left edge, level with the top of its band, wherever the camera goes
 * (layers only); given the positions again when a large building's opened group adds layers.
 */
function nameLayers(
  container: HTMLElement,
  renderer: SceneRenderer,
  layerOfNode: (id: string) => Layer,
  mode: () => DrawMode,
): (positions: Map<string, { x: number; y: number }>) => void {
  const top = new Map<Layer, { x: number; y: number }>();
  const names: { layer: Layer; name: HTMLElement }[] = [];
  renderer.on('afterRender', () => {
    for (const { layer, name } of names) {
      name.hidden = mode().kind !== 'layers';
      const { y } = renderer.graphToViewport(top.get(layer)!);
      name.style.top = `${Math.round(y) - 18}px`;
    }
  });
  return (positions) => {
    top.clear();
    for (const [id, point] of positions) {
      const layer = layerOfNode(id);
      const known = top.get(layer);
      top.set(layer, {
        x: Math.min(known?.x ?? point.x, point.x),
        y: Math.max(known?.y ?? point.y, point.y),
      });
    }
    for (const layer of LAYERS.filter((layer) => top.has(layer) && !names.some((n) => n.layer === layer))) {
      const name = document.createElement('div');
      name.className = 'layer-name';
      name.textContent = layer;
      container.append(name);
      names.push({ layer, name });
    }
  };
}

type Box = { left: number; right: number; top: number; bottom: number };

/**
 * Sigma's own label drawing, skipping a label that would cross one already drawn this frame:
 * sigma's label grid keeps one label per cell of the screen, but a long label reaches into the
 * next cell. The forced labels are reserved first, so they always show.
 */
type LabelAt = { x: number; y: number; size: number; label: string };

function labelsApart(forced: () => LabelAt[]) {
  let boxes: Box[] = [];
  // The boxed labels' pass (sigma draws it on its own, also between frames), reset at its first label.
  let boxed: Box[] | undefined;
  const measure = document.createElement('canvas').getContext('2d')!;
  const boxOf = (x: number, y: number, size: number, width: number, labelSize: number): Box => ({
    left: x + size + 1,
    right: x + size + 5 + width,
    top: y - labelSize,
    bottom: y + labelSize / 2,
  });
  const crosses = (a: Box, drawn: Box[]) =>
    drawn.some((b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom);
  const reserve = (labels: LabelAt[], labelSize: number) => {
    measure.font = `${labelSize}px sans-serif`;
    return labels.map((l) => boxOf(l.x, l.y, l.size, measure.measureText(l.label).width, labelSize));
  };
  return {
    reset(reserved: LabelAt[], labelSize: number) {
      boxes = reserve(reserved, labelSize);
    },
    draw: ((context, data, settings) => {
      if (!data.label) return;
      context.font = `${settings.labelWeight} ${settings.labelSize}px ${settings.labelFont}`;
      const box = boxOf(data.x, data.y, data.size, context.measureText(data.label).width, settings.labelSize);
      if (!data.forceLabel) {
        if (crosses(box, boxes)) return;
        boxes.push(box);
      }
      drawDiscNodeLabel(context, data, settings);
    }) as typeof drawDiscNodeLabel,
    /** A boxed label crossing one already boxed, or a forced label, is left out: the node stays marked by its colour. */
    drawHover: ((context, data, settings) => {
      if (boxed === undefined) {
        boxed = reserve(forced(), settings.labelSize);
        queueMicrotask(() => {
          boxed = undefined;
        });
      }
      if (data.label && !data.forceLabel) {
        context.font = `${settings.labelWeight} ${settings.labelSize}px ${settings.labelFont}`;
        const width = context.measureText(data.label).width;
        const label = boxOf(data.x, data.y, data.size, width, settings.labelSize);
        // Sigma's box wraps the node too, with a little padding round it.
        const box = { ...label, left: data.x - data.size - 4, right: label.right + 3, top: label.top - 3 };
        if (crosses(box, boxed)) return;
        boxed.push(box);
      }
      drawDiscNodeHover(context, data, settings);
    }) as typeof drawDiscNodeHover,
  };
}
