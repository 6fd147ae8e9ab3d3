import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ACTION_SPECS } from '../actions/action-table.js';
import { ROBOT_SKILL_SPECS } from '../actions/perception-table.js';
import { BUILT_IN_SKILLS } from './built-in-skills.js';
import { parseSkillFile } from './skill-file.js';
import { type SourcedSkillFile, skillTable } from './skill-table.js';
import { loadSkillFile, skillTables } from './skill-tables.js';

const WATER = {
  name: 'water',
  description: 'water(object): water a plant in the agent’s room while holding a watering can',
  parameters: [{ name: 'object', kinds: ['object'] }],
  preconditions: [
    { check: 'inAgentRoom', param: 'object', message: '{object} is in {room}; goto({room}) first' },
    {
      check: 'holdsSomethingThatAffords',
      skill: 'pour',
      message: 'watering needs a can; the agent holds {held}',
    },
    {
      check: 'stateIs',
      param: 'object',
      dimension: 'moisture',
      value: 'dry',
      message: '{object} is already {actual}',
    },
  ],
  effects: [{ effect: 'setState', param: 'object', dimension: 'moisture', value: 'wet' }],
};

/** The table of the built-in skills with this file (as JSON) on top, or its one-line error. */
function withFile(json: unknown) {
  const parsed = parseSkillFile(json, 'team.skills.json');
  if (!parsed.ok) return parsed;
  const user: SourcedSkillFile = { source: 'team.skills.json', file: parsed.value };
  return skillTable([BUILT_IN_SKILLS, user]);
}

const errorOf = (json: unknown) => {
  const table = withFile(json);
  return table.ok ? 'compiled' : table.error;
};

describe('the built-in skill files', () => {
  it('make the built-in tables, in the order of the file', () => {
    expect(ACTION_SPECS.map((spec) => spec.name)).toEqual(BUILT_IN_SKILLS.file.skills.map((row) => row.name));
    expect(ROBOT_SKILL_SPECS.map((spec) => spec.name).slice(-3)).toEqual([
      'look_on',
      'look_inside',
      'look_around',
    ]);
  });
  it('give each skill the robot seconds it takes (the simulated robot’s clock)', () => {
    expect(Object.fromEntries(ROBOT_SKILL_SPECS.map((spec) => [spec.name, spec.seconds]))).toMatchObject({
      goto: undefined,
      pickup: 5,
      heat: 60,
      look_around: 8,
    });
  });
  it('give every check and effect its form, which the planners and the PDDL export read', () => {
    for (const spec of ROBOT_SKILL_SPECS)
      for (const part of [...spec.preconditions, ...spec.effects]) expect(part.form?.builder).toBeTruthy();
  });
});

describe('a skill file of a robot team', () => {
  it('adds a skill after the built-in ones, with a state it declares', () => {
    const table = withFile({ states: { moisture: ['dry', 'wet'] }, skills: [WATER] });
    expect(table.ok).toBe(true);
    if (!table.ok) return;
    expect(table.value.map((spec) => spec.name)).toEqual([...ACTION_SPECS.map((spec) => spec.name), 'water']);
    expect(table.value.at(-1)?.effects[0]?.sets).toEqual({ dimension: 'moisture', value: 'wet' });
  });
  it('replaces a built-in skill in place, taking what it does not give from the one it replaces (like)', () => {
    const table = withFile({
      skills: [{ name: 'wash', like: 'wash', description: 'wash(object): wash it in a sink' }],
    });
    expect(table.ok).toBe(true);
    if (!table.ok) return;
    const wash = table.value.find((spec) => spec.name === 'wash')!;
    const builtIn = ACTION_SPECS.find((spec) => spec.name === 'wash')!;
    expect(table.value.indexOf(wash)).toBe(ACTION_SPECS.indexOf(builtIn));
    expect(wash.description).toBe('wash(object): wash it in a sink');
    expect(wash.preconditions.map((check) => check.message)).toEqual(
      builtIn.preconditions.map((c) => c.message),
    );
  });
  it('derives a skill from another (like) and changes one field', () => {
    const table = withFile({
      skills: [{ name: 'rinse', like: 'wash', description: 'rinse(object): rinse it', askedBy: ['rinse'] }],
    });
    expect(table.ok && table.value.find((spec) => spec.name === 'rinse')?.askedBy).toEqual(['rinse']);
  });
});

