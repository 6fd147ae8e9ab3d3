import {
  asset,
  type BuildingTable,
  type Details,
  numbered,
  obj,
  type RoomRow,
  type Thing,
} from './tables.js';

/*
 * A three-storey family home, 20 m x 10 m per floor, 3 m between floors. Each floor has a hallway
 * of five poses 5 m apart (y=0); rooms sit north (y=5) or south (y=-5) of the hallway pose at
 * their x. The stairs join the first hallway pose of each floor to the next floor's.
 */

const STEP = 5;
const STOREY = 3;
const STAIRS_M = 6;

type Side = 'north' | 'south';

function room(
  floor: number,
  slot: number,
  side: Side,
  id: string,
  contents: readonly Thing[],
  a?: RoomRow['a'],
) {
  const base = {
    id,
    floor: `floor${floor}`,
    door: `pose_f${floor}_${slot}`,
    position: [slot * STEP, side === 'north' ? 5 : -5, floor * STOREY] as const,
  };
  return a === undefined ? { ...base, contents } : { ...base, a, contents };
}

const surface = (id: string, items: readonly Thing[] = [], d: Details = {}) => asset(id, 'surface', d, items);
const furniture = (id: string, items: readonly Thing[] = [], d: Details = {}) =>
  asset(id, 'furniture', d, items);
const chair = (id: string, d: Details = {}) => asset(id, 'furniture', d);
const item = (id: string, a?: Details['a']) => obj(id, 'item', a === undefined ? {} : { a });
const plant = (id: string, a: Details['a']) => obj(id, 'plant', { a });
const device = (id: string, d: Details = {}) => asset(id, 'appliance', d);

