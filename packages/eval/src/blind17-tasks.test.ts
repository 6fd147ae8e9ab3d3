import { describeBlindSet } from './test-support/blind-set-suite.js';

// The seventeenth blind set (datasets/tasks/blind17-*.json), written 2026-12-01 from the scenes and the action
// table alone: mainly requests whose goals are predicates, 12 of them with 2 or 3 goals, worded as people say
// them (reasons first, people's states and habits, polite and indirect asks, idioms, things described by
// property, use, colour, state, owner or container, everyday and regional names, phrasal verbs), with phrases
// that name no thing of the building (for a bit, in a sec, a couple of minutes), 'there' and 'in there'
// referring back in sentences naming two rooms, questions asked after a statement, how-many questions about a
// place described by where it is, two-person sentences whose pronouns are clear beside the ambiguous ones, and
// impossible requests that name things close to what the building has, taken out of places that hold none.
describeBlindSet({
  name: 'blind17',
  title: 'the seventeenth blind task set',
  buildings: { office: 30, home: 30 },
  counts: { question: 8, impossible: 6, negation: 4, ambiguous: 4, 'side-effect': 10, request: 28 },
  others: [
    'sayplan',
    'held-out',
    'blind',
    'blind2',
    'blind3',
    'blind4',
    'blind5',
    'blind6',
    'blind7',
    'blind8',
    'blind9',
    'blind10',
    'blind11',
    'blind12',
    'blind13',
    'blind14',
    'blind15',
    'blind16',
  ],
  questions: { none: 2, counted: 2, aboutState: 3 },
  multiGoalRequests: 12,
});
