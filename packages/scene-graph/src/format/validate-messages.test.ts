import { describe, expect, it } from 'vitest';
import { checkSceneFile, type SceneProblem } from './validate.js';

// Each case is a shape a faithful conversion of real data produced (VirtualHome TestScene1,
// Spark-DSG's apartment) and the message the validator once got wrong for it.
const scene = (nodes: unknown[], edges: unknown[]) => ({
  format: 'groundplan.scene-graph',
  version: 1,
  name: 'real-data shapes',
  nodes,
  edges,
});

function problemsOf(input: unknown): SceneProblem[] {
  const checked = checkSceneFile(input);
  return checked.ok ? [] : checked.error;
}

describe('validator messages on real-data shapes', () => {
  it('names a non-scalar attribute (a VirtualHome bounding box) as an attribute, not an edge kind', () => {
    const problems = problemsOf(
      scene(
        [
          { id: 'kitchen_201', kind: 'room' },
          {
            id: 'fridge_305',
            kind: 'asset',
            attributes: { bounding_box: { center: [1, 2, 3], size: [1, 2, 1] } },
          },
        ],
        [{ kind: 'hierarchy', source: 'kitchen_201', target: 'fridge_305' }],
      ),
    );
    expect(problems).toEqual([
      {
        path: 'nodes[1].attributes.bounding_box',
        message:
          'an attribute is a string, a finite number or a boolean, got object; put structured data (lists, boxes) in several attributes or leave it out',
      },
    ]);
  });

  it('does not give an attribute named position (a Spark-DSG place) the node-position message', () => {
    const problems = problemsOf(
      scene(
        [{ id: '8070450532247928838', kind: 'pose', attributes: { position: [-13.15, -2.45, 1.75] } }],
        [],
      ),
    );
    expect(problems).toHaveLength(1);
    expect(problems[0]?.path).toBe('nodes[0].attributes.position');
    expect(problems[0]?.message).toMatch(
      /^an attribute is a string, a finite number or a boolean, got array/,
    );
    expect(problems[0]?.message).not.toContain('[x, y, z]');
  });

  it('still gives the node its own position message', () => {
    expect(problemsOf(scene([{ id: 'r', kind: 'room', position: [1, 2] }], []))).toEqual([
      { path: 'nodes[0].position', message: 'position must be [x, y, z]: three finite numbers, in metres' },
    ]);
  });

  it('says "an asset" for a lamp on a table, and does not also call the lamp parentless', () => {
    const problems = problemsOf(
      scene(
        [
          { id: 'bedroom_67', kind: 'room' },
          { id: 'nightstand_98', kind: 'asset' },
          { id: 'tablelamp_100', kind: 'asset' },
        ],
        [
          { kind: 'hierarchy', source: 'bedroom_67', target: 'nightstand_98' },
          { kind: 'hierarchy', source: 'nightstand_98', target: 'tablelamp_100' },
        ],
      ),
    );
    expect(problems).toEqual([
      {
        path: 'edges[1]',
        message:
          'an asset cannot contain an asset directly ("nightstand_98" -> "tablelamp_100"); an asset contains object',
      },
    ]);
  });

  it('does not call an object hung from a place parentless once the edge is reported', () => {
    const problems = problemsOf(
      scene(
        [
          { id: '8070450532247929147', kind: 'pose' },
          { id: '5692549928996306944', kind: 'object' },
        ],
        [{ kind: 'hierarchy', source: '8070450532247929147', target: '5692549928996306944' }],
      ),
    );
    expect(problems).toEqual([
      {
        path: 'edges[0]',
        message:
          'a pose cannot contain anything, but "8070450532247929147" contains object "5692549928996306944"',
      },
    ]);
  });

  it('keeps the edge-kind message for an edge kind VirtualHome uses', () => {
    const problems = problemsOf(
      scene(
        [
          { id: 'kitchen_201', kind: 'room' },
          { id: 'fridge_305', kind: 'asset' },
        ],
        [
          { kind: 'hierarchy', source: 'kitchen_201', target: 'fridge_305' },
          { kind: 'CLOSE', source: 'kitchen_201', target: 'fridge_305' },
        ],
      ),
    );
    expect(problems).toEqual([
      { path: 'edges[1].kind', message: 'edge kind must be "hierarchy", "navigation" or "at"' },
    ]);
  });

  it('still reports an object with no hierarchy edge at all', () => {
    const problems = problemsOf(scene([{ id: 'o', kind: 'object' }], []));
    expect(problems).toEqual([
      {
        path: 'nodes[0]',
        message: 'object "o" has no parent; add a hierarchy edge from a room or asset or object',
      },
    ]);
  });
});
