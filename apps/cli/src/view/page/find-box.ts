/// <reference lib="dom" />
import type { SceneGraph } from '@groundplan/scene-graph/model';
import type { GroupedScene, SceneSearch } from '../view-data.js';
import { fetchJson, isError } from './fetch-json.js';
import type { GroupParts } from './group-parts.js';
import type { SceneDrawing } from './scene-drawing.js';

/** What the search box works on: the scene drawn, and for a large building its groups. */
export type FindIn = {
  scene: SceneGraph;
  drawing: SceneDrawing;
  grouped?: { scene: GroupedScene; parts: GroupParts };
  /** Picks a node as a click on it does. */
  pick(id: string): void;
};

/** How long the box waits after a keystroke before it asks a large building's server for suggestions. */
const SUGGEST_MS = 250;

/**
 * The search box (#find, its suggestions in #node-ids). A scene drawn whole is searched on the
 * page: an id, part of one, or a word of the attributes. A large building is searched whole by
 * the server (`/api/scene/<ref>/search/<text>`): the best hit's groups are opened, then it is
 * picked and the camera goes to it.
 */
export function findBox(find: HTMLInputElement, within: FindIn): void {
  const { scene, drawing, grouped } = within;
  const suggestions = document.getElementById('node-ids')!;
  const suggest = (ids: readonly string[]) =>
    suggestions.replaceChildren(
      ...ids.map((id) => {
        const option = document.createElement('option');
        option.value = id;
        return option;
      }),
    );
  // What can be found on the page: the nodes drawn so far, and a large building's groups.
  let ids: string[] = [];
  const listIds = () => {
    ids = [...scene.nodes(), ...drawing.groups().map((group) => group.id)].sort();
    suggest(ids);
  };
  const say = (problem: string) => {
    find.setCustomValidity(problem);
    find.reportValidity();
  };
  const show = (id: string) => {
    within.pick(id);
    drawing.focus(id);
  };

  const findOnPage = () => {
    const wanted = find.value.trim().toLowerCase();
    if (!wanted) return;
    const found =
      ids.find((id) => id.toLowerCase() === wanted) ??
      ids.find((id) => id.toLowerCase().includes(wanted)) ??
      ids.find((id) =>
        JSON.stringify((scene.hasNode(id) && scene.getNodeAttribute(id, 'attributes')) || {})
          .toLowerCase()
          .includes(wanted),
      );
    say(found ? '' : `no node matches '${find.value}'`);
    if (found) show(found);
  };

  const searchServer = (ref: string, text: string) =>
    fetchJson<SceneSearch>(`/api/scene/${encodeURIComponent(ref)}/search/${encodeURIComponent(text)}`);
  const findInBuilding = async ({ scene: top, parts }: NonNullable<FindIn['grouped']>) => {
    const wanted = find.value.trim();
    // Enter and the change it makes both ask: once is enough.
    if (!wanted || find.dataset.searching === wanted) return;
    find.dataset.searching = wanted;
    const found = await searchServer(top.ref, wanted);
    delete find.dataset.searching;
    if (isError(found)) return say(found.error.replace(/^groundplan: /, ''));
    const [best] = found.hits;
    if (!best) return say(`no node matches '${wanted}'`);
    suggest(found.hits.map((hit) => hit.id));
    if (best.loose) drawing.addNodes(best.loose.nodes, best.loose.edges);
    const error = await parts.open(best.groups);
    say(error?.replace(/^groundplan: /, '') ?? '');
    if (error === undefined) show(best.id);
  };
  const findNode = () => (grouped ? void findInBuilding(grouped) : findOnPage());

  listIds();
  find.addEventListener('focus', () => {
    if (!grouped && ids.length !== scene.order + drawing.groups().length) listIds();
  });
  // A large building's suggestions come from the whole scene, a little after the reader stops typing.
  let typing: ReturnType<typeof setTimeout> | undefined;
  find.addEventListener('input', () => {
    find.setCustomValidity('');
    if (!grouped) return;
    clearTimeout(typing);
    const text = find.value.trim();
    if (text.length < 2) return;
    typing = setTimeout(async () => {
      const found = await searchServer(grouped.scene.ref, text);
      if (!isError(found) && find.value.trim() === text) suggest(found.hits.map((hit) => hit.id));
    }, SUGGEST_MS);
  });
  find.addEventListener('change', findNode);
  find.addEventListener('keydown', (event) => {
    if (event.key === 'Enter') findNode();
  });
}
