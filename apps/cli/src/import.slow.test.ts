import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadSceneFile } from '@groundplan/scene-graph';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from './test-support/run-cli.js';

// A small VirtualHome graph: two rooms joined by a door, a table with a mug, a wall, the character.
const vh = {
  nodes: [
    {
      id: 1,
      class_name: 'kitchen',
      category: 'Rooms',
      properties: [],
      states: [],
      bounding_box: { center: [0, 1, 0], size: [6, 3, 6] },
    },
    {
      id: 2,
      class_name: 'bedroom',
      category: 'Rooms',
      properties: [],
      states: [],
      bounding_box: { center: [6, 1, 0], size: [6, 3, 6] },
    },
    {
      id: 3,
      class_name: 'door',
      category: 'Doors',
      properties: ['CAN_OPEN'],
      states: ['OPEN'],
      bounding_box: { center: [3, 1, 0], size: [0.2, 2, 1] },
    },
    {
      id: 4,
      class_name: 'kitchentable',
      category: 'Furniture',
      properties: ['SURFACES'],
      states: [],
      bounding_box: { center: [0, 0.5, 0], size: [2, 1, 1] },
    },
    {
      id: 5,
      class_name: 'mug',
      category: 'Props',
      properties: ['GRABBABLE'],
      states: [],
      bounding_box: { center: [0, 1.05, 0], size: [0.1, 0.1, 0.1] },
    },
    {
      id: 6,
      class_name: 'wall',
      category: 'Walls',
      properties: [],
      states: [],
      bounding_box: { center: [-3, 1, 0], size: [0.1, 3, 6] },
    },
    {
      id: 7,
      class_name: 'character',
      category: 'Characters',
      properties: [],
      states: [],
      bounding_box: { center: [6, 1, 0], size: [0.5, 2, 0.5] },
    },
  ],
  edges: [
    { from_id: 3, relation_type: 'BETWEEN', to_id: 1 },
    { from_id: 3, relation_type: 'BETWEEN', to_id: 2 },
    { from_id: 3, relation_type: 'INSIDE', to_id: 1 },
    { from_id: 4, relation_type: 'INSIDE', to_id: 1 },
    { from_id: 5, relation_type: 'INSIDE', to_id: 1 },
    { from_id: 5, relation_type: 'ON', to_id: 4 },
    { from_id: 5, relation_type: 'CLOSE', to_id: 4 },
    { from_id: 6, relation_type: 'INSIDE', to_id: 1 },
    { from_id: 7, relation_type: 'INSIDE', to_id: 2 },
  ],
};

/** One line on stderr, exit code 1, no stack trace, and no output file. */
function expectOneLineError(run: { code: number; stderr: string }, text: string, output: string) {
  expect(run.code).toBe(1);
  expect(run.stderr.trim().split('\n')).toHaveLength(1);
  expect(run.stderr).toContain(text);
  expect(run.stderr).not.toMatch(/\bat .+:\d+:\d+/);
  expect(existsSync(output)).toBe(false);
}

describe('groundplan import and export', { timeout: 120_000 }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'groundplan-import-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const source = join(dir, 'home_graph.json');
  writeFileSync(source, JSON.stringify(vh, null, 1));

  it('imports a VirtualHome graph, prints what it changed with counts, and writes a valid scene', async () => {
    const output = join(dir, 'home.json');
    const run = await runCli(['import', 'virtualhome', source, '-o', output]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("dropped 1 nodes of category Walls (the rooms' shell)");
    expect(run.stdout).toContain('dropped 1 CLOSE relations (proximity and view, not placement)');
    expect(run.stdout).toContain('added 1 navigation edges between rooms joined by a door');
    expect(run.stdout).toMatch(
      /wrote .*home\.json: 6 nodes \(2 room, 2 asset, 1 object, 1 agent\), 5 edges, sha256:[0-9a-f]{64}/,
    );
    const scene = await loadSceneFile(output);
    if (!scene.ok) throw new Error(JSON.stringify(scene.error));
    expect(scene.value.getAttribute('name')).toBe('home_graph');
  });

  it('exports a scene as networkx node-link JSON', async () => {
    const scene = join(dir, 'for-export.json');
    expect((await runCli(['import', 'virtualhome', source, '-o', scene])).code).toBe(0);
    const output = join(dir, 'home.nx.json');
    const run = await runCli(['export', 'networkx', scene, '-o', output]);
    expect(run.code).toBe(0);
    const data = JSON.parse(readFileSync(output, 'utf8'));
    expect(data).toMatchObject({ directed: true, multigraph: false, graph: { name: 'home_graph' } });
    expect(data.nodes.map((n: { id: string }) => n.id).sort()).toEqual([
      'bedroom_2',
      'character_7',
      'door_3',
      'kitchen_1',
      'kitchentable_4',
      'mug_5',
    ]);
    expect(data.edges).toContainEqual({
      source: 'kitchentable_4',
      target: 'mug_5',
      kind: 'hierarchy',
      relation: 'on',
    });
  });

  it('an unknown format', async () => {
    const output = join(dir, 'unknown.json');
    expectOneLineError(
      await runCli(['import', 'habitat', source, '-o', output]),
      "unknown format 'habitat'; groundplan imports spark-dsg, virtualhome, stanford-3dsg",
      output,
    );
  });

  it('a file of another format, naming the format it looks like', async () => {
    const output = join(dir, 'other.json');
    expectOneLineError(
      await runCli(['import', 'spark-dsg', source, '-o', output]),
      `${source} is not a Spark-DSG (Hydra) scene graph: it looks like a VirtualHome environment graph (try \`groundplan import virtualhome\`)`,
      output,
    );
  });

  it('a truncated file, with its line and column', async () => {
    const truncated = join(dir, 'truncated_graph.json');
    const text = JSON.stringify(vh, null, 1);
    writeFileSync(truncated, text.slice(0, text.length / 2));
    const output = join(dir, 'truncated.json');
    const run = await runCli(['import', 'virtualhome', truncated, '-o', output]);
    expectOneLineError(run, 'the file ends early: is it truncated?', output);
    expect(run.stderr).toMatch(new RegExp(`${truncated}:\\d+:\\d+: not valid JSON`));
  });

  it('ids that collide after conversion, naming the id', async () => {
    const colliding = join(dir, 'colliding_graph.json');
    const nodes = [...vh.nodes, { ...vh.nodes[4]!, id: '5' }];
    writeFileSync(colliding, JSON.stringify({ ...vh, nodes }));
    const output = join(dir, 'colliding.json');
    expectOneLineError(
      await runCli(['import', 'virtualhome', colliding, '-o', output]),
      `${colliding}: node id 5 appears twice (nodes[4] and nodes[7]); ids must be unique`,
      output,
    );
  });

  it('a missing file and an unknown export format', async () => {
    const output = join(dir, 'missing.json');
    expectOneLineError(
      await runCli(['import', 'virtualhome', join(dir, 'nope.json'), '-o', output]),
      'cannot read',
      output,
    );
    expectOneLineError(
      await runCli(['export', 'graphml', source, '-o', output]),
      "unknown export format 'graphml'; groundplan exports networkx",
      output,
    );
  });
});
