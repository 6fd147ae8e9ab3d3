import type { ExploreForResult } from '@groundplan/workflows/explore-contract';
import { describe, expect, it } from 'vitest';
import { explorationOutcome } from './explore.js';

const ended: ExploreForResult = {
  status: 'not-found',
  explorer: 'frontier',
  found: [],
  unreachable: [],
  explored: ['admin', 'kitchen'],
  distance: 0,
  steps: 2,
  usage: { promptTokens: 0, completionTokens: 0, calls: 0 },
  runs: 1,
  belief: { ref: 'sha256:0', accessed: null },
};

describe("explore's one-line outcome", () => {
  it('says nothing of skills when none failed', () => {
    expect(explorationOutcome(['apple'], { ...ended, failedSkills: [] })).toBe(
      'Not found: apple after exploring every reachable room: 2 room(s) explored, 0.0 m, 2 skills, LLM 0 call(s) (frontier)',
    );
  });

  it('names how many skills failed and why the first did, so "explored" is not taken at its word', () => {
    const failedSkills = ['cannot goto(pose_c0): the agent is at jasons_office', 'cannot goto(pose_c1): ...'];
    expect(explorationOutcome(['apple'], { ...ended, failedSkills })).toBe(
      'Not found: apple after exploring every reachable room: 2 room(s) explored, 0.0 m, 2 skills, LLM 0 call(s) (frontier); 2 skill(s) failed, the first: cannot goto(pose_c0): the agent is at jasons_office',
    );
    const many = Array.from({ length: 10 }, (_, i) => `step ${i} failed`);
    expect(explorationOutcome(['apple'], { ...ended, failedSkills: many })).toMatch(
      /; 10\+ skill\(s\) failed, the first: step 0 failed$/,
    );
  });

  it('counts a room the robot could not get into as not reached, not as explored', () => {
    const unreached = {
      ...ended,
      unreached: ['kitchen'],
      failedSkills: ['cannot goto(pose_c0): the agent is at jasons_office'],
    };
    expect(explorationOutcome(['apple'], unreached)).toBe(
      'Not found: apple after trying every room it could plan a route to: 1 room(s) explored, 1 not reached, 0.0 m, 2 skills, LLM 0 call(s) (frontier); 1 skill(s) failed, the first: cannot goto(pose_c0): the agent is at jasons_office',
    );
    expect(explorationOutcome(['apple'], { ...unreached, status: 'budget' })).toMatch(
      /^Budget spent before finding apple: 1 room\(s\) explored, 1 not reached, /,
    );
  });
});
