import {
  childrenOf,
  mulberry32,
  nodesOfKind,
  type Observation,
  parentOf,
  type SceneGraph,
} from '@groundplan/scene-graph';
import { datasetScene } from '@groundplan/scene-graph/test-support';
import { mergeObservation } from '@groundplan/simulator';
import { beforeAll, describe, expect, it } from 'vitest';
import { perceive } from './simulated-perception.js';
import { createSimulatedRobot } from './simulated-robot.js';

/** What rests on or in a node, as `child relation`, the way a look sees it (nothing inside closed doors). */
function visible(scene: SceneGraph, id: string, kind: 'on' | 'inside'): string[] {
  const out: string[] = [];
  const visit = (node: string) => {
    for (const child of childrenOf(scene, node).sort()) {
      const relation = parentOf(scene, child)?.relation;
      if (relation === 'inside' && scene.getNodeAttribute(node, 'state')?.door === 'closed') continue;
      out.push(`${child} ${relation ?? 'in'} ${node}`);
      visit(child);
    }
  };
  for (const child of childrenOf(scene, id).sort()) {
    const relation = parentOf(scene, child)?.relation;
    if ((relation === 'inside') !== (kind === 'inside')) continue;
    out.push(`${child} ${relation ?? 'in'} ${id}`);
    visit(child);
  }
  return out;
}

describe('looking and merging on the office', () => {
  let belief: SceneGraph;
  let truth: SceneGraph;
  beforeAll(async () => {
    belief = await datasetScene('office');
    // The truth: 40 objects moved at random (seeded) onto or into other assets, 10 removed.
    truth = belief.copy();
    const random = mulberry32(14);
    const assets = nodesOfKind(truth, 'asset');
    const objects = nodesOfKind(truth, 'object').filter((id) => parentOf(truth, id)?.parent !== 'agent');
    for (let i = 0; i < 40; i++) {
      const object = objects[Math.floor(random() * objects.length)]!;
      const asset = assets[Math.floor(random() * assets.length)]!;
      if (!truth.hasNode(object)) continue;
      truth.dropEdge(
        truth.inEdges(object).find((edge) => truth.getEdgeAttribute(edge, 'kind') === 'hierarchy')!,
      );
      truth.addDirectedEdge(asset, object, { kind: 'hierarchy', relation: random() < 0.5 ? 'on' : 'inside' });
    }
    for (let i = 0; i < 10; i++) {
      const object = objects[Math.floor(random() * objects.length)]!;
      if (truth.hasNode(object) && childrenOf(truth, object).length === 0) truth.dropNode(object);
    }
  });

  it('after looking on and inside every asset, the belief agrees with the truth wherever the robot looked', () => {
    let merged = belief;
    const looked: [string, 'on' | 'inside'][] = [];
    for (const asset of nodesOfKind(truth, 'asset')) {
      for (const kind of ['on', 'inside'] as const) {
        const observation: Observation = perceive(truth, kind, asset, `look-${kind}-${asset}`);
        const next = mergeObservation(merged, observation);
        if (!next.ok) throw new Error(next.error);
        merged = next.value;
        looked.push([asset, kind]);
      }
    }
    // The truth differs at many of them, or the test would show nothing.
    const differing = looked.filter(
      ([asset, kind]) => visible(belief, asset, kind).join() !== visible(truth, asset, kind).join(),
    );
    expect(differing.length).toBeGreaterThan(20);
    // Looks made later may move what earlier looks saw, so compare once all are merged.
    for (const [asset, kind] of looked)
      expect([asset, kind, visible(merged, asset, kind)]).toEqual([asset, kind, visible(truth, asset, kind)]);
  });

  it('refuses perception rates outside 0..1 when the robot is made', () => {
    expect(() =>
      createSimulatedRobot({
        robotId: 'r',
        scenes: { put: async () => '', get: async () => ({ ok: false, error: 'none' }) },
        dataDir: '/nonexistent',
        perception: { missRate: 1.5 },
      }),
    ).toThrow('the perception missRate must be a number from 0 to 1, not 1.5');
  });
});
