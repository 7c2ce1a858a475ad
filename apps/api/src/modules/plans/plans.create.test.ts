import { MESSAGES } from '@portal/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildActors, buildCustomer, buildUser } from '../../../test/factories';
import { getTestApp, type TestApp } from '../../../test/test-app';
import { customers, projects, projectUsers } from '../../db/schema';

/** Plan types and POST /api/projects: the create-plan modal, its client, reload amount and who may create. */

let app: TestApp;
let close: () => Promise<void>;
let db: Awaited<ReturnType<typeof getTestApp>>['db'];
let actors: Awaited<ReturnType<typeof buildActors>>;
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  ({ app, close, db } = await getTestApp());
  actors = await buildActors(db);
});
afterAll(() => close());

const asAdmin = () => bearer(actors.admin.token);
const create = (payload: object, headers = asAdmin()) =>
  app.inject({ method: 'POST', url: '/api/projects', headers, payload });
const storedPlan = async (uuid: string) => {
  const [row] = await db.select().from(projects).where(eq(projects.uuid, uuid));
  return row;
};

describe('GET /api/plans (plan types)', () => {
  it('lists the seeded plan types in order, retainer first and default', async () => {
    const res = await app.inject({ url: '/api/plans', headers: asAdmin() });
    expect(res.statusCode).toBe(200);
    const types = res.json().data;
    expect(types.map((t: { name: string }) => t.name).slice(0, 2)).toEqual(['retainer', 'hosting']);
    expect(types[0]).toEqual({
      name: 'retainer',
      display_name: 'Retainer',
      refill: 600,
      refill_editable: true,
      project_type: 'retainer',
      is_default: true,
    });
    expect(types[1]).toMatchObject({ display_name: 'Hosting', refill: 60, refill_editable: false });
    expect(types.filter((t: { is_default: boolean }) => t.is_default)).toHaveLength(1);
  });
});

