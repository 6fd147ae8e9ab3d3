import { err, type Result } from '../result.js';
import { IMPORT_FORMATS, type ImportedScene, type ImportFormat } from './import-report.js';
import { type ImportOptions, importSparkDsg } from './spark-dsg.js';
import { importStanford3dsg } from './stanford-3dsg.js';
import { importVirtualHome } from './virtualhome.js';

const IMPORTERS: Record<
  ImportFormat,
  (text: string, options: ImportOptions) => Result<ImportedScene, string>
> = {
  'spark-dsg': importSparkDsg,
  virtualhome: importVirtualHome,
  'stanford-3dsg': importStanford3dsg,
};

/** Converts a file's text from the named format; an unknown format is an error naming the known ones. */
export function importScene(
  format: string,
  text: string,
  options: ImportOptions,
): Result<ImportedScene, string> {
  if (!(IMPORT_FORMATS as readonly string[]).includes(format))
    return err(`unknown format '${format}'; groundplan imports ${IMPORT_FORMATS.join(', ')}`);
  return IMPORTERS[format as ImportFormat](text, options);
}
