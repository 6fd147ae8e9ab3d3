import {
  SCENE_LIMITS as LIMITS,
  NODE_KINDS,
  RESERVED_IDS,
  SCENE_FORMAT,
  SCENE_FORMAT_VERSION,
  type SceneFile,
} from './schema.js';

// The fast path of parseScene for shapes: whether a scene file certainly matches SceneFileSchema,
// decided by plain loops instead of 2 x 10^6 zod parses, and without wording anything. It may say
// no to a file zod would accept (parseScene then asks the full checker, which has the last word)
// but must never say yes to one zod rejects: shape-fast-path.test.ts holds it to that against the
// schema with random and mutated files. Keep it in step with schema.ts.

const ID = /^[A-Za-z0-9_.:-]+$/;
const NODE_KIND_SET: ReadonlySet<unknown> = new Set(NODE_KINDS);

/** Whether `input` is certainly a scene file of the right shape (the structure is not looked at). */
export function hasSceneShape(input: unknown): input is SceneFile {
  if (!isPlainRecord(input)) return false;
  let required = 0; // format, version, name, nodes, edges
  for (const key in input) {
    const value = input[key];
    switch (key) {
      case 'format':
        if (value !== SCENE_FORMAT) return false;
        required++;
        break;
      case 'version':
        if (value !== SCENE_FORMAT_VERSION) return false;
        required++;
        break;
      case 'name':
        if (typeof value !== 'string' || value.length < 1 || value.length > LIMITS.nameLength) return false;
        required++;
        break;
      case 'description':
        if (value !== undefined && (typeof value !== 'string' || value.length > LIMITS.descriptionLength))
          return false;
        break;
      case 'nodes':
        if (!Array.isArray(value) || value.length > LIMITS.nodes) return false;
        for (let i = 0; i < value.length; i++) if (!isNode(value[i])) return false;
        required++;
        break;
      case 'edges':
        if (!Array.isArray(value) || value.length > LIMITS.edges) return false;
        for (let i = 0; i < value.length; i++) if (!isEdge(value[i])) return false;
        required++;
        break;
      default:
        return false;
    }
  }
  return required === 5;
}

function isNode(node: unknown): boolean {
  if (!isPlainRecord(node)) return false;
  let hasId = false;
  let hasKind = false;
  for (const key in node) {
    const value = node[key];
    switch (key) {
      case 'id':
        if (!isId(value)) return false;
        hasId = true;
        break;
      case 'kind':
        if (!NODE_KIND_SET.has(value)) return false;
        hasKind = true;
        break;
      case 'attributes':
        if (value !== undefined && !isRecordOf(value, isAttributeValue, LIMITS.attributesPerNode))
          return false;
        break;
      case 'state':
        if (value !== undefined && !isRecordOf(value, isStateValue, LIMITS.statesPerNode)) return false;
        break;
      case 'affordances':
        if (value !== undefined && !isAffordances(value)) return false;
        break;
      case 'position':
        if (value !== undefined && !isPosition(value)) return false;
        break;
      default:
        return false;
    }
  }
  return hasId && hasKind;
}

function isEdge(edge: unknown): boolean {
  if (!isPlainRecord(edge)) return false;
  const kind = edge.kind;
  if (kind !== 'hierarchy' && kind !== 'navigation' && kind !== 'at') return false;
  let ends = 0;
  for (const key in edge) {
    const value = edge[key];
    switch (key) {
      case 'kind':
        break;
      case 'source':
      case 'target':
        if (!isId(value)) return false;
        ends++;
        break;
      case 'relation':
        if (kind !== 'hierarchy' || (value !== undefined && value !== 'on' && value !== 'inside'))
          return false;
        break;
      case 'distance':
        if (
          kind !== 'navigation' ||
          (value !== undefined && !(isFiniteNumber(value) && value >= 0 && value <= LIMITS.distance))
        )
          return false;
        break;
      default:
        return false;
    }
  }
  return ends === 2;
}

function isId(value: unknown): boolean {
  return (
    typeof value === 'string' &&
    value.length >= 1 &&
    value.length <= LIMITS.idLength &&
    ID.test(value) &&
    !RESERVED_IDS.has(value)
  );
}

function isStateValue(value: unknown): boolean {
  return typeof value === 'string' && value.length <= LIMITS.stateValueLength;
}

function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

function isAttributeValue(value: unknown): boolean {
  if (typeof value === 'string') return value.length <= LIMITS.attributeTextLength;
  if (typeof value === 'number') return Math.abs(value) <= LIMITS.attributeMagnitude; // false for NaN
  return typeof value === 'boolean';
}

function isAffordances(value: unknown): boolean {
  if (!Array.isArray(value) || value.length > LIMITS.affordancesPerNode) return false;
  for (let i = 0; i < value.length; i++) {
    const skill = value[i];
    if (typeof skill !== 'string' || skill.length === 0 || skill.length > LIMITS.affordanceLength)
      return false;
  }
  return true;
}

function isPosition(value: unknown): boolean {
  return (
    Array.isArray(value) &&
    value.length === 3 &&
    isCoordinate(value[0]) &&
    isCoordinate(value[1]) &&
    isCoordinate(value[2])
  );
}

function isCoordinate(value: unknown): boolean {
  return typeof value === 'number' && Math.abs(value) <= LIMITS.coordinateMagnitude; // false for NaN
}

// zod reads a record's keys with Reflect.ownKeys (symbols included), and the schema refuses a
// __proto__ key; both are left to the full checker. Files parsed from JSON have no symbols.
function isRecordOf(value: unknown, isValue: (v: unknown) => boolean, most: number): boolean {
  if (!isPlainRecord(value)) return false;
  let count = 0;
  for (const key in value) {
    if (++count > most || key.length === 0 || key.length > LIMITS.keyLength) return false;
    if (key === '__proto__' || !isValue(value[key])) return false;
  }
  return Object.getOwnPropertySymbols(value).length === 0;
}

// A JSON object: Object or null prototype, so for...in sees exactly the own enumerable keys.
function isPlainRecord(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}
