// Hand-written known-good plans for the 30 planning tasks, one step per `;`, as
// `action arg, arg`. goto names rooms only: the path planner fills in the poses.
const fetch = (item: string, fromRoom: string, from: string, toRoom: string, to: string) =>
  `goto ${fromRoom}; access ${from}; pickup ${item}; goto ${toRoom}; access ${to}; release ${item}`;

export const ORACLE_PLANS: Record<string, string> = {
  'office-simple-planning-01': 'goto jasons_office; access cabinet_3; close cabinet_3',
  'office-simple-planning-02':
    'goto kitchen; access fridge; open fridge; access kitchen_bench; pickup orange; access fridge; release orange; close fridge',
  'office-simple-planning-03':
    'goto cafeteria; access lunch_table; pickup plate; goto kitchen; access sink; release plate; wash plate',
  'office-simple-planning-04': fetch(
    'printed_document',
    'printing_zone2',
    'printer_2',
    'wills_office',
    'wills_desk',
  ),
  'office-simple-planning-05': fetch('apple', 'kitchen', 'fruit_bowl', 'peters_office', 'peters_desk'),
  'office-simple-planning-06':
    'goto peters_office; access peters_drawer; open peters_drawer; access peters_desk; pickup peters_wallet; access peters_drawer; release peters_wallet; close peters_drawer',
  'office-simple-planning-07':
    'goto supplies_station; access supplies_shelf; pickup cloth; goto admin; access admin_shelf; wipe admin_shelf',
  'office-simple-planning-08': 'goto cafeteria; access coffee_machine_2; turn_off coffee_machine_2',
  'office-simple-planning-09': fetch(
    'wills_drone',
    'mobile_robotics_lab',
    'drone_shelf',
    'wills_office',
    'wills_desk',
  ),
  'office-simple-planning-10': fetch(
    'jasons_monitor',
    'jasons_office',
    'jasons_desk',
    'filipes_office',
    'filipes_desk',
  ),
  'office-simple-planning-11': fetch('parcel', 'admin', 'reception_desk', 'agriculture_lab', 'grow_bench'),
  'office-simple-planning-12': 'goto kitchen; access coffee_machine; turn_on coffee_machine',
  'office-simple-planning-13':
    'goto kitchen; access microwave; open microwave; access fridge; open fridge; pickup chicken_kebab; access microwave; release chicken_kebab; close microwave; heat chicken_kebab',
  'office-simple-planning-14':
    'goto kitchen; access fruit_bowl; pickup banana_3; access organic_bin; release banana_3',
  'office-simple-planning-15': 'goto kitchen; access recycling_bin; release coke_can',
  'office-long-horizon-planning-01':
    'goto kitchen; access microwave; open microwave; access fridge; open fridge; pickup noodles; access microwave; release noodles; close microwave; heat noodles; open microwave; pickup noodles; goto cafeteria; access lunch_table; release noodles',
  'office-long-horizon-planning-02': fetch(
    'banana_2',
    'dimitys_office',
    'dimitys_desk',
    'kitchen',
    'organic_bin',
  ),
  'office-long-horizon-planning-03': [
    'goto kitchen; access cutlery_drawer; open cutlery_drawer',
    ...['plate', 'bowl', 'mug_3', 'fork', 'spoon'].map(
      (item) => `${fetch(item, 'cafeteria', 'lunch_table', 'kitchen', 'sink')}; wash ${item}`,
    ),
    'pickup spoon; access cutlery_drawer; release spoon; access sink; pickup fork; access cutlery_drawer; release fork',
  ].join('; '),
  'office-long-horizon-planning-04':
    'goto wills_office; access cabinet_6; open cabinet_6; access wills_desk; pickup printed_document_2; access cabinet_6; release printed_document_2; close cabinet_6; access wills_bookshelf; pickup undergraduate_thesis; access wills_desk; release undergraduate_thesis',
  'office-long-horizon-planning-05': `${fetch('nikos_mug', 'nikos_office', 'nikos_desk', 'kitchen', 'coffee_machine')}; turn_on coffee_machine; make_coffee nikos_mug; pickup nikos_mug; goto nikos_office; access nikos_desk; release nikos_mug`,
  'office-long-horizon-planning-06':
    'goto kitchen; access recycling_bin; pickup banana_peel; access organic_bin; release banana_peel; pickup aa_batteries; goto printing_zone1; access e_waste_bin; release aa_batteries; goto kitchen; access general_bin; pickup plastic_bottle; access recycling_bin; release plastic_bottle',
  'office-long-horizon-planning-07': `${fetch('sprite_can', 'tobis_office', 'tobis_desk', 'kitchen', 'recycling_bin')}; access kitchen_bench; pickup sponge; goto tobis_office; access tobis_desk; wipe tobis_desk; release sponge`,
  'office-long-horizon-planning-08': [
    'goto kitchen; access fridge; open fridge; access pantry_cupboard; open pantry_cupboard',
    fetch('bread', 'kitchen', 'pantry_cupboard', 'cafeteria', 'lunch_table'),
    ...['cheese', 'ham', 'lettuce', 'tomato'].map((item) =>
      fetch(item, 'kitchen', 'fridge', 'cafeteria', 'lunch_table'),
    ),
  ].join('; '),
  'office-long-horizon-planning-09': [
    'goto supplies_station; access drinks_fridge; open drinks_fridge',
    ...['chips', 'cookies', 'crackers'].map((item) =>
      fetch(item, 'supplies_station', 'supplies_shelf', 'meeting_room2', 'meeting_table_2'),
    ),
    ...['orange_juice', 'sparkling_water', 'lemonade'].map((item) =>
      fetch(item, 'supplies_station', 'drinks_fridge', 'meeting_room2', 'meeting_table_2'),
    ),
  ].join('; '),
  'office-long-horizon-planning-10': [
    'goto kitchen; access fridge; open fridge',
    ...['water_bottle_1', 'water_bottle_2', 'water_bottle_3'].map((item) =>
      fetch(item, 'kitchen', 'fridge', 'meeting_room1', 'meeting_table_1'),
    ),
  ].join('; '),
  'office-long-horizon-planning-11': [
    'goto kitchen; access dishwasher; open dishwasher; access kitchen_cupboard; open kitchen_cupboard; access cutlery_drawer; open cutlery_drawer',
    ...['plate_3', 'bowl_2', 'mug_2'].map(
      (item) => `access dishwasher; pickup ${item}; access kitchen_cupboard; release ${item}`,
    ),
    ...['fork_2', 'spoon_2'].map(
      (item) => `access dishwasher; pickup ${item}; access cutlery_drawer; release ${item}`,
    ),
  ].join('; '),
  'office-long-horizon-planning-12': [
    ['tshirt_1', 'phd_bay1', 'phd_desk_1'],
    ['tshirt_2', 'phd_bay2', 'phd_desk_4'],
    ['tshirt_3', 'phd_bay2', 'phd_desk_5'],
    ['tshirt_4', 'phd_bay2', 'phd_desk_5'],
    ['tshirt_5', 'phd_bay3', 'phd_desk_7'],
    ['tshirt_6', 'phd_bay3', 'phd_desk_9'],
  ]
    .map(([item, room, desk]) => fetch(item!, room!, desk!, 'admin', 'admin_shelf'))
    .join('; '),
  'office-long-horizon-planning-13': `${fetch('peters_apple', 'peters_office', 'peters_desk', 'cafeteria', 'lunch_table')}; goto tobis_office; access tobis_mini_fridge; open tobis_mini_fridge; pickup pepsi_can; goto cafeteria; access lunch_table; release pepsi_can`,
  'office-long-horizon-planning-14':
    'goto dimitys_office; access cabinet_8; open cabinet_8; pickup whoopee_cushion; goto nikos_office; access nikos_chair; release whoopee_cushion',
  'office-long-horizon-planning-15': `goto ajays_office; access cabinet_12; open cabinet_12; pickup apple_5; goto kitchen; access organic_bin; release apple_5; ${fetch('apple', 'kitchen', 'fruit_bowl', 'ajays_office', 'ajays_desk')}`,
};
