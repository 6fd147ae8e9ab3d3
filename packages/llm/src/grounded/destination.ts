import type { Goal } from '@groundplan/simulator';
import { byScore, type Option } from './options.js';

/** Verbs that move a thing somewhere: their clause's first "on", "in", "into", "onto" or "to" names the place. */
const PLACING_VERBS = new Set(
  'place put move bring set throw file serve return carry drop hang store'.split(' '),
);

const PRONOUNS = /\b(?:his|her|their)\b/gi;

/**
 * The place a placing clause names: the words after its first "on", "onto", "in", "into" or "to",
 * when the clause opens with a verb that moves things ("place the mug on his desk" -> "his
 * desk"). Other clauses name no destination ("Refrigerate the orange left on the bench").
 */
export function destinationPhrase(clause: string): string | undefined {
  const words = clause.trim().split(/\s+/);
  if (!PLACING_VERBS.has((words[0] ?? '').toLowerCase())) return undefined;
  const at = words.findIndex((word, i) => i > 0 && /^(?:on|onto|in|into|to)$/i.test(word));
  const place = at > 0 ? words.slice(at + 1).join(' ') : '';
  return place.length > 0 ? place : undefined;
}

/**
 * The text with "his", "her" and "their" read as the last person the instruction named before
 * them ("Place Will's drone on his desk" -> "... on Will's desk"): a name is a capitalised word
 * that does not open a sentence. Text with no name before the pronoun is left as it is.
 */
export function withNamesForPronouns(instruction: string, text: string): string {
  const names = [...instruction.matchAll(/(?<![.!?]\s*|^)\b([A-Z][a-z]+)(?:'s)?\b/g)].map((match) => ({
    name: match[1]!,
    at: match.index,
  }));
  const pronounAt = instruction.indexOf(text);
  const before = names.filter((name) => pronounAt < 0 || name.at < pronounAt + text.length);
  const name = before.at(-1)?.name;
  return name === undefined ? text : text.replace(PRONOUNS, `${name}'s`);
}

/** How much a placement loses per unit of cosine its target falls short of the best-named target. */
export const DESTINATION_WEIGHT = 0.5;

/**
 * The ranking with each placement goal lowered by how much worse its target matches the clause's
 * destination than the best-matching target does ("on Will's desk": Will's chair loses to his desk
 * even when the search found a document next to the chair). Other goals keep their scores.
 */
export function towardDestination(
  ranked: readonly Option<Goal>[],
  closeness: ReadonlyMap<string, number>,
): Option<Goal>[] {
  const best = Math.max(...closeness.values());
  return ranked
    .map((option) => {
      const goal = option.value;
      if (goal.kind !== 'on' && goal.kind !== 'inside') return option;
      const near = closeness.get(goal.target);
      return near === undefined
        ? option
        : { ...option, score: option.score - DESTINATION_WEIGHT * (best - near) };
    })
    .sort(byScore);
}
