import { writeFile } from 'node:fs/promises';
import { loadSceneFile, sceneToNodeLink } from '@groundplan/scene-graph';
import { sceneFileError } from '../scene-file-error.js';
import { EXIT, UserError } from '../user-error.js';

const EXPORT_FORMATS = ['networkx'] as const;

/** `groundplan export networkx <scene> -o out.json`: the scene as networkx node-link JSON. */
export async function exportCommand(
  format: string,
  file: string,
  flags: { output: string },
): Promise<number> {
  if (!(EXPORT_FORMATS as readonly string[]).includes(format))
    throw new UserError(`unknown export format '${format}'; groundplan exports ${EXPORT_FORMATS.join(', ')}`);
  const scene = await loadSceneFile(file);
  if (!scene.ok) {
    throw sceneFileError(file, scene.error);
  }
  const nodeLink = sceneToNodeLink(scene.value);
  try {
    await writeFile(flags.output, `${JSON.stringify(nodeLink)}\n`, 'utf8');
  } catch (cause) {
    throw new UserError(`cannot write ${flags.output}: ${(cause as Error).message}`);
  }
  console.log(
    // What was written: a navigation edge, undirected in groundplan, is written both ways.
    `wrote ${flags.output}: ${nodeLink.nodes.length} nodes, ${nodeLink.edges.length} edges as networkx node-link JSON ` +
      `(Python: networkx.node_link_graph(json.load(f), edges="edges"))`,
  );
  return EXIT.ok;
}
