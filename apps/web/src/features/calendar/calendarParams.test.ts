import { describe, expect, it } from 'vitest';
import { moveValues, readCalendarParams } from './calendarParams';

describe('calendar address and moves', () => {
  it('reads the view, kinds and filters from the address and ignores what is not valid', () => {
    const plan = '11111111-1111-4111-8111-111111111111';
    const read = readCalendarParams(
      new URLSearchParams(`view=week&kinds=task,bogus,request&plan=${plan}&user=x`),
      false,
    );
    expect(read.view).toBe('week');
    expect(read.filters).toEqual({
      kinds: ['task', 'request'],
      project_uuid: plan,
      user_uuid: undefined,
      customer_uuid: undefined,
    });
  });

  it('opens the agenda on a narrow screen and the month otherwise', () => {
    expect(readCalendarParams(new URLSearchParams(), true).view).toBe('agenda');
    expect(readCalendarParams(new URLSearchParams(), false).view).toBe('month');
  });

  it('moves a span as a whole, a lone due date or a delivery date to the new day', () => {
    expect(moveValues(['start_date', 'end_date'], '2026-11-11', '2026-11-14')).toEqual({
      start_date: '2026-11-11',
      end_date: '2026-11-13',
    });
    expect(moveValues(['end_date'], '2026-11-20', null)).toEqual({ end_date: '2026-11-20' });
    expect(moveValues(['target_date'], '2026-12-01', null)).toEqual({ target_date: '2026-12-01' });
  });
});
