import { describe, expect, it } from 'vitest';
import { personBefore } from './destination.js';
import { isPersonOf } from './people.js';
import { ambiguousOwners, peopleForPronoun, thingsOf } from './pronoun-people.js';
import { datasetScene } from './test-support/datasets.js';

describe('whom "his" and "her" stand for', () => {
  const people = new Set([
    'Filipe',
    'Aaron',
    'Michael',
    'Raj',
    'Will',
    'Zoe',
    'Laurianne',
    'Dimity',
    'Ajay',
    'Omar',
  ]);
  const isPerson = (word: string) => people.has(word);
  const forPronoun = (text: string, pronoun: string) =>
    peopleForPronoun(text, text.lastIndexOf(` ${pronoun} `) + 1, pronoun, isPerson);

  it('takes the nearest people named: the clause, the sentence, the sentences before', () => {
    // Its own clause names one.
    expect(forPronoun("Omar's up all night. Ajay says he can have the bar from his cabinet.", 'his')).toEqual(
      ['Ajay'],
    );
    // Its sentence names both.
    expect(forPronoun('Filipe bumped into Michael and told him he needs his laptop.', 'his')).toEqual([
      'Filipe',
      'Michael',
    ]);
    // The sentence before names both.
    expect(forPronoun("Filipe's off sick, so Aaron's teaching. He's asked for his notebook.", 'his')).toEqual(
      ['Filipe', 'Aaron'],
    );
  });

  it('leaves out whose a thing is, and first names of the other gender', () => {
    // "Will's copy" says whose the copy is; "Laurianne's lent" is "Laurianne has lent".
    expect(forPronoun("Raj is writing, so he'd like Will's copy on his desk.", 'his')).toEqual(['Raj']);
    expect(
      forPronoun("Laurianne's lent Dimity her office, and she's asked you to open her cabinet.", 'her'),
    ).toEqual(['Laurianne', 'Dimity']);
    // Zoe is a woman's name, Aaron a man's; Dimity, unknown to the list, may be either.
    expect(
      forPronoun("Zoe's got her exam on Monday and Aaron's lending the book. Leave it on her desk.", 'her'),
    ).toEqual(['Zoe']);
  });

  it('settles a pronoun with the one person who fits, else with the person an answer named', () => {
    const text = "Zoe's got her exam on Monday and Aaron's lending the book. Could you leave it on her desk?";
    expect(personBefore(text, 'Could you leave it on her desk', isPerson)).toBe('Zoe');
    const both = "Filipe's off sick, so Aaron's teaching. Could you bring his notebook?";
    expect(personBefore(both, 'Could you bring his notebook', isPerson, ['filipe'])).toBe('Filipe');
  });
});

describe('asking whose, when a pronoun may mean two people who each have one', () => {
  it("asks between each person's things, and not once an answer names one", async () => {
    const office = await datasetScene('office');
    const isPerson = (word: string) => isPersonOf(office, word);
    expect(thingsOf(office, 'Dimity', 'cabinet')).toEqual(['cabinet_8']);
    expect(thingsOf(office, 'Filipe', 'notebook')).toEqual(['filipes_notebook']);
    const text =
      "Filipe's off sick, so Aaron's teaching his class. He's asked for his notebook - could you take it to meeting room 1?";
    expect(ambiguousOwners(office, text, isPerson)).toEqual([
      { phrase: 'notebook "his" means (Filipe or Aaron)', options: ['aarons_notebook', 'filipes_notebook'] },
    ]);
    expect(ambiguousOwners(office, text, isPerson, ['filipes_notebook'])).toEqual([]);
    // One person named: nothing to ask.
    expect(ambiguousOwners(office, 'Filipe has asked for his notebook in meeting room 1.', isPerson)).toEqual(
      [],
    );
    // Two people, but only one of them has a drone: nothing to ask either.
    expect(thingsOf(office, 'Raj', 'drone')).toEqual([]);
    expect(
      ambiguousOwners(office, 'Will and Raj are flying today. Bring his drone to the lab.', isPerson),
    ).toEqual([]);
  });
});
