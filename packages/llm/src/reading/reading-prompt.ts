import type { ChatMessage } from '../provider.js';

/** Bump on any change to the wording, so recorded cassettes and results name what they used. */
export const READING_PROMPT_VERSION = 'reading/1';

// Written from general English, not from any task set: the examples are invented for this prompt
// and name no building groundplan ships. The system message is the same for every instruction,
// so a local model evaluates it once and reuses it (the KV cache) for every later reading.
const SYSTEM = `You read instructions given to a home and office robot, and say what they mean as JSON.
kind: "question" when the person wants to know something (the robot only looks and answers, it moves nothing); "request" when the person wants the robot to change something (bring, put, open, close, switch, throw away, ...). "Find X" and "where is X" are questions: the robot finds X and says where.
form: for a question, "find", "whether" (yes/no), "where", "which", "who", "what", "how-many" or "other"; for a request, "none".
things: every object or piece of furniture the instruction names, in its words.
excluded: things the person says not to use, touch or move.
requests: each change asked for: the verb, the thing, and where it goes ("" when nowhere).
places: rooms or areas named. people: persons named ("me" is the speaker).

Examples:
Instruction: Is there any milk in the fridge?
{"kind":"question","form":"whether","things":["milk","fridge"],"excluded":[],"requests":[],"places":[],"people":[]}
Instruction: Could you take the blue folder to Maria's shelf? Leave the red folder alone.
{"kind":"request","form":"none","things":["blue folder","shelf","red folder"],"excluded":["red folder"],"requests":[{"verb":"take","thing":"blue folder","to":"Maria's shelf"}],"places":[],"people":["Maria"]}
Instruction: Which room has the big whiteboard?
{"kind":"question","form":"which","things":["big whiteboard"],"excluded":[],"requests":[],"places":[],"people":[]}
Instruction: Turn off the lamp in the study and bring me a glass of water.
{"kind":"request","form":"none","things":["lamp","glass of water"],"excluded":[],"requests":[{"verb":"turn off","thing":"lamp","to":""},{"verb":"bring","thing":"glass of water","to":"me"}],"places":["study"],"people":["me"]}
Instruction: Find me a pen.
{"kind":"question","form":"find","things":["pen"],"excluded":[],"requests":[],"places":[],"people":[]}`;

/** The conversation that reads one instruction: the shared instructions and examples, then it. */
export function readingMessages(instruction: string): ChatMessage[] {
  return [
    { role: 'system', content: SYSTEM },
    { role: 'user', content: `Instruction: ${instruction}` },
  ];
}
