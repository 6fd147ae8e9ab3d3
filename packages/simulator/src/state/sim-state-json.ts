import type { Result } from '@groundplan/scene-graph';
import { err, ok } from '@groundplan/scene-graph';
import { z } from 'zod';
import { PersistentMap } from './persistent-map.js';
import { makeState, type Placement, type SimState } from './sim-state.js';

/** A SimState as plain JSON, for activity results, workflow history and files. */
export const SimStateJSONSchema = z.object({
  agent: z.string().min(1),
  place: z.string().min(1),
  accessed: z.string().min(1).nullable(),
  holding: z.string().min(1).nullable(),
  states: z.record(z.string(), z.record(z.string(), z.string())),
  placements: z.record(
    z.string(),
    z.object({ parent: z.string().min(1), relation: z.enum(['on', 'inside']).optional() }),
  ),
});
export type SimStateJSON = z.infer<typeof SimStateJSONSchema>;

/** The state as plain JSON. */
export function simStateToJSON(sim: SimState): SimStateJSON {
  const states: SimStateJSON['states'] = {};
  for (const [id, changed] of sim.states) states[id] = { ...changed };
  const placements: SimStateJSON['placements'] = {};
  for (const [id, { parent, relation }] of sim.placements) {
    placements[id] = relation === undefined ? { parent } : { parent, relation };
  }
  return {
    agent: sim.agent,
    place: sim.place,
    accessed: sim.accessed,
    holding: sim.holding,
    states,
    placements,
  };
}

/** The state back from JSON; input that is not a state is an error saying where. */
export function simStateFromJSON(input: unknown): Result<SimState> {
  const parsed = SimStateJSONSchema.safeParse(input);
  if (!parsed.success) return err(`not a simulation state: ${z.prettifyError(parsed.error)}`);
  const json = parsed.data;
  let states = PersistentMap.empty<Readonly<Record<string, string>>>();
  for (const [id, changed] of Object.entries(json.states)) states = states.with(id, changed);
  let placements = PersistentMap.empty<Placement>();
  for (const [id, { parent, relation }] of Object.entries(json.placements)) {
    placements = placements.with(id, { parent, relation });
  }
  return ok(makeState(json.agent, json.place, json.accessed, json.holding, states, placements));
}
