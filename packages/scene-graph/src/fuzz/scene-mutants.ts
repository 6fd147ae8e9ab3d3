import fc from 'fast-check';
import { RESERVED_IDS, SCENE_LIMITS } from '../format/schema.js';

// Structure-aware mutations of a valid scene file, for the fuzz suite: each mutant is a valid
// file (office, home) changed in one to four places the way a hand edit, an importer bug or an
// attacker would change it, then written as JSON text, which may itself be cut short or damaged.
// The changes are data (`SceneMutation`), so a failing case prints what was done to the file.

type Json = Record<string, unknown>;

const L = SCENE_LIMITS;
const PROTOTYPE_NAMES = [...RESERVED_IDS];

/** Values a field could be set to: prototype names, extreme numbers, long strings, wrong types. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...PROTOTYPE_NAMES),
  fc.constantFrom(
    0,
    -0,
    1,
    -1,
    0.1,
    5e-324,
    1e308,
    -1e308,
    Number.MAX_SAFE_INTEGER,
    Number.MAX_SAFE_INTEGER + 2,
    L.coordinateMagnitude,
    L.coordinateMagnitude + 1,
    L.distance,
    L.distance * 2,
  ),
  fc.constantFrom(null, true, false, [], {}, [1, 2, 3], [[[]]], { a: { b: {} } }),
  fc.constantFrom(
    '',
    ' ',
    'kitchen',
    'room',
    'object',
    'hierarchy',
    'on',
    '\u0000',
    '\ud800', // a lone surrogate
    '\u202e', // right-to-left override
    '😀',
    '\ufeff',
    'a b',
    'é',
  ),
  fc
    .constantFrom(
      L.idLength,
      L.idLength + 1,
      L.attributeTextLength,
      L.attributeTextLength + 1,
      L.stateValueLength + 1,
      L.descriptionLength + 1,
      100_000,
    )
    .map((length) => 'w'.repeat(length)),
  fc.integer({ min: 1, max: 1_000 }).map((depth) => nested(depth)), // deeper: wrap-deep, in the text,
  fc.jsonValue({ maxDepth: 3 }),
);

/** What a mutation does to the parsed file; `at` picks the node or edge (modulo the list length). */
export type SceneMutation =
  | { op: 'set-node-field'; at: number; field: string; value: unknown }
  | { op: 'set-edge-field'; at: number; field: string; value: unknown }
  | { op: 'set-file-field'; field: string; value: unknown }
  | { op: 'delete-field'; at: number; list: 'nodes' | 'edges'; field: string }
  | { op: 'set-key'; at: number; record: 'attributes' | 'state'; key: string; value: unknown }
  | { op: 'fill-node'; at: number } // every list and string of one node at its limit
  | { op: 'overfill-node'; at: number; what: 'attributes' | 'state' | 'affordances' }
  | { op: 'rename-id'; at: number; to: string } // consistently, in the node and its edges
  | { op: 'duplicate'; list: 'nodes' | 'edges'; at: number }
  | { op: 'remove'; list: 'nodes' | 'edges'; at: number }
  | { op: 'swap-ends'; at: number }
  | { op: 'rewire'; at: number; end: 'source' | 'target'; node: number }
  | { op: 'replace-item'; list: 'nodes' | 'edges'; at: number; value: unknown };

/** What is done to the JSON text after the changes: nothing, a BOM, a cut, a damaged character. */
export type TextMutation =
  | { op: 'none' }
  | { op: 'bom' }
  | { op: 'truncate'; at: number } // a fraction of the text, 0..1
  | { op: 'replace-char'; at: number; char: string }
  | { op: 'append'; text: string }
  | { op: 'wrap-deep'; depth: number }
  | { op: 'number-literal'; at: number; literal: string }; // the next number in the text rewritten

export type SceneMutant = { base: string; changes: SceneMutation[]; text: TextMutation };

const NODE_FIELDS = ['id', 'kind', 'attributes', 'state', 'affordances', 'position', 'extra'];
const EDGE_FIELDS = ['kind', 'source', 'target', 'relation', 'distance', 'extra'];
const FILE_FIELDS = ['format', 'version', 'name', 'description', 'nodes', 'edges', 'extra'];
const KEYS = [...PROTOTYPE_NAMES, 'colour', '', 'k'.repeat(L.keyLength), 'k'.repeat(L.keyLength + 1)];

