/** Robot seconds of a skill whose row gives none (`seconds` in its skill file; navigation: distance / speed). */
export const DEFAULT_SKILL_SECONDS = 5;
