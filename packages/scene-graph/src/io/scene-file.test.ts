import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sceneToJson } from '../format/canonical-json.js';
import { parseScene } from '../format/validate.js';
import { generateScene } from '../generate/generate-scene.js';
import { buildSceneGraph, sceneToFile } from '../model/scene-graph.js';
import { smallScene } from '../test-support/small-scene.js';
import { loadSceneFile, saveSceneFile } from './scene-file.js';
import { sceneRef } from './scene-ref.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'scene-file-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('scene files', () => {
  it('load -> save -> load is lossless', async () => {
    const first = join(dir, 'first.json');
    const second = join(dir, 'second.json');
    await writeFile(first, JSON.stringify(smallScene()));
    const loaded = await loadSceneFile(first);
    if (!loaded.ok) throw new Error('expected the scene to load');
    await saveSceneFile(second, loaded.value);
    const again = await loadSceneFile(second);
    if (!again.ok) throw new Error('expected the saved scene to load');
    // Same nodes with the same data, same edges with the same data, whatever the order.
    loaded.value.forEachNode((id, attributes) =>
      expect(again.value.getNodeAttributes(id)).toEqual(attributes),
    );
    expect(again.value.order).toBe(loaded.value.order);
    const edgesOf = (graph: typeof loaded.value) =>
      sceneToFile(graph)
        .edges.map((edge) => {
          const [source, target] =
            edge.kind === 'navigation' ? [edge.source, edge.target].sort() : [edge.source, edge.target];
          return JSON.stringify({ ...edge, source, target });
        })
        .sort();
    expect(edgesOf(again.value)).toEqual(edgesOf(loaded.value));
    expect(again.value.getAttributes()).toEqual(loaded.value.getAttributes());
    expect(await readFile(second, 'utf8')).toBe(sceneToJson(again.value));
  });

  it('round-trips a generated building losslessly too', async () => {
    const graph = generateScene({
      seed: 7,
      floors: 2,
      roomsPerFloor: 6,
      assetsPerRoom: 3,
      objectsPerAsset: 2,
    });
    const path = join(dir, 'generated.json');
    await saveSceneFile(path, graph);
    const loaded = await loadSceneFile(path);
    expect(loaded.ok && sceneToJson(loaded.value)).toBe(sceneToJson(graph));
  });

  it('reports a file that cannot be read as a problem', async () => {
    const result = await loadSceneFile(join(dir, 'missing.json'));
    expect(result).toEqual({
      ok: false,
      error: [
        { path: '', message: expect.stringMatching(/^cannot read scene file .*missing\.json: ENOENT/) },
      ],
    });
  });

  it('reports bad JSON as a problem', async () => {
    const path = join(dir, 'bad.json');
    await writeFile(path, '{"format": ');
    const result = await loadSceneFile(path);
    expect(result).toEqual({
      ok: false,
      error: [
        {
          path: '',
          message: `${path} is not valid JSON at line 1, column 12 (character 11): the text ends early; the file may be truncated`,
        },
      ],
    });
  });

  it('names the file, line and column of a truncated or corrupt scene, in one line', async () => {
    const text = sceneToJson(buildSceneGraph(smallScene()));
    const cases: [string, string, RegExp][] = [
      [
        'truncated.json',
        text.slice(0, text.length / 2),
        /truncated\.json is not valid JSON at line \d+, column \d+ \(character \d+\): the text ends early; the file may be truncated$/,
      ],
      [
        'corrupt.json',
        text.replace('"kitchen"', '"kitch\u0000en"'),
        /corrupt\.json is not valid JSON at line 11, column \d+ \(character \d+\): invalid character \(found "\\"kitch\\u0000en\\""\)$/,
      ],
      [
        'bom-inside.json',
        text.replace('"nodes"', '\ufeff"nodes"'),
        /bom-inside\.json is not valid JSON at line 5, column 3 \(character \d+\): invalid symbol \(found "\\ufeff"\)$/,
      ],
      [
        'empty.json',
        '',
        /empty\.json is not valid JSON at line 1, column 1 \(character 0\): the text ends early/,
      ],
    ];
    for (const [name, content, message] of cases) {
      const path = join(dir, name);
      await writeFile(path, content);
      const result = await loadSceneFile(path);
      expect(result.ok).toBe(false);
      const problems = result.ok ? [] : result.error;
      expect(problems).toHaveLength(1);
      expect(problems[0]!.message).toMatch(message);
      expect(problems[0]!.message).not.toContain('\n');
    }
  });

  it('reads a file that starts with a byte-order mark', async () => {
    const path = join(dir, 'bom.json');
    await writeFile(path, `\ufeff${JSON.stringify(smallScene())}`);
    const result = await loadSceneFile(path);
    expect(result.ok && result.value.order).toBe(smallScene().nodes.length);
  });

  it('reports validation problems from the file', async () => {
    const path = join(dir, 'dangling.json');
    const file = smallScene();
    file.edges.push({ kind: 'navigation', source: 'hall', target: 'garage' });
    await writeFile(path, JSON.stringify(file));
    const result = await loadSceneFile(path);
    expect(!result.ok && result.error).toEqual([
      {
        path: `edges[${file.edges.length - 1}].target`,
        message: 'edge target "garage" is not a node in the scene',
      },
    ]);
  });
});

describe('canonical JSON and scene references', () => {
  it('is the same for the same scene written in another order with other key order', () => {
    const file = smallScene();
    const shuffled = {
      edges: [...file.edges].reverse().map(({ kind, ...rest }) => ({ ...rest, kind })),
      nodes: [...file.nodes].reverse().map(({ id, ...rest }) => ({ ...rest, id })),
      name: file.name,
      version: file.version,
      format: file.format,
    };
    const a = buildSceneGraph(file);
    const b = parseScene(shuffled);
    if (!b.ok) throw new Error('expected the shuffled scene to be valid');
    expect(sceneToJson(b.value)).toBe(sceneToJson(a));
    expect(sceneRef(b.value)).toBe(sceneRef(a));
    expect(sceneRef(a)).toMatch(/^sha256:[0-9a-f]{64}$/);
  });

  it('changes when the scene changes', () => {
    const graph = buildSceneGraph(smallScene());
    const before = sceneRef(graph);
    graph.setNodeAttribute('fridge', 'state', { door: 'open' });
    expect(sceneRef(graph)).not.toBe(before);
  });

  it('writes one node or edge per line, top of the hierarchy first', () => {
    const lines = sceneToJson(buildSceneGraph(smallScene())).split('\n');
    expect(lines.slice(0, 5)).toEqual([
      '{',
      '  "format": "groundplan.scene-graph",',
      '  "version": 1,',
      '  "name": "small home",',
      '  "nodes": [',
    ]);
    expect(lines[5]).toBe('    {"id":"house","kind":"building"},');
  });
});
