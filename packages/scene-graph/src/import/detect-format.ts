import { err, ok, type Result } from '../result.js';
import type { ImportFormat } from './import-report.js';
import { isRecord, parseSourceJson } from './source-json.js';

export type SourceFormat = ImportFormat | 'groundplan';

const FORMAT_NAMES: Record<SourceFormat, string> = {
  'spark-dsg': 'a Spark-DSG (Hydra) scene graph',
  virtualhome: 'a VirtualHome environment graph',
  'stanford-3dsg': 'a Stanford 3D Scene Graph',
  groundplan: 'a groundplan scene file (it needs no import)',
};

/** Which known format a parsed file looks like, judged by the fields only that format has. */
export function detectFormat(value: unknown): SourceFormat | undefined {
  if (!isRecord(value)) return undefined;
  if (value.format === 'groundplan.scene-graph') return 'groundplan';
  if (isRecord(value.building) && (isRecord(value.room) || isRecord(value.object))) return 'stanford-3dsg';
  const nodes = Array.isArray(value.nodes) ? value.nodes : undefined;
  const first = nodes?.find(isRecord);
  if (first && 'layer' in first && 'attributes' in first) return 'spark-dsg';
  if (first && 'class_name' in first) return 'virtualhome';
  const edges = Array.isArray(value.edges) ? value.edges : undefined;
  const edge = edges?.find(isRecord);
  if (edge && 'relation_type' in edge) return 'virtualhome';
  if (Array.isArray(value.layer_ids)) return 'spark-dsg';
  return undefined;
}

/** The one-line error for a file that is not in the format asked for. */
export function wrongFormat(
  file: string,
  wanted: ImportFormat,
  found: SourceFormat | undefined,
  detail: string,
): string {
  const looksLike =
    found !== undefined && found !== wanted
      ? `it looks like ${FORMAT_NAMES[found]}${found === 'groundplan' ? '' : ` (try \`groundplan import ${found}\`)`}`
      : detail;
  return `${file} is not ${FORMAT_NAMES[wanted]}: ${looksLike}`;
}

/** A source file's top level with node and edge lists, as Spark-DSG and VirtualHome files have. */
export type NodesAndEdges = Record<string, unknown> & { nodes: unknown[]; edges: unknown[] };

export function hasNodesAndEdges(source: Record<string, unknown>): source is NodesAndEdges {
  return Array.isArray(source.nodes) && Array.isArray(source.edges);
}

/**
 * A source file parsed (numbers kept lossless) when it is in the format asked for and has the
 * expected top level; else the one-line reason: where the JSON breaks, or what format it looks like.
 */
export function readSource<T extends Record<string, unknown>>(
  text: string,
  file: string,
  wanted: ImportFormat,
  hasShape: (source: Record<string, unknown>) => source is T,
  expected: string,
): Result<T, string> {
  const parsed = parseSourceJson(text, file);
  if (!parsed.ok) return parsed;
  const source = parsed.value;
  const found = detectFormat(source);
  if (found !== wanted || !isRecord(source) || !hasShape(source))
    return err(wrongFormat(file, wanted, found, expected));
  return ok(source);
}
