import type { ImportFormat } from './import-report.js';
import { isRecord } from './source-json.js';

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
