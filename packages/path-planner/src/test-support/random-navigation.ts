import {
  buildSceneGraph,
  mulberry32,
  type SceneEdge,
  type SceneFile,
  type SceneGraph,
  type SceneNode,
} from '@groundplan/scene-graph';
import Graph from 'graphology';

/** The scene generator's seeded PRNG, so every random graph can be rebuilt from its seed. */
export const seededRandom = mulberry32;

export type RandomSceneShape = {
  floors: number;
  roomsPerFloor: number;
  posesPerFloor: number;
  /** Random pose-pose links per floor on top of what each pose already has. */
  extraLinksPerFloor: number;
  /** Chance that one flight of stairs joins two consecutive floors. */
  stairsChance: number;
  /** Chain the poses of each floor so every floor is one piece (else it may fall apart). */
  connectedFloors: boolean;
  /** 'derived': distances from positions; 'stretched': longer than the straight line; 'free': no positions. */
  distances: 'derived' | 'stretched' | 'free';
};

/**
 * A random building: rooms and poses on each floor joined by random navigation edges, sometimes
 * stairs between floors, an asset and an object in each room, and one agent. Some shapes are
 * connected, others fall apart, which is what the reference comparison needs.
 */
export function randomScene(seed: number, shape: RandomSceneShape): SceneGraph {
  const random = seededRandom(seed);
  const pick = (n: number) => Math.floor(random() * n);
  const nodes: SceneNode[] = [{ id: 'building', kind: 'building' }];
  const edges: SceneEdge[] = [];
  const linked = new Set<string>();
  const link = (a: string, b: string, straight: () => number) => {
    const key = a < b ? `${a}|${b}` : `${b}|${a}`;
    if (a === b || linked.has(key)) return;
    linked.add(key);
    if (shape.distances === 'derived') edges.push({ kind: 'navigation', source: a, target: b });
    else if (shape.distances === 'stretched')
      edges.push({ kind: 'navigation', source: a, target: b, distance: straight() * (1 + random()) });
    else edges.push({ kind: 'navigation', source: a, target: b, distance: Math.round(1 + random() * 20) });
  };
  const positions = new Map<string, [number, number, number]>();
  const place = (id: string, floor: number): [number, number, number] | undefined => {
    if (shape.distances === 'free') return undefined;
    const p: [number, number, number] = [random() * 60, random() * 40, floor * 4];
    positions.set(id, p);
    return p;
  };
  const straight = (a: string, b: string) => () => {
    const pa = positions.get(a)!;
    const pb = positions.get(b)!;
    return Math.hypot(pa[0] - pb[0], pa[1] - pb[1], pa[2] - pb[2]);
  };
  const withPosition = (node: SceneNode, position: [number, number, number] | undefined): SceneNode =>
    position === undefined ? node : { ...node, position };

  for (let f = 0; f < shape.floors; f++) {
    const floor = `floor${f}`;
    nodes.push({ id: floor, kind: 'floor' });
    edges.push({ kind: 'hierarchy', source: 'building', target: floor });
    const poses = Array.from({ length: shape.posesPerFloor }, (_, i) => `f${f}_pose${i}`);
    for (const pose of poses) nodes.push(withPosition({ id: pose, kind: 'pose' }, place(pose, f)));
    for (let i = 1; i < poses.length; i++) {
      const other = shape.connectedFloors ? poses[i - 1]! : poses[pick(i)]!;
      if (shape.connectedFloors || random() < 0.7) link(poses[i]!, other, straight(poses[i]!, other));
    }
    for (let k = 0; k < shape.extraLinksPerFloor && poses.length > 1; k++) {
      const a = poses[pick(poses.length)]!;
      const b = poses[pick(poses.length)]!;
      link(a, b, straight(a, b));
    }
    for (let r = 0; r < shape.roomsPerFloor; r++) {
      const room = `f${f}_room${r}`;
      nodes.push(withPosition({ id: room, kind: 'room' }, place(room, f)));
      edges.push({ kind: 'hierarchy', source: floor, target: room });
      const asset = `f${f}_room${r}_cabinet`;
      const object = `f${f}_room${r}_mug`;
      nodes.push({ id: asset, kind: 'asset' }, { id: object, kind: 'object' });
      edges.push({ kind: 'hierarchy', source: room, target: asset });
      edges.push({ kind: 'hierarchy', source: asset, target: object, relation: 'on' });
      const doors = poses.length === 0 ? 0 : 1 + pick(2);
      for (let d = 0; d < doors; d++) {
        const pose = poses[pick(poses.length)]!;
        link(room, pose, straight(room, pose));
      }
    }
    if (f > 0 && random() < shape.stairsChance && poses.length > 0 && shape.posesPerFloor > 0) {
      const below = `f${f - 1}_pose${pick(shape.posesPerFloor)}`;
      const above = poses[pick(poses.length)]!;
      link(below, above, straight(below, above));
    }
  }
  nodes.push({ id: 'robot', kind: 'agent' });
  edges.push({ kind: 'at', source: 'robot', target: 'f0_pose0' });
  const file: SceneFile = {
    format: 'groundplan.scene-graph',
    version: 1,
    name: `random-${seed}`,
    nodes,
    edges,
  };
  return buildSceneGraph(file);
}

/** The navigation layer alone as a plain graphology graph, for the reference implementation. */
export function navigationLayer(graph: SceneGraph): Graph<{ kind: string }, { distance: number }> {
  const layer = new Graph<{ kind: string }, { distance: number }>({ type: 'undirected' });
  graph.forEachNode((id, attributes) => {
    if (attributes.kind === 'room' || attributes.kind === 'pose')
      layer.addNode(id, { kind: attributes.kind });
  });
  graph.forEachUndirectedEdge((_edge, attributes, source, target) => {
    if (attributes.kind === 'navigation') layer.addEdge(source, target, { distance: attributes.distance });
  });
  return layer;
}

/** The navigation node ids of a scene, in a stable order. */
export function navigationNodes(graph: SceneGraph): string[] {
  return graph.filterNodes((_id, attributes) => attributes.kind === 'room' || attributes.kind === 'pose');
}
