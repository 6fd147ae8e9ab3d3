import type { Relation } from '../format/schema.js';

/** A kind of thing the generator can place, with its states (first value is the default) and skills. */
export type Thing = {
  name: string;
  state?: Record<string, readonly string[]>;
  affordances?: readonly string[];
  attributes?: Record<string, readonly string[]>;
};

export type AssetType = Thing & { holds: readonly string[]; relation: Relation };

const colour = ['white', 'black', 'red', 'blue', 'green', 'yellow', 'grey', 'brown'];
const material = ['wood', 'metal', 'plastic', 'glass', 'ceramic'];
const door = { door: ['closed', 'open'] };
const power = { power: ['off', 'on'] };

// Names, state dimensions and skills follow docs/vocabulary.md, so generated scenes work with the
// simulator's action table.
export const OBJECTS: Record<string, Thing> = {
  mug: {
    name: 'mug',
    state: { cleanliness: ['clean', 'dirty'], contents: ['empty', 'water', 'coffee'] },
    affordances: ['pickup'],
    attributes: { colour },
  },
  plate: {
    name: 'plate',
    state: { cleanliness: ['clean', 'dirty'] },
    affordances: ['pickup'],
    attributes: { colour },
  },
  banana: { name: 'banana', state: { ripeness: ['ripe', 'unripe', 'rotten'] }, affordances: ['pickup'] },
  apple: { name: 'apple', state: { ripeness: ['ripe', 'unripe', 'rotten'] }, affordances: ['pickup'] },
  orange: { name: 'orange', state: { ripeness: ['ripe', 'unripe', 'rotten'] }, affordances: ['pickup'] },
  bottle: { name: 'bottle', state: { contents: ['water', 'empty', 'soda'] }, affordances: ['pickup'] },
  can: { name: 'can', state: { contents: ['soda', 'empty'] }, affordances: ['pickup'] },
  food: { name: 'food', state: { temperature: ['cold', 'room', 'hot'] }, affordances: ['pickup'] },
  book: { name: 'book', affordances: ['pickup'], attributes: { colour } },
  stapler: { name: 'stapler', affordances: ['pickup'], attributes: { colour } },
  paper: { name: 'paper', affordances: ['pickup'] },
  pen: { name: 'pen', affordances: ['pickup'], attributes: { colour } },
  laptop: { name: 'laptop', state: power, affordances: ['pickup', 'turn_on', 'turn_off'] },
  sponge: { name: 'sponge', affordances: ['pickup', 'clean_with'] },
  cloth: { name: 'cloth', affordances: ['pickup', 'clean_with'], attributes: { colour } },
  towel: { name: 'towel', affordances: ['pickup'], attributes: { colour } },
  toothbrush: { name: 'toothbrush', affordances: ['pickup'], attributes: { colour } },
  screwdriver: { name: 'screwdriver', affordances: ['pickup'] },
  multimeter: { name: 'multimeter', state: power, affordances: ['pickup', 'turn_on', 'turn_off'] },
  cable: { name: 'cable', affordances: ['pickup'], attributes: { colour } },
  vase: {
    name: 'vase',
    state: { contents: ['empty', 'water'] },
    affordances: ['pickup'],
    attributes: { material },
  },
};

const kitchenware = ['mug', 'plate', 'bottle', 'can', 'food'];
const fruit = ['banana', 'apple', 'orange'];
const office = ['book', 'stapler', 'paper', 'pen', 'laptop', 'mug'];
const lab = ['screwdriver', 'multimeter', 'cable', 'laptop'];

