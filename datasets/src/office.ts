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
 * One office floor, 96 m x 36 m. Two east-west corridors (south y=0, north y=24) with a pose every
 * 8 m, joined by cross corridors at x=0, 48 and 96. Rooms sit in four rows: south of the south
 * corridor (y=-6), the central block facing south (y=6) or north (y=18), and north of the north
 * corridor (y=30). A room's door opens onto the corridor pose at its x.
 */

const FLOOR = 'floor0';
const STEP = 8;

type Row = 'south' | 'centre_south' | 'centre_north' | 'north';
const ROW_Y: Record<Row, number> = { south: -6, centre_south: 6, centre_north: 18, north: 30 };

function room(row: Row, slot: number, id: string, contents: readonly Thing[], a?: RoomRow['a']): RoomRow {
  const corridor = row === 'south' || row === 'centre_south' ? 's' : 'n';
  const base = {
    id,
    floor: FLOOR,
    door: `pose_${corridor}${slot}`,
    position: [slot * STEP, ROW_Y[row], 0] as const,
  };
  return a === undefined ? { ...base, contents } : { ...base, a, contents };
}

const surface = (id: string, items: readonly Thing[] = [], d: Details = {}) => asset(id, 'surface', d, items);
const chair = (id: string, d: Details = {}) => asset(id, 'furniture', d);
const cabinet = (id: string, items: readonly Thing[] = [], d: Details = {}) =>
  asset(id, 'cupboard', d, items);
const item = (id: string, a?: Details['a']) => obj(id, 'item', a === undefined ? {} : { a });
const colour = (id: string, c: string) => obj(id, 'item', { a: { colour: c } });
const bin = (id: string, binType: string, items: readonly Thing[] = []) =>
  asset(id, 'bin', { a: { bin_type: binType } }, items);
const extinguisher = (id: string) => obj(id, 'item', { a: { colour: 'red', type: 'CO2' } });

/** An office named after its occupant, who is also its `occupant` attribute. */
function office(
  row: Row,
  slot: number,
  owner: string,
  occupant: string,
  contents: readonly Thing[],
): RoomRow {
  return room(row, slot, `${owner}_office`, contents, { occupant });
}

