import { describe, expect, it } from 'vitest';
import {
  allowedTaskStatuses,
  applyPeoplePick,
  changedFields,
  creatorTooltip,
  formatEstimateRange,
  parseEstimateRange,
  taskStatusLabel,
} from './taskRules';

describe('estimate range (hours min-max → minutes)', () => {
  it('splits min and max hours into minutes', () => {
    expect(parseEstimateRange('1-2.5')).toEqual({ min: 60, max: 150 });
    expect(parseEstimateRange('1/2')).toEqual({ min: 60, max: 120 });
    expect(parseEstimateRange(' 3 ')).toEqual({ min: 180, max: 180 });
    expect(parseEstimateRange('')).toEqual({ min: 0, max: 0 });
  });
  it('refuses max below min with the spec message', () => {
    expect(parseEstimateRange('3-1')).toEqual({ error: 'Max time should be bigger than min time' });
    expect(parseEstimateRange('a-b')).toHaveProperty('error');
  });
  it('formats minutes back', () => {
    expect(formatEstimateRange(60, 150)).toBe('1-2.5');
    expect(formatEstimateRange(0, 0)).toBe('');
  });
});

describe('responsible and follower are exclusive', () => {
  it('picking a responsible removes them from followers and the reverse', () => {
    const current = { responsibles: ['a'], followers: ['b', 'c'] };
    expect(applyPeoplePick('responsibles', ['a', 'b'], current)).toEqual({
      responsibles: ['a', 'b'],
      followers: ['c'],
    });
    expect(applyPeoplePick('followers', ['b', 'a'], current)).toEqual({ responsibles: [], followers: ['b', 'a'] });
  });
});

describe('status options', () => {
  it('a recurring task shows only Master', () => {
    expect(allowedTaskStatuses({ current: 'seed', recurring: true, contactResponsible: false })).toEqual(['seed']);
    expect(taskStatusLabel('seed')).toBe('Master');
  });
  it('a contact-responsible task offers the contact statuses plus its current one', () => {
    expect(allowedTaskStatuses({ current: 'todo', recurring: false, contactResponsible: true })).toEqual([
      'todo',
      'waiting_approval',
      'pending',
      'needs_attention',
      'completed',
      'cancelled',
    ]);
  });
  it('others offer every filter status', () => {
    expect(allowedTaskStatuses({ current: 'todo', recurring: false, contactResponsible: false })).toHaveLength(9);
  });
});

describe('autosave diff', () => {
  it('names only the fields that changed', () => {
    expect(changedFields({ title: 'a', tags: ['x'], priority: 0 }, { title: 'b', tags: ['x'], priority: 0 })).toEqual({
      title: 'b',
    });
  });
});

describe('the creator line', () => {
  it('reads "At MM/DD/YY" for the day the task was created, nothing when the time is unknown', () => {
    // Noon UTC is 11/05 from UTC−11 to UTC+11.
    expect(creatorTooltip('2026-11-05T12:00:00Z')).toBe('At 11/05/26');
    expect(creatorTooltip(null)).toBeNull();
    expect(creatorTooltip('not a date')).toBeNull();
  });
});
