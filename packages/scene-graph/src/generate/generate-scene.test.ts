import { bidirectional } from 'graphology-shortest-path/unweighted';
import { describe, expect, it } from 'vitest';
import { sceneToJson } from '../format/canonical-json.js';
import { parseScene } from '../format/validate.js';
import { agentLocation, nodesOfKind, roomOf } from '../model/queries.js';
import { generatedSceneSize, generateScene, generateSceneFile } from './generate-scene.js';

const options = {
  seed: 42,
  floors: 3,
  roomsPerFloor: 8,
  assetsPerRoom: 4,
  objectsPerAsset: 3,
  posesPerRoom: 2,
};

describe('generateScene', () => {
  it('gives a valid scene of the announced size', () => {
    const file = generateSceneFile(options);
    const parsed = parseScene(JSON.parse(JSON.stringify(file)));
    expect(parsed.ok).toBe(true);
    expect(file.nodes).toHaveLength(generatedSceneSize(options));
  });

  it('is deterministic for a seed and differs between seeds', () => {
    expect(sceneToJson(generateScene(options))).toBe(sceneToJson(generateScene(options)));
    expect(sceneToJson(generateScene({ ...options, seed: 43 }))).not.toBe(
      sceneToJson(generateScene(options)),
    );
  });

  it('links every room to every other through the navigation layer, across floors', () => {
    const graph = generateScene(options);
    const rooms = nodesOfKind(graph, 'room');
    const start = agentLocation(graph)!;
    for (const room of rooms) expect(bidirectional(graph, start, room), room).not.toBeNull();
  });

  it('furnishes rooms with assets that hold objects, with states and affordances from the vocabulary', () => {
    const graph = generateScene(options);
    const objects = nodesOfKind(graph, 'object');
    expect(objects).toHaveLength(3 * 8 * 4 * 3);
    for (const object of objects) {
      expect(graph.getNodeAttribute(object, 'affordances')).toContain('pickup');
      expect(roomOf(graph, object)).toBeDefined();
    }
    const fridges = nodesOfKind(graph, 'asset').filter((id) => id.startsWith('fridge'));
    expect(fridges.length).toBeGreaterThan(0);
    expect(graph.getNodeAttribute(fridges[0]!, 'state')).toHaveProperty('door');
  });
});