const sceneMutation: fc.Arbitrary<SceneMutation> = fc.oneof(
  fc.record({
    op: fc.constant('set-node-field'),
    at: fc.nat(),
    field: fc.constantFrom(...NODE_FIELDS),
    value: hostileValue,
  }),
  fc.record({
    op: fc.constant('set-edge-field'),
    at: fc.nat(),
    field: fc.constantFrom(...EDGE_FIELDS),
    value: hostileValue,
  }),
  fc.record({
    op: fc.constant('set-file-field'),
    field: fc.constantFrom(...FILE_FIELDS),
    value: hostileValue,
  }),
  fc.record({
    op: fc.constant('delete-field'),
    at: fc.nat(),
    list: fc.constantFrom('nodes', 'edges'),
    field: fc.constantFrom(...NODE_FIELDS, ...EDGE_FIELDS),
  }),
  {
    weight: 3, // keys are where prototype names hide in otherwise valid files
    arbitrary: fc.record({
      op: fc.constant('set-key'),
      at: fc.nat(),
      record: fc.constantFrom('attributes', 'state'),
      key: fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...KEYS) }, fc.string({ maxLength: 8 })),
      value: fc.oneof({ weight: 3, arbitrary: fc.constantFrom('x', 1, true) }, hostileValue),
    }),
  },
  fc.record({ op: fc.constant('fill-node'), at: fc.nat() }),
  fc.record({
    op: fc.constant('overfill-node'),
    at: fc.nat(),
    what: fc.constantFrom('attributes', 'state', 'affordances'),
  }),
  fc.record({
    op: fc.constant('rename-id'),
    at: fc.nat(),
    to: fc.oneof(
      fc.constantFrom(...PROTOTYPE_NAMES),
      fc.constantFrom('x'.repeat(L.idLength), 'x'.repeat(L.idLength + 1), 'constructor_1', 'a b', ''),
    ),
  }),
  fc.record({ op: fc.constant('duplicate'), list: fc.constantFrom('nodes', 'edges'), at: fc.nat() }),
  fc.record({ op: fc.constant('remove'), list: fc.constantFrom('nodes', 'edges'), at: fc.nat() }),
  fc.record({ op: fc.constant('swap-ends'), at: fc.nat() }),
  fc.record({
    op: fc.constant('rewire'),
    at: fc.nat(),
    end: fc.constantFrom('source', 'target'),
    node: fc.nat(),
  }),
  fc.record({
    op: fc.constant('replace-item'),
    list: fc.constantFrom('nodes', 'edges'),
    at: fc.nat(),
    value: hostileValue,
  }),
);

const textMutation: fc.Arbitrary<TextMutation> = fc.oneof(
  { weight: 6, arbitrary: fc.constant({ op: 'none' as const }) },
  fc.constant({ op: 'bom' as const }),
  fc.record({ op: fc.constant('truncate' as const), at: fc.double({ min: 0, max: 1, noNaN: true }) }),
  fc.record({
    op: fc.constant('replace-char' as const),
    at: fc.double({ min: 0, max: 1, noNaN: true }),
    char: fc.constantFrom('"', '{', ']', ',', '\\', '\u0000', '\ufeff', 'x', '9', '\n'),
  }),
  fc.record({
    op: fc.constant('append' as const),
    text: fc.constantFrom('}', ',', ' garbage', '\u0000', '{}'),
  }),
  fc.record({ op: fc.constant('wrap-deep' as const), depth: fc.integer({ min: 1, max: 100_000 }) }),
  fc.record({
    op: fc.constant('number-literal' as const),
    at: fc.double({ min: 0, max: 1, noNaN: true }),
    // Numbers JSON.stringify never writes: they overflow to Infinity, underflow to 0, lose digits.
    literal: fc.constantFrom('1e999', '-1e999', '1e-999', '-0', '123456789012345678901234567890', '0.1e1'),
  }),
);

/** Mutants of the given base files (by name): one to four changes, then perhaps damage to the text. */
export function sceneMutant(baseNames: readonly string[]): fc.Arbitrary<SceneMutant> {
  return fc.record({
    base: fc.constantFrom(...baseNames),
    changes: fc.array(sceneMutation, { minLength: 1, maxLength: 4 }),
    text: textMutation,
  });
}

/** The mutant's JSON text, from a fresh copy of its base file. */
export function mutantText(mutant: SceneMutant, bases: ReadonlyMap<string, object>): string {
  const file = structuredClone(bases.get(mutant.base)) as Json;
  for (const change of mutant.changes) applyChange(file, change);
  return damage(JSON.stringify(file), mutant.text);
}

/** A one-line description of a mutant, for a failure report (long values shortened). */
export function describeMutant(mutant: SceneMutant): string {
  const text = JSON.stringify(mutant, (_key, value: unknown) =>
    typeof value === 'string' && value.length > 40
      ? `${value.slice(0, 20)}...(${value.length} chars)`
      : value,
  );
  return text.length > 2000 ? `${text.slice(0, 2000)}...` : text;
}