describe('a bad skill file is one line naming the skill and the field', () => {
  it.each([
    [
      'an unknown check',
      { skills: [{ ...WATER, preconditions: [{ check: 'holdsWateringCan', message: 'x' }] }] },
      "team.skills.json: skill 'water' preconditions[0].check: unknown check 'holdsWateringCan' (known: nextToAgent,",
    ],
    [
      'an unknown effect',
      {
        states: { moisture: ['dry', 'wet'] },
        skills: [{ ...WATER, effects: [{ effect: 'soak', param: 'object' }] }],
      },
      "team.skills.json: skill 'water' effects[0].effect: unknown effect 'soak' (known: moveAgentTo,",
    ],
    [
      'a precondition on a state nobody declared',
      { skills: [WATER] },
      `team.skills.json: skill 'water' preconditions[2].dimension: no state 'moisture' (declare it under "states"; known: door, power,`,
    ],
    [
      'a value its state does not have',
      {
        states: { moisture: ['dry', 'wet'] },
        skills: [{ ...WATER, effects: [{ ...WATER.effects[0], value: 'soaked' }] }],
      },
      "team.skills.json: skill 'water' effects[0].value: 'soaked' is not a value of moisture (dry, wet)",
    ],
    [
      'a parameter the skill does not have',
      {
        states: { moisture: ['dry', 'wet'] },
        skills: [{ ...WATER, effects: [{ ...WATER.effects[0], param: 'plant' }] }],
      },
      "team.skills.json: skill 'water' effects[0].param: 'plant' is not a parameter of the skill (object)",
    ],
    [
      'a field its check does not take',
      { skills: [{ ...WATER, preconditions: [{ check: 'handEmpty', param: 'object', message: 'x' }] }] },
      "team.skills.json: skill 'water' preconditions[0].param: handEmpty takes no param",
    ],
    [
      'a field its check needs',
      { skills: [{ ...WATER, preconditions: [{ check: 'stateIs', param: 'object', message: 'x' }] }] },
      "team.skills.json: skill 'water' preconditions[0].dimension: stateIs needs a dimension",
    ],
    [
      'a cycle of definitions',
      {
        skills: [
          { name: 'a', like: 'b' },
          { name: 'b', like: 'c' },
          { name: 'c', like: 'a' },
        ],
      },
      "team.skills.json: skill 'a' like: a cycle of definitions (a -> b -> c -> a)",
    ],
    [
      'a skill like none',
      { skills: [{ name: 'a', like: 'teleport' }] },
      "team.skills.json: skill 'a' like: no skill 'teleport'",
    ],
    [
      'a new skill without effects',
      { skills: [{ ...WATER, effects: undefined }] },
      "team.skills.json: skill 'water' effects: missing (give it, or like: a skill that has it)",
    ],
    [
      'a precondition without its feedback',
      { skills: [{ ...WATER, preconditions: [{ check: 'handEmpty' }] }] },
      "team.skills.json: skill 'water' preconditions[0].message:",
    ],
    ['a skill named twice', { skills: [WATER, WATER] }, "team.skills.json: skill 'water' is defined twice"],
    [
      'a hostile name',
      { skills: [{ ...WATER, name: '__proto__' }] },
      "team.skills.json: skill '__proto__' name: must be a lowercase word",
    ],
    ['no skills at all', { about: 'x' }, 'team.skills.json: skills:'],
  ])('%s', (_, json, line) => {
    const error = errorOf(json);
    expect(error.startsWith(line), error).toBe(true);
    expect(error).not.toContain('\n');
  });
  it('a file that is not there or not JSON', async () => {
    expect(await loadSkillFile('/nonexistent/team.skills.json')).toEqual({
      ok: false,
      error: '/nonexistent/team.skills.json: cannot read the skill file (ENOENT)',
    });
    const dir = await mkdtemp(join(tmpdir(), 'groundplan-skills-'));
    await writeFile(join(dir, 'bad.json'), '{"skills": [', 'utf8');
    const loaded = await loadSkillFile(join(dir, 'bad.json'));
    expect(loaded.ok === false && loaded.error).toMatch(/^.*bad\.json: not JSON \(.+\)$/);
    await rm(dir, { recursive: true });
  });
  it('the robot table gets the same error as the planning one', () => {
    expect(skillTables({ source: 'x.json', file: { skills: [{ name: 'a', like: 'a' }] } })).toEqual({
      ok: false,
      error: "x.json: skill 'a' like: no earlier skill 'a' to be like",
    });
  });
});
