/**
 * What each of SayPlan's 90 instructions needs from its scene, and what a correct outcome is.
 * Search tasks name the answer nodes; planning tasks name goal predicates over the final world:
 *   inside(x, y)  on(x, y)  state(x, dimension, value)  holding(x | nothing)  not <predicate>
 */

export type Requirement = {
  id: string;
  environment: 'office' | 'home';
  /** Nodes that must exist and that a correct search or plan finds or uses. */
  required: string[];
  /** Search: the node ids a correct answer names; [] when the scene has no answer. */
  answer?: string[];
  /** Search: whether naming any one answer suffices or all are needed; at_least for counted answers. */
  match?: 'any' | 'all';
  at_least?: number;
  /** Planning: predicates the final world satisfies. */
  goal?: string[];
  /**
   * Planning: nodes accepted instead of a node the goal or the required list names, as the notes
   * say ("the cloth is accepted instead of the sponge"): each is judged as the goal with the two
   * swapped, one substitution at a time.
   */
  accepted?: Record<string, string[]>;
  /** How an ambiguous instruction is judged. */
  notes?: string;
};

type Search = Omit<Requirement, 'id' | 'environment' | 'goal'> & { answer: string[] };
type Plan = Omit<Requirement, 'id' | 'environment' | 'answer' | 'match' | 'at_least'> & { goal: string[] };

const search = (id: string, r: Search): Requirement => ({
  id,
  environment: id.startsWith('office') ? 'office' : 'home',
  match: 'any',
  ...r,
});
const plan = (id: string, r: Plan): Requirement => ({ id, environment: 'office', ...r });

const onAll = (things: string[], place: string) => things.map((t) => `on(${t}, ${place})`);

const OFFICES_WITH_CABINET_DESK_CHAIR = [
  'luis_office',
  'nikos_office',
  'jasons_office',
  'filipes_office',
  'tobis_office',
  'wills_office',
  'peters_office',
  'dimitys_office',
  'michaels_office',
  'lauriannes_office',
  'chris_office',
];
const TSHIRTS = ['tshirt_1', 'tshirt_2', 'tshirt_3', 'tshirt_4', 'tshirt_5', 'tshirt_6'];
const DINING_CHAIRS = [
  ...[1, 2, 3, 4, 5, 6].map((n) => `dining_room0_chair_${n}`),
  ...[1, 2, 3, 4].map((n) => `dining_room1_chair_${n}`),
  ...[1, 2, 3, 4, 5].map((n) => `dining_room2_chair_${n}`),
];
const OTHER_HOME_CHAIRS = [
  'office_chair',
  'outdoor_chair_1',
  'outdoor_chair_2',
  'kids_chair',
  'reading_chair',
];

