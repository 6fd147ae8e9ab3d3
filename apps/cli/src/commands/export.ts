import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { loadSceneFile, type SceneGraph, sceneToNodeLink } from '@groundplan/scene-graph';
import { loadSkillTables } from '@groundplan/simulator';
import { exportPddl } from '@groundplan/task-planner';
import { sceneFileError } from '../scene-file-error.js';
import { EXIT, UserError } from '../user-error.js';

const EXPORT_FORMATS = ['networkx', 'pddl'] as const;

/**
 * `groundplan export networkx <scene> -o out.json`: the scene as networkx node-link JSON;
 * `groundplan export pddl <scene> --goal 'on(mug, desk)' -o dir`: the action table as
 * dir/domain.pddl and the scene with the goals as dir/problem.pddl.
 */
export async function exportCommand(
  format: string,
  file: string,
  flags: { output: string; goal?: string[]; skills?: string },
): Promise<number> {
  if (!(EXPORT_FORMATS as readonly string[]).includes(format))
    throw new UserError(`unknown export format '${format}'; groundplan exports ${EXPORT_FORMATS.join(', ')}`);
  const scene = await loadSceneFile(file);
  if (!scene.ok) {
    throw sceneFileError(file, scene.error);
  }
  if (format === 'pddl') return writePddl(scene.value, flags.goal ?? [], flags.output, flags.skills);
  if (flags.goal !== undefined || flags.skills !== undefined)
    throw new UserError(`--goal and --skills are for export pddl; ${format} exports the scene alone`);
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

async function writePddl(
  scene: SceneGraph,
  goals: string[],
  dir: string,
  skillsFile: string | undefined,
): Promise<number> {
  if (goals.length === 0)
    throw new UserError("export pddl needs the goals: --goal 'on(mug, desk)' (repeat --goal for more)");
  const skills = await loadSkillTables(skillsFile);
  if (!skills.ok) throw new UserError(skills.error);
  const task = exportPddl(scene, goals, { name: 'groundplan-task', actions: skills.value.actions });
  if (!task.ok) throw new UserError(task.error);
  const domain = join(dir, 'domain.pddl');
  const problem = join(dir, 'problem.pddl');
  try {
    await mkdir(dir, { recursive: true });
    await writeFile(domain, task.value.domain, 'utf8');
    await writeFile(problem, task.value.problem, 'utf8');
  } catch (cause) {
    throw new UserError(`cannot write ${dir}: ${(cause as Error).message}`);
  }
  console.log(
    `wrote ${domain} and ${problem}: the action table and the whole scene with ${goals.length} goal${goals.length === 1 ? '' : 's'} ` +
      `(e.g. fast-downward.py --alias lama-first ${domain} ${problem})`,
  );
  return EXIT.ok;
}
