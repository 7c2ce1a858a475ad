import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../../test/factories';
import { getTestApp, type TestApp } from '../../../test/test-app';
import type { Database } from '../../db/client';
import { parseCsv, today } from '../tables/test-helpers';
import { buildTimeFixture, type TimeFixture } from './report-fixtures';

let app: TestApp;
let db: Database;
let close: () => Promise<void>;
let fx: TimeFixture;

beforeAll(async () => {
  ({ app, db, close } = await getTestApp());
  fx = await buildTimeFixture(db);
});
afterAll(() => close());

const WEEK = 'date_from=2025-03-03&date_to=2025-03-09';
const MINUTES = 10; // the 'Minutes' column's index

const get = (path: string, query: string, token = fx.manager.token) =>
  app.inject({ method: 'GET', url: `/api/${path}?${WEEK}${query}`, headers: bearer(token) });

async function exportCsv(query: string, token?: string) {
  const res = await get('reports/time-logs/export-all', query, token);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-disposition']).toBe(`attachment; filename="timelog-report-${today()}.csv"`);
  const [header, ...rows] = parseCsv(res.rawPayload);
  return { header, rows };
}

async function readXlsx(payload: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(payload as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0]?.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  return rows;
}

describe('GET reports/time-logs/export-all', () => {
  it.each([
    ['no filter', ''],
    ['category', '&category[]=billable'],
    ['two categories', '&category[]=non-billable&category[]=sgm-non-billable'],
    ['source request', '&source[]=request'],
    ['source task', '&source=task'],
    ['plan type', '&project_type[]=hosting'],
    ['user type', '&user_type[]=freelancer'],
    ['missed days only', '&missed_only=1'],
    ['status', '&status[]=paused'],
  ])("holds exactly the report's rows and minutes (%s)", async (_name, filter) => {
    const report = (await get('reports/time-logs', filter)).json();
    const { rows } = await exportCsv(filter);
    expect(report.meta.total).toBeGreaterThan(0);
    expect(rows).toHaveLength(report.meta.total);
    expect(rows.reduce((sum, r) => sum + Number(r[MINUTES]), 0)).toBe(report.totals.total);
  });

  it('honours the plan and person filters', async () => {
    const plan = `&project_uuid=${fx.hosting.uuid}`;
    const byPlan = await exportCsv(plan);
    expect(byPlan.rows.map((r) => r[2])).toEqual(['Report hosting']);
    expect(byPlan.rows).toHaveLength((await get('reports/time-logs', plan)).json().meta.total);
    const person = `&user_uuid=${fx.fran.uuid}`;
    expect((await exportCsv(person)).rows.map((r) => r[1])).toEqual(['Fran Report']);
  });

  it('writes readable columns in the report order, newest first by default or as sorted', async () => {
    const { header, rows } = await exportCsv('&category[]=billable');
    expect(header).toEqual([
      'Date',
      'Person',
      'Plan',
      'Client',
      'Plan type',
      'Source',
      'Task / request',
      'Category',
      'Description',
      'Time',
      'Minutes',
      'Status',
      'Missed day',
      // Staff who may read the rates get the amounts (report-money.test.ts checks their figures).
      'Amount (USD)',
    ]);
    expect(rows.map((r) => [r[0], r[1], r[2], r[4], r[5], r[6], r[7], r[9], r[10], r[11]])).toEqual([
      [
        '03/05/2025',
        'Fran Report',
        'Report retainer',
        'Retainer',
        'Task',
        'Retainer work',
        'Billable',
        '01:30',
        '90',
        'Completed',
      ],
      [
        '03/03/2025',
        'Alice Report',
        'Report retainer',
        'Retainer',
        'Task',
        'Retainer work',
        'Billable',
        '02:00',
        '120',
        'Completed',
      ],
    ]);
    const sorted = await exportCsv('&sort[by]=minutes&sort[direction]=asc');
    expect(sorted.rows.map((r) => Number(r[MINUTES]))).toEqual([30, 60, 90, 120]);
    const request = await exportCsv('&source[]=request');
    expect(request.rows.map((r) => [r[5], r[6], r[7]])).toEqual([['Request', 'Report request', 'SGM non-billable']]);
  });

  it('answers the same rows as XLSX', async () => {
    const res = await get('reports/time-logs/export-all', '&category[]=billable&format=xlsx');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="timelog-report-${today()}.xlsx"`);
    const [header, ...rows] = await readXlsx(res.rawPayload);
    expect(header?.[0]).toBe('Date');
    expect(rows.map((r) => [r[1], r[MINUTES]])).toEqual([
      ['Fran Report', 90],
      ['Alice Report', 120],
    ]);
  });

  it("gives a freelancer their own logs only and refuses someone else's", async () => {
    const own = await exportCsv('', fx.fran.token);
    expect(own.rows.map((r) => r[1])).toEqual(['Fran Report']);
    const other = await get('reports/time-logs/export-all', `&user_uuid=${fx.alice.uuid}`, fx.fran.token);
    expect(other.statusCode).toBe(403);
  });

  it('takes up to 100,000 rows a page and refuses more or a reversed range with 422', async () => {
    expect((await get('reports/time-logs/export-all', '&page[size]=100000')).statusCode).toBe(200);
    expect((await get('reports/time-logs/export-all', '&page[size]=100001')).statusCode).toBe(422);
    const reversed = await app.inject({
      url: '/api/reports/time-logs/export-all?date_from=2025-03-09&date_to=2025-03-03',
      headers: bearer(fx.manager.token),
    });
    expect(reversed.statusCode).toBe(422);
  });
});
