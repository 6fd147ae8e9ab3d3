import { describe, expect, it } from 'vitest';
import { plainRequests } from './indirect-requests.js';
import { readInstruction } from './reading.js';

describe('indirect requests said the plain way', () => {
  it('reads a thing asked to belong somewhere as a request to put it there', () => {
    expect(plainRequests('Could it live in the toy chest in my room from now on?')).toBe(
      'Could you put it in the toy chest in my room from now on?',
    );
    expect(plainRequests('Could they live in the big fridge till the heatwave is over?')).toBe(
      'Could you put them in the big fridge till the heatwave is over?',
    );
    expect(plainRequests("Can the fizzy water go on Will's bookshelf?")).toBe(
      "Can you put the fizzy water on Will's bookshelf?",
    );
    expect(
      readInstruction('The ball keeps bouncing down the stairs. Could it live in the toy chest?').kind,
    ).toBe('request');
  });

  it('reads a person asked to have a thing as a request to bring it', () => {
    expect(plainRequests('My lad has homework; could he have the atlas from the study on his bed?')).toBe(
      'My lad has homework; could you bring him the atlas from the study on his bed?',
    );
    expect(plainRequests('Could Ivy have a ream of paper?')).toBe('Could you bring Ivy a ream of paper?');
    expect(readInstruction('Could she have the grey stapler from the supplies station?').kind).toBe(
      'request',
    );
  });

  it('reads "do me a favour and" as opening a request', () => {
    expect(plainRequests('Do us a favour and drop it in the bin on your way past?')).toBe(
      'Please drop it in the bin on your way past?',
    );
    expect(readInstruction('Do me a favour and drop the can in the recycling bin?').kind).toBe('request');
  });

  it('leaves a question about what is or was as it is', () => {
    for (const question of [
      'Could it be broken?',
      'Could Niko have taken it?',
      'Can it go faster?',
      'Where could it have gone?',
      'Could the printer be on?',
    ]) {
      expect(plainRequests(question)).toBe(question);
      expect(readInstruction(question).kind).toBe('question');
    }
  });
});
