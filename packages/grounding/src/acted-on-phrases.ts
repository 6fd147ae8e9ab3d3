import { requestOpening } from './clauses.js';
import { isBaseVerb } from './lexicon.js';
import { nounPhraseSpans, nounPhrases } from './noun-phrases.js';

/**
 * The noun phrases an instruction's requests act on, from its clauses in order:
 * - a clause that opens (after "could you", "please" and adverbs such as "kindly") with a verb in
 *   its base form asks for something ("Could you bring the tin of beans from the pantry"); its
 *   phrases count up to a subordinate clause ("... so she can have a look inside") and without
 *   those that say whom or what it is for ("for the students", "for her head");
 * - a clause that says what someone wants or needs ("I'd love a slice of cake") asks for what
 *   follows that verb, unless it is something to do ("I want to make a sandwich").
 * Other clauses say how things are ("Uncle Dev watches the cricket") and name nothing to act on.
 * An instruction with no clause of either kind is read whole, every phrase counting. Grammar read
 * with WordNet's verbs and adverbs, not words listed from a task set.
 */
export function actedOnPhrases(clauses: readonly string[]): string[] {
  const asked = askedParts(clauses);
  if (asked.length === 0) return [...new Set(clauses.flatMap(nounPhrases))];
  return [
    ...new Set(
      asked.flatMap((part) =>
        nounPhraseSpans(untilSubordinate(part)).flatMap((span) =>
          span.follows === 'for' ? [] : [span.phrase],
        ),
      ),
    ),
  ];
}

/**
 * What an instruction's clauses ask the robot for: a clause that opens with a verb, from that
 * verb ("Could you heat the soup" -> "heat the soup"), and what follows a verb of wanting ("I'd
 * love a coffee" -> "a coffee"); nothing from "Beans on toast for the kids tonight" or "Aarav
 * wants to heat up his porridge", which say what someone else does or wants to do.
 */
export function askedParts(clauses: readonly string[]): string[] {
  return clauses.flatMap((clause) => {
    const request = requestBody(clause) ?? reportedRequest(clause);
    if (request !== undefined) return [request];
    const wanted = WANTING.exec(clause);
    const object = wanted === null ? '' : clause.slice(wanted.index + wanted[0].length);
    // "I want to make a sandwich" wants to do something, not to be brought it.
    return wanted !== null && !/^\s+to\b/i.test(object) ? [object] : [];
  });
}

/**
 * The clause from its verb on, when it opens with a verb in its base form after its politeness
 * ("Could you please", "Kindly", "Just"); undefined for a statement or a question.
 */
function requestBody(clause: string): string | undefined {
  const asked = requestOpening(clause);
  const verb = asked.split(/\s+/)[0];
  return verb !== undefined && /^[a-z-]+$/i.test(verb) && isBaseVerb(verb) ? asked : undefined;
}

/**
 * A request reported inside a statement, from its verb: "she's asked if you could open her
 * cabinet" -> "open her cabinet", "I was wondering whether you'd bring ...".
 */
function reportedRequest(clause: string): string | undefined {
  const reported = REPORTED.exec(clause);
  return reported === null ? undefined : requestBody(clause.slice(reported.index + reported[0].length));
}
const REPORTED = /\b(?:if|whether)\s+you(?:\s+(?:could|can|would|might|will)|['’]d)\s+/i;

/** The part of a clause before its first subordinate clause: "leave it on his desk so he can have a go". */
function untilSubordinate(clause: string): string {
  return clause.split(SUBORDINATOR)[0]!;
}

/** Subordinating conjunctions: what follows one says why, when or on what condition, not what to do. */
const SUBORDINATOR =
  /\s(?:so|because|since|while|when|whenever|before|after|until|till|once|if|unless|though|although|whereas|where)\b/i;

/** Verbs of wanting, after a subject: "I'd like", "she needs", "Grandad wants". */
const WANTING =
  /\b(?:want|wants|wanted|need|needs|needed|would\s+like|would\s+love|'d\s+like|'d\s+love|’d\s+like|’d\s+love|fancy|fancies)\b/i;
