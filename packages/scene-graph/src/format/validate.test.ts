import { describe, expect, it } from 'vitest';
import { smallScene } from '../test-support/small-scene.js';
import type { SceneEdge, SceneFile, SceneNode } from './schema.js';
import { formatProblems, parseScene, type SceneProblem } from './validate.js';

function problemsOf(input: unknown): SceneProblem[] {
  const result = parseScene(input);
  if (result.ok) throw new Error('expected the scene to be rejected');
  return result.error;
}

function withNodes(...nodes: SceneNode[]): SceneFile {
  const file = smallScene();
  return { ...file, nodes: [...file.nodes, ...nodes] };
}

function withEdges(...edges: SceneEdge[]): SceneFile {
  const file = smallScene();
  return { ...file, edges: [...file.edges, ...edges] };
}

const lastEdge = smallScene().edges.length; // index of the first edge a test appends

describe('parseScene', () => {
  it('builds the graph of a valid scene', () => {
    const result = parseScene(smallScene());
    expect(result.ok && result.value.order).toBe(17);
  });

  describe('shape errors, with the path to the bad value', () => {
    it('rejects a document that is not a scene file at all', () => {
      expect(problemsOf(42)).toEqual([{ path: '', message: 'expected object, got number' }]);
    });
    it('rejects a wrong format name and an unsupported version', () => {
      const problems = problemsOf({ ...smallScene(), format: 'other', version: 2 });
      expect(problems.map((p) => p.path)).toEqual(['format', 'version']);
      expect(problems[1]!.message).toBe('expected one of 1');
    });
    it('rejects wrong types at their exact path', () => {
      const file = smallScene() as unknown as { nodes: Record<string, unknown>[] };
      file.nodes[3]!.state = { door: 3 };
      expect(problemsOf(file)).toEqual([
        { path: 'nodes[3].state.door', message: 'expected string, got number' },
      ]);
    });
    it('rejects an unknown node kind', () => {
      const problems = problemsOf(withNodes({ id: 'x', kind: 'robot' as 'agent' }));
      expect(problems).toEqual([
        { path: 'nodes[17].kind', message: expect.stringContaining('expected one of') },
      ]);
    });
    it('rejects a non-finite position coordinate', () => {
      const problems = problemsOf(withNodes({ id: 'x', kind: 'pose', position: [0, Number.NaN, 0] }));
      expect(problems).toEqual([
        { path: 'nodes[17].position[1]', message: 'expected a finite number, got NaN' },
      ]);
    });
    it('rejects unknown fields', () => {
      const problems = problemsOf({
        ...withNodes({ id: 'x', kind: 'pose', colour: 'red' } as SceneNode),
        extra: 1,
      });
      expect(problems).toEqual([
        { path: '', message: expect.stringContaining('unknown field "extra"') },
        { path: 'nodes[17]', message: expect.stringContaining('unknown field "colour"') },
      ]);
    });
    it('rejects a missing edge end and an unknown edge kind', () => {
      const problems = problemsOf({
        ...smallScene(),
        edges: [
          { kind: 'hierarchy', source: 'kitchen' },
          { kind: 'near', source: 'a', target: 'b' },
        ],
      });
      expect(problems.slice(0, 2)).toEqual([
        { path: 'edges[0].target', message: 'missing string' },
        { path: 'edges[1].kind', message: 'edge kind must be "hierarchy", "navigation" or "at"' },
      ]);
    });
    it('does not call edges to a malformed node dangling', () => {
      const file = smallScene() as unknown as { nodes: Record<string, unknown>[] };
      file.nodes[4]!.position = [5, 0]; // the hall
      expect(problemsOf(file)).toEqual([{ path: 'nodes[4].position', message: expect.any(String) }]);
    });
  });

  describe('structure errors', () => {
    it('rejects a duplicate node id', () => {
      expect(problemsOf(withNodes({ id: 'kitchen', kind: 'room' }))).toEqual([
        {
          path: 'nodes[17].id',
          message: 'duplicate node id "kitchen" (first defined at nodes[3]); ids must be unique',
        },
      ]);
    });
    it('rejects a duplicate edge, navigation in either direction', () => {
      const problems = problemsOf(
        withEdges({ kind: 'navigation', source: 'pose_kitchen', target: 'kitchen' }),
      );
      expect(problems).toEqual([
        { path: `edges[${lastEdge}]`, message: expect.stringContaining('duplicate edge') },
      ]);
    });
    it('rejects a duplicate hierarchy or at edge', () => {
      const file = withEdges(
        { kind: 'hierarchy', source: 'kitchen', target: 'fridge' },
        { kind: 'at', source: 'robot', target: 'pose_hall' },
      );
      expect(problemsOf(file)).toEqual([
        {
          path: `edges[${lastEdge}]`,
          message: 'duplicate edge between "kitchen" and "fridge" (first at edges[5])',
        },
        {
          path: `edges[${lastEdge + 1}]`,
          message: expect.stringContaining('duplicate edge between "robot"'),
        },
      ]);
    });
    it('rejects an edge to a node that does not exist', () => {
      expect(problemsOf(withEdges({ kind: 'navigation', source: 'pose_hall', target: 'garage' }))).toEqual([
        { path: `edges[${lastEdge}].target`, message: 'edge target "garage" is not a node in the scene' },
      ]);
    });
    it('rejects a self-loop', () => {
      expect(problemsOf(withEdges({ kind: 'navigation', source: 'hall', target: 'hall' }))).toEqual([
        { path: `edges[${lastEdge}]`, message: 'navigation edge connects "hall" to itself' },
      ]);
    });
    it('rejects a hierarchy edge that skips a level', () => {
      const file = smallScene();
      file.edges[5] = { kind: 'hierarchy', source: 'ground', target: 'fridge' };
      expect(problemsOf(file)).toEqual([
        {
          path: 'edges[5]',
          message: 'a floor cannot contain an asset directly ("ground" -> "fridge"); a floor contains room',
        },
      ]);
    });
    it('rejects an object with no parent', () => {
      expect(problemsOf(withNodes({ id: 'sock', kind: 'object' }))).toEqual([
        {
          path: 'nodes[17]',
          message: expect.stringMatching(/^object "sock" has no parent; add a hierarchy edge/),
        },
      ]);
    });
    it('rejects an object with two parents', () => {
      expect(problemsOf(withEdges({ kind: 'hierarchy', source: 'fridge', target: 'bowl' }))).toEqual([
        { path: 'nodes[13]', message: expect.stringContaining('object "bowl" has 2 parents') },
      ]);
    });
    it('requires a floor parent for rooms once the scene has floors', () => {
      expect(problemsOf(withNodes({ id: 'attic', kind: 'room' }))).toEqual([
        { path: 'nodes[17]', message: 'room "attic" has no parent; add a hierarchy edge from a floor' },
      ]);
    });
    it('accepts rooms without floors in a scene that has none', () => {
      const file: SceneFile = {
        ...smallScene(),
        nodes: [{ id: 'studio', kind: 'room' }],
        edges: [],
      };
      expect(parseScene(file).ok).toBe(true);
    });
    it('rejects a containment cycle', () => {
      const file = withNodes({ id: 'box', kind: 'object' }, { id: 'crate', kind: 'object' });
      file.edges.push(
        { kind: 'hierarchy', source: 'box', target: 'crate', relation: 'inside' },
        { kind: 'hierarchy', source: 'crate', target: 'box', relation: 'inside' },
      );
      expect(problemsOf(file)).toEqual([
        {
          path: 'nodes[17]',
          message: 'containment cycle: "box" in "crate" in "box"; an object cannot end up inside itself',
        },
      ]);
    });
    it('rejects a relation on a child that is not an object', () => {
      const file = smallScene();
      file.edges[5] = { kind: 'hierarchy', source: 'kitchen', target: 'fridge', relation: 'inside' };
      expect(problemsOf(file)).toEqual([
        {
          path: 'edges[5].relation',
          message: 'relation "inside" is only for objects, but "fridge" is an asset',
        },
      ]);
    });
    it('rejects a navigation edge to something other than a room or pose', () => {
      expect(problemsOf(withEdges({ kind: 'navigation', source: 'pose_kitchen', target: 'fridge' }))).toEqual(
        [
          {
            path: `edges[${lastEdge}]`,
            message: 'navigation edges link rooms and poses only, but "fridge" is an asset',
          },
        ],
      );
    });
    it('rejects an at edge that does not start at the agent or does not end at a place', () => {
      const file = smallScene();
      file.edges[file.edges.length - 1] = { kind: 'at', source: 'robot', target: 'fridge' };
      file.edges.push({ kind: 'at', source: 'banana', target: 'kitchen' });
      expect(problemsOf(file)).toEqual([
        {
          path: `edges[${lastEdge - 1}].target`,
          message: 'the agent can be at a room or a pose, but "fridge" is an asset',
        },
        {
          path: `edges[${lastEdge}].source`,
          message: 'an at edge starts at the agent, but "banana" is an object',
        },
      ]);
    });
    it('rejects an agent in two places', () => {
      expect(problemsOf(withEdges({ kind: 'at', source: 'robot', target: 'kitchen' }))).toEqual([
        {
          path: `edges[${lastEdge}]`,
          message: expect.stringContaining('the agent is at more than one place'),
        },
      ]);
    });
    it('rejects more than one agent', () => {
      expect(problemsOf(withNodes({ id: 'robot2', kind: 'agent' }))).toEqual([
        { path: 'nodes[17].kind', message: expect.stringContaining('a second agent "robot2"') },
      ]);
    });
    it('lets the agent hold one object, and only one', () => {
      const holding = smallScene();
      holding.edges[11] = { kind: 'hierarchy', source: 'robot', target: 'ball' };
      expect(parseScene(holding).ok).toBe(true);
      holding.edges.push({ kind: 'hierarchy', source: 'robot', target: 'banana' });
      expect(problemsOf(holding).map((p) => p.message)).toEqual([
        expect.stringContaining('the agent holds more than one object'),
        expect.stringContaining('object "banana" has 2 parents'),
      ]);
    });
  });

  it('reports every problem at once, shape and structure together', () => {
    const file = withNodes(
      { id: 'kitchen', kind: 'room' },
      { id: 'x', kind: 'pose', position: [1, 2] as never },
    );
    file.edges.push({ kind: 'navigation', source: 'pose_hall', target: 'nowhere' });
    expect(problemsOf(file).map((p) => p.path)).toEqual([
      'nodes[18].position',
      'nodes[17].id',
      `edges[${lastEdge}].target`,
    ]);
  });
});

describe('formatProblems', () => {
  it('lists one problem per line, path first', () => {
    expect(
      formatProblems([
        { path: '', message: 'not JSON' },
        { path: 'edges[3].target', message: 'edge target "x" is not a node in the scene' },
      ]),
    ).toBe('(file): not JSON\nedges[3].target: edge target "x" is not a node in the scene');
  });
  it('shortens a very long listing', () => {
    const many = Array.from({ length: 250 }, (_, i) => ({ path: `nodes[${i}]`, message: 'bad' }));
    const lines = formatProblems(many).split('\n');
    expect(lines).toHaveLength(201);
    expect(lines.at(-1)).toBe('... and 50 more problems');
  });
});