const rooms: RoomRow[] = [
  // --- south row, along the south corridor, west to east ---
  room(
    'south',
    0,
    'admin',
    [
      surface('reception_desk', [
        obj('parcel', 'box', {
          a: { label: 'LIVE SEEDLINGS - keep upright, water on arrival', sender: 'GreenGrow Nursery' },
        }),
        item('visitor_log', { colour: 'black' }),
      ]),
      surface('admin_shelf', [item('binder_admin', { colour: 'blue' })], { s: { cleanliness: 'dusty' } }),
      cabinet('admin_cabinet', [item('first_aid_kit')]),
      chair('reception_chair'),
      extinguisher('fire_extinguisher_5'),
    ],
    { function: 'reception and building administration' },
  ),
  room('south', 1, 'printing_zone1', [
    asset('printer_1', 'appliance', { s: { power: 'on' } }),
    surface('paper_shelf', [item('printer_paper'), item('toner_cartridge')]),
    bin('e_waste_bin', 'e_waste', [item('broken_mouse')]),
  ]),
  office('south', 2, 'aarons', 'Aaron', [
    surface('aarons_desk', [obj('aarons_laptop', 'gadget'), colour('aarons_notebook', 'green')]),
    chair('aarons_chair'),
    surface('aarons_bookshelf', [item('robotics_textbook'), item('control_theory_book')]),
  ]),
  office('south', 3, 'luis', 'Luis', [
    surface('luis_desk', [obj('luis_laptop', 'gadget'), item('luis_notepad')]),
    chair('luis_chair'),
    cabinet('cabinet_1', [item('project_folders'), item('spare_cables')]),
  ]),
  office('south', 4, 'nikos', 'Niko', [
    surface('nikos_desk', [
      obj('nikos_mug', 'mug', { a: { colour: 'white', owner: 'Niko' } }),
      obj('stapler', 'item', { a: { colour: 'black', label: 'property of Luis' } }),
      item('nikos_keyboard'),
    ]),
    chair('nikos_chair'),
    cabinet('cabinet_2', [item('tea_box')]),
  ]),
  office('south', 5, 'jasons', 'Jason', [
    surface('jasons_desk', [
      obj('jasons_monitor', 'gadget', { a: { size_inches: 27 }, s: { power: 'on' } }),
      item('jasons_keyboard'),
    ]),
    chair('jasons_chair'),
    cabinet('cabinet_3', [item('grant_binder'), item('hard_drive')], { s: { door: 'open' } }),
  ]),
  office('south', 6, 'filipes', 'Filipe', [
    surface('filipes_desk', [obj('filipes_laptop', 'gadget'), item('filipes_notebook')]),
    chair('filipes_chair'),
    cabinet('cabinet_4', [item('paper_clips')]),
    asset('filipes_whiteboard', 'fixture'),
  ]),
  office('south', 7, 'tobis', 'Tobi', [
    surface(
      'tobis_desk',
      [
        obj('sprite_can', 'drink', { a: { brand: 'Sprite', note: 'tipped over' }, s: { contents: 'empty' } }),
        obj('headphones_2', 'item', { a: { colour: 'black', wireless: true } }),
        item('tobis_keyboard'),
      ],
      { s: { cleanliness: 'dirty' }, a: { stain: 'sticky soda' } },
    ),
    chair('tobis_chair'),
    asset('tobis_mini_fridge', 'fridge', {}, [
      obj('pepsi_can', 'drink', { a: { brand: 'Pepsi' }, s: { contents: 'soda' } }),
    ]),
    cabinet('cabinet_5', [obj('apple_4', 'fruit', { s: { ripeness: 'rotten' } }), item('tea_box_2')]),
  ]),
  office('south', 8, 'wills', 'Will', [
    surface('wills_desk', [
      obj('printed_document_2', 'item', { a: { printed: 'minutes ago', title: 'ethics approval form' } }),
      item('wills_pen'),
    ]),
    chair('wills_chair'),
    surface('wills_bookshelf', [
      obj('undergraduate_thesis', 'item', { a: { title: 'Learning to Grasp', colour: 'blue' } }),
      item('conference_proceedings'),
    ]),
    cabinet('cabinet_6', [item('folder_a'), item('folder_b'), item('tax_forms'), item('receipts')], {
      a: { purpose: 'filing' },
    }),
  ]),
  office('south', 9, 'peters', 'Peter', [
    surface('peters_desk', [
      obj('peters_apple', 'fruit', { a: { colour: 'red' } }),
      obj('peters_wallet', 'item', { a: { valuable: true, colour: 'brown', contents: 'cards and cash' } }),
      item('reading_glasses'),
    ]),
    chair('peters_chair'),
    cabinet('peters_drawer', [], { a: { lockable: true } }),
    cabinet('cabinet_7', [item('old_reports')]),
  ]),
  office('south', 10, 'dimitys', 'Dimity', [
    surface('dimitys_desk', [
      obj('banana_2', 'fruit', { s: { ripeness: 'rotten' } }),
      obj('dimitys_laptop', 'gadget'),
    ]),
    chair('dimitys_chair'),
    cabinet('cabinet_8', [
      obj('whoopee_cushion', 'item', { a: { colour: 'pink' } }),
      obj('rubber_snake', 'item', { a: { colour: 'green', realistic: true } }),
    ]),
  ]),
  room('south', 11, 'bathroom1', [
    asset('bathroom_sink_1', 'sink'),
    asset('toilet_1', 'fixture'),
    item('hand_soap_1'),
  ]),
  room(
    'south',
    12,
    'manipulation_lab',
    [
      surface('robot_bench', [
        obj('robotic_gripper', 'item', { a: { fingers: 2, colour: 'grey' } }),
        obj('book', 'item', { a: { title: 'Modern Robotics', colour: 'orange' } }),
        obj('realsense_camera', 'gadget', { a: { model: 'D435' } }),
      ]),
      asset('robot_arm', 'fixture', { a: { model: 'UR5', payload_kg: 5 } }),
      surface('parts_shelf', [
        obj('book_2', 'item', { a: { title: 'Probabilistic Robotics', colour: 'white' } }),
        item('cable_ties'),
      ]),
    ],
    { area_m2: 60 },
  ),

  // --- central block, facing the south corridor ---
  room('centre_south', 1, 'supplies_station', [
    surface('supplies_shelf', [
      obj('chips', 'food', { a: { flavour: 'salted' } }),
      obj('cookies', 'food', { a: { flavour: 'chocolate chip' } }),
      obj('crackers', 'food'),
      obj('cloth', 'cleaner', { a: { colour: 'yellow' } }),
      obj('scissors', 'item', { a: { colour: 'black' } }),
      obj('stapler_3', 'item', { a: { colour: 'grey' } }),
    ]),
    asset('drinks_fridge', 'fridge', {}, [
      obj('orange_juice', 'drink', { a: { alcoholic: false }, s: { contents: 'juice' } }),
      obj('sparkling_water', 'drink', { a: { alcoholic: false } }),
      obj('lemonade', 'drink', { a: { alcoholic: false }, s: { contents: 'lemonade' } }),
      obj('beer', 'drink', { a: { alcoholic: true }, s: { contents: 'beer' } }),
      obj('wine_bottle', 'drink', { a: { alcoholic: true, colour: 'red' }, s: { contents: 'wine' } }),
    ]),
  ]),
  room('centre_south', 2, 'kitchen', [
    surface('kitchen_bench', [
      obj('orange', 'fruit'),
      obj('sponge', 'cleaner', { a: { colour: 'green' } }),
      obj('chopping_board', 'item'),
    ]),
    asset('fruit_bowl', 'rack', {}, [
      obj('banana', 'fruit', { a: { colour: 'yellow' } }),
      obj('banana_3', 'fruit', { a: { colour: 'brown', smell: 'strong' }, s: { ripeness: 'rotten' } }),
      obj('apple', 'fruit', { a: { colour: 'green' } }),
      obj('apple_2', 'fruit', { a: { colour: 'red' } }),
    ]),
    asset('fridge', 'fridge', {}, [
      obj('noodles', 'chilled', { a: { dish: 'leftover pad thai' } }),
      obj('chicken_kebab', 'chilled'),
      obj('kale', 'chilled'),
      obj('cheese', 'chilled'),
      obj('ham', 'chilled'),
      obj('lettuce', 'chilled'),
      obj('tomato', 'chilled'),
      obj('milk', 'drink', { s: { contents: 'milk' } }),
      ...[1, 2, 3, 4].map((n) => obj(`water_bottle_${n}`, 'drink', { a: { volume_ml: 600 } })),
    ]),
    asset('freezer', 'freezer', {}, [
      obj('J64M', 'frozen'),
      obj('frozen_peas', 'frozen'),
      obj('ice_cream', 'frozen'),
    ]),
    cabinet('pantry_cupboard', [
      obj('bread', 'food', { a: { type: 'sourdough loaf' } }),
      obj('instant_coffee', 'item'),
    ]),
    asset('coffee_machine', 'coffee_machine'),
    asset('microwave', 'microwave'),
    asset('sink', 'sink'),
    asset('dishwasher', 'dishwasher', {}, [
      obj('plate_3', 'dish'),
      obj('bowl_2', 'dish'),
      obj('mug_2', 'mug'),
      obj('fork_2', 'dish'),
      obj('spoon_2', 'dish'),
    ]),
    cabinet('kitchen_cupboard', [obj('plate_4', 'dish'), obj('bowl_3', 'dish')], {
      a: { holds: 'plates, bowls and mugs' },
    }),
    cabinet('cutlery_drawer', [obj('knife', 'dish', { a: { sharp: true } }), obj('fork_3', 'dish')], {
      a: { holds: 'cutlery' },
    }),
    bin('recycling_bin', 'recycling', [
      item('newspaper'),
      obj('banana_peel', 'item', { a: { compostable: true } }),
    ]),
    bin('organic_bin', 'organic', [item('apple_core'), obj('aa_batteries', 'item', { a: { count: 4 } })]),
    bin('general_bin', 'general', [
      item('chip_packet'),
      obj('plastic_bottle', 'item', { a: { recyclable: true } }),
    ]),
    extinguisher('fire_extinguisher_1'),
  ]),
  room(
    'centre_south',
    3,
    'cafeteria',
    [
      surface('lunch_table', [
        obj('plate', 'dish', { s: { cleanliness: 'dirty' } }),
        obj('bowl', 'dish', { s: { cleanliness: 'dirty' } }),
        obj('fork', 'dish', { s: { cleanliness: 'dirty' } }),
        obj('spoon', 'dish', { s: { cleanliness: 'dirty' } }),
        obj('mug_3', 'mug', { s: { cleanliness: 'dirty' } }),
      ]),
      surface('cafeteria_counter', [
        obj('kale_2', 'food', { a: { note: 'left out from a salad' } }),
        item('napkins'),
      ]),
      asset('coffee_machine_2', 'coffee_machine', { s: { power: 'on' }, a: { drip_tray: 'overflowing' } }),
      ...numbered('cafeteria_chair_', 4, (id) => chair(id)),
    ],
    { also_called: 'lunchroom' },
  ),
  room(
    'centre_south',
    5,
    'meeting_room1',
    [
      surface('meeting_table_1', [item('conference_phone')]),
      ...numbered('meeting_room1_chair_', 5, (id, n) => chair(id, { a: { occupied: n <= 3 } })),
      asset('whiteboard_1', 'fixture'),
    ],
    { area_m2: 24, seats: 5 },
  ),
  room(
    'centre_south',
    7,
    'meeting_room2',
    [
      surface('meeting_table_2', [obj('carrot', 'food', { a: { colour: 'orange' } }), item('laser_pointer')]),
      ...numbered('meeting_room2_chair_', 6, (id) => chair(id)),
      asset('projector', 'appliance'),
    ],
    { area_m2: 48, seats: 12 },
  ),
  room('centre_south', 9, 'printing_zone2', [
    asset('printer_2', 'appliance', { s: { power: 'on' } }, [
      obj('printed_document', 'item', { a: { pages: 12, title: 'quarterly report' } }),
    ]),
    surface('paper_shelf_2', [item('printer_paper_2')]),
    extinguisher('fire_extinguisher_2'),
  ]),
  room('centre_south', 10, 'robot_lounge1', [
    asset('sofa', 'furniture', { a: { colour: 'grey' } }),
    surface('coffee_table', [item('magazines'), obj('tv_remote', 'item')]),
    asset('tv', 'appliance'),
  ]),
  room('centre_south', 11, 'mobile_robotics_lab', [
    surface('workbench', [
      obj('toolbox', 'box', { a: { colour: 'red' } }, [item('screwdriver'), item('wrench')]),
    ]),
    surface('drone_shelf', [
      obj('wills_drone', 'gadget', { a: { owner: 'Will', rotors: 4 } }),
      item('spare_propellers'),
    ]),
    asset('robot_charger', 'appliance', { s: { power: 'on' } }),
    obj('lidar_sensor', 'gadget'),
  ]),

  // --- central block, facing the north corridor ---
  room(
    'centre_north',
    1,
    'meeting_room3',
    [
      surface('meeting_table_3', [obj('headphones', 'item', { a: { colour: 'white', wireless: true } })]),
      ...numbered('meeting_room3_chair_', 4, (id) => chair(id)),
      asset('tv_2', 'appliance'),
    ],
    { area_m2: 30, seats: 8 },
  ),
  room('centre_north', 3, 'phd_bay1', [
    surface('phd_desk_1', [obj('tshirt_1', 'item', { a: { print: 'lab logo', complimentary: true } })], {
      a: { occupant: 'Mia' },
    }),
    surface('phd_desk_2', [item('phd_laptop_2')], { a: { occupant: 'Raj' } }),
    surface('phd_desk_3', [colour('purple_umbrella', 'purple')], { a: { occupant: 'Lena' } }),
    chair('phd_chair_1'),
  ]),
  room('centre_north', 4, 'phd_bay2', [
    surface('phd_desk_4', [obj('tshirt_2', 'item', { a: { print: 'lab logo', complimentary: true } })], {
      a: { occupant: 'Omar' },
    }),
    surface(
      'phd_desk_5',
      [
        obj('tshirt_3', 'item', { a: { print: 'lab logo', complimentary: true } }),
        obj('tshirt_4', 'item', { a: { print: 'conference', complimentary: true } }),
      ],
      { a: { occupant: 'Sam' } },
    ),
    surface('phd_desk_6', [obj('drone', 'gadget', { a: { rotors: 4, colour: 'white' } })], {
      a: { occupant: 'Kai' },
    }),
    chair('phd_chair_2'),
  ]),
  room('centre_north', 5, 'phd_bay3', [
    surface('phd_desk_7', [obj('tshirt_5', 'item', { a: { print: 'conference', complimentary: true } })], {
      a: { occupant: 'Ivy' },
    }),
    surface('phd_desk_8', [item('phd_monitor_8')], { a: { occupant: 'Ben' } }),
    surface('phd_desk_9', [obj('tshirt_6', 'item', { a: { print: 'lab logo', complimentary: true } })], {
      a: { occupant: 'Zoe' },
    }),
    chair('phd_chair_3'),
  ]),
  room('centre_north', 8, 'postdoc_bay1', [
    surface('postdoc_desk_1', [obj('cat_calendar', 'item', { a: { colour: 'white' } })], {
      a: { occupant: 'postdoc' },
    }),
    surface('postdoc_desk_2', [colour('notebook_purple', 'purple'), colour('pen_blue', 'blue')], {
      a: { occupant: 'postdoc' },
    }),
    surface('postdoc_desk_3', [colour('water_flask', 'silver')], { a: { occupant: 'postdoc' } }),
  ]),
  room('centre_north', 9, 'postdoc_bay2', [
    surface(
      'postdoc_desk_4',
      [
        obj('dog_leash', 'item', { a: { colour: 'red' } }),
        obj('photo_frame', 'item', { a: { shows: 'a grey-and-white sled dog with blue eyes in the snow' } }),
        item('dog_treats'),
      ],
      { a: { occupant: 'postdoc' } },
    ),
    surface('postdoc_desk_5', [colour('stress_ball', 'purple'), colour('mouse_pad', 'black')], {
      a: { occupant: 'postdoc' },
    }),
    surface('postdoc_desk_6', [colour('fish_tank_poster', 'blue')], { a: { occupant: 'postdoc' } }),
  ]),
  room('centre_north', 11, 'robot_lounge2', [
    surface('games_table', [
      obj('chess_pieces', 'item', { a: { colour: 'black and white', in_play: true } }),
      obj('dice', 'item', { a: { count: 2 } }),
      obj('monopoly_money', 'item'),
      obj('scrabble_tiles', 'item'),
    ]),
    ...numbered('lounge_chair_', 3, (id) => chair(id)),
    extinguisher('fire_extinguisher_3'),
  ]),

  // --- north row, along the north corridor ---
  room('north', 0, 'bathroom2', [
    asset('bathroom_sink_2', 'sink'),
    asset('toilet_2', 'fixture'),
    item('hand_towel'),
  ]),
  office('north', 1, 'michaels', 'Michael', [
    surface('michaels_desk', [obj('michaels_laptop', 'gadget'), item('globe')]),
    chair('michaels_chair'),
    cabinet('cabinet_9', [item('lecture_notes'), item('exam_papers'), item('usb_sticks')]),
  ]),
  office('north', 2, 'lauriannes', 'Laurianne', [
    surface('lauriannes_desk', [item('lauriannes_monitor')]),
    chair('lauriannes_chair'),
    asset('lauriannes_drawer', 'cupboard', { s: { door: 'open' } }, [
      obj('stapler_2', 'item', { a: { colour: 'red' } }),
    ]),
    cabinet('cabinet_10', [item('envelopes'), colour('lauriannes_notebook', 'red')]),
  ]),
  office('north', 3, 'ajays', 'Ajay', [
    surface('ajays_desk', [item('ajays_laptop')], { a: { standing: true } }),
    cabinet('cabinet_12', [
      obj('apple_5', 'fruit', { s: { ripeness: 'rotten' } }),
      obj('granola_bar', 'food'),
    ]),
  ]),
  office('north', 4, 'chris', 'Chris', [
    surface('chris_desk', [obj('total_recall_dvd', 'item'), item('chris_laptop')]),
    chair('chris_chair'),
    cabinet('cabinet_11', [item('conan_comics')]),
    obj('terminator_poster', 'decor', { a: { shows: 'The Terminator (1984), signed' } }),
  ]),
  room('north', 5, 'presentation_lounge', [
    asset('podium', 'surface'),
    asset('projector_2', 'appliance'),
    ...numbered('presentation_chair_', 4, (id) => chair(id)),
  ]),
  room(
    'north',
    7,
    'meeting_room4',
    [
      ...numbered('meeting_room4_chair_', 3, (id) => chair(id)),
      asset('whiteboard_4', 'fixture'),
      extinguisher('fire_extinguisher_4'),
    ],
    { area_m2: 18, seats: 3 },
  ),
  room('north', 8, 'agriculture_lab', [
    surface('grow_bench', [item('seedling_trays'), item('soil_sensor')]),
    surface('lab_bench', [obj('K31X', 'item'), item('ph_meter')]),
    asset('grow_lights', 'appliance', { s: { power: 'on' } }),
  ]),
  room('north', 10, 'storage_room', [
    surface('storage_shelf', [
      item('cardboard_boxes'),
      obj('old_monitor', 'gadget'),
      item('extension_cords'),
    ]),
  ]),
];

