import { spoken } from '@groundplan/retrieval';
import type { SceneGraph } from '@groundplan/scene-graph';
import type { Goal } from '@groundplan/simulator';
import { byScore, type Option } from './options.js';

/** Verbs that move a thing somewhere: their clause's first "on", "in", "into", "onto" or "to" names the place. */
const PLACING_VERBS = new Set(
  'place put move bring take set throw file serve return carry drop hang store'.split(' '),
);

const PRONOUNS = /\b(?:his|her|their)\b/gi;

/** What a destination phrase may be read against: the rooms of the building and where the speaker is. */
export type PlaceContext = {
  /** Whether a phrase names a room ("Dimity's office"): a thing's whereabouts, not where it goes. */
  namesRoom?: (phrase: string) => boolean;
  /** Where the speaker says they are ("I'm at the lunch table"): "bring me" takes things there. */
  speakerAt?: string;
};

/** Whether a phrase names one of the graph's rooms ("Dimity's office" -> dimitys_office). */
export function roomNamer(graph: SceneGraph): (phrase: string) => boolean {
  const rooms = new Set(graph.filterNodes((_id, attributes) => attributes.kind === 'room').map(spoken));
  return (phrase) =>
    rooms.has(
      phrase
        .toLowerCase()
        .replace(/['’]/g, '')
        .replace(/^(?:the|a|an)\s+/, '')
        .trim(),
    );
}

const PLACE_PREPOSITION = /^(?:on|onto|in|into|to)$/i;
const DIRECTIONAL = /^(?:onto|into|to)$/i;

/**
 * The place a placing clause names: the words after its first "to", "into" or "onto", else after
 * its first "on" or "in", when the clause opens with a verb that moves things ("place the mug on
 * his desk" -> "his desk"; "move the things on the desk to the shelf" -> "the shelf"). A first
 * phrase that names a room where a later one follows says where the thing is, not where it goes
 * ("throw the fruit in Dimity's office in the correct bin" -> "the correct bin"). A clause that
 * moves a thing to "me" with no place goes where the speaker is. Other clauses name no destination
 * ("Refrigerate the orange left on the bench").
 */
export function destinationPhrase(clause: string, context: PlaceContext = {}): string | undefined {
  const words = clause.trim().split(/\s+/);
  if (!PLACING_VERBS.has((words[0] ?? '').toLowerCase())) return undefined;
  const starts = words.flatMap((word, i) => (i > 0 && PLACE_PREPOSITION.test(word) ? [i] : []));
  // "to", "into" and "onto" say where a thing goes; "on" and "in" before them say where it is
  // ("move the things on the desk to the shelf").
  const toward = starts.find((i) => DIRECTIONAL.test(words[i]!));
  let at = toward ?? starts[0];
  if (
    toward === undefined &&
    at !== undefined &&
    starts.length > 1 &&
    context.namesRoom?.(words.slice(at + 1, starts[1]).join(' '))
  )
    at = starts[1];
  const place = at !== undefined ? words.slice(at + 1).join(' ') : '';
  if (place.length > 0) return place;
  return words.some((word) => word.toLowerCase() === 'me') ? context.speakerAt : undefined;
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
 * even when the search found a document next to the chair). Holding a thing goes nowhere: it is
 * lowered as a placement whose target matches not at all ("bring me an apple" to where I am is the
 * apple there, not in the gripper). Other goals keep their scores.
 */
export function towardDestination(
  ranked: readonly Option<Goal>[],
  closeness: ReadonlyMap<string, number>,
): Option<Goal>[] {
  const best = Math.max(...closeness.values());
  return ranked
    .map((option) => {
      const goal = option.value;
      if (goal.kind === 'holding' && goal.object !== null)
        return { ...option, score: option.score - DESTINATION_WEIGHT * best };
      if (goal.kind !== 'on' && goal.kind !== 'inside') return option;
      const near = closeness.get(goal.target);
      return near === undefined
        ? option
        : { ...option, score: option.score - DESTINATION_WEIGHT * (best - near) };
    })
    .sort(byScore);
}
