import { describe, expect, it } from 'vitest';
import type { TaskRecord } from './record.js';
import { commitsOf } from './report.js';

const record = (commit?: string) => ({ id: 'x', ...(commit ? { commit } : {}) }) as TaskRecord;

describe('the commits a report names', () => {
  it('are the records’ own, in order, with the last report’s commit for records written before records kept one', () => {
    expect(commitsOf([record('aaa1111'), record('bbb2222'), record('aaa1111')], 'unknown')).toBe(
      'aaa1111, bbb2222',
    );
    expect(commitsOf([record(), record('bbb2222')], 'ff245fe')).toBe('ff245fe, bbb2222');
    expect(commitsOf([], 'ff245fe')).toBe('ff245fe');
  });
});