describe('POST /api/projects', () => {
  it('creates a plan for an existing client with the §3 payload and answers data.uuid', async () => {
    const customer = await buildCustomer(db);
    const res = await create({
      customer_id: customer.uuid,
      plan: 'retainer',
      refill: '10:00',
      project_manager_id: actors.manager.uuid,
      title: 'Retainer',
      status: 'active',
      start_date: '2026-03-01',
    });
    expect(res.statusCode).toBe(200);
    const plan = await storedPlan(res.json().data.uuid);
    expect(plan).toMatchObject({
      // The type's name as sent is the default: it becomes the client's name and the type (planTitle).
      title: `${customer.businessName} Retainer`,
      status: 'active',
      kind: 'other',
      isRetainer: true,
      refillMinutes: 600,
      customerId: customer.id,
      projectManagerId: actors.manager.id,
      startDate: '2026-03-01',
      createdById: actors.admin.id,
    });
    const members = await db
      .select()
      .from(projectUsers)
      .where(eq(projectUsers.projectId, plan?.id ?? 0));
    expect(members.map((m) => m.userId)).toEqual([actors.manager.id]);
  });

  it('creates the client from business_name in the same call, with defaults for title, status and start date', async () => {
    const res = await create({
      business_name: 'Fresh Bistro',
      plan: 'ad_management',
      refill: 600,
      project_manager_id: actors.freelancer.uuid,
    });
    expect(res.statusCode).toBe(200);
    const plan = await storedPlan(res.json().data.uuid);
    const [client] = await db
      .select()
      .from(customers)
      .where(eq(customers.id, plan?.customerId ?? 0));
    expect(client).toMatchObject({ businessName: 'Fresh Bistro', status: 'active' });
    expect(plan).toMatchObject({
      title: 'Fresh Bistro Ad management',
      status: 'active',
      isRetainer: false,
      refillMinutes: 600,
    });
    expect(plan?.startDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('converts the reload amount: "10:00" and 600 are 600 minutes, "1:30" is 90, "abc" is refused', async () => {
    const customer = await buildCustomer(db);
    const base = { customer_id: customer.uuid, plan: 'retainer', project_manager_id: actors.manager.uuid };
    for (const [refill, minutes] of [
      ['10:00', 600],
      [600, 600],
      ['1:30', 90],
      ['45', 45],
    ] as const) {
      const res = await create({ ...base, refill });
      expect(res.statusCode, String(refill)).toBe(200);
      expect((await storedPlan(res.json().data.uuid))?.refillMinutes, String(refill)).toBe(minutes);
    }
    for (const refill of ['', 0, '0:00']) {
      const res = await create({ ...base, refill });
      expect(res.statusCode, String(refill)).toBe(422);
      expect(res.json()).toMatchObject({ errors: { refill: [MESSAGES.required] } });
    }
    for (const refill of ['abc', '10:00:00', '99999999:00']) {
      const res = await create({ ...base, refill });
      expect(res.statusCode, refill).toBe(422);
      expect(res.json()).toMatchObject({ errors: { refill: [MESSAGES.invalidReloadAmount] } });
    }
  });

  it('titles a new plan by client and type, numbered when taken, and keeps a typed title', async () => {
    const customer = await buildCustomer(db, { businessName: `Harbor ${Date.now()}` });
    const titles: string[] = [];
    for (const title of ['Retainer', undefined, 'Retainer', 'Spring push']) {
      const res = await create({
        customer_id: customer.uuid,
        plan: 'retainer',
        refill: '10:00',
        project_manager_id: actors.manager.uuid,
        ...(title ? { title } : {}),
      });
      expect(res.statusCode, res.body).toBe(200);
      titles.push((await storedPlan(res.json().data.uuid))?.title ?? '');
    }
    const base = `${customer.businessName} Retainer`;
    expect(titles).toEqual([base, `${base} (2)`, `${base} (3)`, 'Spring push']);
  });

  it("uses the type's own reload amount when the type's amount is not editable (hosting)", async () => {
    const customer = await buildCustomer(db);
    const res = await create({
      customer_id: customer.uuid,
      plan: 'hosting',
      refill: '25:00',
      project_manager_id: actors.manager.uuid,
    });
    expect(res.statusCode).toBe(200);
    expect(await storedPlan(res.json().data.uuid)).toMatchObject({
      refillMinutes: 60,
      title: `${customer.businessName} Hosting`,
    });
  });

  it('takes exactly one of customer_id and business_name', async () => {
    const customer = await buildCustomer(db);
    const rest = { plan: 'retainer', refill: '10:00', project_manager_id: actors.manager.uuid };
    const both = await create({ ...rest, customer_id: customer.uuid, business_name: 'Other' });
    expect(both.statusCode).toBe(422);
    expect(both.json().errors).toEqual({ customer_id: [MESSAGES.clientChoiceConflict] });
    const neither = await create(rest);
    expect(neither.json().errors).toEqual({ customer_id: [MESSAGES.required] });
    const unknown = await create({ ...rest, customer_id: UNKNOWN });
    expect(unknown.json().errors).toEqual({ customer_id: [MESSAGES.unknownReference] });
  });

  it("answers 'This field is required' for each missing field of the create-plan modal", async () => {
    const res = await create({});
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      message: MESSAGES.fieldsNeedAttention,
      errors: {
        customer_id: [MESSAGES.required],
        plan: [MESSAGES.required],
        refill: [MESSAGES.required],
        project_manager_id: [MESSAGES.required],
      },
    });
    const blankPlan = await create({ business_name: 'X', plan: ' ', refill: 1, project_manager_id: actors.admin.uuid });
    expect(blankPlan.json().errors).toEqual({ plan: [MESSAGES.required] });
  });

  it('refuses an unknown plan type and a manager who is not an active staff member or freelancer', async () => {
    const customer = await buildCustomer(db);
    const base = { customer_id: customer.uuid, refill: '10:00' };
    const unknownType = await create({ ...base, plan: 'gold', project_manager_id: actors.manager.uuid });
    expect(unknownType.statusCode).toBe(422);
    expect(unknownType.json()).toMatchObject({
      message: MESSAGES.unknownPlanType,
      errors: { plan: [MESSAGES.unknownPlanType] },
    });

    const inactive = await buildUser(db, { status: 'inactive' });
    for (const manager of [actors.contact.uuid, inactive.uuid, UNKNOWN]) {
      const res = await create({ ...base, plan: 'retainer', project_manager_id: manager });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ project_manager_id: [MESSAGES.managerMustBeStaff] });
    }
    // Nothing half-made: no client was created for a refused plan.
    const typed = await create({
      business_name: 'Never Created',
      plan: 'gold',
      refill: 1,
      project_manager_id: UNKNOWN,
    });
    expect(typed.statusCode).toBe(422);
    expect(await db.select().from(customers).where(eq(customers.businessName, 'Never Created'))).toEqual([]);
  });

  it('is for regular users with PROJECTS_CREATE: freelancers and contacts are refused', async () => {
    const payload = { business_name: 'X', plan: 'retainer', refill: 1, project_manager_id: actors.manager.uuid };
    expect((await create(payload, bearer(actors.freelancer.token))).statusCode).toBe(403);
    expect((await create(payload, bearer(actors.contact.token))).statusCode).toBe(403);
    const reader = await buildUser(db, { permissions: ['PROJECTS_READ'] });
    expect((await create(payload, bearer(reader.token))).statusCode).toBe(403);
  });
});
