import type { AddressInfo } from 'node:net';
import { parseDescription, serializeDescription } from '@portal/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildActors, buildCustomer, buildPlan, buildUser } from '../../test/factories';
import { getTestApp } from '../../test/test-app';
import { customers, requests } from '../db/schema';
import { openEditor } from '../live/test-support';
import { buildRequest } from '../modules/requests/relation-test-helpers';
import { buildTask } from '../modules/tasks/test-helpers';

let ctx: Awaited<ReturnType<typeof getTestApp>>;
let actors: Awaited<ReturnType<typeof buildActors>>;
let url: string;
let plan: Awaited<ReturnType<typeof buildPlan>>;
const editors: { close(): void }[] = [];

const BRIEF_FORM = [{ name: 'project_brief', label: 'Project brief', type: 'textEditor', submitRequired: true }];

beforeAll(async () => {
  ctx = await getTestApp();
  actors = await buildActors(ctx.db);
  plan = await buildPlan(ctx.db, { projectManagerId: actors.manager.id, members: [actors.freelancer.id] });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const editor of editors) {
    editor.close();
  }
  await ctx.close();
});

async function editor(name: string, token: string) {
  const opened = await openEditor(url, name, token);
  editors.push(opened);
  return opened;
}

async function until(check: () => Promise<boolean> | boolean, ms = 9000) {
  const end = Date.now() + ms;
  while (!(await check()) && Date.now() < end) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function briefRequest(projectId: number, text: string) {
  return buildRequest(ctx.db, {
    projectId,
    description: serializeDescription(BRIEF_FORM as never, { project_brief: { ops: [{ insert: `${text}\n` }] } }),
    descriptionDelta: { ops: [{ insert: `${text}\n` }] },
  });
}

describe('the collaborative request brief', () => {
  it('is edited by who may update the request, read by a freelancer of its plan, and closed to everyone else', async () => {
    const request = await briefRequest(plan.id, 'Brief');
    const elsewhere = await briefRequest((await buildPlan(ctx.db)).id, 'Hidden');
    const name = `request.${request.uuid}.project_brief`;

    const manager = await editor(name, actors.manager.token);
    expect(manager.synced).toBe(true);
    expect(manager.readOnly).toBe(false);
    expect(manager.text.toString()).toBe('Brief');
    const freelancer = await editor(name, actors.freelancer.token);
    expect(freelancer.synced).toBe(true);
    expect(freelancer.readOnly).toBe(true);
    expect((await editor(name, actors.contact.token)).synced).toBe(false);
    expect((await editor(`request.${elsewhere.uuid}.project_brief`, actors.freelancer.token)).synced).toBe(false);
  });

  it('stores what two people typed in description_delta and in the project_brief answer the API reads', async () => {
    const request = await briefRequest(plan.id, 'Launch');
    const name = `request.${request.uuid}.project_brief`;
    const admin = await editor(name, actors.admin.token);
    const manager = await editor(name, actors.manager.token);
    admin.text.insert(0, 'Spring ');
    manager.text.insert(manager.text.length, ' plan');
    await until(
      () => admin.text.toString() === 'Spring Launch plan' && manager.text.toString() === admin.text.toString(),
    );
    expect(manager.text.toString()).toBe('Spring Launch plan');

    const expected = { ops: [{ insert: 'Spring Launch plan\n' }] };
    let answer: { description_delta?: unknown } = {};
    await until(async () => {
      const res = await ctx.app.inject({ url: `/api/requests/${request.uuid}`, headers: bearer(actors.admin.token) });
      answer = res.json().data;
      return JSON.stringify(answer.description_delta) === JSON.stringify(expected);
    });
    expect(answer.description_delta).toEqual(expected);
    const [row] = await ctx.db.select().from(requests).where(eq(requests.id, request.id));
    expect(parseDescription(row?.description).answers.project_brief).toEqual(expected);
  });
});

describe('a brief written through the API while people edit it', () => {
  it('is merged into their document and stored merged, as the delta and as the project_brief answer', async () => {
    const request = await briefRequest(plan.id, 'Hello');
    const live = await editor(`request.${request.uuid}.project_brief`, actors.manager.token);
    // Typed, not yet stored (the store waits 3000 ms after the last change).
    live.text.insert(5, ' there');

    const incoming = { ops: [{ insert: 'Intro. Hello\n' }] };
    const put = await ctx.app.inject({
      method: 'PUT',
      url: `/api/requests/${request.uuid}`,
      headers: bearer(actors.admin.token),
      payload: { description_delta: incoming, answers: { project_brief: incoming } },
    });
    expect(put.statusCode, put.body).toBe(200);
    const merged = { ops: [{ insert: 'Intro. Hello there\n' }] };
    expect(put.json().data.description_delta).toEqual(merged);
    expect(put.json().data.answers.project_brief).toEqual(merged);
    await until(() => live.text.toString() === 'Intro. Hello there');
    expect(live.text.toString()).toBe('Intro. Hello there');
  });
});

describe('the collaborative client notes', () => {
  it('follow the client routes: CUSTOMERS_UPDATE edits, CUSTOMERS_READ reads, freelancers and contacts are out', async () => {
    const customer = await buildCustomer(ctx.db);
    const name = `customer.${customer.uuid}.notes`;
    const reader = await buildUser(ctx.db, { type: 'regular_user', permissions: ['CUSTOMERS_READ'] });

    expect((await editor(name, actors.admin.token)).readOnly).toBe(false);
    const readOnly = await editor(name, reader.token);
    expect(readOnly.synced).toBe(true);
    expect(readOnly.readOnly).toBe(true);
    expect((await editor(name, actors.freelancer.token)).synced).toBe(false);
    expect((await editor(name, actors.contact.token)).synced).toBe(false);
  });

  it('land in notes_delta and notes, and a foreign image typed over the protocol is removed, not stored', async () => {
    const customer = await buildCustomer(ctx.db);
    const typing = await editor(`customer.${customer.uuid}.notes`, actors.admin.token);
    const watching = await editor(`customer.${customer.uuid}.notes`, actors.manager.token);
    typing.document.transact(() => {
      typing.text.insert(0, 'Call on Mondays');
      typing.text.insertEmbed(typing.text.length, { image: 'https://tracker.example/pixel.gif' });
      typing.text.insert(typing.text.length, ' ok', { color: 'red' });
    });

    const expected = { ops: [{ insert: 'Call on Mondays ok\n' }] };
    let stored: unknown;
    await until(async () => {
      const res = await ctx.app.inject({ url: `/api/customers/${customer.uuid}`, headers: bearer(actors.admin.token) });
      stored = res.json().data.notes_delta;
      return JSON.stringify(stored) === JSON.stringify(expected);
    });
    expect(stored).toEqual(expected);
    const [row] = await ctx.db.select().from(customers).where(eq(customers.id, customer.id));
    expect(row?.notes).toBe('Call on Mondays ok');
    // The repair is a change of the shared document: every editor sees the cleaned text.
    await until(() => JSON.stringify(watching.text.toDelta()) === JSON.stringify([{ insert: 'Call on Mondays ok' }]));
    expect(watching.text.toDelta()).toEqual([{ insert: 'Call on Mondays ok' }]);
  });

  it('a task description with a foreign image is repaired the same way', async () => {
    const task = await buildTask(ctx.db, { projectId: plan.id });
    const typing = await editor(`task.${task.uuid}.description`, actors.admin.token);
    typing.document.transact(() => {
      typing.text.insert(0, 'See');
      typing.text.insertEmbed(3, { image: 'https://elsewhere.example/a.png' });
    });
    let stored: unknown;
    await until(async () => {
      const res = await ctx.app.inject({
        url: `/api/tasks/${task.uuid}/description-delta`,
        headers: bearer(actors.admin.token),
      });
      stored = res.json().data.description_delta;
      return JSON.stringify(stored) === JSON.stringify({ ops: [{ insert: 'See\n' }] });
    });
    expect(stored).toEqual({ ops: [{ insert: 'See\n' }] });
  });
});