export const ASSETS: Record<string, AssetType> = {
  fridge: {
    name: 'fridge',
    state: door,
    affordances: ['open', 'close', 'contain'],
    holds: [...fruit, 'bottle', 'can', 'food'],
    relation: 'inside',
  },
  cabinet: {
    name: 'cabinet',
    state: door,
    affordances: ['open', 'close', 'contain'],
    holds: [...kitchenware, 'sponge', 'cloth'],
    relation: 'inside',
  },
  microwave: {
    name: 'microwave',
    state: { ...door, ...power },
    affordances: ['open', 'close', 'turn_on', 'turn_off', 'heat', 'contain'],
    holds: ['food', 'mug'],
    relation: 'inside',
  },
  coffee_machine: {
    name: 'coffee_machine',
    state: power,
    affordances: ['turn_on', 'turn_off', 'make_coffee'],
    holds: ['mug'],
    relation: 'on',
  },
  sink: {
    name: 'sink',
    affordances: ['wash', 'contain'],
    holds: ['mug', 'plate', 'sponge'],
    relation: 'inside',
  },
  kitchen_bench: {
    name: 'kitchen_bench',
    state: { cleanliness: ['clean', 'dirty'] },
    affordances: ['wipe'],
    holds: [...kitchenware, ...fruit],
    relation: 'on',
  },
  desk: {
    name: 'desk',
    state: { cleanliness: ['clean', 'dusty', 'dirty'] },
    affordances: ['wipe'],
    holds: office,
    relation: 'on',
    attributes: { material },
  },
  table: {
    name: 'table',
    state: { cleanliness: ['clean', 'dirty'] },
    affordances: ['wipe'],
    holds: [...office, ...kitchenware, 'vase'],
    relation: 'on',
    attributes: { material },
  },
  shelf: {
    name: 'shelf',
    state: { cleanliness: ['clean', 'dusty'] },
    affordances: ['wipe'],
    holds: ['book', 'paper', 'vase', 'cable'],
    relation: 'on',
  },
  drawer: {
    name: 'drawer',
    state: door,
    affordances: ['open', 'close', 'contain'],
    holds: ['pen', 'stapler', 'paper', 'cable', 'screwdriver'],
    relation: 'inside',
  },
  workbench: {
    name: 'workbench',
    affordances: ['wipe'],
    holds: lab,
    relation: 'on',
    state: { cleanliness: ['clean', 'dirty'] },
  },
  printer: {
    name: 'printer',
    state: power,
    affordances: ['turn_on', 'turn_off'],
    holds: ['paper'],
    relation: 'on',
  },
  bin: {
    name: 'bin',
    affordances: ['contain'],
    holds: ['paper', 'can', 'bottle'],
    relation: 'inside',
    attributes: { bin_type: ['general', 'recycling', 'organic', 'e_waste'] },
  },
  locker: {
    name: 'locker',
    state: door,
    affordances: ['open', 'close', 'contain'],
    holds: ['towel', 'book', 'laptop'],
    relation: 'inside',
  },
  bathroom_cabinet: {
    name: 'bathroom_cabinet',
    state: door,
    affordances: ['open', 'close', 'contain'],
    holds: ['toothbrush', 'towel', 'sponge'],
    relation: 'inside',
  },
  couch: { name: 'couch', holds: ['book', 'laptop', 'towel'], relation: 'on', attributes: { colour } },
};

/** Room types with the assets that furnish them, most characteristic first. */
export const ROOMS: readonly { name: string; assets: readonly string[] }[] = [
  { name: 'office', assets: ['desk', 'shelf', 'drawer', 'bin', 'table'] },
  {
    name: 'kitchen',
    assets: ['fridge', 'coffee_machine', 'microwave', 'sink', 'cabinet', 'kitchen_bench', 'bin'],
  },
  { name: 'meeting_room', assets: ['table', 'shelf', 'bin'] },
  { name: 'lab', assets: ['workbench', 'shelf', 'drawer', 'bin', 'desk'] },
  { name: 'printing_zone', assets: ['printer', 'shelf', 'bin'] },
  { name: 'bathroom', assets: ['sink', 'bathroom_cabinet', 'bin'] },
  { name: 'lounge', assets: ['couch', 'table', 'shelf'] },
  { name: 'storage', assets: ['shelf', 'cabinet', 'locker'] },
  { name: 'phd_bay', assets: ['desk', 'desk', 'shelf', 'locker', 'bin'] },
];
