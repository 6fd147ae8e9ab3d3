/**
 * A small made-up building for in-context examples: a public library branch. It is not one of
 * the evaluation scenes, so the examples teach the format without leaking answers.
 */
export const EXAMPLE_COLLAPSED_VIEW = JSON.stringify({
  nodes: [
    { id: 'ground', kind: 'floor' },
    { id: 'reading_room', kind: 'room' },
    { id: 'staff_kitchen', kind: 'room' },
    { id: 'archive', kind: 'room', attributes: { access: 'staff only' } },
    { id: 'robot', kind: 'agent' },
    { id: 'pose_1', kind: 'pose' },
  ],
  hierarchy: { ground: ['archive', 'reading_room', 'staff_kitchen'] },
  at: { robot: 'pose_1' },
  expandable: ['archive', 'reading_room', 'staff_kitchen'],
  expanded: [],
});

export const EXAMPLE_KITCHEN_VIEW = JSON.stringify({
  nodes: [
    { id: 'ground', kind: 'floor' },
    { id: 'reading_room', kind: 'room' },
    { id: 'staff_kitchen', kind: 'room' },
    { id: 'archive', kind: 'room', attributes: { access: 'staff only' } },
    { id: 'robot', kind: 'agent' },
    { id: 'pose_1', kind: 'pose' },
    { id: 'counter', kind: 'asset', affordances: ['access'] },
    { id: 'kettle', kind: 'asset', state: { power: 'off' }, affordances: ['access', 'turn_on', 'turn_off'] },
    { id: 'teapot', kind: 'object', relation: 'on', state: { contents: 'empty' }, affordances: ['pickup'] },
  ],
  hierarchy: {
    ground: ['archive', 'reading_room', 'staff_kitchen'],
    staff_kitchen: ['counter', 'kettle'],
    counter: ['teapot'],
  },
  at: { robot: 'pose_1' },
  expandable: ['archive', 'reading_room'],
  expanded: ['staff_kitchen', 'counter'],
});
