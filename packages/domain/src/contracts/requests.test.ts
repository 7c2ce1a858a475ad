import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages';
import { formatEstimateRange, parseEstimateRange } from '../rules/estimate-range';
import { requestCreateSchema, requestListQuerySchema, requestUpdateSchema } from './requests';

describe('request contracts', () => {
  it('parses the new-request badge query', () => {
    const q = requestListQuerySchema.parse({
      page: { size: '1' },
      filters: { 'projects_requests.status': ['new'] },
      project_type: ['retainer', 'hosting'],
    });
    expect(q.page.size).toBe(1);
    expect(q.filters?.['projects_requests.status']).toEqual(['new']);
    expect(q.project_type).toEqual(['retainer', 'hosting']);
  });

  it('accepts one or many temperatures and rejects others', () => {
    expect(requestListQuerySchema.parse({ filters: { 'projects_requests.temperature': '2' } }).filters).toEqual({
      'projects_requests.temperature': [2],
    });
    expect(requestListQuerySchema.safeParse({ filters: { 'projects_requests.temperature': ['4'] } }).success).toBe(
      false,
    );
  });

  it('reads with= as a list of known names and sort in both forms', () => {
    const q = requestListQuerySchema.parse({ with: 'latest_comment,tasks,bogus', sort: '-target_date' });
    expect(q.with).toEqual(['latest_comment', 'tasks']);
    expect(q.sort).toEqual({ by: 'target_date', direction: 'desc' });
    expect(requestListQuerySchema.parse({ sort: { by: 'created_at', direction: 'asc' } }).sort?.by).toBe('created_at');
  });

  it('splits the estimate text and checks max ≥ min', () => {
    expect(parseEstimateRange('1.5/3')).toEqual({ min: 90, max: 180 });
    expect(parseEstimateRange('01:00 - 02:30')).toEqual({ min: 60, max: 150 });
    expect(parseEstimateRange('')).toEqual({ min: 0, max: 0 });
    expect(parseEstimateRange('abc')).toBeNull();
    expect(formatEstimateRange(60, 150)).toBe('01:00 - 02:30');
    const bad = requestCreateSchema.safeParse({ estimated_time_range: '3/1' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe(MESSAGES.maxBelowMin);
    expect(requestUpdateSchema.safeParse({ estimated_min: 60, estimated_max: 30 }).success).toBe(false);
  });

  it('names the missing project and requester', () => {
    const r = requestCreateSchema.safeParse({ project_id: 'x', requester_id: 'y' });
    expect(r.error?.issues.map((i) => i.message)).toEqual([MESSAGES.enterProject, MESSAGES.enterRequester]);
  });
});