export const requirements: Requirement[] = [
  // --- office, simple search ---
  search('office-simple-search-01', { required: ['K31X', 'agriculture_lab'], answer: ['K31X'] }),
  search('office-simple-search-02', { required: ['carrot'], answer: ['carrot'] }),
  search('office-simple-search-03', {
    required: ['postdoc_bay1', 'postdoc_bay2', 'notebook_purple', 'stress_ball'],
    answer: ['notebook_purple', 'stress_ball'],
    notes: 'purple_umbrella is purple but in phd_bay1, so it is a wrong answer.',
  }),
  search('office-simple-search-04', {
    required: ['banana', 'fruit_bowl'],
    answer: ['banana'],
    notes: 'banana_3 (same bowl) and banana_2 (dimitys_office) are rotten, not ripe.',
  }),
  search('office-simple-search-05', {
    required: ['toolbox', 'screwdriver'],
    answer: ['toolbox'],
    notes: 'The answer is the container, not the screwdriver itself.',
  }),
  search('office-simple-search-06', { required: ['terminator_poster'], answer: ['chris_office'] }),
  search('office-simple-search-07', {
    required: ['printer_2', 'printed_document'],
    answer: ['printed_document'],
    notes: 'printed_document_2 lies on wills_desk, not at a printer; printer_1 holds nothing.',
  }),
  search('office-simple-search-08', {
    required: ['meeting_room3', 'headphones'],
    answer: ['headphones'],
    notes: 'headphones_2 is in tobis_office, not a meeting room.',
  }),
  search('office-simple-search-09', { required: ['drone', 'phd_desk_6'], answer: ['phd_bay2'] }),
  search('office-simple-search-10', {
    required: ['kale', 'kale_2'],
    answer: ['kale_2'],
    notes: 'kale is in the kitchen fridge; kale_2 is on the cafeteria counter.',
  }),
  search('office-simple-search-11', {
    required: ['aarons_office'],
    answer: ['aarons_office'],
    notes: 'Every other office has a node whose id contains "cabinet".',
  }),
  search('office-simple-search-12', {
    required: ['jasons_office', 'cabinet_3', 'jasons_desk', 'jasons_chair'],
    answer: OFFICES_WITH_CABINET_DESK_CHAIR,
    notes:
      'Any office holding a cabinet, a desk and a chair; aarons_office has no cabinet, ajays_office no chair.',
  }),
  search('office-simple-search-13', {
    required: ['robotic_gripper', 'book', 'robot_bench'],
    answer: ['book'],
    notes: 'book_2 is on the parts_shelf, not next to the gripper.',
  }),
  search('office-simple-search-14', {
    required: ['luis_office', 'nikos_office', 'stapler'],
    answer: ['stapler'],
    notes:
      "Neighbours are the offices on either side along the corridor (aarons_office, nikos_office). stapler_2 and stapler_3 are not in Luis's neighbours' offices.",
  }),
  search('office-simple-search-15', {
    required: ['meeting_room4', 'meeting_room4_chair_1'],
    answer: ['meeting_room4'],
  }),

  // --- home, simple search ---
  search('home-simple-search-01', { required: ['FooBar'], answer: ['FooBar'] }),
  search('home-simple-search-02', { required: ['wine_bottle'], answer: ['wine_bottle'] }),
  search('home-simple-search-03', {
    required: ['potted_plant_5'],
    answer: ['potted_plant_5', 'potted_plant_7'],
    notes:
      'potted_plant_5 (roses, thorns: true) is the intended answer; the cactus potted_plant_7 (spines) is accepted.',
  }),
  search('home-simple-search-04', { required: ['potted_plant_6'], answer: ['potted_plant_6'] }),
  search('home-simple-search-05', {
    required: ['bathroom3'],
    answer: ['bathroom3'],
    notes: 'bathroom0, 1, 2 and 4 each have a toilet.',
  }),
  search('home-simple-search-06', { required: ['rattle'], answer: ['rattle'] }),
  search('home-simple-search-07', { required: ['suitcase'], answer: ['bedroom2'] }),
  search('home-simple-search-08', { required: ['ball'], answer: ['playroom0'] }),
  search('home-simple-search-09', { required: ['book', 'bed0'], answer: ['book'] }),
  search('home-simple-search-10', {
    required: ['vase_2', 'kitchen_sink1'],
    answer: ['vase_2'],
    notes: 'vase in bathroom1 also stands next to a sink but holds water and tulips.',
  }),
  search('home-simple-search-11', {
    required: ['dining_table1', 'dining_room1_chair_1', 'baby_monitor'],
    answer: ['dining_room1'],
  }),
  search('home-simple-search-12', {
    required: ['office_chair'],
    answer: OTHER_HOME_CHAIRS,
    notes: 'Any chair outside dining_room0-2.',
  }),
  search('home-simple-search-13', {
    required: ['razor_2', 'shaving_cream'],
    answer: ['bathroom2'],
    notes: 'bathroom0 has a razor but no shaving cream.',
  }),
  search('home-simple-search-14', {
    required: ['pillow_1', 'pillow_3'],
    answer: ['bedroom0', 'bedroom1'],
    match: 'all',
  }),
  search('home-simple-search-15', {
    required: ['bedroom2', 'bedroom3'],
    answer: ['bedroom2', 'bedroom3'],
    match: 'all',
  }),

  // --- office, complex search ---
  search('office-complex-search-01', {
    required: ['freezer', 'J64M'],
    answer: ['J64M'],
    notes: 'J64M is inside the kitchen freezer (temperature_c -18).',
  }),
  search('office-complex-search-02', {
    required: ['chicken_kebab', 'ham'],
    answer: ['chicken_kebab', 'ham'],
  }),
  search('office-complex-search-03', {
    required: ['knife', 'scissors'],
    answer: ['knife', 'scissors'],
  }),
  search('office-complex-search-04', {
    required: ['chess_pieces', 'dice', 'monopoly_money', 'scrabble_tiles'],
    answer: ['robot_lounge2'],
  }),
  search('office-complex-search-05', {
    required: ['terminator_poster', 'total_recall_dvd', 'conan_comics'],
    answer: ['chris_office'],
  }),
  search('office-complex-search-06', {
    required: ['dog_leash', 'photo_frame', 'dog_treats'],
    answer: ['postdoc_desk_4'],
    notes: 'The photo shows a sled dog with blue eyes (a Husky); the desk is in postdoc_bay2.',
  }),
  search('office-complex-search-07', {
    required: ['tshirt_3', 'tshirt_4'],
    answer: ['phd_desk_5'],
    notes: 'phd_desk_5 (Sam) holds two complimentary t-shirts; every other PhD desk at most one.',
  }),
  search('office-complex-search-08', {
    required: ['lauriannes_drawer', 'stapler_2'],
    answer: ['lauriannes_office'],
    notes: "paper_clips are inside cabinet_4 (closed) in filipes_office; Niko's stapler lies on his desk.",
  }),
  search('office-complex-search-09', {
    required: ['cabinet_9'],
    answer: ['michaels_office'],
    notes: 'cabinet_9 holds exactly 3 items; every other cabinet holds fewer or more.',
  }),
  search('office-complex-search-10', {
    required: ['cabinet_12', 'apple_5'],
    answer: ['ajays_office'],
    notes: 'cabinet_5 in tobis_office also holds a rotten apple, but 5 is odd.',
  }),
  search('office-complex-search-11', {
    required: ['carrot', 'meeting_room2'],
    answer: ['carrot'],
    notes: "The user's bias is right: the carrot is on meeting_table_2.",
  }),
  search('office-complex-search-12', {
    required: ['meeting_room1', 'meeting_room2', 'meeting_room3', 'meeting_room4', 'realsense_camera'],
    answer: [],
    notes: 'The only RealSense camera is in manipulation_lab; a correct answer says no meeting room has one.',
  }),
  search('office-complex-search-13', {
    required: ['manipulation_lab', 'fire_extinguisher_2'],
    answer: ['fire_extinguisher_2'],
    notes: 'By navigation path length from manipulation_lab: fire_extinguisher_2 in printing_zone2 (36 m).',
  }),
  search('office-complex-search-14', {
    required: ['kitchen', 'meeting_room1'],
    answer: ['meeting_room1'],
    notes: 'By navigation path length from the kitchen.',
  }),
  search('office-complex-search-15', {
    required: ['filipes_office', 'tobis_office', 'headphones_2'],
    answer: ['headphones_2'],
    notes: 'A good search explores only these two offices.',
  }),

  // --- home, complex search ---
  search('home-complex-search-01', {
    required: ['computer', 'home_office0'],
    answer: ['home_office0', 'computer'],
    notes: 'laptop0 in living_room0 is also accepted.',
  }),
  search('home-complex-search-02', {
    required: ['tv0', 'game_console', 'laptop0', 'bluetooth_speaker'],
    answer: ['living_room0'],
  }),
  search('home-complex-search-03', { required: ['banana'], answer: ['banana'] }),
  search('home-complex-search-04', {
    required: ['sock', 'sock_2'],
    answer: ['sock', 'sock_2'],
    match: 'all',
    notes: 'Both red and striped; sock_4 (bedroom1) and sock_3 (laundry) do not match.',
  }),
  search('home-complex-search-05', { required: ['potted_plant_7'], answer: ['potted_plant_7'] }),
  search('home-complex-search-06', {
    required: ['dining_room2_chair_1'],
    answer: ['dining_room2'],
    notes: 'dining_room0 has 6 chairs, dining_room1 has 4.',
  }),
  search('home-complex-search-07', {
    required: ['home_office0', 'bedroom0'],
    answer: ['bedroom0'],
    notes: 'By navigation path length; bedroom0 shares the home office hallway pose.',
  }),
  search('home-complex-search-08', { required: ['bowl_1', 'nightstand2'], answer: ['bedroom2'] }),
  search('home-complex-search-09', { required: ['bedroom3'], answer: ['bedroom3'] }),
  search('home-complex-search-10', {
    required: ['potted_plant_2', 'potted_plant_3', 'potted_plant_4'],
    answer: ['bathroom4'],
  }),
  search('home-complex-search-11', {
    required: ['barbecue'],
    answer: ['barbecue'],
    notes: 'Both kitchens are out of use; the barbecue on patio0 is the only heat source elsewhere.',
  }),
  search('home-complex-search-12', {
    required: ['teddy_bear', 'toy_chest'],
    answer: ['bedroom1', 'playroom0'],
    notes:
      'bedroom1 (small dinosaur bed, teddy bear, toy chest) is the intended answer; playroom0 is accepted.',
  }),
  search('home-complex-search-13', {
    required: DINING_CHAIRS,
    answer: [...DINING_CHAIRS, ...OTHER_HOME_CHAIRS],
    at_least: 15,
    notes: 'Any 15 chairs; the dining rooms alone hold exactly 15.',
  }),
  search('home-complex-search-14', {
    required: ['vegetable_lasagna', 'green_salad', 'roasted_vegetables'],
    answer: ['dining_room0'],
    notes: 'dining_room2 serves roast chicken and steak.',
  }),
  search('home-complex-search-15', {
    required: ['closet0', 'closet1'],
    answer: [],
    notes: 'No closet holds a tie; a correct answer says so after exploring both closets.',
  }),

  // --- office, simple planning ---
  plan('office-simple-planning-01', {
    required: ['jasons_office', 'cabinet_3'],
    goal: ['state(cabinet_3, door, closed)'],
  }),
  plan('office-simple-planning-02', {
    required: ['kitchen_bench', 'orange', 'fridge'],
    goal: ['inside(orange, fridge)', 'state(fridge, door, closed)'],
  }),
  plan('office-simple-planning-03', {
    required: ['cafeteria', 'lunch_table', 'plate'],
    goal: ['state(plate, cleanliness, clean)'],
    notes:
      'The cafeteria is the lunchroom. Washing the plate in the sink or the dishwasher both satisfy the goal; putting it away afterwards is optional.',
  }),
  plan('office-simple-planning-04', {
    required: ['printer_2', 'printed_document', 'wills_desk'],
    goal: ['on(printed_document, wills_desk)'],
  }),
  plan('office-simple-planning-05', {
    required: ['peters_desk', 'fruit_bowl', 'apple'],
    goal: ['on(apple, peters_desk)'],
    accepted: { apple: ['apple_2', 'banana', 'orange', 'granola_bar'] },
    notes:
      'Any healthy snack on peters_desk counts: apple, apple_2, banana, orange or granola_bar; banana_3 is rotten, chips and cookies are not healthy. peters_apple is already his.',
  }),
  plan('office-simple-planning-06', {
    required: ['peters_wallet', 'peters_drawer'],
    goal: ['inside(peters_wallet, peters_drawer)', 'state(peters_drawer, door, closed)'],
    accepted: { peters_drawer: ['cabinet_7'] },
    notes: 'Any closed container in peters_office (cabinet_7) is accepted instead of peters_drawer.',
  }),
  plan('office-simple-planning-07', {
    required: ['admin_shelf', 'cloth'],
    goal: ['state(admin_shelf, cleanliness, clean)'],
    notes: 'The cloth (supplies_station) or the sponge (kitchen) can be used.',
  }),
  plan('office-simple-planning-08', {
    required: ['coffee_machine_2'],
    goal: ['state(coffee_machine_2, power, off)'],
    notes:
      'coffee_machine_2 in the cafeteria is on with an overflowing drip tray; the kitchen machine is off.',
  }),
  plan('office-simple-planning-09', {
    required: ['wills_drone', 'wills_desk'],
    goal: ['on(wills_drone, wills_desk)'],
    notes: "drone on phd_desk_6 is not Will's.",
  }),
  plan('office-simple-planning-10', {
    required: ['jasons_monitor', 'filipes_desk'],
    goal: ['on(jasons_monitor, filipes_desk)'],
    accepted: { filipes_desk: ['filipes_chair', 'cabinet_4'] },
    notes: 'Any asset in filipes_office is accepted; the desk is the natural one.',
  }),
  plan('office-simple-planning-11', {
    required: ['parcel', 'agriculture_lab', 'grow_bench'],
    goal: ['on(parcel, grow_bench)'],
    accepted: { grow_bench: ['lab_bench'] },
    notes: 'The parcel holds live seedlings, so it belongs in agriculture_lab; lab_bench is accepted too.',
  }),
  plan('office-simple-planning-12', {
    required: ['coffee_machine'],
    goal: ['state(coffee_machine, power, on)'],
    notes:
      'The kitchen coffee_machine is off; turning it on (optionally making a coffee) checks it. coffee_machine_2 is already on and leaking.',
  }),
  plan('office-simple-planning-13', {
    required: ['chicken_kebab', 'microwave'],
    goal: ['state(chicken_kebab, temperature, hot)'],
  }),
  plan('office-simple-planning-14', {
    required: ['banana_3', 'organic_bin'],
    goal: ['inside(banana_3, organic_bin)'],
    notes: 'banana_3 in the kitchen fruit bowl is rotten and smells strongly.',
  }),
  plan('office-simple-planning-15', {
    required: ['agent', 'coke_can', 'recycling_bin'],
    goal: ['inside(coke_can, recycling_bin)', 'holding(nothing)'],
    notes: 'The agent starts holding an empty aluminium can: recycling.',
  }),

  // --- office, long-horizon planning ---
  plan('office-long-horizon-planning-01', {
    required: ['noodles', 'fridge', 'microwave', 'lunch_table'],
    goal: ['state(noodles, temperature, hot)', 'on(noodles, lunch_table)'],
    accepted: { lunch_table: ['cafeteria_counter', 'meeting_table_1', 'meeting_table_2', 'meeting_table_3'] },
    notes: 'Any table where a person can eat (lunch_table, cafeteria_counter, a meeting table) is accepted.',
  }),
  plan('office-long-horizon-planning-02', {
    required: ['dimitys_office', 'banana_2', 'organic_bin'],
    goal: ['inside(banana_2, organic_bin)'],
  }),
  plan('office-long-horizon-planning-03', {
    required: ['lunch_table', 'plate', 'bowl', 'fork', 'spoon', 'mug_3', 'sink', 'cutlery_drawer'],
    goal: [
      ...['plate', 'bowl', 'fork', 'spoon', 'mug_3'].map((d) => `state(${d}, cleanliness, clean)`),
      'inside(fork, cutlery_drawer)',
      'inside(spoon, cutlery_drawer)',
    ],
    notes: 'Washing in the sink or the dishwasher both count.',
  }),
  plan('office-long-horizon-planning-04', {
    required: ['printed_document_2', 'cabinet_6', 'undergraduate_thesis', 'wills_desk'],
    goal: [
      'inside(printed_document_2, cabinet_6)',
      'state(cabinet_6, door, closed)',
      'on(undergraduate_thesis, wills_desk)',
    ],
    notes: '"Safely" means the filing cabinet ends closed.',
  }),
  plan('office-long-horizon-planning-05', {
    required: ['nikos_mug', 'nikos_desk', 'coffee_machine'],
    goal: ['state(nikos_mug, contents, coffee)', 'on(nikos_mug, nikos_desk)'],
    notes: 'coffee_machine_2 (cafeteria, already on) may be used instead of the kitchen machine.',
  }),
  plan('office-long-horizon-planning-06', {
    required: [
      'recycling_bin',
      'organic_bin',
      'general_bin',
      'e_waste_bin',
      'banana_peel',
      'aa_batteries',
      'plastic_bottle',
    ],
    goal: [
      'inside(banana_peel, organic_bin)',
      'inside(aa_batteries, e_waste_bin)',
      'inside(plastic_bottle, recycling_bin)',
      'inside(newspaper, recycling_bin)',
      'inside(apple_core, organic_bin)',
      'inside(chip_packet, general_bin)',
      'inside(broken_mouse, e_waste_bin)',
    ],
  }),
  plan('office-long-horizon-planning-07', {
    required: ['tobis_desk', 'sprite_can', 'recycling_bin', 'sponge'],
    goal: ['inside(sprite_can, recycling_bin)', 'on(sponge, tobis_desk)'],
    accepted: { sponge: ['cloth'] },
    notes: 'The cloth (supplies_station) is accepted instead of the sponge; wiping the desk as well is fine.',
  }),
  plan('office-long-horizon-planning-08', {
    required: ['bread', 'cheese', 'ham', 'lettuce', 'tomato', 'lunch_table'],
    goal: onAll(['bread', 'cheese', 'ham', 'lettuce', 'tomato'], 'lunch_table'),
  }),
  plan('office-long-horizon-planning-09', {
    required: ['supplies_station', 'meeting_room2', 'meeting_table_2', 'drinks_fridge', 'supplies_shelf'],
    goal: [
      ...onAll(
        ['chips', 'cookies', 'crackers', 'orange_juice', 'sparkling_water', 'lemonade'],
        'meeting_table_2',
      ),
      'not on(beer, meeting_table_2)',
      'not on(wine_bottle, meeting_table_2)',
    ],
    notes:
      'meeting_room2 is the largest (area_m2 48). Only items from supplies_station; the kitchen fridge water does not count.',
  }),
  plan('office-long-horizon-planning-10', {
    required: ['meeting_room1', 'meeting_table_1', 'water_bottle_1', 'water_bottle_2', 'water_bottle_3'],
    goal: [
      ...onAll(['water_bottle_1', 'water_bottle_2', 'water_bottle_3'], 'meeting_table_1'),
      'not on(water_bottle_4, meeting_table_1)',
    ],
    accepted: { water_bottle_4: ['water_bottle_1', 'water_bottle_2', 'water_bottle_3'] },
    notes:
      'Three of the five chairs in meeting_room1 are occupied: exactly three bottles. Any three of water_bottle_1-4 satisfy it.',
  }),
  plan('office-long-horizon-planning-11', {
    required: ['dishwasher', 'kitchen_cupboard', 'cutlery_drawer'],
    goal: [
      'inside(plate_3, kitchen_cupboard)',
      'inside(bowl_2, kitchen_cupboard)',
      'inside(mug_2, kitchen_cupboard)',
      'inside(fork_2, cutlery_drawer)',
      'inside(spoon_2, cutlery_drawer)',
    ],
  }),
  plan('office-long-horizon-planning-12', {
    required: [...TSHIRTS, 'admin_shelf'],
    goal: onAll(TSHIRTS, 'admin_shelf'),
  }),
  plan('office-long-horizon-planning-13', {
    required: ['peters_apple', 'pepsi_can', 'tobis_mini_fridge', 'lunch_table'],
    goal: onAll(['peters_apple', 'pepsi_can'], 'lunch_table'),
  }),
  plan('office-long-horizon-planning-14', {
    required: ['cabinet_8', 'whoopee_cushion', 'nikos_chair'],
    goal: ['on(whoopee_cushion, nikos_chair)'],
    notes: 'Open-ended: the rubber_snake on nikos_desk or nikos_chair is an equally good prank.',
  }),
  plan('office-long-horizon-planning-15', {
    required: ['cabinet_12', 'apple_5', 'organic_bin', 'ajays_desk', 'apple'],
    goal: ['inside(apple_5, organic_bin)', 'on(apple, ajays_desk)'],
    accepted: { apple: ['apple_2'] },
    notes: 'apple_2 from the kitchen fruit bowl is accepted instead of apple.',
  }),
];