const poses = [
  ...Array.from({ length: 13 }, (_, i) => ({
    id: `pose_s${i}`,
    floor: FLOOR,
    position: [i * STEP, 0, 0] as const,
  })),
  ...Array.from({ length: 13 }, (_, i) => ({
    id: `pose_n${i}`,
    floor: FLOOR,
    position: [i * STEP, 24, 0] as const,
  })),
  ...[0, 6, 12].map((i) => ({ id: `pose_c${i}`, floor: FLOOR, position: [i * STEP, 12, 0] as const })),
];

const links = [
  ...Array.from({ length: 12 }, (_, i) => ({ from: `pose_s${i}`, to: `pose_s${i + 1}` })),
  ...Array.from({ length: 12 }, (_, i) => ({ from: `pose_n${i}`, to: `pose_n${i + 1}` })),
  ...[0, 6, 12].flatMap((i) => [
    { from: `pose_s${i}`, to: `pose_c${i}` },
    { from: `pose_c${i}`, to: `pose_n${i}` },
  ]),
];

/** SayPlan's office: one floor, 37 rooms, the robot by reception holding an empty can. */
export const officeTable: BuildingTable = {
  name: 'office',
  description:
    'A large university office floor in the spirit of SayPlan: 37 rooms (13 offices named after their occupants, PhD and postdoc bays, meeting rooms, kitchen, cafeteria, labs, printing zones, lounges) along two corridors.',
  floors: [{ id: FLOOR, a: { level: 0 } }],
  poses,
  links,
  rooms,
  agent: {
    id: 'agent',
    at: 'pose_s0',
    holding: obj('coke_can', 'drink', {
      a: { brand: 'Coca-Cola', material: 'aluminium' },
      s: { contents: 'empty' },
    }),
  },
};