const rooms: RoomRow[] = [
  // --- floor0: ground floor ---
  room(0, 0, 'north', 'kitchen0', [
    surface('kitchen_counter0', [
      obj('banana', 'fruit', { a: { colour: 'yellow' } }),
      obj('apple', 'fruit', { a: { colour: 'red' } }),
      item('kettle'),
    ]),
    asset('fridge0', 'fridge', {}, [
      obj('milk', 'drink', { s: { contents: 'milk' } }),
      obj('eggs', 'chilled'),
    ]),
    asset('wine_rack', 'rack', {}, [
      obj('wine_bottle', 'drink', { a: { colour: 'red' }, s: { contents: 'wine' } }),
    ]),
    asset('oven0', 'oven'),
    asset('microwave0', 'microwave'),
    asset('kitchen_sink0', 'sink'),
  ]),
  room(0, 0, 'south', 'pantry0', [
    surface('pantry_shelf', [
      obj('rice', 'food'),
      obj('pasta', 'food'),
      obj('canned_beans', 'food'),
      obj('cereal', 'food'),
    ]),
  ]),
  room(0, 1, 'north', 'dining_room0', [
    surface('dining_table0', [
      obj('vegetable_lasagna', 'food', { s: { temperature: 'hot' } }),
      obj('green_salad', 'food'),
      obj('roasted_vegetables', 'food', { s: { temperature: 'hot' } }),
    ]),
    ...numbered('dining_room0_chair_', 6, (id) => chair(id)),
  ]),
  room(0, 1, 'south', 'dining_room1', [
    surface('dining_table1', [
      obj('baby_monitor', 'gadget', { s: { power: 'on' } }),
      obj('fruit_basket', 'box'),
    ]),
    ...numbered('dining_room1_chair_', 4, (id) => chair(id)),
  ]),
  room(0, 2, 'north', 'living_room0', [
    furniture('sofa0', [item('cushion0')], { a: { colour: 'navy' } }),
    device('tv0', { a: { size_inches: 65 } }),
    device('game_console'),
    surface('coffee_table0', [obj('laptop0', 'gadget'), obj('bluetooth_speaker', 'gadget')]),
    obj('rattle', 'item', { a: { colour: 'yellow', for: 'baby' } }),
  ]),
  room(0, 2, 'south', 'bathroom0', [
    asset('toilet0', 'fixture'),
    asset('bathroom_sink0', 'sink'),
    surface('bathroom_shelf0', [item('razor'), item('towel0')]),
  ]),
  room(0, 3, 'north', 'laundry_room0', [
    device('washing_machine'),
    asset('laundry_basket', 'rack', {}, [
      item('shirt'),
      obj('sock_3', 'item', { a: { colour: 'white', pattern: 'plain' } }),
    ]),
  ]),
  room(0, 3, 'south', 'garage0', [
    surface('workbench0', [obj('FooBar', 'item'), item('hammer')]),
    asset('bicycle', 'fixture', { a: { colour: 'blue' } }),
    obj('toolbox0', 'box', {}, [item('screwdriver'), item('pliers')]),
  ]),
  room(0, 4, 'north', 'patio0', [
    asset('barbecue', 'oven', { a: { fuel: 'gas' } }),
    surface('outdoor_table'),
    ...numbered('outdoor_chair_', 2, (id) => chair(id)),
    plant('potted_plant_5', { flowers: 'red roses', thorns: true }),
  ]),

  // --- floor1 ---
  room(1, 0, 'north', 'kitchen1', [
    surface('kitchen_counter1', [item('cutting_board'), obj('bread', 'food')]),
    asset('kitchen_sink1', 'sink'),
    obj('vase_2', 'item', { a: { colour: 'clear glass' }, s: { contents: 'empty' } }),
    asset('fridge1', 'fridge', {}, [obj('cheese', 'chilled'), obj('yogurt', 'chilled')]),
    asset('microwave1', 'microwave'),
    device('toaster'),
  ]),
  room(1, 0, 'south', 'dining_room2', [
    surface('dining_table2', [
      obj('roast_chicken', 'food', { s: { temperature: 'hot' } }),
      obj('steak', 'food', { s: { temperature: 'hot' } }),
      obj('mashed_potatoes', 'food'),
    ]),
    ...numbered('dining_room2_chair_', 5, (id) => chair(id)),
  ]),
  room(1, 1, 'north', 'living_room1', [
    furniture('sofa1', [obj('sock_2', 'item', { a: { colour: 'red', pattern: 'striped' } })], {
      a: { colour: 'beige' },
    }),
    device('tv1'),
    surface('coffee_table1', [item('magazine')]),
  ]),
  room(1, 1, 'south', 'bathroom1', [
    asset('toilet1', 'fixture'),
    asset('bathroom_sink1', 'sink'),
    asset('bathtub', 'fixture'),
    obj('vase', 'item', { a: { flowers: 'tulips' }, s: { contents: 'water' } }),
    plant('potted_plant_1', { leaves: 'broad and glossy' }),
  ]),
  room(1, 2, 'north', 'home_office0', [
    surface('office_desk', [obj('computer', 'gadget', { a: { internet: true } }), item('notepad')]),
    chair('office_chair'),
    device('printer0'),
    surface('office_bookshelf', [item('cookbook'), item('atlas')]),
    plant('potted_plant_7', {
      spines: true,
      shape: 'round and ribbed',
      watering: 'once a month',
      soil: 'sandy',
    }),
  ]),
  room(1, 2, 'south', 'bedroom0', [
    furniture('bed0', [
      item('pillow_1'),
      item('pillow_2'),
      obj('book', 'item', { a: { title: 'The Hobbit', colour: 'green' } }),
    ]),
    obj('sock', 'item', { a: { colour: 'red', pattern: 'striped' } }),
    asset('wardrobe0', 'cupboard', {}, [item('winter_coat')]),
    surface('nightstand0', [obj('bedside_lamp', 'gadget')]),
  ]),
  room(1, 3, 'north', 'bedroom1', [
    furniture('bed1', [item('pillow_3'), obj('teddy_bear', 'item', { a: { colour: 'brown' } })], {
      a: { size: 'small', pattern: 'dinosaurs' },
    }),
    asset('toy_chest', 'rack', {}, [item('toy_cars'), item('crayons')]),
    obj('night_light', 'gadget', { a: { shape: 'moon' } }),
    obj('sock_4', 'item', { a: { colour: 'blue', pattern: 'polka dots' } }),
  ]),
  room(1, 3, 'south', 'playroom0', [
    obj('ball', 'item', { a: { colour: 'red' } }),
    asset('toy_box', 'rack', {}, [item('building_blocks'), item('doll')]),
    chair('kids_chair', { a: { size: 'small' } }),
  ]),
  room(1, 4, 'north', 'bathroom2', [
    asset('toilet2', 'fixture'),
    asset('bathroom_sink2', 'sink'),
    surface('bathroom_shelf2', [item('razor_2'), item('shaving_cream'), item('toothbrush')]),
  ]),
  room(1, 4, 'south', 'closet0', [
    furniture('clothes_rail0', [item('shirts'), item('raincoat')]),
    asset('shoe_rack0', 'rack', {}, [item('sneakers')]),
  ]),

  // --- floor2 ---
  room(2, 0, 'north', 'living_room2', [
    furniture('sofa2', [], { a: { colour: 'green' } }),
    obj('radio', 'gadget'),
    surface('bookshelf2', [item('photo_album')]),
    plant('potted_plant_6', { soil: 'dry and cracked', leaves: 'drooping' }),
  ]),
  room(2, 0, 'south', 'bathroom3', [
    asset('shower', 'fixture'),
    asset('bathroom_sink3', 'sink'),
    item('shampoo'),
  ]),
  room(2, 1, 'north', 'bedroom2', [
    furniture('bed2', [item('blanket')]),
    surface(
      'nightstand2',
      numbered('bowl_', 4, (id) => obj(id, 'dish')),
    ),
    obj('suitcase', 'box', { a: { colour: 'black' } }),
  ]),
  room(2, 1, 'south', 'bedroom3', []),
  room(2, 2, 'north', 'bathroom4', [
    asset('toilet4', 'fixture'),
    asset('bathroom_sink4', 'sink'),
    plant('potted_plant_2', { flowers: 'white orchid' }),
    plant('potted_plant_3', { leaves: 'fern fronds' }),
    plant('potted_plant_4', { leaves: 'trailing ivy' }),
  ]),
  room(2, 2, 'south', 'closet1', [
    furniture('clothes_rail1', [item('dresses'), item('jackets')]),
    obj('shoe_box', 'box', {}, [item('dress_shoes')]),
  ]),
  room(2, 3, 'north', 'gym0', [device('treadmill'), item('yoga_mat'), item('dumbbells')]),
  room(2, 3, 'south', 'library0', [
    surface('library_bookshelf', [item('encyclopedia'), item('poetry_book')]),
    chair('reading_chair', { a: { colour: 'burgundy' } }),
  ]),
  room(2, 4, 'north', 'attic0', [
    surface('attic_shelf', [item('storage_boxes'), item('christmas_decorations')]),
    obj('old_lamp', 'gadget'),
  ]),
];

