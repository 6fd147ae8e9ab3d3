import {
  type Ask,
  type GroundedPhrase,
  type QuestionForm,
  type Reading,
  type ReadingDetails,
  readInstruction,
} from '@groundplan/grounding';
import { rankByVector, type SceneIndex } from '@groundplan/retrieval';
import {
  READING_ANSWER_TOKENS,
  type ReadingAnswer,
  readingAnswerSchema,
} from '../contracts/reading-answer.js';
import { readingMessages } from './reading-prompt.js';

/** How many nodes each phrase of a reading is grounded to. */
export const GROUNDED_NODES = 3;

/**
 * The model's reading of an instruction: one grammar-constrained call (reading-answer.ts), its
 * things grounded to the scene's nearest assets and objects by retrieval. An answer that stays
 * outside the contract after the configured re-asks is an error, never a guessed reading.
 */
export async function readWithModel(
  ask: Ask,
  instruction: string,
  index: SceneIndex | undefined,
): Promise<{ ok: true; reading: Reading } | { ok: false; error: string }> {
  const answer = await ask(
    readingMessages(instruction),
    readingAnswerSchema,
    'instruction_reading',
    READING_ANSWER_TOKENS,
  );
  if (!answer.ok)
    return { ok: false, error: `the model could not read the instruction: ${oneLine(answer.error)}` };
  const read = answer.value.value;
  const cost = { usage: answer.value.report, calls: answer.value.calls.length };
  const listed = tidy(read);
  // The things named and the things excluded are grounded, each once.
  const phrases = [...new Set([...listed.things, ...listed.excluded])];
  const details = { ...listed, grounding: index ? await grounded(index, phrases) : [] };
  const asks = [instruction.trim()];
  if (read.kind === 'question')
    return { ok: true, reading: { kind: 'question', form: formOf(read), asks, by: 'model', details, cost } };
  // Acting on a question is the costly mistake, answering a request the safe one: what the rules
  // read as a question stays one ("Which of the fridges has no milk?" read by a small model as a
  // request would have the robot open fridges; small models also call "Find the document" a
  // request however the prompt puts it).
  const rules = readInstruction(instruction);
  if (rules.kind === 'question')
    return {
      ok: true,
      reading: { ...rules, by: 'model', details: { ...details, questionBy: 'rules' }, cost },
    };
  return { ok: true, reading: { kind: 'request', asks, by: 'model', details, cost } };
}

/** The answer's lists without repeats and with requests' things among the things. */
function tidy(read: ReadingAnswer): Omit<ReadingDetails, 'grounding'> {
  const unique = (values: readonly string[]) => [...new Set(values.map((value) => value.trim()))];
  return {
    things: unique([...read.things, ...read.requests.map((request) => request.thing)]),
    excluded: unique(read.excluded),
    requests: read.requests,
    places: unique(read.places),
    people: unique(read.people),
  };
}

async function grounded(index: SceneIndex, phrases: readonly string[]): Promise<GroundedPhrase[]> {
  if (phrases.length === 0) return [];
  const vectors = await index.embedder.embed([...phrases]);
  return phrases.map((phrase, i) => ({
    phrase,
    nodes: rankByVector(index, vectors[i]!, {
      kinds: ['asset', 'object'],
      contents: 0,
      limit: GROUNDED_NODES,
    }).map((node) => ({ id: node.id, score: Math.round(node.score * 1000) / 1000 })),
  }));
}

/** A validation report on one line: its lines joined with semicolons. */
function oneLine(text: string): string {
  return text.replace(/\s*\n+\s*/g, '; ').trim();
}

function formOf(read: ReadingAnswer): QuestionForm {
  return read.form === 'none' ? 'other' : read.form;
}
