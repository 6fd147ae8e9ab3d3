import type { PlanStep } from '@groundplan/scene-graph';
import { describe, expect, it } from 'vitest';
import { expandPlan } from './expand-plan.js';
import { office } from './test-support/office.js';

const step = (action: string, ...args: string[]): PlanStep => ({ action, args });

describe('expandPlan', () => {
  it('fills in every pose from the agent location, as in SayPlan section 3.3', () => {
    const plan = [
      step('goto', 'meeting_room1'),
      step('goto', 'kitchen'),
      step('access', 'fridge'),
      step('open', 'fridge'),
      step('pickup', 'banana'),
    ];
    expect(expandPlan(office(), plan)).toEqual({
      ok: true,
      value: [
        step('goto', 'pose1'),
        step('goto', 'pose2'),
        step('goto', 'pose3'),
        step('goto', 'pose4'),
        step('goto', 'meeting_room1'),
        step('goto', 'pose4'),
        step('goto', 'pose3'),
        step('goto', 'pose2'),
        step('goto', 'pose1'),
        step('goto', 'kitchen'),
        step('access', 'fridge'),
        step('open', 'fridge'),
        step('pickup', 'banana'),
      ],
    });
  });

  it("turns goto of an asset into a route to the asset's room", () => {
    expect(expandPlan(office(), [step('goto', 'fridge'), step('access', 'fridge')])).toEqual({
      ok: true,
      value: [step('goto', 'pose1'), step('goto', 'kitchen'), step('access', 'fridge')],
    });
  });

  it('keeps a goto to where the agent already is as a single step', () => {
    expect(expandPlan(office(), [step('goto', 'pose0'), step('goto', 'lobby')])).toEqual({
      ok: true,
      value: [step('goto', 'pose0'), step('goto', 'lobby')],
    });
  });

  it('passes a plan without navigation through unchanged', () => {
    const plan = [step('turn_on', 'lamp'), step('release', 'mug')];
    expect(expandPlan(office(), plan)).toEqual({ ok: true, value: plan });
  });

  it('starts from wherever the agent is in the scene', () => {
    const graph = office();
    graph.dropEdge(graph.directedEdge('robot', 'pose0')!);
    graph.addDirectedEdge('robot', 'manipulation_lab', { kind: 'at' });
    expect(expandPlan(graph, [step('goto', 'meeting_room1')])).toEqual({
      ok: true,
      value: [step('goto', 'pose4'), step('goto', 'meeting_room1')],
    });
  });

  it('names the step that cannot be reached and says why', () => {
    const plan = [step('goto', 'kitchen'), step('access', 'fridge'), step('goto', 'bedroom2')];
    expect(expandPlan(office(), plan)).toEqual({
      ok: false,
      error: {
        step: 2,
        action: 'goto',
        args: ['bedroom2'],
        reason: 'disconnected',
        message:
          'step 3 goto(bedroom2) cannot be reached: no path from kitchen on floor0 to bedroom2 on floor2: the floors are not connected by stairs (from kitchen the robot can reach floor0 and floor1 only)',
      },
    });
  });

  it('names a hallucinated place', () => {
    const result = expandPlan(office(), [step('goto', 'conference_room')]);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.reason).toBe('unknown_node');
      expect(result.error.message).toBe(
        'step 1 goto(conference_room) cannot be reached: there is no node "conference_room" in the scene; use the id of a room, pose, asset or object that exists',
      );
    }
  });

  it('rejects a goto without exactly one place', () => {
    const result = expandPlan(office(), [step('goto', 'kitchen', 'lobby')]);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.reason).toBe('malformed_step');
  });

  it('says when the agent has no location to start from', () => {
    const graph = office();
    graph.dropEdge(graph.directedEdge('robot', 'pose0')!);
    const result = expandPlan(graph, [step('goto', 'kitchen')]);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.reason).toBe('no_agent_location');
      expect(result.error.message).toBe(
        'step 1 goto(kitchen) cannot be reached: the location of robot is unknown: the scene has no "at" edge from it to a room or pose',
      );
    }
  });
});
