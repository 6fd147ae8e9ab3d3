import {
  type Ask,
  type ChatMessage,
  choiceSchema,
  likeliestPerToken,
  noCall,
  oneChoiceReply,
  type Score,
  targetName,
} from '@groundplan/grounding';
import type { CallReport } from '../provider.js';

/** Bump on any change to the wording, so recorded cassettes and results name what they used. */
export const ROOM_CHOICE_PROMPT_VERSION = 'saynav-room/1';

/** A room the robot could explore next: its id, its kind of room when known, and how far it is. */
export type RoomOption = { room: string; roomType?: string; distance: number };

export type ChooseRoomInput = {
  /** What the robot looks for, as the task names it (object ids; their names are shown). */
  targets: string[];
  /** The frontier, nearest first; the nearest is the prior's choice. */
  options: RoomOption[];
  /** Rooms explored so far and what was seen there, newest last, a few lines at most. */
  explored: string[];
  /** `scores`: the room whose reply the model scores likeliest (per token, SayCan); default, the model generates its pick. */
  chooser?: 'scores';
};

/** The room chosen and what choosing it cost (no call when there was only one option). */
export type ChooseRoomResult = { room: string; reasoning: string; usage: CallReport; calls: number };

const NO_CALL = noCall('nearest-first');

// Short on purpose, like the grounded choices: a small model only has to copy one label.
const SYSTEM = `A robot explores a building it does not know, looking for objects. Pick the room to explore next
from the options: the room where the objects are most likely. Reply with JSON: {"choice": "<option>"}.`;

/** SayNav's high-level step as a grounded choice: the model picks one frontier room by its label. */
export function exploreActivities(deps: { ask: Ask; score: Score }) {
  return {
    /** The next room to explore: the model's pick among the frontier rooms, or the nearest when it cannot answer. */
    async chooseRoomToExplore(input: ChooseRoomInput): Promise<ChooseRoomResult> {
      const [nearest] = input.options;
      if (nearest === undefined) throw new Error('chooseRoomToExplore needs at least one room');
      if (input.options.length === 1)
        return { room: nearest.room, reasoning: 'the only room left', usage: NO_CALL, calls: 0 };
      const lines = [
        `Looking for: ${input.targets.map(targetName).join(', ')}`,
        ...(input.explored.length > 0 ? [`Explored: ${input.explored.join('; ')}`] : []),
        'Options:',
        ...input.options.map(
          (option) =>
            `- ${option.room}: ${option.roomType === undefined ? '' : `a ${option.roomType.replaceAll('_', ' ')}, `}${Math.round(option.distance)} m away`,
        ),
      ];
      const messages: ChatMessage[] = [
        { role: 'system', content: SYSTEM },
        { role: 'user', content: lines.join('\n') },
      ];
      const rooms = input.options.map((option) => option.room);
      // A model that gave no answer within its contract costs what it cost; the prior (nearest first) decides.
      const nearestAfter = (failure: { error: string; usage: CallReport; calls: number }) => ({
        room: nearest.room,
        reasoning: `nearest: ${failure.error}`,
        usage: failure.usage,
        calls: failure.calls,
      });
      if (input.chooser === 'scores') {
        const scored = await deps.score(messages, rooms.map(oneChoiceReply));
        if (!scored.ok) return nearestAfter(scored);
        const room = rooms[likeliestPerToken(scored.value.logProbs, scored.value.tokens)]!;
        return {
          room,
          reasoning: `scored ${room} likeliest`,
          usage: scored.value.report,
          calls: scored.value.calls,
        };
      }
      const answer = await deps.ask(messages, choiceSchema(rooms), 'saynav_room_choice', 48);
      if (!answer.ok) return nearestAfter(answer);
      return {
        room: answer.value.value.choice,
        reasoning: `chose ${answer.value.value.choice}`,
        usage: answer.value.report,
        calls: answer.value.calls.length,
      };
    },
  };
}
