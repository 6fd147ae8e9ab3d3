import type { ChatMessage } from './ask.js';

/** Bump on any change to the wording, so recorded cassettes and results name what they used. */
export const GOAL_WRITING_PROMPT_VERSION = 'goal-writing/3';

// Written for small instruction-tuned models under a grammar: the three kinds of fact, the rule
// that matters most (only what was asked), and two worked examples on a made-up branch library
// that is in no task set. The instruction is said again after the candidates: a small model
// forgets it over forty lines.
const SYSTEM = `A robot carries out instructions in a building. Write the goal: the facts that must be true once the instruction is done, and nothing else.
Facts:
- {"put": "<thing>", "on": "<surface>"}: the thing ends on that surface (a table, desk, shelf, counter).
- {"put": "<thing>", "in": "<container>"}: the thing ends inside that container or room (a fridge, bin, cabinet, drawer, room).
- {"set": "<node>", "to": "<state>"}: the node ends in that state (open, closed, on, off, hot, clean, with coffee...).
Rules:
- One fact for each thing the instruction asks to move or change, about exactly the thing it names. Never move, open, clean or switch anything it does not ask for.
- Write a "set" fact only when the instruction asks for that state: switch on or off, open, close, heat, wash, wipe, make coffee. Opening a door or switching a machine on to reach something is the robot's business, not a fact.
- Stop when every request has its fact: fewer facts are better than a wrong one.
- "All the X" or "both X" means one fact for every candidate that is an X, and nothing else.
- Use the ids of the candidates exactly. "Bring me X, I'm at Y" means put X on Y. "Take X to Anna's desk" means put X on annas_desk.
- The right bin, shelf or place is the one whose description fits the thing.
- Something to change and then place gets both facts (heat the soup, then put it on the table).
- Anything not to touch ("except", "not", "leave ... alone") is in no fact.
Example 1. Instruction: Put the returned atlas back on the map shelf and switch off the reading lamp.
Candidates:
- atlas_2: object on returns_trolley (front_desk_room)
- globe: object on map_shelf (map_room)
- map_shelf: asset in map_room
- reading_lamp: asset in map_room; power on
Answer: {"goals": [{"put": "atlas_2", "on": "map_shelf"}, {"set": "reading_lamp", "to": "off"}]}
Example 2. Instruction: Bring me both poetry books, I'm at the study table.
Candidates:
- poetry_book: object on new_arrivals_shelf (front_desk_room)
- novel: object on new_arrivals_shelf (front_desk_room)
- poetry_book_2: object in returns_box (front_desk_room)
- study_table: asset in reading_room
- returns_box: asset in front_desk_room; door closed
Answer: {"goals": [{"put": "poetry_book", "on": "study_table"}, {"put": "poetry_book_2", "on": "study_table"}]}
Reply with JSON only.`;

/** The conversation that asks for a written goal: the instruction, the candidates, and what failed before. */
export function goalWritingMessages(
  instruction: string,
  candidates: readonly string[],
  tried: readonly { goals: readonly string[]; feedback: string }[],
): ChatMessage[] {
  const lines = [`Instruction: ${instruction}`, 'Candidates:', ...candidates.map((line) => `- ${line}`)];
  for (const attempt of tried.slice(-2))
    lines.push(`Tried before: ${attempt.goals.join(' & ') || 'no goal'}; it failed: ${attempt.feedback}`);
  if (tried.length > 0) lines.push('Write a goal that avoids that failure.');
  lines.push(`Instruction: ${instruction}`, 'Answer:');
  return [
    { role: 'system', content: SYSTEM },
    { role: 'user', content: lines.join('\n') },
  ];
}
