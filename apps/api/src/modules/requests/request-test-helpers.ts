import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { bearer, buildActors, buildPlan, buildUser } from '../../../test/factories';
import { getTestApp } from '../../../test/test-app';
import { contactCustomers, contacts, requests } from '../../db/schema';

export const UNKNOWN = '00000000-0000-4000-8000-000000000000';
/** Email Design (catalogue id 8): brief and key message needed on submit, email type always. */
export const EMAIL_DESIGN = 8;
export const emailAnswers = {
  project_brief: { ops: [{ insert: 'Spring newsletter\n' }] },
  email_type: 'newsletter',
  key_message: 'Ten percent off everything until Sunday',
};

/**
 * The request API tests' world: an app on its own database, the demo actors, an active retainer plan whose manager
 * (a member, so a valid requester) is the demo manager and which the freelancer is a member of, and a client contact
 * of the plan's client (also a valid requester).
 */
export async function setUpRequestTests() {
  const { app, close, db } = await getTestApp();
  const actors = await buildActors(db);
  const plan = await buildPlan(db, { projectManagerId: actors.manager.id, members: [actors.freelancer.id] });
  const client = await buildUser(db, { type: 'contact' });
  const [contact] = await db.select().from(contacts).where(eq(contacts.userId, client.id));
  if (!contact || plan.customerId === null) {
    throw new Error('test world incomplete');
  }
  await db.insert(contactCustomers).values({ contactId: contact.id, customerId: plan.customerId });
  return { app, close, db, actors, plan, client };
}
export type RequestTestContext = Awaited<ReturnType<typeof setUpRequestTests>>;

/** Calls of the request API, as the admin unless told otherwise; `ctx` is read when a call is made. */
export function requestCalls(ctx: () => Omit<RequestTestContext, 'close'>) {
  const asAdmin = () => bearer(ctx().actors.admin.token);
  const create = (payload: object, headers = asAdmin()) =>
    ctx().app.inject({ method: 'POST', url: '/api/requests', headers, payload });
  const update = (uuid: string, payload: object, headers = asAdmin()) =>
    ctx().app.inject({ method: 'PUT', url: `/api/requests/${uuid}`, headers, payload });
  const show = (uuid: string, query = '', headers = asAdmin()) =>
    ctx().app.inject({ url: `/api/requests/${uuid}${query}`, headers });
  const remove = (uuid: string, headers = asAdmin()) =>
    ctx().app.inject({ method: 'DELETE', url: `/api/requests/${uuid}`, headers });
  const list = (query: string, headers = asAdmin()) => ctx().app.inject({ url: `/api/requests?${query}`, headers });
  /** A submitted Email Design request on the test plan, requested by the plan's manager. */
  const submitted = (payload: object = {}) => ({
    status: 'new',
    subject: 'Spring newsletter',
    request_type_id: EMAIL_DESIGN,
    project_id: ctx().plan.uuid,
    requester_id: ctx().actors.manager.uuid,
    answers: emailAnswers,
    ...payload,
  });
  const createOk = async (payload: object) => {
    const res = await create(payload);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const stored = async (uuid: string) => {
    const [row] = await ctx().db.select().from(requests).where(eq(requests.uuid, uuid));
    if (!row) {
      throw new Error(`request ${uuid} missing`);
    }
    return row;
  };
  return { asAdmin, create, update, show, remove, list, submitted, createOk, stored };
}
