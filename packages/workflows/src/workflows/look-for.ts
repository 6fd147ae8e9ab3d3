import { DEFAULT_MAX_LOOKOUTS, type LookForInput, type LookForResult, type StepRecord } from '../contract.js';
import { oneLine } from '../run-description.js';
import { showProgress, trackProgress } from './steps/progress.js';
import { sim } from './steps/proxies.js';
import { robotSteps } from './steps/robot-steps.js';

/**
 * Graph augmentation by looking (LookPlanGraph): after a skill failed and what the robot saw
 * removed a node from its belief, the robot goes to the nearest room it has not looked around yet
 * and looks (look_around), until the wanted nodes are back in its belief or the rooms run out.
 * Every step and observation moves the belief, as in executePlan.
 */
export async function lookFor(input: LookForInput): Promise<LookForResult> {
  const robot = robotSteps(input);
  const progress = trackProgress('executing');
  const looked: string[] = [];
  const steps: StepRecord[] = [];
  const done = (found: boolean): LookForResult => ({
    found,
    looked,
    steps,
    belief: robot.state.belief,
    beliefVersions: robot.state.versions,
  });
  const maxRooms = input.maxRooms ?? DEFAULT_MAX_LOOKOUTS;
  while (looked.length < maxRooms) {
    const next = await sim.nextLookout.executeWithOptions(
      { summary: oneLine(`where to look next for ${input.wanted.join(', ')}`) },
      [{ beliefRef: robot.state.belief.ref, wanted: input.wanted, looked }],
    );
    if (next.status === 'found') return done(true);
    if (next.status === 'exhausted') return done(false);
    looked.push(next.room);
    progress.lastFeedback = `looking around ${next.room} for ${input.wanted.join(', ')}`;
    for (const step of [...next.route, { action: 'look_around', args: [next.room] }]) {
      const ran = await robot.run(step, steps.length, `look ${looked.length}`);
      steps.push(ran.record);
      progress.executedSteps = steps.length;
      showProgress(progress);
      // A room it cannot reach or see into after all: on to the next one.
      if (!ran.ok) break;
    }
  }
  const last = await sim.nextLookout.executeWithOptions(
    { summary: oneLine(`is ${input.wanted.join(', ')} in the belief after ${looked.length} room(s)?`) },
    [{ beliefRef: robot.state.belief.ref, wanted: input.wanted, looked }],
  );
  return done(last.status === 'found');
}
