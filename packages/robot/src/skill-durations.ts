/** Seconds a mobile manipulator takes for each non-navigation skill (navigation: distance / speed). */
export const SKILL_SECONDS: Readonly<Record<string, number>> = {
  access: 3,
  pickup: 5,
  release: 4,
  open: 3,
  close: 3,
  turn_on: 2,
  turn_off: 2,
  heat: 60,
  make_coffee: 45,
  wash: 90,
  wipe: 20,
  look_on: 4,
  look_inside: 4,
  look_around: 8,
};

export const DEFAULT_SKILL_SECONDS = 5;
