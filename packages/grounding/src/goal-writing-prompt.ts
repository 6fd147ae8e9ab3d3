import type { ChatMessage } from './ask.js';

/** Bump on any change to the wording, so recorded cassettes and results name what they used. */
export const GOAL_WRITING_PROMPT_VERSION = 'goal-writing/1';

// Written for small instruction-tuned models under a grammar: the three kinds of fact, the rule
// that matters most (only what was asked), and one worked example on a made-up branch library
// that is in no task set.
const SYSTEM = `A robot carries out instructions in a building. Write the goal: the facts that must be true once the instruction is done, and nothing else.
Facts:
- {"put": "<thing>", "on": "<surface>"}: the thing ends on that surface (a table, desk, shelf, counter).
- {"put": "<thing>", "in": "<container>"}: the thing ends inside that container or room (a fridge, bin, cabinet, drawer, room).
- {"set": "<node>", "to": "<state>"}: the node ends in that state (open, closed, on, off, hot, clean, with coffee...).
Rules:
- Only what the instruction asks to change. Never move, open or switch anything it does not ask for.
- Use the ids of the candidates exactly. "Bring me X, I'm at Y" means put X on Y; "take X to Z's desk" means put X on that desk.
- A thing that must be changed and then placed gets both facts (heat the soup, then put it on the table).
- Anything not to touch ("except", "not", "leave ... alone") is in no fact.
Example. Instruction: Put the returned atlas back on the map shelf and switch off the reading lamp.
Candidates:
- atlas_2: object on returns_trolley (front_desk_room)
- map_shelf: asset in map_room
- reading_lamp: object on study_table (map_room); power on
- globe: object on map_shelf (map_room)
Answer: {"goals": [{"put": "atlas_2", "on": "map_shelf"}, {"set": "reading_lamp", "to": "off"}]}
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
  lines.push('Answer:');
  return [
    { role: 'system', content: SYSTEM },
    { role: 'user', content: lines.join('\n') },
  ];
}
