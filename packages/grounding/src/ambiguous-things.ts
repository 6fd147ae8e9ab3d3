import type { SceneGraph } from '@groundplan/scene-graph';
import { nameOf } from './node-words.js';
import { thingsInRooms } from './things-in-rooms.js';

/** A phrase that names several things equally well, and the things. */
export type Ambiguity = { phrase: string; options: string[] };

/**
 * The things a request names definitely ("the stapler") but that the building has several of by
 * that very name (stapler, stapler_2, stapler_3), with nothing after the phrase that could say
 * which ("the stapler on Luis's desk" could: it is left alone). A definite singular promises one
 * thing; when there are several equal ones a robot should ask, not guess. A name is the node's id
 * without a trailing number, in words; possessives ("Peter's mug") and "a"/"any" never ask.
 */
export function ambiguousThings(scene: SceneGraph, requests: readonly string[]): Ambiguity[] {
  const byName = thingsByName(scene);
  const found: Ambiguity[] = [];
  for (const request of requests)
    for (const match of request.toLowerCase().replace(/[’]/g, "'").matchAll(DEFINITE)) {
      const phrase = match[1]!.trim().replace(/\s+/g, ' ');
      const options = byName.get(phrase) ?? byName.get(singular(phrase));
      if (options && options.length > 1 && !found.some((a) => a.phrase === phrase))
        found.push({ phrase, options: [...options].sort() });
    }
  // "The robotics book from the manipulation lab" where that lab has two books of that name.
  for (const request of requests)
    for (const said of thingsInRooms(scene, request)) {
      if (!said.definite) continue;
      const options = said.inRoom.filter(
        (id) => nameOf(id) === singular(said.head) || nameOf(id) === said.thing,
      );
      const phrase = `${said.thing} in ${said.room}`;
      if (options.length > 1 && !found.some((a) => a.phrase === phrase))
        found.push({ phrase, options: options.sort() });
    }
  return found;
}

/**
 * "the <words>" that ends its clause, or is followed only by a conjunction, by where it goes
 * ("the stapler to the reception desk", "the razor up to bedroom 2": a destination says nothing
 * about which stapler) or by a
 * verb's particle that ends the clause ("switch the projector on");
 * zero-width, so every "the" is tried.
 */
const DEFINITE =
  /\bthe\s+(?=([a-z][a-z -]*?)(?:\s*[,.;:!?]|\s*$|\s+(?:and|then|to|into|onto|for\s+(?:me|us|him|her|them)|please|(?:up|down|over|across|back|round)\s+(?:to|into|onto))\b|\s+(?:on|off|up|back|away|out)(?=\s*(?:[,.;:!?]|$|please\b|and\b|then\b))))/g;

const names = new WeakMap<SceneGraph, Map<string, string[]>>();
function thingsByName(scene: SceneGraph): Map<string, string[]> {
  let byName = names.get(scene);
  if (byName === undefined) {
    byName = new Map();
    scene.forEachNode((id, attributes) => {
      if (attributes.kind !== 'asset' && attributes.kind !== 'object') return;
      const name = nameOf(id);
      byName!.set(name, [...(byName!.get(name) ?? []), id]);
    });
    names.set(scene, byName);
  }
  return byName;
}

function singular(phrase: string): string {
  return phrase.replace(/ies$/, 'y').replace(/(?<!s)s$/, '');
}
