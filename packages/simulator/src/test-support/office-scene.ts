import { buildSceneGraph, type SceneFile, type SceneGraph } from '@groundplan/scene-graph';
import type { PlanStep } from '../plan/plan.js';

/**
 * A small office floor for tests. Poses run pose1 - pose2 - pose3 - pose4; nikos_office hangs off
 * pose1, the kitchen off pose2, the meeting room off pose4. The agent starts at pose1, hand empty.
 */
export const OFFICE: SceneFile = {
  format: 'groundplan.scene-graph',
  version: 1,
  name: 'test office',
  nodes: [
    { id: 'floor1', kind: 'floor' },
    { id: 'kitchen', kind: 'room', position: [10, 5, 0] },
    { id: 'meeting_room', kind: 'room', position: [30, 5, 0] },
    { id: 'nikos_office', kind: 'room', position: [0, 5, 0] },
    { id: 'pose1', kind: 'pose', position: [0, 0, 0] },
    { id: 'pose2', kind: 'pose', position: [10, 0, 0] },
    { id: 'pose3', kind: 'pose', position: [20, 0, 0] },
    { id: 'pose4', kind: 'pose', position: [30, 0, 0] },
    { id: 'fridge', kind: 'asset', state: { door: 'closed' }, affordances: ['open', 'close', 'contain'] },
    {
      id: 'microwave',
      kind: 'asset',
      state: { door: 'closed', power: 'off' },
      affordances: ['open', 'close', 'turn_on', 'turn_off', 'heat', 'contain'],
    },
    {
      id: 'coffee_machine',
      kind: 'asset',
      state: { power: 'off' },
      affordances: ['turn_on', 'turn_off', 'make_coffee'],
    },
    { id: 'sink', kind: 'asset', affordances: ['wash', 'contain'] },
    { id: 'counter', kind: 'asset', state: { cleanliness: 'dirty' }, affordances: ['wipe'] },
    { id: 'recycling_bin', kind: 'asset', attributes: { bin_type: 'recycling' }, affordances: ['contain'] },
    { id: 'banana', kind: 'object', state: { ripeness: 'ripe' }, affordances: ['pickup'] },
    { id: 'pizza', kind: 'object', state: { temperature: 'cold' }, affordances: ['pickup'] },
    {
      id: 'mug',
      kind: 'object',
      state: { contents: 'empty', cleanliness: 'dirty' },
      affordances: ['pickup'],
    },
    { id: 'cup', kind: 'object', state: { contents: 'water' }, affordances: ['pickup'] },
    { id: 'cloth', kind: 'object', affordances: ['pickup', 'clean_with'] },
    { id: 'can', kind: 'object', state: { contents: 'empty' }, affordances: ['pickup'] },
    {
      id: 'lunchbox',
      kind: 'object',
      state: { door: 'closed' },
      affordances: ['pickup', 'open', 'close', 'contain'],
    },
    { id: 'poster', kind: 'object', attributes: { text: 'quarterly goals' } },
    { id: 'table', kind: 'asset', state: { cleanliness: 'dusty' }, affordances: ['wipe'] },
    { id: 'nikos_desk', kind: 'asset', state: { cleanliness: 'dusty' }, affordances: ['wipe'] },
    { id: 'cabinet', kind: 'asset', state: { door: 'closed' }, affordances: ['open', 'close', 'contain'] },
    { id: 'stapler', kind: 'object', affordances: ['pickup'] },
    { id: 'apple', kind: 'object', state: { ripeness: 'ripe' }, affordances: ['pickup'] },
    { id: 'filing_drawer', kind: 'asset', affordances: ['open', 'close'] },
    { id: 'desk_lamp', kind: 'asset', affordances: ['turn_on', 'turn_off'] },
    { id: 'agent', kind: 'agent' },
  ],
  edges: [
    { kind: 'hierarchy', source: 'floor1', target: 'kitchen' },
    { kind: 'hierarchy', source: 'floor1', target: 'meeting_room' },
    { kind: 'hierarchy', source: 'floor1', target: 'nikos_office' },
    { kind: 'hierarchy', source: 'kitchen', target: 'fridge' },
    { kind: 'hierarchy', source: 'kitchen', target: 'microwave' },
    { kind: 'hierarchy', source: 'kitchen', target: 'coffee_machine' },
    { kind: 'hierarchy', source: 'kitchen', target: 'sink' },
    { kind: 'hierarchy', source: 'kitchen', target: 'counter' },
    { kind: 'hierarchy', source: 'kitchen', target: 'recycling_bin' },
    { kind: 'hierarchy', source: 'fridge', target: 'banana', relation: 'inside' },
    { kind: 'hierarchy', source: 'fridge', target: 'pizza', relation: 'inside' },
    { kind: 'hierarchy', source: 'counter', target: 'mug', relation: 'on' },
    { kind: 'hierarchy', source: 'counter', target: 'cup', relation: 'on' },
    { kind: 'hierarchy', source: 'counter', target: 'cloth', relation: 'on' },
    { kind: 'hierarchy', source: 'counter', target: 'can', relation: 'on' },
    { kind: 'hierarchy', source: 'counter', target: 'lunchbox', relation: 'on' },
    { kind: 'hierarchy', source: 'kitchen', target: 'poster' },
    { kind: 'hierarchy', source: 'meeting_room', target: 'table' },
    { kind: 'hierarchy', source: 'nikos_office', target: 'nikos_desk' },
    { kind: 'hierarchy', source: 'nikos_office', target: 'cabinet' },
    { kind: 'hierarchy', source: 'nikos_office', target: 'filing_drawer' },
    { kind: 'hierarchy', source: 'nikos_office', target: 'desk_lamp' },
    { kind: 'hierarchy', source: 'cabinet', target: 'stapler', relation: 'inside' },
    { kind: 'hierarchy', source: 'nikos_office', target: 'apple' },
    { kind: 'navigation', source: 'pose1', target: 'pose2' },
    { kind: 'navigation', source: 'pose2', target: 'pose3' },
    { kind: 'navigation', source: 'pose3', target: 'pose4' },
    { kind: 'navigation', source: 'nikos_office', target: 'pose1' },
    { kind: 'navigation', source: 'kitchen', target: 'pose2' },
    { kind: 'navigation', source: 'meeting_room', target: 'pose4' },
    { kind: 'at', source: 'agent', target: 'pose1' },
  ],
};

/** A fresh graph of the test office. */
export function officeScene(): SceneGraph {
  return buildSceneGraph(OFFICE);
}

/** Steps written as an LLM writes them: steps('goto(pose2)', 'access(fridge)'). */
export function steps(...calls: string[]): PlanStep[] {
  return calls.map((call) => {
    const match = /^(\w+)\((.*)\)$/.exec(call);
    if (match === null) throw new Error(`test step '${call}' is not action(args)`);
    const args = match[2]!.trim();
    return { action: match[1]!, args: args === '' ? [] : args.split(',').map((arg) => arg.trim()) };
  });
}

/** The route from pose1 into the kitchen, and on to the meeting room. */
export const TO_KITCHEN = ['goto(pose2)', 'goto(kitchen)'] as const;
export const KITCHEN_TO_MEETING_ROOM = [
  'goto(pose2)',
  'goto(pose3)',
  'goto(pose4)',
  'goto(meeting_room)',
] as const;
