import { describeBlindSet } from './test-support/blind-set-suite.js';

// The second blind set (datasets/tasks/blind2-*.json), written 2026-11-28 from the scenes alone.
describeBlindSet({
  name: 'blind2',
  title: 'the second blind task set',
  buildings: { office: 30, home: 30 },
  counts: { question: 14, impossible: 10, negation: 8, ambiguous: 8, 'side-effect': 8, request: 12 },
  others: ['sayplan', 'held-out', 'blind'],
  questions: { none: 3, counted: 2, aboutState: 4 },
});
