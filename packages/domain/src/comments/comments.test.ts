import { describe, expect, it } from 'vitest';
import { deltaHasContent, deltaMentionIds, deltaPlainText, textToDelta } from './delta';
import {
  isSchedulableDate,
  isValidSendAt,
  parseSendAt,
  SCHEDULE_TIME_ZONE,
  schedulePresets,
  scheduleSlots,
  timeOfDayLabel,
  workingSlotMinutes,
  zonedParts,
  zonedTime,
} from './schedule';
import { CANNED_COMMENT_TEMPLATES, fillCommentTemplate } from './templates';

// Tuesday 24 Nov 2026, 10:00 in New York (15:00 UTC).
const tuesdayMorning = new Date('2026-11-24T15:00:00Z');
const ny = (iso: string) => zonedParts(new Date(iso), SCHEDULE_TIME_ZONE);

describe('working-hours slots', () => {
  it('runs 08:00–16:45 New York time in 15-minute steps without the lunch hour', () => {
    const slots = workingSlotMinutes();
    expect(slots[0]).toBe(8 * 60);
    expect(slots.at(-1)).toBe(16 * 60 + 45);
    expect(slots).not.toContain(12 * 60 + 15);
    expect(slots).toContain(13 * 60);
    expect(slots.every((m) => m % 15 === 0)).toBe(true);
  });

  it('offers only the slots still ahead today, none on weekends, and disables a day whose window has passed', () => {
    const today = { year: 2026, month: 11, day: 24 };
    const slots = scheduleSlots(today, tuesdayMorning);
    expect(zonedParts(slots[0] as Date, SCHEDULE_TIME_ZONE)).toMatchObject({ hour: 10, minute: 15 });
    expect(scheduleSlots({ year: 2026, month: 11, day: 28 }, tuesdayMorning)).toEqual([]);
    expect(isSchedulableDate(today, new Date('2026-11-24T22:00:00Z'))).toBe(false);
    expect(isSchedulableDate({ year: 2026, month: 11, day: 23 }, tuesdayMorning)).toBe(false);
  });

  it('accepts a send time only on a future working slot', () => {
    expect(
      isValidSendAt(zonedTime({ year: 2026, month: 11, day: 25 }, 9 * 60, SCHEDULE_TIME_ZONE), tuesdayMorning),
    ).toBe(true);
    expect(
      isValidSendAt(zonedTime({ year: 2026, month: 11, day: 25 }, 12 * 60, SCHEDULE_TIME_ZONE), tuesdayMorning),
    ).toBe(false);
    expect(
      isValidSendAt(zonedTime({ year: 2026, month: 11, day: 28 }, 9 * 60, SCHEDULE_TIME_ZONE), tuesdayMorning),
    ).toBe(false);
    expect(isValidSendAt(new Date('2026-11-24T14:00:00Z'), tuesdayMorning)).toBe(false);
  });

  it('gives three presets, the next working mornings and afternoons, weekends skipping to Monday', () => {
    const friday = new Date('2026-11-27T21:00:00Z'); // Friday 16:00 New York
    const presets = schedulePresets(friday, SCHEDULE_TIME_ZONE);
    expect(presets).toHaveLength(3);
    expect(presets.map((p) => p.label)).toEqual(['Monday morning', 'Monday afternoon', 'Tuesday morning']);
    expect(ny(presets[0]?.sendAt.toISOString() ?? '')).toMatchObject({ weekday: 1, hour: 8, minute: 0 });
    const early = schedulePresets(tuesdayMorning, SCHEDULE_TIME_ZONE);
    expect(early.map((p) => p.label)).toEqual(['This afternoon', 'Tomorrow morning', 'Tomorrow afternoon']);
  });

  it('labels times of day', () => {
    expect([6, 12, 18, 23].map(timeOfDayLabel)).toEqual(['morning', 'afternoon', 'evening', 'night']);
  });

  it('reads send_at as ISO 8601 or YYYY-MM-DD HH:mm:ss in a zone', () => {
    expect(parseSendAt('2026-11-25 09:00:00', SCHEDULE_TIME_ZONE)?.toISOString()).toBe('2026-11-25T14:00:00.000Z');
    expect(parseSendAt('2026-11-25T14:00:00Z', 'UTC')?.toISOString()).toBe('2026-11-25T14:00:00.000Z');
    expect(parseSendAt('tomorrow', 'UTC')).toBeNull();
  });
});

describe('comment text', () => {
  it('renders mentions as @name in the plain text and lists their ids', () => {
    const delta = { ops: [{ insert: 'Hi ' }, { insert: { mention: { id: 'u1', value: 'Max' } } }, { insert: '\n' }] };
    expect(deltaPlainText(delta)).toBe('Hi @Max');
    expect(deltaMentionIds(delta)).toEqual(['u1']);
    expect(deltaHasContent(textToDelta('  '))).toBe(false);
  });
});

describe('canned templates', () => {
  it('has the six replies and fills @name with the contact', () => {
    expect(CANNED_COMMENT_TEMPLATES).toHaveLength(6);
    expect(fillCommentTemplate('Hi @name, done.', 'Carla')).toBe('Hi Carla, done.');
    expect(fillCommentTemplate('Hi @name, done.', null)).toBe('Hi, done.');
  });
});
