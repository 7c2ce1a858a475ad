import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages';
import { timeLogCreateSchema, timeLogListQuerySchema, timeLogUpdateSchema } from './time-logs';

const task = '7d3f0b8e-4c1a-4f7e-9a55-2b9f6f7c1a10';

describe('time log contracts', () => {
  it('requires the task and the date with the spec message', () => {
    const result = timeLogCreateSchema.safeParse({});
    expect(result.success).toBe(false);
    const fields = Object.fromEntries(result.error?.issues.map((i) => [i.path.join('.'), i.message]) ?? []);
    expect(fields.task_id).toBe(MESSAGES.required);
    expect(fields.date).toBe(MESSAGES.required);
  });

  it('takes dates as YYYY-MM-DD only', () => {
    expect(timeLogCreateSchema.safeParse({ task_id: task, date: '11/20/2026' }).success).toBe(false);
    expect(timeLogCreateSchema.parse({ task_id: task, date: '2026-11-20' })).toMatchObject({
      status: 'completed',
      minutes: 0,
    });
  });

  it('refuses negative or fractional minutes with the time message', () => {
    const result = timeLogUpdateSchema.safeParse({ minutes: -5 });
    expect(result.error?.issues[0]?.message).toBe(MESSAGES.timeAboveZero);
    expect(timeLogUpdateSchema.safeParse({ minutes: 1.5 }).success).toBe(false);
  });

  it('reads one or many user and status filters', () => {
    const parsed = timeLogListQuerySchema.parse({ filters: { 'user.uuid': task, status: ['running', 'paused'] } });
    expect(parsed.filters?.['user.uuid']).toEqual([task]);
    expect(parsed.filters?.status).toEqual(['running', 'paused']);
  });
});
