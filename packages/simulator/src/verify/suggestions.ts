/** Words LLMs reach for instead of the robot's skill names. */
const ACTION_ALIASES: Readonly<Record<string, string>> = {
  grab: 'pickup',
  grasp: 'pickup',
  take: 'pickup',
  pick: 'pickup',
  pick_up: 'pickup',
  put: 'release',
  place: 'release',
  drop: 'release',
  put_on: 'release',
  put_inside: 'release',
  put_down: 'release',
  move: 'goto',
  go: 'goto',
  go_to: 'goto',
  navigate: 'goto',
  walk: 'goto',
  approach: 'access',
  switch_on: 'turn_on',
  switch_off: 'turn_off',
  power_on: 'turn_on',
  power_off: 'turn_off',
  microwave: 'heat',
  warm: 'heat',
  clean: 'wash',
  brew: 'make_coffee',
  throw_away: 'release',
  dispose: 'release',
};

/** The known action an unknown name most likely meant, if any is close. */
export function closestAction(name: string, known: readonly string[]): string | undefined {
  const alias = ACTION_ALIASES[name.toLowerCase()];
  if (alias !== undefined && known.includes(alias)) return alias;
  return closestName(name, known);
}

/**
 * The candidate an unknown id most likely meant: one sharing the last word ('coffee_mug' -> 'mug',
 * the head noun), then one sharing any word, then the fewest edits; undefined when nothing is close.
 */
export function closestName(query: string, candidates: Iterable<string>): string | undefined {
  const q = query.toLowerCase();
  const qWords = words(q);
  const qHead = qWords[qWords.length - 1];
  let best: string | undefined;
  let bestKey = [Number.POSITIVE_INFINITY, 0, 0];
  for (const candidate of candidates) {
    const c = candidate.toLowerCase();
    const cWords = words(c);
    const headMatch = cWords[cWords.length - 1] === qHead;
    const shared = cWords.some((word) => qWords.includes(word));
    const distance = editDistance(q, c);
    if (!headMatch && !shared && distance > Math.max(2, Math.floor(q.length / 3))) continue;
    const key = [headMatch ? 0 : 1, shared ? 0 : 1, distance];
    if (lexicallyLess(key, bestKey)) {
      best = candidate;
      bestKey = key;
    }
  }
  return best;
}

function words(id: string): string[] {
  // Trailing digits are instance numbers (mug2), not part of the word.
  return id.split(/[_\-.: ]+/).map((word) => word.replace(/\d+$/, ''));
}

function lexicallyLess(a: number[], b: number[]): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! < b[i]!;
  return false;
}

/** Levenshtein distance; the failure path only, so the plain dynamic programme is enough. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min(previous[j]! + 1, current[j - 1]! + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length]!;
}
