import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildActors, buildCustomer, buildPlan, buildUser } from '../../../test/factories';
import { getTestApp } from '../../../test/test-app';
import { requests, tasks, timeLogs } from '../../db/schema';
import { exportFileName } from './export-stream';
import { parseCsv, today } from './test-helpers';

/** export-all of requests, time logs, clients and contacts (users: users-export.test.ts). */

let world: Awaited<ReturnType<typeof getTestApp>>;
let actors: Awaited<ReturnType<typeof buildActors>>;
let plan: Awaited<ReturnType<typeof buildPlan>>;

beforeAll(async () => {
  world = await getTestApp();
  actors = await buildActors(world.db);
  plan = await buildPlan(world.db, { title: 'Exported plan', members: [actors.freelancer.id] });
});
afterAll(() => world.close());

const get = (url: string, token = actors.admin.token) =>
  world.app.inject({ url: `/api${url}`, headers: bearer(token) });

async function readXlsx(payload: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(payload as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0]?.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  return rows;
}

describe('GET requests/export-all', () => {
  it("applies the list's default statuses and filters; new reads 'In preparation'", async () => {
    await world.db.insert(requests).values([
      { projectId: plan.id, subject: 'Landing page', status: 'new', targetDate: '2026-12-01', timeSpent: 90 },
      { projectId: plan.id, subject: 'Banner set', status: 'in_progress' },
      { projectId: plan.id, subject: 'Still a draft', status: 'draft' },
    ]);
    const res = await get(`/requests/export-all?filters[project.uuid][]=${plan.uuid}`);
    expect(res.statusCode, res.body).toBe(200);
    const [header, ...rows] = parseCsv(res.rawPayload);
    expect(header?.[0]).toBe('Request');
    expect(rows.map((r) => r[0]).sort()).toEqual(['Banner set', 'Landing page']);
    const landing = rows.find((r) => r[0] === 'Landing page');
    expect(landing).toEqual([
      'Landing page',
      '',
      '01:30',
      'In preparation',
      expect.any(String),
      '',
      '',
      'Exported plan',
      '12/01/2026',
    ]);
  });
});

describe('GET time-log/export-all', () => {
  it("exports one person's logs as xlsx, hours as hh:mm", async () => {
    const person = await buildUser(world.db, { name: 'Tracy Timer' });
    const [task] = await world.db.insert(tasks).values({ projectId: plan.id, title: 'Timed task' }).returning();
    await world.db.insert(timeLogs).values([
      { taskId: task?.id, userId: person.id, date: '2026-11-03', minutes: 75, status: 'completed', description: 'A' },
      { taskId: task?.id, userId: person.id, date: '2026-11-04', minutes: 30, status: 'completed', description: 'B' },
      { taskId: task?.id, userId: actors.manager.id, date: '2026-11-04', minutes: 5, description: 'Not hers' },
    ]);
    const res = await get(`/time-log/export-all?filters[user.uuid][]=${person.uuid}&format=xlsx`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const [header, ...rows] = await readXlsx(res.rawPayload);
    expect(header).toEqual(['Date', 'User', 'Task / Request', 'Plan', 'Comment', 'Tracked', 'Status', 'Created At']);
    // Newest date first, as the list.
    expect(rows.map((r) => [r[0], r[1], r[2], r[3], r[4], r[5]])).toEqual([
      ['11/04/2026', 'Tracy Timer', 'Timed task', 'Exported plan', 'B', '00:30'],
      ['11/03/2026', 'Tracy Timer', 'Timed task', 'Exported plan', 'A', '01:15'],
    ]);
  });
});

describe('GET customers/export-all and contacts/export-all', () => {
  it('exports the searched clients with their counts; freelancers may not export clients', async () => {
    const client = await buildCustomer(world.db, { businessName: 'Quokka Export Ltd', abbreviation: 'QE' });
    await buildPlan(world.db, { customerId: client.id });
    const res = await get('/customers/export-all?search_term=quokka');
    const [header, ...rows] = parseCsv(res.rawPayload);
    expect(header).toEqual([
      'Company Name',
      'Abbreviation',
      'Status',
      'E-mail',
      'Phone',
      'Website',
      'Plans',
      'Contacts',
      'Created',
    ]);
    expect(rows).toEqual([['Quokka Export Ltd', 'QE', 'Active', '', '', '', '1', '0', expect.any(String)]]);
    expect((await get('/customers/export-all', actors.freelancer.token)).statusCode).toBe(403);
  });

  it('exports contacts filtered by type, with readable types and roles', async () => {
    await buildUser(world.db, { type: 'freelancer', name: 'Freya Export', permissions: ['TASKS_READ'] });
    const res = await get('/contacts/export-all?filters[type][]=freelancer&search_term=freya');
    const rows = parseCsv(res.rawPayload).slice(1);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.[0]).toBe('Freya Export');
    expect(rows[0]?.[4]).toBe('Freelancer');
    expect(rows[0]?.[6]).toMatch(/^Role /);
  });
});

