import { crc32 } from 'node:zlib';
import Graph from 'graphology';
import { hasSoundStructure } from '../format/structure-fast-path.js';
import type { SceneEdgeAttributes, SceneGraph, SceneNodeAttributes } from '../model/scene-graph.js';
import { err, ok, type Result } from '../result.js';

// The compact form of a validated scene, what the scene store keeps beside the scene's JSON so a
// worker that loads a large scene again skips JSON.parse of every edge and the shape check (at
// 10^6 nodes: 2.5 of 7 s). Node ids are one newline-separated text, node attributes one JSON array
// (JSON.parse is V8's fastest way to make many small objects, and they become the graph's
// attribute objects as they are), edges typed arrays of node indexes. A CRC32 of the body says
// the bytes are the ones written; only the store writes this form, from a scene it validated.

const MAGIC = 'GPSCENE1';
const FORMAT = 'groundplan.scene-compact';
const VERSION = 1;
const EDGE_CODES = ['hierarchy', 'on', 'inside', 'navigation', 'at'] as const;

// Edge attributes other than a distance are shared, frozen: a million copies of { kind: 'hierarchy' }
// cost the collector more than the rest of the edges (nothing edits them in place; an edit throws).
const HIERARCHY: SceneEdgeAttributes = Object.freeze({ kind: 'hierarchy' });
const ON: SceneEdgeAttributes = Object.freeze({ kind: 'hierarchy', relation: 'on' });
const INSIDE: SceneEdgeAttributes = Object.freeze({ kind: 'hierarchy', relation: 'inside' });
const AT: SceneEdgeAttributes = Object.freeze({ kind: 'at' });

type Header = {
  format: typeof FORMAT;
  version: typeof VERSION;
  name: string;
  description?: string;
  nodes: number;
  edges: number;
  /** Byte lengths of ids, attributes, ends, kinds and distances, each padded to 8 bytes. */
  sections: [number, number, number, number, number];
  crc32: number;
};

/** The compact form of a scene graph (see decodeCompactScene). */
export function encodeCompactScene(graph: SceneGraph): Buffer {
  return Buffer.concat(compactSceneParts(graph));
}

/**
 * The compact form in parts, to write one after the other: at 10^6 nodes, joining them first
 * would hold another 140 MB while the scene itself is in memory.
 */
export function compactSceneParts(graph: SceneGraph): Buffer[] {
  const index = new Map<string, number>();
  const ids: string[] = [];
  const attributes: SceneNodeAttributes[] = [];
  graph.forEachNode((id, attrs) => {
    index.set(id, ids.length);
    ids.push(id);
    attributes.push(attrs);
  });
  const ends = new Int32Array(graph.size * 2);
  const kinds = new Uint8Array(graph.size);
  const distances = new Float64Array(graph.size);
  let e = 0;
  graph.forEachEdge((_key, attrs, source, target) => {
    ends[2 * e] = index.get(source)!;
    ends[2 * e + 1] = index.get(target)!;
    kinds[e] = EDGE_CODES.indexOf(attrs.kind === 'hierarchy' ? (attrs.relation ?? 'hierarchy') : attrs.kind);
    distances[e] = attrs.kind === 'navigation' ? attrs.distance : 0;
    e++;
  });
  const sections = [
    Buffer.from(ids.join('\n'), 'utf8'),
    Buffer.from(JSON.stringify(attributes), 'utf8'),
    Buffer.from(ends.buffer),
    Buffer.from(kinds.buffer),
    Buffer.from(distances.buffer),
  ].map(padded);
  let crc = 0;
  for (const section of sections) crc = crc32(section, crc);
  const { name, description } = graph.getAttributes();
  const header: Header = {
    format: FORMAT,
    version: VERSION,
    name,
    ...(description === undefined ? {} : { description }),
    nodes: graph.order,
    edges: graph.size,
    sections: sections.map((s) => s.length) as Header['sections'],
    crc32: crc,
  };
  const headerBytes = padded(Buffer.from(JSON.stringify(header), 'utf8'));
  const prefix = Buffer.alloc(16);
  prefix.write(MAGIC, 0, 'latin1');
  prefix.writeUInt32LE(headerBytes.length, 8);
  return [prefix, headerBytes, ...sections];
}

