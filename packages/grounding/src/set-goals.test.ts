import type { SceneGraph } from '@groundplan/scene-graph';
import { formatGoal, initialState } from '@groundplan/simulator';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  contentsOf,
  fittingPlaces,
  kindOf,
  MAX_SET_MEMBERS,
  placementGoals,
  purposeOf,
  type SetScene,
  sameKind,
  setMembers,
  stateGoals,
} from './set-goals.js';
import { datasetScene } from './test-support/datasets.js';

let office: SceneGraph;
let scene: SetScene;

beforeAll(async () => {
  office = await datasetScene('office');
  const start = initialState(office);
  if (!start.ok) throw new Error(start.error);
  scene = { graph: office, state: start.value };
});

describe('the things a quantified request is about', () => {
  it('takes what lies on or in the asset it names', () => {
    expect(contentsOf(scene, 'lunch_table')).toEqual(['bowl', 'fork', 'mug_3', 'plate', 'spoon']);
    expect(setMembers(scene, { source: 'dishwasher', seed: 'tshirt_1' }, undefined)).toEqual([
      'bowl_2',
      'fork_2',
      'mug_2',
      'plate_3',
      'spoon_2',
    ]);
  });

  it("of an asset's contents, those the noun names, or all when it names none of them", () => {
    expect(setMembers(scene, { source: 'lunch_table', noun: 'forks' }, undefined)).toEqual(['fork']);
    expect(setMembers(scene, { source: 'lunch_table', noun: 'dirty dishes' }, undefined)).toEqual(
      contentsOf(scene, 'lunch_table'),
    );
  });

  it('else every object of the seed kind, in number order, as many as asked and at most the cap', () => {
    expect(kindOf('tshirt_4')).toBe('tshirt');
    expect(kindOf('fork')).toBe('fork');
    expect(sameKind(office, 'tshirt_5')).toEqual([
      'tshirt_1',
      'tshirt_2',
      'tshirt_3',
      'tshirt_4',
      'tshirt_5',
      'tshirt_6',
    ]);
    expect(setMembers(scene, { seed: 'tshirt_5' }, 6)).toHaveLength(6);
    expect(setMembers(scene, { seed: 'water_bottle_2' }, 3)).toEqual([
      'water_bottle_1',
      'water_bottle_2',
      'water_bottle_3',
    ]);
    expect(setMembers(scene, { seed: 'tshirt_5' }, 40)).toHaveLength(Math.min(6, MAX_SET_MEMBERS));
    expect(setMembers(scene, {}, 3)).toEqual([]);
  });
});

describe('goals for a set', () => {
  it('places each member, inside a container and on anything else, leaving out those already there', () => {
    const goals = placementGoals(scene, ['fork_2', 'fork_3', 'plate_3'], (member) =>
      member === 'plate_3' ? 'lunch_table' : 'cutlery_drawer',
    ).map(formatGoal);
    // fork_3 lies in the cutlery drawer already.
    expect(goals).toEqual(['inside(fork_2, cutlery_drawer)', 'on(plate_3, lunch_table)']);
  });

  it('sets the template state on every member that has it at another value', () => {
    const goals = stateGoals(scene, ['plate', 'bowl_2', 'tshirt_1'], {
      dimension: 'cleanliness',
      value: 'clean',
    }).map(formatGoal);
    // bowl_2 is clean already; a t-shirt has no cleanliness.
    expect(goals).toEqual(['state(plate, cleanliness, clean)']);
  });
});

describe('fitting places', () => {
  it('reads what an asset is for from its text attributes', () => {
    expect(purposeOf(office, 'kitchen_cupboard')).toBe('plates, bowls and mugs');
    expect(purposeOf(office, 'organic_bin')).toBe('organic');
    expect(purposeOf(office, 'sink')).toBe('');
  });

  it('chooses among the containers that say what they are for: of the kind named, or any', () => {
    expect(fittingPlaces(office, 'bin')).toEqual([
      'e_waste_bin',
      'general_bin',
      'organic_bin',
      'recycling_bin',
    ]);
    const any = fittingPlaces(office, undefined);
    expect(any).toEqual(
      expect.arrayContaining(['cutlery_drawer', 'kitchen_cupboard', 'organic_bin', 'cabinet_6']),
    );
    expect(any).not.toContain('sink');
    expect(any).not.toContain('fridge');
  });
});
