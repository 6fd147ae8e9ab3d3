/// <reference lib="dom" />
import type { GroupedScene, SceneData, ScenePart } from '../view-data.js';
import { fetchJson, isError } from './fetch-json.js';
import type { SceneDrawing } from './scene-drawing.js';

/** A large building's groups of rooms on the page: each part fetched once, then opened and closed. */
export type GroupParts = {
  /** Opens or closes a group, as a click on it does; the server's one-line error if its part could not be had. */
  toggle(id: string): Promise<string | undefined>;
  /** Opens the groups in order (outermost first, as a search hit lists them), fetching the parts not had yet. */
  open(ids: readonly string[]): Promise<string | undefined>;
  /**
   * Adds what a run's scene names that the page lacks (nodes, parts) and opens each part added
   * with the groups above it; a group the reader closed stays closed unless a new part is in it.
   */
  merge(data: SceneData): void;
};

/** The groups of the grouped scene drawn; `added` runs after a part is added (the legend counts anew). */
export function groupParts(drawing: SceneDrawing, grouped: GroupedScene, added: () => void): GroupParts {
  const fetchPart = async (id: string): Promise<string | undefined> => {
    if (drawing.hasPart(id)) return undefined;
    const part = await fetchJson<ScenePart>(
      `/api/scene/${encodeURIComponent(grouped.ref)}/group/${encodeURIComponent(id)}`,
    );
    if (isError(part)) return part.error;
    drawing.addPart(part);
    added();
    return undefined;
  };
  /** The group and the groups it is in, outermost first. */
  const withAbove = (id: string): string[] => {
    const chain: string[] = [];
    for (let at = drawing.group(id); at !== undefined && chain.length < 100; at = drawing.group(at.parent))
      chain.unshift(at.id);
    return chain;
  };
  return {
    async toggle(id) {
      if (drawing.isOpen(id)) {
        drawing.setOpen(id, false);
        return undefined;
      }
      const error = await fetchPart(id);
      if (error === undefined) drawing.setOpen(id, true);
      return error;
    },
    async open(ids) {
      for (const id of ids) {
        const error = await fetchPart(id);
        if (error !== undefined) return error;
        drawing.setOpen(id, true);
      }
      return undefined;
    },
    merge(data) {
      drawing.addNodes(data.scene.nodes, data.scene.edges);
      const fresh = (data.grouped?.opened ?? []).filter((part) => !drawing.hasPart(part.group));
      for (const part of fresh) drawing.addPart(part);
      for (const part of fresh) for (const id of withAbove(part.group)) drawing.setOpen(id, true);
      if (fresh.length > 0) added();
    },
  };
}
