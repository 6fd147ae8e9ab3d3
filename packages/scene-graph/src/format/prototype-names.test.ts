import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { afterAll, describe, expect, it } from 'vitest';
import { fileSceneStore } from '../io/scene-store.js';
import { childrenOf, floorOf, parentOf, roomOf } from '../model/queries.js';
import { kindOf, sceneToFile } from '../model/scene-graph.js';
import { renderFullScene } from '../search/render.js';
import { collapse, contract, expand, isExpandable, isVisible, renderView } from '../search/view.js';
import { smallScene } from '../test-support/small-scene.js';
import { countTokens } from '../tokens/count-tokens.js';
import { sceneToJson } from './canonical-json.js';
import type { SceneFile } from './schema.js';
import { checkSceneFile, formatProblems, parseScene } from './validate.js';

// Ids and attribute keys are data, never object properties: every name Object.prototype owns goes
// through parsing, the views, rendering and the scene store as an id and as a key.
const PROTOTYPE_NAMES = Object.getOwnPropertyNames(Object.prototype);

/** The small scene with one node renamed everywhere it appears. */
function renamed(from: string, to: string): SceneFile {
  const file = smallScene();
  for (const node of file.nodes) if (node.id === from) node.id = to;
  for (const edge of file.edges) {
    if (edge.source === from) edge.source = to;
    if (edge.target === from) edge.target = to;
  }
  return file;
}

/** The small scene with `key` as an attribute and a state name of the bowl, built as JSON.parse would. */
function withKey(key: string): SceneFile {
  const file = smallScene();
  const bowl = file.nodes.find((node) => node.id === 'bowl')!;
  bowl.attributes = JSON.parse(`{"colour":"blue",${JSON.stringify(key)}:"odd"}`);
  bowl.state = JSON.parse(`{${JSON.stringify(key)}:"full"}`);
  return file;
}

describe('names Object.prototype owns', () => {
  const dir = mkdtempSync(`${tmpdir()}/groundplan-prototype-names-`);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('covers the names the graph library trips on', () => {
    expect(PROTOTYPE_NAMES).toEqual(
      expect.arrayContaining(['constructor', 'toString', '__proto__', 'valueOf', 'hasOwnProperty']),
    );
  });

  it.each(PROTOTYPE_NAMES)('refuses "%s" as a node id, in one line wherever it is used', (name) => {
    for (const from of ['kitchen', 'banana']) {
      const file = renamed(from, name);
      const result = parseScene(file);
      expect(result.ok).toBe(false);
      const problems = result.ok ? [] : result.error;
      const uses = [
        `nodes[${file.nodes.findIndex((node) => node.id === name)}].id`,
        ...file.edges.flatMap((edge, i) => [
          ...(edge.source === name ? [`edges[${i}].source`] : []),
          ...(edge.target === name ? [`edges[${i}].target`] : []),
        ]),
      ];
      expect(problems.filter((p) => uses.includes(p.path))).toEqual(
        uses.map((path) => ({
          path,
          message: `id "${name}" is a JavaScript object property name, which the graph cannot use as an id; rename it (e.g. "${name}_1")`,
        })),
      );
      expect(formatProblems(problems).split('\n')).toHaveLength(problems.length);
    }
  });

  it.each(PROTOTYPE_NAMES)('loads "%s_1" as an ordinary id', (name) => {
    const result = parseScene(renamed('kitchen', `${name}_1`));
    expect(result.ok && result.value.hasNode(`${name}_1`)).toBe(true);
  });

  it.each(PROTOTYPE_NAMES)('answers a view or a query asked about "%s" with a message or nothing', (name) => {
    const parsed = parseScene(smallScene());
    if (!parsed.ok) throw new Error('the small scene is valid');
    const graph = parsed.value;
    const view = collapse(graph);
    expect(expand(graph, view, name)).toEqual({
      ok: false,
      error: expect.stringContaining(`no node "${name}"`),
    });
    expect(contract(graph, view, name)).toEqual({
      ok: false,
      error: expect.stringContaining(`no node "${name}"`),
    });
    const answers = [parentOf(graph, name), roomOf(graph, name), floorOf(graph, name), kindOf(graph, name)];
    expect(answers).toEqual([undefined, undefined, undefined, undefined]);
    expect(childrenOf(graph, name)).toEqual([]);
    expect(isVisible(graph, view, name)).toBe(false);
    expect(isExpandable(graph, name)).toBe(false);
  });

  const ordinaryNames = PROTOTYPE_NAMES.filter((name) => name !== '__proto__');
  it.each(ordinaryNames)(
    'keeps "%s" as an attribute and a state name, through render, canonical form and store',
    async (name) => {
      const parsed = parseScene(withKey(name));
      if (!parsed.ok) throw new Error(formatProblems(parsed.error));
      const graph = parsed.value;
      expect(Object.hasOwn(graph.getNodeAttribute('bowl', 'attributes')!, name)).toBe(true);

      const kitchenOpen = expand(graph, collapse(graph), 'kitchen');
      if (!kitchenOpen.ok) throw new Error(kitchenOpen.error);
      const benchOpen = expand(graph, kitchenOpen.value, 'bench');
      if (!benchOpen.ok) throw new Error(benchOpen.error);
      for (const text of [renderView(graph, benchOpen.value), renderFullScene(graph)]) {
        const bowl = (
          JSON.parse(text) as { nodes: { id: string; attributes?: object; state?: object }[] }
        ).nodes.find((node) => node.id === 'bowl')!;
        expect(bowl.attributes).toEqual(JSON.parse(`{"colour":"blue",${JSON.stringify(name)}:"odd"}`));
        expect(bowl.state).toEqual(JSON.parse(`{${JSON.stringify(name)}:"full"}`));
        expect(countTokens(text)).toBeGreaterThan(0);
      }
      expect(contract(graph, benchOpen.value, 'kitchen')).toEqual({
        ok: true,
        value: { expanded: [], memory: ['bench', 'kitchen'] },
      });

      // The canonical form keeps the key, and reads back to the same text.
      const canonical = sceneToJson(graph);
      expect(canonical).toContain(`${JSON.stringify(name)}:"odd"`);
      const again = parseScene(JSON.parse(canonical));
      expect(again.ok && sceneToJson(again.value)).toBe(canonical);
      expect(checkSceneFile(sceneToFile(graph)).ok).toBe(true);

      const ref = await fileSceneStore(dir).put(graph);
      const stored = await fileSceneStore(dir).get(ref);
      expect(stored.ok && stored.value.getNodeAttribute('bowl', 'state')).toEqual(
        JSON.parse(`{${JSON.stringify(name)}:"full"}`),
      );
    },
  );

  it('refuses "__proto__" as an attribute or state name instead of dropping it', () => {
    const result = parseScene(withKey('__proto__'));
    expect(result.ok).toBe(false);
    expect(result.ok ? [] : result.error).toEqual([
      {
        path: 'nodes[13].attributes.__proto__',
        message: '"__proto__" cannot be a name of attributes; rename it',
      },
      {
        path: 'nodes[13].state.__proto__',
        message: '"__proto__" cannot be a name of state dimensions; rename it',
      },
    ]);
  });
});