const poses = [0, 1, 2].flatMap((f) =>
  Array.from({ length: 5 }, (_, i) => ({
    id: `pose_f${f}_${i}`,
    floor: `floor${f}`,
    position: [i * STEP, 0, f * STOREY] as const,
  })),
);

const links = [
  ...[0, 1, 2].flatMap((f) =>
    Array.from({ length: 4 }, (_, i) => ({ from: `pose_f${f}_${i}`, to: `pose_f${f}_${i + 1}` })),
  ),
  // a staircase is longer than the straight line between its landings
  { from: 'pose_f0_0', to: 'pose_f1_0', distance: STAIRS_M },
  { from: 'pose_f1_0', to: 'pose_f2_0', distance: STAIRS_M },
];

/** SayPlan's home: three storeys, 28 rooms, the robot in the ground-floor hallway. */
export const homeTable: BuildingTable = {
  name: 'home',
  description:
    'A three-storey family home in the spirit of SayPlan: 28 rooms on floors 0-2 (kitchens, dining and living rooms, bedrooms, bathrooms, closets, a home office and a playroom), joined by hallways and stairs.',
  floors: [0, 1, 2].map((f) => ({ id: `floor${f}`, a: { level: f } })),
  poses,
  links,
  rooms,
  agent: { id: 'agent', at: 'pose_f0_0' },
};
