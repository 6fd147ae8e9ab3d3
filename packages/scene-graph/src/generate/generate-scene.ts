import {
  SCENE_FORMAT,
  SCENE_FORMAT_VERSION,
  type SceneEdge,
  type SceneFile,
  type SceneNode,
} from '../format/schema.js';
import { buildSceneGraph, type SceneGraph } from '../model/scene-graph.js';
import { ASSETS, OBJECTS, ROOMS, type Thing } from './catalogue.js';
import { mulberry32, pick } from './prng.js';

export type GenerateSceneOptions = {
  seed: number;
  floors: number;
  roomsPerFloor: number;
  assetsPerRoom: number;
  objectsPerAsset: number;
  /** Corridor poses in front of each room (default 1). */
  posesPerRoom?: number;
};

const ROOM_WIDTH = 6; // metres along the corridor
const ROOM_DEPTH = 5; // metres from the corridor to the room's centre
const STOREY_HEIGHT = 3.5;

/** Nodes a generated scene will have: floors x (1 + rooms x (1 + poses + assets x (1 + objects))) + stairs + agent. */
export function generatedSceneSize(options: GenerateSceneOptions): number {
  const poses = options.posesPerRoom ?? 1;
  const perRoom = 1 + poses + options.assetsPerRoom * (1 + options.objectsPerAsset);
  return options.floors * (2 + options.roomsPerFloor * perRoom) + 1;
}

/** A synthetic scene graph, the same for the same options (see generateSceneFile). */
export function generateScene(options: GenerateSceneOptions): SceneGraph {
  return buildSceneGraph(generateSceneFile(options));
}

/**
 * A synthetic scene file: floors of rooms on both sides of a corridor of poses, each room linked
 * to its first pose, floors linked by stairs poses; rooms furnished with assets holding objects,
 * with states, affordances and attributes from docs/vocabulary.md; the agent at the ground-floor
 * stairs. Seeded and deterministic; reaches 10^6 nodes.
 */
export function generateSceneFile(options: GenerateSceneOptions): SceneFile {
  const { seed, floors, roomsPerFloor, assetsPerRoom, objectsPerAsset } = options;
  const posesPerRoom = options.posesPerRoom ?? 1;
  const random = mulberry32(seed);
  const nodes: SceneNode[] = [];
  const edges: SceneEdge[] = [];
  const link = (source: string, target: string) => edges.push({ kind: 'navigation', source, target });

  for (let f = 1; f <= floors; f++) {
    const floor = `floor_${f}`;
    const z = (f - 1) * STOREY_HEIGHT;
    nodes.push({ id: floor, kind: 'floor', attributes: { level: f } });
    const stairs = `stairs_f${f}`;
    nodes.push({ id: stairs, kind: 'pose', position: [-2, 0, z] });
    if (f > 1) edges.push({ kind: 'navigation', source: `stairs_f${f - 1}`, target: stairs, distance: 8 });
    let previousPose = stairs;

    for (let r = 0; r < roomsPerFloor; r++) {
      const type = r === 0 ? ROOMS[1]! : pick(random, ROOMS);
      const room = `${type.name}_f${f}_r${r}`;
      const x = Math.floor(r / 2) * ROOM_WIDTH + ROOM_WIDTH / 2;
      const side = r % 2 === 0 ? 1 : -1;
      nodes.push({
        id: room,
        kind: 'room',
        attributes: { room_type: type.name },
        position: [x, side * ROOM_DEPTH, z],
      });
      edges.push({ kind: 'hierarchy', source: floor, target: room });

      for (let p = 0; p < posesPerRoom; p++) {
        const pose = `pose_f${f}_r${r}_p${p}`;
        nodes.push({
          id: pose,
          kind: 'pose',
          position: [x - ROOM_WIDTH / 2 + (p + 0.5) * (ROOM_WIDTH / posesPerRoom), 0, z],
        });
        link(previousPose, pose);
        if (p === 0) link(room, pose);
        previousPose = pose;
      }

      for (let a = 0; a < assetsPerRoom; a++) {
        const assetType = ASSETS[a < type.assets.length ? type.assets[a]! : pick(random, type.assets)]!;
        const asset = `${assetType.name}_f${f}_r${r}_a${a}`;
        const assetPosition: [number, number, number] = [
          round(x + (random() - 0.5) * (ROOM_WIDTH - 1)),
          round(side * (ROOM_DEPTH + (random() - 0.5) * 3)),
          z,
        ];
        nodes.push(describe(random, asset, 'asset', assetType, assetPosition));
        edges.push({ kind: 'hierarchy', source: room, target: asset });
        for (let o = 0; o < objectsPerAsset; o++) {
          const objectType = OBJECTS[pick(random, assetType.holds)]!;
          const object = `${objectType.name}_f${f}_r${r}_a${a}_o${o}`;
          const position: [number, number, number] = [
            round(assetPosition[0] + (random() - 0.5) * 0.6),
            round(assetPosition[1] + (random() - 0.5) * 0.6),
            round(z + 0.8),
          ];
          nodes.push(describe(random, object, 'object', objectType, position));
          edges.push({ kind: 'hierarchy', source: asset, target: object, relation: assetType.relation });
        }
      }
    }
  }
  nodes.push({ id: 'robot', kind: 'agent', attributes: { model: 'mobile_manipulator' } });
  if (floors > 0) edges.push({ kind: 'at', source: 'robot', target: 'stairs_f1' });

  return {
    format: SCENE_FORMAT,
    version: SCENE_FORMAT_VERSION,
    name: `generated-s${seed}-${floors}x${roomsPerFloor}x${assetsPerRoom}x${objectsPerAsset}`,
    description: `Synthetic scene: ${floors} floors, ${roomsPerFloor} rooms per floor, ${assetsPerRoom} assets per room, ${objectsPerAsset} objects per asset, ${posesPerRoom} corridor poses per room (seed ${seed}).`,
    nodes,
    edges,
  };
}

function describe(
  random: () => number,
  id: string,
  kind: 'asset' | 'object',
  thing: Thing,
  position: [number, number, number],
): SceneNode {
  const node: SceneNode = { id, kind };
  if (thing.attributes) {
    const attributes: Record<string, string> = {};
    for (const [key, values] of Object.entries(thing.attributes)) attributes[key] = pick(random, values);
    node.attributes = attributes;
  }
  if (thing.state) {
    const state: Record<string, string> = {};
    for (const [dimension, values] of Object.entries(thing.state))
      state[dimension] = random() < 0.7 ? values[0]! : pick(random, values);
    node.state = state;
  }
  if (thing.affordances) node.affordances = [...thing.affordances];
  node.position = position;
  return node;
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
