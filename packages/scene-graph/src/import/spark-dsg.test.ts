import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sceneToJson } from '../format/canonical-json.js';
import { externalDataDir, externalDatasets } from '../test-support/external-data.js';
import { formatImportNotes } from './import-report.js';
import { importSparkDsg } from './spark-dsg.js';

// A small file in Spark-DSG's layout: two places whose 64-bit ids differ in the last digit only,
// a room, a building, an object hanging from a place, and a two-pose agent trajectory.
const PLACE_A = '8070450532247928838';
const PLACE_B = '8070450532247928839';
const ROOM = '5908722711110090752';
const BUILDING = '4755801206503243776';
const OBJECT = '5692549928996306944';
const AGENT_OLD = '6989586621679009792';
const AGENT_NEW = '6989586621679009793';
const node = (id: string, layer: number, type: string, position: number[], extra = '') =>
  `{"id": ${id}, "layer": ${layer}, ${extra}"attributes": {"type": "${type}", "name": "", "position": [${position.join(', ')}], "semantic_label": 5}}`;
const edge = (a: string, b: string) =>
  `{"source": ${a}, "target": ${b}, "info": {"type": "EdgeAttributes", "weight": 0.5}}`;
const small = `{"directed": false, "layer_ids": [2, 3, 4, 5], "nodes": [
  ${node(PLACE_A, 3, 'PlaceNodeAttributes', [0, 0, 0])},
  ${node(PLACE_B, 3, 'PlaceNodeAttributes', [3, 4, 0])},
  ${node(ROOM, 4, 'RoomNodeAttributes', [1, 1, 0])},
  ${node(BUILDING, 5, 'SemanticNodeAttributes', [1, 1, 0])},
  ${node(OBJECT, 2, 'ObjectNodeAttributes', [3, 4, 1])},
  ${node(AGENT_OLD, 2, 'AgentNodeAttributes', [0, 0, 0], '"timestamp": 100, ')},
  ${node(AGENT_NEW, 2, 'AgentNodeAttributes', [3, 4, 0], '"timestamp": 200, ')}
], "edges": [
  ${edge(PLACE_A, PLACE_B)}, ${edge(ROOM, PLACE_A)}, ${edge(BUILDING, ROOM)}, ${edge(PLACE_B, OBJECT)},
  ${edge(PLACE_A, AGENT_OLD)}, ${edge(PLACE_B, AGENT_NEW)}, ${edge(AGENT_OLD, AGENT_NEW)}
]}`;

const options = { file: 'small_dsg.json', name: 'small' };

describe('importSparkDsg', () => {
  it('keeps 64-bit ids that JSON.parse would merge', () => {
    const parsed = JSON.parse(small) as { nodes: { id: number }[] };
    expect(parsed.nodes[0]!.id).toBe(parsed.nodes[1]!.id); // the trap the importer avoids
    const imported = importSparkDsg(small, options);
    if (!imported.ok) throw new Error(imported.error);
    expect(imported.value.graph.hasNode(PLACE_A)).toBe(true);
    expect(imported.value.graph.hasNode(PLACE_B)).toBe(true);
  });

  it("maps layers to kinds, adds a floor, links places, puts the object in its place's room and keeps the latest agent", () => {
    const imported = importSparkDsg(small, options);
    if (!imported.ok) throw new Error(imported.error);
    const { graph, notes } = imported.value;
    const kind = (id: string) => graph.getNodeAttribute(id, 'kind');
    expect([
      kind(BUILDING),
      kind(`${BUILDING}_floor`),
      kind(ROOM),
      kind(PLACE_A),
      kind(OBJECT),
      kind(AGENT_NEW),
    ]).toEqual(['building', 'floor', 'room', 'pose', 'object', 'agent']);
    expect(graph.hasNode(AGENT_OLD)).toBe(false);
    expect(graph.outNeighbors(AGENT_NEW)).toEqual([PLACE_B]);
    expect(graph.inNeighbors(OBJECT)).toEqual([ROOM]); // place B is in no room: the nearest roomed place's room
    expect(graph.getEdgeAttributes(graph.edge(PLACE_A, PLACE_B)!)).toEqual({
      kind: 'navigation',
      distance: 5,
    });
    expect(formatImportNotes(notes).sort()).toEqual(
      [
        'added 1 floors, one per building (Spark-DSG has no floor layer)',
        'kept 2 places as poses of the navigation layer',
        'kept 1 places in no room (poses linked only to other poses)',
        'resolved 1 objects attached to a place in no room: put in the room of the nearest place that has one',
        'dropped 1 agent trajectory edges (one agent is kept)',
        'dropped 1 earlier agent poses of the trajectory (the latest is kept as the agent)',
      ].sort(),
    );
  });

  it('rejects a duplicate id, naming it and both positions', () => {
    const twice = small.replace(`"id": ${PLACE_B}`, `"id": ${PLACE_A}`);
    expect(importSparkDsg(twice, options)).toEqual({
      ok: false,
      error: `small_dsg.json: node id ${PLACE_A} appears twice (nodes[0] and nodes[1]); ids must be unique`,
    });
  });

  it('rejects an id that is not a whole number (so no added floor id can collide with one)', () => {
    const clash = small.replace(`"id": ${OBJECT}`, `"id": "${BUILDING}_floor"`);
    expect(importSparkDsg(clash, options)).toEqual({
      ok: false,
      error: `small_dsg.json: nodes[4]: id ${BUILDING}_floor is not a Spark-DSG node id (a whole number)`,
    });
  });

  it('rejects a truncated file with its line and column', () => {
    const result = importSparkDsg(small.slice(0, 200), options);
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.error).toMatch(
        /^small_dsg\.json:2:\d+: not valid JSON: .*\(the file ends early: is it truncated\?\)$/,
      );
  });

  it('rejects a VirtualHome graph, naming the format it looks like', () => {
    const vh = '{"nodes": [{"id": 1, "class_name": "kitchen", "category": "Rooms"}], "edges": []}';
    expect(importSparkDsg(vh, options)).toEqual({
      ok: false,
      error:
        'small_dsg.json is not a Spark-DSG (Hydra) scene graph: it looks like a VirtualHome environment graph (try `groundplan import virtualhome`)',
    });
  });

  it('converts the real apartment to the committed conversion, every id kept exactly', () => {
    const raw = readFileSync(join(externalDataDir(), 'spark-dsg', 'apartment_dsg.json'), 'utf8');
    const imported = importSparkDsg(raw, { file: 'apartment_dsg.json', name: 'Spark-DSG apartment' });
    if (!imported.ok) throw new Error(imported.error);
    const sourceIds = new Set([...raw.matchAll(/"id":\s*(\d+)/g)].map((m) => m[1]));
    expect(sourceIds.size).toBe(296);
    expect(new Set([...sourceIds].map(Number)).size).toBe(10); // what JSON.parse would have left
    const kept = imported.value.graph.filterNodes((id) => sourceIds.has(id));
    expect(kept).toHaveLength(195); // 102 agent poses became 1; the added floor is the 196th node
    expect(sceneToJson(imported.value.graph)).toBe(
      readFileSync(join(externalDatasets, 'spark-dsg', 'apartment.json'), 'utf8'),
    );
  });
});
