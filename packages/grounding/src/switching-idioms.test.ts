import { describe, expect, it } from 'vitest';
import { plainSwitching } from './switching-idioms.js';

describe('switching idioms said plainly', () => {
  it('reads a thing and a particle that ends its clause as switching it on', () => {
    expect(plainSwitching('Put the telly on in the lounge.')).toBe('Switch on the telly in the lounge.');
    expect(plainSwitching('could you put the TV on for us?')).toBe('could you switch on the TV for us?');
    expect(plainSwitching('Get the TV in there going and put the chips out.')).toBe(
      'Switch on the TV in there and put the chips out.',
    );
    expect(plainSwitching('Could you get the dishwasher started?')).toBe(
      'Could you switch on the dishwasher?',
    );
  });

  it('reads verbs that mean switching on', () => {
    expect(plainSwitching('Light the barbecue and carry the steak out.')).toBe(
      'Switch on the barbecue and carry the steak out.',
    );
    expect(plainSwitching('fire up the console')).toBe('switch on the console');
  });

  it('leaves a particle that a place follows: that puts a thing somewhere', () => {
    for (const said of [
      'Put the mug on the desk.',
      'Get the cups on the table.',
      'leave the light on in the hall',
      'put the chips out on the table',
    ])
      expect(plainSwitching(said)).toBe(said);
  });
});