/** The scene graph of a compact form, or one line saying why the bytes are not one. */
export function decodeCompactScene(bytes: Buffer): Result<SceneGraph, string> {
  if (bytes.length < 16 || bytes.toString('latin1', 0, 8) !== MAGIC)
    return err('not a compact scene (no GPSCENE1 mark at the start)');
  const headerLength = bytes.readUInt32LE(8);
  let header: Header;
  try {
    header = JSON.parse(bytes.toString('utf8', 16, 16 + headerLength).trimEnd()) as Header;
  } catch {
    return err('the compact scene header is not JSON; the file is damaged');
  }
  if (header.format !== FORMAT || header.version !== VERSION)
    return err(
      `compact scene format ${header.format} version ${header.version}; this reader takes ${FORMAT} ${VERSION}`,
    );
  const start = 16 + headerLength;
  const total = header.sections.reduce((a, b) => a + b, 0);
  if (bytes.length !== start + total)
    return err(
      `the compact scene is ${bytes.length} bytes, its header says ${start + total}; the file is damaged`,
    );
  // A copy at offset 0 of its own buffer keeps the typed arrays aligned whatever buffer we were given.
  const body = bytes.byteOffset % 8 === 0 ? bytes.subarray(start) : Buffer.from(bytes.subarray(start));
  if (crc32(body) !== header.crc32)
    return err('the compact scene fails its CRC32 check; the file is damaged');

  const at: number[] = [];
  let offset = 0;
  for (const length of header.sections) {
    at.push(offset);
    offset += length;
  }
  const idText = body.toString('utf8', at[0], at[0]! + header.sections[0]).trimEnd();
  const ids = idText === '' ? [] : idText.split('\n');
  let attributes: SceneNodeAttributes[];
  try {
    attributes = JSON.parse(body.toString('utf8', at[1], at[1]! + header.sections[1]).trimEnd());
  } catch {
    return err('the compact scene node attributes are not JSON; the file is damaged');
  }
  const ends = new Int32Array(body.buffer, body.byteOffset + at[2]!, header.edges * 2);
  const kinds = new Uint8Array(body.buffer, body.byteOffset + at[3]!, header.edges);
  const distances = new Float64Array(body.buffer, body.byteOffset + at[4]!, header.edges);
  if (ids.length !== header.nodes || attributes.length !== header.nodes)
    return err(
      `the compact scene lists ${ids.length} ids and ${attributes.length} nodes, its header says ${header.nodes}`,
    );

  const graph: SceneGraph = new Graph({ type: 'mixed', multi: false, allowSelfLoops: false });
  graph.replaceAttributes(
    header.description === undefined
      ? { name: header.name }
      : { name: header.name, description: header.description },
  );
  // graphology's own checks stay: a duplicate, a dangling end or a self-loop throws.
  try {
    for (let i = 0; i < ids.length; i++) graph.addNode(ids[i]!, attributes[i]!);
    for (let i = 0; i < header.edges; i++) {
      const source = ids[ends[2 * i]!];
      const target = ids[ends[2 * i + 1]!];
      if (source === undefined || target === undefined) return err(`compact scene edge ${i} names no node`);
      const code = EDGE_CODES[kinds[i]!];
      switch (code) {
        case 'hierarchy':
          graph.addDirectedEdge(source, target, HIERARCHY);
          break;
        case 'on':
        case 'inside':
          graph.addDirectedEdge(source, target, code === 'on' ? ON : INSIDE);
          break;
        case 'navigation':
          graph.addUndirectedEdge(source, target, { kind: 'navigation', distance: distances[i]! });
          break;
        case 'at':
          graph.addDirectedEdge(source, target, AT);
          break;
        default:
          return err(`compact scene edge ${i} has no kind ${kinds[i]}`);
      }
    }
  } catch (cause) {
    return err(`the compact scene does not make a graph: ${(cause as Error).message}`);
  }
  if (!hasSoundStructure(graph)) return err('the compact scene breaks a structure rule of the format');
  return ok(graph);
}

function padded(bytes: Buffer): Buffer {
  const extra = (8 - (bytes.length % 8)) % 8;
  return extra === 0 ? bytes : Buffer.concat([bytes, Buffer.alloc(extra, 0x20)]);
}
