import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseScene } from '../format/validate.js';
import { smallScene } from '../test-support/small-scene.js';
import { sceneToNodeLink } from './networkx.js';

function small() {
  const parsed = parseScene(smallScene());
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.error));
  return parsed.value;
}

// Python's networkx is not part of the project's setup; when a python3 with it is present the
// export is also read back by networkx itself.
const hasNetworkx = spawnSync('python3', ['-c', 'import networkx'], { stdio: 'ignore' }).status === 0;

describe('sceneToNodeLink', () => {
  it('writes node-link JSON: every node with its fields, hierarchy and at edges once, navigation both ways', () => {
    const graph = small();
    const data = sceneToNodeLink(graph);
    expect(data).toMatchObject({ directed: true, multigraph: false, graph: { name: 'small home' } });
    expect(data.nodes).toHaveLength(graph.order);
    expect(data.nodes).toContainEqual({
      id: 'fridge',
      kind: 'asset',
      state: { door: 'closed' },
      affordances: ['open', 'close', 'contain'],
    });
    const navigation = graph.filterEdges((_e, a) => a.kind === 'navigation').length;
    expect(data.edges).toHaveLength(graph.size + navigation);
    expect(data.edges).toContainEqual({
      source: 'fridge',
      target: 'banana',
      kind: 'hierarchy',
      relation: 'inside',
    });
    const kitchenToPose = data.edges.filter(
      (e) => e.kind === 'navigation' && [e.source, e.target].sort().join() === 'kitchen,pose_kitchen',
    );
    expect(kitchenToPose.map((e) => e.source).sort()).toEqual(['kitchen', 'pose_kitchen']);
  });

  it(`is read back by Python's networkx${hasNetworkx ? '' : ' (python3 without networkx here: JSON round trip only)'}`, () => {
    const data = sceneToNodeLink(small());
    const dir = mkdtempSync(join(tmpdir(), 'groundplan-nx-'));
    try {
      const file = join(dir, 'scene.json');
      writeFileSync(file, JSON.stringify(data));
      if (!hasNetworkx) {
        expect(JSON.parse(JSON.stringify(data))).toEqual(data);
        return;
      }
      const script = `import json, sys, networkx as nx
g = nx.node_link_graph(json.load(open(sys.argv[1])), edges="edges")
print(json.dumps([g.number_of_nodes(), g.number_of_edges(), g.nodes["fridge"]["kind"], nx.shortest_path(g, "pose_kitchen", "pose_bedroom")]))`;
      const out = JSON.parse(execFileSync('python3', ['-c', script, file], { encoding: 'utf8' }));
      expect(out).toEqual([
        data.nodes.length,
        data.edges.length,
        'asset',
        expect.arrayContaining(['pose_kitchen', 'pose_bedroom']),
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