describe('GET projects/export-all', () => {
  it("exports the plans list's rows (default statuses, search) with readable reload amounts", async () => {
    const client = await buildCustomer(world.db, { businessName: 'Wombat Holdings' });
    await buildPlan(world.db, {
      title: 'Wombat retainer',
      customerId: client.id,
      refillMinutes: 600,
      status: 'active',
    });
    await buildPlan(world.db, { title: 'Wombat archive', customerId: client.id, status: 'completed' });
    const res = await get('/projects/export-all?search_term=wombat&format=xlsx');
    const [header, ...rows] = await readXlsx(res.rawPayload);
    expect(header).toEqual(['Plan', 'Client', 'Status', 'Type', 'Reload amount', 'Manager', 'Start date']);
    expect(rows.map((r) => [r[0], r[1], r[2], r[4]])).toEqual([
      ['Wombat retainer', 'Wombat Holdings', 'Active', '10:00'],
    ]);
    expect((await get('/projects/export-all', actors.freelancer.token)).statusCode).toBe(403);
  });
});

describe('streaming', () => {
  it('gives its database connection back after each export (more exports than the pool holds all answer)', async () => {
    const answers = [];
    for (let i = 0; i < 12; i += 1) {
      answers.push((await get('/tasks/export-all?format=csv')).statusCode);
    }
    expect(answers).toEqual(Array(12).fill(200));
  });

  it('answers bad filters with 422 before any file starts', async () => {
    const res = await get('/time-log/export-all?filters[date][greater_than_or_equals]=2026-02-30');
    expect(res.statusCode).toBe(422);
  });
});

describe('export file names', () => {
  it('names every export after its table and the agency date, not data.csv', async () => {
    const lists: [string, string][] = [
      ['/requests/export-all', 'requests'],
      ['/time-log/export-all', 'time-log'],
      ['/customers/export-all', 'customers'],
      ['/contacts/export-all', 'contacts'],
      ['/projects/export-all', 'plans'],
      ['/tasks/export-all', 'tasks'],
    ];
    for (const [url, name] of lists) {
      for (const format of ['csv', 'xlsx'] as const) {
        const res = await get(`${url}?format=${format}`);
        expect(res.statusCode, `${url} ${res.body}`).toBe(200);
        expect(res.headers['content-disposition']).toBe(`attachment; filename="${name}-${today()}.${format}"`);
      }
    }
  });

  it("dates the name in the agency's time zone, not the server's UTC day", () => {
    const lateEvening = new Date('2026-11-27T03:30:00Z');
    expect(exportFileName('tasks', 'csv', 'America/New_York', lateEvening)).toBe('tasks-2026-11-26.csv');
    expect(exportFileName('tasks', 'xlsx', 'Europe/Berlin', lateEvening)).toBe('tasks-2026-11-27.xlsx');
  });
});
