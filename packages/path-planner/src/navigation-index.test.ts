import { generateScene } from '@groundplan/scene-graph';
import { describe, expect, it } from 'vitest';
import { buildNavigationIndex, navigationIndexOf } from './navigation-index.js';
import { office } from './test-support/office.js';
import { randomScene } from './test-support/random-navigation.js';

describe('the navigation index', () => {
  it('holds rooms and poses only, each navigation edge in both directions', () => {
    const index = buildNavigationIndex(office());
    expect([...index.ids].sort()).toEqual(
      [
        'bedroom2',
        'kitchen',
        'lobby',
        'manipulation_lab',
        'meeting_room1',
        'pose0',
        'pose1',
        'pose2',
        'pose3',
        'pose4',
        'pose5',
        'storage',
      ].sort(),
    );
    expect(index.targets.length).toBe(2 * 9);
    const pose1 = index.numberOf.get('pose1')!;
    const neighbours = [...index.targets.subarray(index.offsets[pose1]!, index.offsets[pose1 + 1]!)].map(
      (n) => index.ids[n],
    );
    expect(neighbours.sort()).toEqual(['kitchen', 'pose0', 'pose2']);
  });

  it('labels connected parts: the ground and first floors together, floor2 and storage apart', () => {
    const { components, numberOf } = buildNavigationIndex(office());
    const part = (id: string) => components[numberOf.get(id)!];
    expect(part('lobby')).toBe(part('manipulation_lab'));
    expect(part('bedroom2')).toBe(part('pose5'));
    expect(new Set([part('lobby'), part('bedroom2'), part('storage')]).size).toBe(3);
  });

  it('allows the Euclidean heuristic only when edges are no shorter than straight lines', () => {
    expect(buildNavigationIndex(office()).euclideanAdmissible).toBe(true);
    const shortcut = office();
    shortcut.replaceEdgeAttributes(shortcut.undirectedEdge('pose2', 'pose3')!, {
      kind: 'navigation',
      distance: 1,
    });
    expect(buildNavigationIndex(shortcut).euclideanAdmissible).toBe(false);
    const unplaced = office();
    unplaced.removeNodeAttribute('pose5', 'position');
    expect(buildNavigationIndex(unplaced).euclideanAdmissible).toBe(false);
  });

  it('is admissible on generated scenes and not on ones without positions', () => {
    const generated = generateScene({
      seed: 1,
      floors: 2,
      roomsPerFloor: 4,
      assetsPerRoom: 1,
      objectsPerAsset: 1,
    });
    expect(buildNavigationIndex(generated).euclideanAdmissible).toBe(true);
    const free = randomScene(3, {
      floors: 1,
      roomsPerFloor: 3,
      posesPerFloor: 4,
      extraLinksPerFloor: 1,
      stairsChance: 0,
      connectedFloors: true,
      distances: 'free',
    });
    expect(buildNavigationIndex(free).euclideanAdmissible).toBe(false);
  });

  it('is built once per graph and reused while the navigation layer stays the same', () => {
    const graph = office();
    const first = navigationIndexOf(graph);
    expect(navigationIndexOf(graph)).toBe(first);
    graph.setNodeAttribute('fridge', 'state', { door: 'open' });
    graph.mergeNodeAttributes('banana', { position: [10, 6, 1] });
    graph.mergeNodeAttributes('kitchen', { attributes: { lights: 'on' } });
    graph.dropEdge(graph.directedEdge('robot', 'pose0')!);
    graph.addDirectedEdge('robot', 'kitchen', { kind: 'at' });
    expect(navigationIndexOf(graph)).toBe(first);
  });

  it('is rebuilt when the navigation layer changes', () => {
    const graph = office();
    const first = navigationIndexOf(graph);
    graph.addUndirectedEdge('pose5', 'pose4', { kind: 'navigation', distance: 8 });
    const second = navigationIndexOf(graph);
    expect(second).not.toBe(first);
    expect(second.components[second.numberOf.get('bedroom2')!]).toBe(
      second.components[second.numberOf.get('lobby')!],
    );
    graph.setNodeAttribute('pose4', 'position', [21, 0, 4]);
    const third = navigationIndexOf(graph);
    expect(third).not.toBe(second);
    graph.replaceEdgeAttributes(graph.undirectedEdge('pose0', 'pose1')!, {
      kind: 'navigation',
      distance: 50,
    });
    const fourth = navigationIndexOf(graph);
    expect(fourth).not.toBe(third);
    graph.mergeNodeAttributes('pose3', { position: [15, 1, 4] });
    expect(navigationIndexOf(graph)).not.toBe(fourth);
  });
});
