import { describe, expect, it } from 'vitest';
import { dayCount } from './common';
import { projectTimeReportQuerySchema } from './project-time-report';
import { timeLogReportQuerySchema } from './time-log-report';
import { userPerformanceQuerySchema } from './user-performance';

describe('report query contracts', () => {
  it('takes a filter once or as a list and booleans as 1/0', () => {
    const query = timeLogReportQuerySchema.parse({
      source: 'task',
      category: ['billable', 'non-billable'],
      missed_only: '1',
    });
    expect(query.source).toEqual(['task']);
    expect(query.category).toEqual(['billable', 'non-billable']);
    expect(query.missed_only).toBe(true);
  });

  it('allows 500 rows a page for the timelog report, not 501', () => {
    expect(timeLogReportQuerySchema.parse({ page: { size: '500' } }).page.size).toBe(500);
    expect(timeLogReportQuerySchema.safeParse({ page: { size: '501' } }).success).toBe(false);
  });

  it('refuses a range that ends before it starts or spans more than 366 days', () => {
    const reversed = timeLogReportQuerySchema.safeParse({ date_from: '2025-03-09', date_to: '2025-03-03' });
    expect(reversed.error?.issues[0]).toMatchObject({
      path: ['date_from'],
      message: 'The start date must be on or before the end date',
    });
    expect(dayCount('2025-01-01', '2026-01-01')).toBe(366);
    expect(timeLogReportQuerySchema.safeParse({ date_from: '2025-01-01', date_to: '2026-01-01' }).success).toBe(true);
    expect(timeLogReportQuerySchema.safeParse({ date_from: '2025-01-01', date_to: '2026-01-02' }).success).toBe(false);
  });

  it('refuses unknown categories, sources, user types and plan statuses', () => {
    expect(timeLogReportQuerySchema.safeParse({ category: 'overtime' }).success).toBe(false);
    expect(userPerformanceQuerySchema.safeParse({ source: 'email' }).success).toBe(false);
    expect(userPerformanceQuerySchema.safeParse({ user_type: 'contact' }).success).toBe(false);
    expect(projectTimeReportQuerySchema.safeParse({ filters: { 'projects.status': ['archived'] } }).success).toBe(
      false,
    );
    expect(projectTimeReportQuerySchema.parse({ filters: { 'projects.status': 'paused' } }).filters).toEqual({
      'projects.status': ['paused'],
    });
  });
});
