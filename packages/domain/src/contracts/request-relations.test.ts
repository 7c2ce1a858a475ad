import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages';
import { REQUEST_STATUSES, TASK_STATUSES } from '../statuses';
import { RELATABLE_REQUEST_STATUSES, RELATABLE_TASK_STATUSES, requestTasksRelateSchema } from './request-relations';
import { timeLogCreateSchema } from './time-logs';

const uuid = '7d3f0b8e-4c1a-4f7e-9a55-2b9f6f7c1a10';
const issues = (value: unknown) =>
  Object.fromEntries(
    timeLogCreateSchema.safeParse(value).error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [],
  );

describe('request relation contracts', () => {
  it('offers only active requests and tasks for relating', () => {
    expect(REQUEST_STATUSES.filter((s) => !RELATABLE_REQUEST_STATUSES.includes(s))).toEqual([
      'draft',
      'completed',
      'cancelled',
    ]);
    expect(TASK_STATUSES.filter((s) => !RELATABLE_TASK_STATUSES.includes(s))).toEqual([
      'completed',
      'cancelled',
      'seed',
    ]);
  });

  it('needs at least one task uuid to relate', () => {
    expect(requestTasksRelateSchema.safeParse({ tasks: [] }).error?.issues[0]?.message).toBe(MESSAGES.required);
    expect(requestTasksRelateSchema.safeParse({ tasks: [uuid] }).success).toBe(true);
  });

  it('takes a time log on exactly one source: a task or a request', () => {
    const day = { date: '2026-11-20' };
    expect(timeLogCreateSchema.safeParse({ ...day, request_id: uuid }).success).toBe(true);
    expect(timeLogCreateSchema.safeParse({ ...day, task_id: uuid }).success).toBe(true);
    expect(issues({ ...day, task_id: uuid, request_id: uuid })).toEqual({ request_id: MESSAGES.oneTimeLogSource });
    expect(issues(day)).toEqual({ task_id: MESSAGES.required });
    // Still reported beside other missing fields, and never a crash on a non-object body.
    expect(issues({})).toEqual({ task_id: MESSAGES.required, date: MESSAGES.required });
    expect(timeLogCreateSchema.safeParse(null).success).toBe(false);
  });
});
