import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

type ModelCatalogue = { default: string; models: { name: string; dir: string }[] };

/**
 * Where scripts/install-model.sh puts an embedding model of models.json: <repo>/models/<dir>.
 * Without a name, the catalogue's default; undefined for a name the catalogue does not list.
 */
export function embeddingModelDir(name?: string): string | undefined {
  const catalogue = JSON.parse(
    readFileSync(fileURLToPath(new URL('../models.json', import.meta.url)), 'utf8'),
  ) as ModelCatalogue;
  const entry = catalogue.models.find((model) => model.name === (name ?? catalogue.default));
  return entry && fileURLToPath(new URL(`../../../models/${entry.dir}`, import.meta.url));
}
