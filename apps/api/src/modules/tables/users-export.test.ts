import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildCustomer, buildUser } from '../../../test/factories';
import { getTestApp } from '../../../test/test-app';
import { contactCustomers, contacts } from '../../db/schema';
import { parseCsv, today } from './test-helpers';

/** POST users/bulk-operations/export: the Users screen's export (its rows are GET contacts'). */

let world: Awaited<ReturnType<typeof getTestApp>>;
let screenReader: Awaited<ReturnType<typeof buildUser>>;

beforeAll(async () => {
  world = await getTestApp();
  // The Users screen's permission and nothing else: no USERS_READ (the role pickers' list).
  screenReader = await buildUser(world.db, { name: 'Sam Screen', permissions: ['CONTACTS_READ'] });
  const client = await buildCustomer(world.db, { businessName: 'Zebra Uxport Ltd' });
  const [clientContact] = await world.db
    .insert(contacts)
    .values({ name: 'Carla Uxport', email: 'carla@uxport.test', type: 'contact', jobTitle: 'Buyer' })
    .returning();
  await world.db.insert(contactCustomers).values({ contactId: clientContact?.id ?? 0, customerId: client.id });
  await buildUser(world.db, { name: 'Fred Uxport', type: 'freelancer' });
  await buildUser(world.db, { name: 'Rita Uxport', type: 'regular_user' });
  await buildUser(world.db, { name: 'Ina Uxport', type: 'freelancer', status: 'inactive' });
  await world.db.update(contacts).set({ status: 'inactive' }).where(eq(contacts.name, 'Ina Uxport'));
});
afterAll(() => world.close());

const exportUsers = (payload: object, token = screenReader.token) =>
  world.app.inject({
    method: 'POST',
    url: '/api/users/bulk-operations/export',
    headers: bearer(token),
    payload,
  });

async function readXlsx(payload: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(payload as unknown as ArrayBuffer);
  const rows: string[][] = [];
  workbook.worksheets[0]?.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v))));
  });
  return rows;
}

describe('POST users/bulk-operations/export', () => {
  it("holds exactly the Users screen's rows for its filters and search, client contacts without a login included", async () => {
    const filters = { _all: true, status: ['active'] };
    const list = await world.app.inject({
      url: '/api/contacts?filters[status][]=active&search_term=uxport&page[size]=50',
      headers: bearer(screenReader.token),
    });
    const listed = (list.json().data as { name: string }[]).map((r) => r.name);
    const res = await exportUsers({ filters, search_term: 'uxport', sort: { by: 'name', direction: 'asc' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="users-${today()}.csv"`);
    const [header, ...rows] = parseCsv(res.rawPayload);
    expect(header).toEqual(['Name', 'E-mail', 'Type', 'Clients', 'Roles', 'Status', 'Job title', 'Phone', 'Created']);
    expect(rows.map((r) => r[0])).toEqual(listed);
    expect(rows.map((r) => r[0])).toEqual(['Carla Uxport', 'Fred Uxport', 'Rita Uxport']);
    expect(rows[0]?.slice(0, 7)).toEqual([
      'Carla Uxport',
      'carla@uxport.test',
      'Client contact',
      'Zebra Uxport Ltd',
      '',
      'Active',
      'Buyer',
    ]);
  });

  it('applies the type filter and the sort direction, and answers XLSX', async () => {
    const res = await exportUsers({
      filters: { _all: true, type: ['freelancer'] },
      search_term: 'uxport',
      sort: { by: 'name', direction: 'desc' },
      format: 'xlsx',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="users-${today()}.xlsx"`);
    const [header, ...rows] = await readXlsx(res.rawPayload);
    expect(header?.[0]).toBe('Name');
    expect(rows.map((r) => [r[0], r[2], r[5]])).toEqual([
      ['Ina Uxport', 'Freelancer', 'Inactive'],
      ['Fred Uxport', 'Freelancer', 'Active'],
    ]);
  });

  it('exports only the ticked people (the screen row keys are contact uuids)', async () => {
    const list = await world.app.inject({
      url: '/api/contacts?search_term=uxport&page[size]=50',
      headers: bearer(screenReader.token),
    });
    const byName = new Map((list.json().data as { name: string; uuid: string }[]).map((r) => [r.name, r.uuid]));
    const res = await exportUsers({ filters: { ids: [byName.get('Rita Uxport'), byName.get('Carla Uxport')] } });
    expect(res.statusCode, res.body).toBe(200);
    expect(
      parseCsv(res.rawPayload)
        .slice(1)
        .map((r) => r[0]),
    ).toEqual(['Carla Uxport', 'Rita Uxport']);
  });

  it('is refused without CONTACTS_READ, as the Users screen is', async () => {
    const outsider = await buildUser(world.db, { permissions: ['USERS_READ'] });
    expect((await exportUsers({ filters: { _all: true } }, outsider.token)).statusCode).toBe(403);
  });
});
