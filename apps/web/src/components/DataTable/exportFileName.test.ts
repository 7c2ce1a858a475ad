import { describe, expect, it } from 'vitest';
import { exportFileName } from './exportFileName';

describe('exportFileName', () => {
  it("keeps the server's table-and-date name", () => {
    expect(exportFileName('attachment; filename="tasks-2026-11-27.csv"', 'csv', 'tasks/export-all')).toBe(
      'tasks-2026-11-27.csv',
    );
    expect(exportFileName("attachment; filename*=UTF-8''plans-2026-11-27.xlsx", 'xlsx')).toBe('plans-2026-11-27.xlsx');
  });

  it('names a download without a server name after its table and the day, never data.csv', () => {
    const day = new Date(2026, 10, 27, 15, 0);
    expect(exportFileName(null, 'csv', 'tasks/export-all', day)).toBe('tasks-2026-11-27.csv');
    expect(exportFileName(null, 'xlsx', 'users/bulk-operations/export', day)).toBe('users-2026-11-27.xlsx');
  });
});
