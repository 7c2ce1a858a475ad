import { describe, expect, it } from 'vitest';
import { nextColumnToSqueeze } from './columnPriority';

const columns = [
  { key: 'title', priority: 1 },
  { key: 'plan', priority: 2 },
  { key: 'tags', priority: 3 },
  { key: 'creator', priority: 3 },
  { key: 'responsibles', priority: 1 },
  { key: 'notes' },
];

describe('nextColumnToSqueeze', () => {
  it('gives way the highest-numbered column first, the rightmost of equals', () => {
    expect(nextColumnToSqueeze(columns, [])).toBe('creator');
    expect(nextColumnToSqueeze(columns, ['creator'])).toBe('tags');
    expect(nextColumnToSqueeze(columns, ['creator', 'tags'])).toBe('plan');
  });

  it('never squeezes key columns (priority 1) or columns without a priority', () => {
    expect(nextColumnToSqueeze(columns, ['creator', 'tags', 'plan'])).toBeNull();
  });

  it('skips columns the person already hid', () => {
    expect(nextColumnToSqueeze(columns, ['creator', 'tags'])).toBe('plan');
  });
});
