import { describe, expect, it } from 'vitest';
import { classifyTemperature } from './temperature';

const now = new Date('2026-11-22T12:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
const classify = (last: Date | string | null, unansweredStaffComments = 0) =>
  classifyTemperature({ lastInteractionAt: last, now, unansweredStaffComments });

describe('request temperature', () => {
  it('is hot with an interaction in the last 7 days', () => {
    expect(classify(daysAgo(0))).toEqual({ heat: 'hot', temperature: 3, ghosted: false });
    expect(classify(daysAgo(7))).toEqual({ heat: 'hot', temperature: 3, ghosted: false });
  });

  it('is warm with an interaction in the last 30 days', () => {
    expect(classify(daysAgo(7.5))).toEqual({ heat: 'warm', temperature: 2, ghosted: false });
    expect(classify(daysAgo(30).toISOString())).toEqual({ heat: 'warm', temperature: 2, ghosted: false });
  });

  it('is cold with no interaction in the last 30 days or none at all', () => {
    expect(classify(daysAgo(31))).toEqual({ heat: 'cold', temperature: 1, ghosted: false });
    expect(classify(null)).toEqual({ heat: 'cold', temperature: 1, ghosted: false });
  });

  it('is frozen and ghosted after three staff comments without a response', () => {
    expect(classify(daysAgo(1), 3)).toEqual({ heat: 'frozen', temperature: 1, ghosted: true });
    expect(classify(daysAgo(1), 2).heat).toBe('hot');
  });
});
