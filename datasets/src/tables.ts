/**
 * The small vocabulary the dataset tables are written in: a catalogue of kinds of things (what
 * skills they afford and which state they start in, per docs/vocabulary.md) and constructors
 * for rooms, assets and objects, so office.ts and home.ts read as inventories, not as JSON.
 */

export type Attributes = Record<string, string | number | boolean>;
export type State = Record<string, string>;

/** What a kind of thing affords and the state it starts in unless the table says otherwise. */
type Kind = { affordances: readonly string[]; state?: State; attributes?: Attributes };

const PICKUP = ['pickup'] as const;
const DOOR = ['open', 'close', 'contain'] as const;
const POWER = ['turn_on', 'turn_off'] as const;

export const CATALOGUE = {
  // assets: furniture and fixtures the robot accesses but never carries
  furniture: { affordances: [] }, // chair, sofa, bed: things rest on them
  surface: { affordances: ['wipe'], state: { cleanliness: 'clean' } }, // desk, table, bench, shelf
  cupboard: { affordances: DOOR, state: { door: 'closed' } }, // cabinet, drawer, locker, wardrobe
  fridge: { affordances: DOOR, state: { door: 'closed' }, attributes: { temperature_c: 4 } },
  freezer: { affordances: DOOR, state: { door: 'closed' }, attributes: { temperature_c: -18 } },
  rack: { affordances: ['contain'] }, // open containers: fruit bowl, basket, toy box, tray
  bin: { affordances: ['contain'] },
  sink: { affordances: ['contain', 'wash'] },
  dishwasher: { affordances: [...DOOR, 'wash'], state: { door: 'closed' } },
  microwave: { affordances: [...DOOR, ...POWER, 'heat'], state: { door: 'closed', power: 'off' } },
  oven: { affordances: [...DOOR, ...POWER, 'heat'], state: { door: 'closed', power: 'off' } },
  coffee_machine: { affordances: [...POWER, 'make_coffee'], state: { power: 'off' } },
  appliance: { affordances: POWER, state: { power: 'off' } }, // printer, tv, lamp, computer
  fixture: { affordances: [] }, // toilet, shower, bathtub, whiteboard, sensor rig
  // objects: things the robot can pick up
  item: { affordances: PICKUP },
  fruit: { affordances: PICKUP, state: { ripeness: 'ripe' } },
  food: { affordances: PICKUP, state: { temperature: 'room' } },
  chilled: { affordances: PICKUP, state: { temperature: 'cold' } }, // food kept in a fridge
  frozen: { affordances: PICKUP, state: { temperature: 'cold' } },
  dish: { affordances: PICKUP, state: { cleanliness: 'clean' } }, // plate, bowl, cutlery
  mug: { affordances: PICKUP, state: { cleanliness: 'clean', contents: 'empty' } },
  drink: { affordances: PICKUP, state: { contents: 'water' } }, // bottles, cans, cups
  gadget: { affordances: [...PICKUP, ...POWER], state: { power: 'off' } }, // monitor, drone, laptop
  cleaner: { affordances: [...PICKUP, 'clean_with'] }, // cloth, sponge
  box: { affordances: [...PICKUP, 'contain'] }, // toolbox, parcel, lunch box
  decor: { affordances: [] }, // poster, picture on a wall: seen, not carried
  plant: { affordances: PICKUP },
} as const satisfies Record<string, Kind>;
export type KindName = keyof typeof CATALOGUE;

/** How a row of a table refines its kind. */
export type Details = {
  /** Unchanging facts: colour, occupant, bin_type, what a poster shows. */
  a?: Attributes;
  /** Initial state, overriding the kind's defaults. */
  s?: State;
  /** Affordances beyond the kind's. */
  plus?: readonly string[];
};

export type Thing = {
  id: string;
  kind: 'asset' | 'object';
  type: KindName;
  details: Details;
  children: readonly Thing[];
};

/** An asset (furniture, appliance, fixture) of a catalogue kind, with what rests on or in it. */
export function asset(
  id: string,
  type: KindName,
  details: Details = {},
  children: readonly Thing[] = [],
): Thing {
  return { id, kind: 'asset', type, details, children };
}

/** An object (something that can be carried or looked at) of a catalogue kind. */
export function obj(
  id: string,
  type: KindName,
  details: Details = {},
  children: readonly Thing[] = [],
): Thing {
  return { id, kind: 'object', type, details, children };
}

/** A table row for a room: where it is, which corridor pose its door opens onto, what it holds. */
export type RoomRow = {
  id: string;
  floor: string;
  /** The pose the room's door opens onto. */
  door: string;
  /** Centre of the room, metres in the building frame. */
  position: readonly [number, number, number];
  a?: Attributes;
  contents: readonly Thing[];
};

export type PoseRow = { id: string; floor: string; position: readonly [number, number, number] };

/** A corridor or stair link between two poses; distance only where positions would mislead (stairs). */
export type LinkRow = { from: string; to: string; distance?: number };

/** One building: its floors, rooms, corridor poses and links, and where the robot starts. */
export type BuildingTable = {
  name: string;
  description: string;
  floors: readonly { id: string; a?: Attributes }[];
  poses: readonly PoseRow[];
  links: readonly LinkRow[];
  rooms: readonly RoomRow[];
  agent: { id: string; at: string; holding?: Thing };
};

/** Rows of n things that differ only by a number: chairs around a table, water bottles. */
export function numbered(
  prefix: string,
  count: number,
  make: (id: string, index: number) => Thing,
  start = 1,
): Thing[] {
  return Array.from({ length: count }, (_, i) => make(`${prefix}${i + start}`, i + start));
}
