import type { SceneFile } from '../format/schema.js';
import { formatProblems, parseScene } from '../format/validate.js';
import type { SceneGraph } from '../model/scene-graph.js';
import { err, ok, type Result } from '../result.js';

/** What an importer did to make the source fit groundplan's format, with how often. */
export type ImportNote = {
  action: 'kept' | 'resolved' | 'merged' | 'added' | 'dropped';
  count: number;
  what: string;
};

/** A converted scene: the validated graph, the file it came from, and what the import changed. */
export type ImportedScene = { graph: SceneGraph; file: SceneFile; notes: ImportNote[] };

/** The formats `groundplan import` reads. */
export const IMPORT_FORMATS = ['spark-dsg', 'virtualhome', 'stanford-3dsg'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** Collects notes, adding up counts of the same note so the report has one line per kind of change. */
export class ImportNotes {
  private readonly byKey = new Map<string, ImportNote>();
  add(action: ImportNote['action'], what: string, count = 1): void {
    if (count <= 0) return;
    const key = `${action}\u0000${what}`;
    const note = this.byKey.get(key);
    if (note) note.count += count;
    else this.byKey.set(key, { action, count, what });
  }
  list(): ImportNote[] {
    return [...this.byKey.values()];
  }
}

/** The notes as report lines: `dropped 12568 CLOSE relations (proximity, not placement)`. */
export function formatImportNotes(notes: readonly ImportNote[]): string[] {
  return notes.map((note) => `${note.action} ${note.count} ${note.what}`);
}

/**
 * Runs groundplan's validator on an importer's output. An importer that writes an invalid scene
 * has a bug, but the user still gets the validator's words rather than a broken file.
 */
export function validateImport(file: SceneFile, notes: ImportNotes): Result<ImportedScene, string> {
  const parsed = parseScene(file);
  if (!parsed.ok)
    return err(
      `the converted scene is not valid (an importer bug): ${formatProblems(parsed.error.slice(0, 1))}`,
    );
  return ok({ graph: parsed.value, file, notes: notes.list() });
}

/** Turns a source name into a groundplan id fragment (letters, digits and _ . : -). */
export function idFragment(text: string): string {
  const cleaned = text
    .trim()
    .replace(/[^A-Za-z0-9_.:-]+/g, '_')
    .replace(/^_+|_+$/g, '');
  return cleaned === '' ? 'node' : cleaned;
}
