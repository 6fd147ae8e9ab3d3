import { describe, expect, it } from 'vitest';
import { instructionClauses, isRequest } from './clauses.js';

describe('instruction clauses', () => {
  it('splits two requests joined by "and"', () => {
    expect(instructionClauses('Make Niko a coffee and place the mug on his desk.')).toEqual([
      'Make Niko a coffee',
      'place the mug on his desk',
    ]);
  });

  it('splits at "then", sentence ends and commas, and drops a connective left alone', () => {
    expect(
      instructionClauses('Wash the dishes. Once finished, put the cutlery away then close the drawer!'),
    ).toEqual(['Wash the dishes', 'put the cutlery away', 'close the drawer']);
  });

  it('does not split inside a word that contains a connective', () => {
    expect(instructionClauses('Hand the sandwich to Andrea')).toEqual(['Hand the sandwich to Andrea']);
  });

  it('keeps a one-clause instruction whole, and returns a one-word one as it is', () => {
    expect(instructionClauses('Heat up the chicken kebab.')).toEqual(['Heat up the chicken kebab']);
    expect(instructionClauses('Go!')).toEqual(['Go!']);
  });
});

describe('requests and statements', () => {
  it('takes a clause that opens with a verb as a request', () => {
    expect(isRequest('place the mug on his desk')).toBe(true);
    expect(isRequest('Throw away the can')).toBe(true);
  });

  it('takes a clause that opens with a pronoun, a determiner or a name and a verb as a statement', () => {
    expect(isRequest('There is coffee dripping on the floor')).toBe(false);
    expect(isRequest('My parcel just got delivered')).toBe(false);
    expect(isRequest('Peter is working hard at his desk')).toBe(false);
    expect(isRequest("I'm at the lunch table")).toBe(false);
  });
});
