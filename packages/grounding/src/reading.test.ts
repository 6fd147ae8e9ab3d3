import { describe, expect, it } from 'vitest';
import { readInstruction } from './reading.js';

const kind = (instruction: string) => readInstruction(instruction).kind;

describe('reading an instruction', () => {
  it('reads questions as questions, whatever they ask', () => {
    expect(readInstruction('Whose office has a dog?')).toMatchObject({ kind: 'question', form: 'who' });
    expect(readInstruction('Is there any ice cream in the building?')).toMatchObject({ form: 'whether' });
    expect(readInstruction('Do we still have any eggs?')).toMatchObject({ form: 'whether' });
    expect(readInstruction('How many chairs are in meeting room 2?')).toMatchObject({ form: 'how-many' });
    expect(readInstruction('Where did I leave my keys?')).toMatchObject({ form: 'where' });
    expect(readInstruction('Any milk left in the fridge?')).toMatchObject({ kind: 'question' });
  });

  it('reads a question with a request that nothing change as a question', () => {
    expect(
      readInstruction(
        "I can hear a telly upstairs. Is the one in the first-floor living room switched on? Leave it as it is, I'll go up and have a word.",
      ),
    ).toEqual({
      kind: 'question',
      form: 'whether',
      asks: ['Is the one in the first-floor living room switched on?'],
      by: 'rules',
    });
  });

  it('reads a question asked as a statement as a question', () => {
    expect(readInstruction('I wonder whether the lights are still on in the lab.')).toMatchObject({
      kind: 'question',
      form: 'whether',
    });
    expect(readInstruction("I'd like to know where the stapler is.")).toMatchObject({
      kind: 'question',
      form: 'where',
    });
    expect(kind('I want to know if there is milk. Then bring me a mug.')).toBe('request');
    // Whether a thing is there is no skill's to change: the check is for an answer.
    expect(
      readInstruction("Can you check whether there's a bottle opener anywhere in the kitchen?"),
    ).toMatchObject({ kind: 'question', form: 'whether' });
    expect(kind('See if there are any clean mugs, then bring me one.')).toBe('request');
    expect(kind('Check if the coffee machine is working.')).toBe('request');
  });

  it('reads an imperative search as a question to answer, not a request to act', () => {
    expect(readInstruction('Find me a carrot.')).toMatchObject({ kind: 'question', form: 'find' });
    expect(kind('Could you locate the stapler, please?')).toBe('question');
    expect(kind('Look for a red umbrella. It might be in a meeting room.')).toBe('question');
    expect(kind('Find me an office with a cabinet, a desk, and a chair.')).toBe('question');
  });

  it('reads a request the person says wants only an answer as a question', () => {
    expect(
      readInstruction("Could you see if the oven's been left on? Don't touch anything, just tell me."),
    ).toMatchObject({ kind: 'question', form: 'whether' });
    expect(kind('Check the fridge for milk and just let me know.')).toBe('question');
    expect(kind("I'm off to the shops soon - can you look whether we're out of milk? Just tell me.")).toBe(
      'question',
    );
    expect(kind("Put the mug in the sink and don't touch anything else.")).toBe('request');
    expect(kind("Put the letter on her desk, but don't move anything of hers.")).toBe('request');
    expect(kind('Put the kettle on and just let me know when it boils.')).toBe('request');
    expect(kind("Could you check whether the oven's off? Only tell me, don't do anything to it.")).toBe(
      'question',
    );
    expect(kind("Can you see whether the porch light is on? Just tell me, I'll see to it myself.")).toBe(
      'question',
    );
    expect(readInstruction("Where's the ladder got to? Don't bring it, just tell me.")).toMatchObject({
      kind: 'question',
      form: 'where',
    });
    expect(kind("Bring me the mug, but don't touch the laptop.")).toBe('request');
    expect(kind('Check if the coffee machine is working.')).toBe('request');
  });

  it('reads a search joined to an action as a request', () => {
    expect(kind('Find the stapler and bring it to me.')).toBe('request');
    expect(kind('Locate the office, throw away the fruit and get them a fresh apple.')).toBe('request');
  });

  it('reads imperatives as requests, politely asked or not', () => {
    expect(kind('Bring me the giraffe.')).toBe('request');
    expect(kind("Close Jason's cabinet.")).toBe('request');
    expect(kind('Can you bring me a mug?')).toBe('request');
    expect(kind('Please switch on the game console.')).toBe('request');
    expect(kind('Check if the coffee machine is working.')).toBe('request');
    // Politely asked after what the sentence says first: still a request, not a question.
    expect(kind("The drive in Jason's cabinet is dead; would you throw it in the bin?")).toBe('request');
    expect(kind("I'm in bed - could you fetch the photo album?")).toBe('request');
    expect(kind('Is the oven on, or did someone switch it off?')).toBe('question');
    // An imperative said with a question mark still asks for the deed; an auxiliary asks a question.
    expect(kind('Fish it out and leave it on her desk?')).toBe('request');
    expect(kind('Can the robot reach the top shelf?')).toBe('question');
    // After a conjunction too: "..., so could you", "- and could you".
    expect(kind('The kids have outgrown their toy cars, so could you put them on the workbench?')).toBe(
      'request',
    );
    expect(kind("It's in his cabinet - and could you put the telly on?")).toBe('request');
    // A modal and a passive of a skill's verb ask for the deed; of a verb no skill does, a question.
    expect(kind('Could the apple on the counter be kept in the fridge?')).toBe('request');
    expect(kind('Could the printer be switched off?')).toBe('request');
    expect(kind('Could it be broken?')).toBe('question');
  });

  it('reads the clause that asks, wherever it stands in its sentence', () => {
    // The first clause says how things are; the second asks.
    expect(readInstruction("Maria's thirsty: bring her a glass of water. Is the kettle on?")).toEqual({
      kind: 'request',
      asks: ["Maria's thirsty: bring her a glass of water."],
      by: 'rules',
    });
    expect(kind("Tom's home late; find his keys.")).toBe('question');
  });

  it('takes statements as context only', () => {
    expect(kind('Luis gave one of his neighbours a stapler. Find the stapler.')).toBe('question');
    expect(kind('I left my headphones in a meeting room. Locate them.')).toBe('question');
    expect(kind('Tobi spilt soda on his desk. Throw away the can.')).toBe('request');
    // Nothing asks: the whole instruction is the request.
    expect(readInstruction('The plants look thirsty.')).toEqual({
      kind: 'request',
      asks: ['The plants look thirsty.'],
      by: 'rules',
    });
  });
});