function applyChange(file: Json, change: SceneMutation): void {
  // An earlier change may have replaced a list or an item with something else; those are skipped.
  const nodes = Array.isArray(file.nodes) ? (file.nodes as unknown[]) : [];
  const edges = Array.isArray(file.edges) ? (file.edges as unknown[]) : [];
  const item = (list: unknown[], at: number): Json | undefined => {
    const found = list[at % Math.max(1, list.length)];
    return typeof found === 'object' && found !== null && !Array.isArray(found) ? (found as Json) : undefined;
  };
  switch (change.op) {
    case 'set-node-field':
      setOwn(item(nodes, change.at), change.field, change.value);
      return;
    case 'set-edge-field':
      setOwn(item(edges, change.at), change.field, change.value);
      return;
    case 'set-file-field':
      setOwn(file, change.field, change.value);
      return;
    case 'delete-field':
      delete item(change.list === 'nodes' ? nodes : edges, change.at)?.[change.field];
      return;
    case 'set-key': {
      const node = item(nodes, change.at);
      if (!node) return;
      const record = node[change.record];
      const target: Json = typeof record === 'object' && record !== null ? (record as Json) : {};
      setOwn(target, change.key, change.value);
      setOwn(node, change.record, target);
      return;
    }
    case 'fill-node': {
      const node = item(nodes, change.at);
      if (!node) return;
      node.attributes = keyed(L.attributesPerNode, () => 'a'.repeat(L.attributeTextLength));
      node.state = keyed(L.statesPerNode, () => 's'.repeat(L.stateValueLength));
      node.affordances = Array.from({ length: L.affordancesPerNode }, (_, i) =>
        `${i}`.padEnd(L.affordanceLength, 'x'),
      );
      return;
    }
    case 'overfill-node': {
      const node = item(nodes, change.at);
      if (!node) return;
      if (change.what === 'attributes') node.attributes = keyed(L.attributesPerNode + 1, () => 1);
      else if (change.what === 'state') node.state = keyed(L.statesPerNode + 1, () => 'on');
      else node.affordances = Array.from({ length: L.affordancesPerNode + 1 }, (_, i) => `skill_${i}`);
      return;
    }
    case 'rename-id': {
      const node = item(nodes, change.at);
      if (!node) return;
      const from = node.id;
      node.id = change.to;
      for (const edge of edges)
        if (typeof edge === 'object' && edge !== null) {
          const e = edge as Json;
          if (e.source === from) e.source = change.to;
          if (e.target === from) e.target = change.to;
        }
      return;
    }
    case 'duplicate': {
      const list = change.list === 'nodes' ? nodes : edges;
      if (list.length > 0) list.push(structuredClone(list[change.at % list.length]));
      return;
    }
    case 'remove': {
      const list = change.list === 'nodes' ? nodes : edges;
      if (list.length > 0) list.splice(change.at % list.length, 1);
      return;
    }
    case 'swap-ends': {
      const edge = item(edges, change.at);
      if (edge) [edge.source, edge.target] = [edge.target, edge.source];
      return;
    }
    case 'rewire': {
      const edge = item(edges, change.at);
      const node = item(nodes, change.node);
      if (edge && node) edge[change.end] = node.id;
      return;
    }
    case 'replace-item': {
      const list = change.list === 'nodes' ? nodes : edges;
      if (list.length > 0) list[change.at % list.length] = change.value;
      return;
    }
  }
}

// An own data property even for "__proto__", as JSON.parse would make it.
function setOwn(target: Json | undefined, key: string, value: unknown): void {
  if (target)
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

function keyed(count: number, value: () => unknown): Json {
  return Object.fromEntries(
    Array.from({ length: count }, (_, i) => [`k${i}`.padEnd(L.keyLength, '_'), value()]),
  );
}

function nested(depth: number): unknown {
  let value: unknown = [];
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

function damage(text: string, change: TextMutation): string {
  switch (change.op) {
    case 'none':
      return text;
    case 'bom':
      return `\ufeff${text}`;
    case 'truncate':
      return text.slice(0, Math.floor(change.at * text.length));
    case 'replace-char': {
      const at = Math.min(text.length - 1, Math.floor(change.at * text.length));
      return `${text.slice(0, at)}${change.char}${text.slice(at + 1)}`;
    }
    case 'append':
      return text + change.text;
    case 'wrap-deep':
      return `${'['.repeat(change.depth)}${text}${']'.repeat(change.depth)}`;
    case 'number-literal': {
      const number = /-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g;
      number.lastIndex = Math.floor(change.at * text.length);
      const found = number.exec(text) ?? /-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(text);
      if (!found) return text;
      return `${text.slice(0, found.index)}${change.literal}${text.slice(found.index + found[0].length)}`;
    }
  }
}
