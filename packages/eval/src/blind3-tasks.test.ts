import { describeBlindSet } from './test-support/blind-set-suite.js';

// The third blind set (datasets/tasks/blind3-*.json), written 2026-11-29 from the scenes alone:
// mainly requests whose goals are predicates, 11 of them with 2 to 4 goals.
describeBlindSet({
  name: 'blind3',
  title: 'the third blind task set',
  buildings: { office: 30, home: 30 },
  counts: { question: 8, impossible: 6, negation: 5, ambiguous: 5, 'side-effect': 12, request: 24 },
  others: ['sayplan', 'held-out', 'blind', 'blind2'],
  questions: { none: 2, counted: 2, aboutState: 4 },
  multiGoalRequests: 10,
});
