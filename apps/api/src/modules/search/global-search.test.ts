import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildActors, buildCustomer, buildPlan, buildUser } from '../../../test/factories';
import { getTestApp } from '../../../test/test-app';
import type { Database } from '../../db/client';
import { forms, tasks } from '../../db/schema';
import { buildRequest } from '../requests/relation-test-helpers';
import { buildTask } from '../tasks/test-helpers';

/** GET /api/global-search: words, prefixes, accents, typos, ranking, link targets and what each role may find. */

let app: Awaited<ReturnType<typeof getTestApp>>['app'];
let db: Database;
let close: () => Promise<void>;
let actors: Awaited<ReturnType<typeof buildActors>>;
const ids: Record<string, string> = {};

beforeAll(async () => {
  ({ app, db, close } = await getTestApp());
  actors = await buildActors(db);
  const brighton = await buildCustomer(db, { businessName: 'Brighton Bakery' });
  const cafe = await buildCustomer(db, { businessName: 'Café Zoë' });
  const shared = await buildPlan(db, {
    title: 'Brighton Bakery Retainer',
    customerId: brighton.id,
    projectManagerId: actors.manager.id,
    members: [actors.freelancer.id],
  });
  const other = await buildPlan(db, { title: 'Café Zoë Hosting', customerId: cafe.id });
  const logo = await buildTask(db, { projectId: shared.id, title: 'Logo' });
  const logotype = await buildTask(db, { projectId: shared.id, title: 'Logotype refresh' });
  const redesign = await buildTask(db, { projectId: shared.id, title: 'Redesign the logo for spring' });
  const hidden = await buildTask(db, { projectId: other.id, title: 'Logo animation for Zoë' });
  const request = await buildRequest(db, { projectId: shared.id, subject: 'Photography for the summer menu' });
  const hiddenRequest = await buildRequest(db, { projectId: other.id, subject: 'Photography of the terrace' });
  const person = await buildUser(db, { name: 'Renée Brightwater', email: 'renee@agency.test' });
  Object.assign(ids, {
    brighton: brighton.uuid,
    cafe: cafe.uuid,
    shared: shared.uuid,
    other: other.uuid,
    logo: logo.uuid,
    logotype: logotype.uuid,
    redesign: redesign.uuid,
    hidden: hidden.uuid,
    request: request.uuid,
    hiddenRequest: hiddenRequest.uuid,
    person: person.contactUuid,
  });
});
afterAll(() => close());

type Hit = { uuid: string; title: string; detail: string | null; link: string };
type Groups = Record<'projects' | 'tasks' | 'people' | 'cms' | 'forms' | 'clients' | 'requests', Hit[]>;

async function search(term: string, token = actors.admin.token): Promise<Groups> {
  const res = await app.inject({
    url: `/api/global-search?search_term=${encodeURIComponent(term)}`,
    headers: bearer(token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
const uuids = (hits: Hit[]) => hits.map((h) => h.uuid);

describe('matching', () => {
  it('finds by word prefixes in any order, ignoring case', async () => {
    const data = await search('BAK brig');
    expect(uuids(data.clients)).toEqual([ids.brighton]);
    expect(uuids(data.projects)).toEqual([ids.shared]);
  });

  it('ignores accents on either side', async () => {
    expect(uuids((await search('cafe zoe')).clients)).toEqual([ids.cafe]);
    expect(uuids((await search('CAFÉ')).clients)).toEqual([ids.cafe]);
    expect(uuids((await search('renee')).people)).toEqual([ids.person]);
  });

  it('tolerates a typo in a longer word', async () => {
    expect(uuids((await search('Brigthon')).clients)).toContain(ids.brighton);
    expect(uuids((await search('photograpy')).requests)).toContain(ids.request);
  });

  it('finds a title by the start of an e-mail address or of a hyphenated word in it', async () => {
    const plan = await buildPlan(db, { title: 'Lexeme plan' });
    const task = await buildTask(db, { projectId: plan.id, title: "Send the co-op brief to o'neil@brightside.test" });
    expect(uuids((await search('neil@bright')).tasks)).toEqual([task.uuid]);
    expect(uuids((await search("o'neil brief")).tasks)).toEqual([task.uuid]);
    expect(uuids((await search('co op brief')).tasks)).toEqual([task.uuid]);
  });

  it('does not guess for short words', async () => {
    expect((await search('lgo')).tasks).toEqual([]);
  });

  it('ranks the exact title first, then titles that start with the term (whole word before prefix), then other matches', async () => {
    expect(uuids((await search('logo')).tasks)).toEqual([ids.logo, ids.hidden, ids.logotype, ids.redesign]);
  });
});

describe('typos', () => {
  it('finds a row by a misspelt word beside a correctly typed one', async () => {
    expect(uuids((await search('redesing spring')).tasks)).toEqual([ids.redesign]);
  });

  it("corrects to the words of a task created a moment ago (the dictionary's insert trigger)", async () => {
    const plan = await buildPlan(db, { title: 'Dictionary plan' });
    const task = await buildTask(db, { projectId: plan.id, title: 'Marzipan tasting menu' });
    expect(uuids((await search('marzipna')).tasks)).toEqual([task.uuid]);
  });

  it('corrects to the new words of a renamed task (the update trigger)', async () => {
    const plan = await buildPlan(db, { title: 'Rename plan' });
    const task = await buildTask(db, { projectId: plan.id, title: 'Placeholder' });
    await db.update(tasks).set({ title: 'Xylophone jingle' }).where(eq(tasks.id, task.id));
    expect(uuids((await search('xylophnoe')).tasks)).toEqual([task.uuid]);
  });

  it('shows typo matches only to those who may see the row', async () => {
    expect(uuids((await search('animaiton', actors.manager.token)).tasks)).toEqual([ids.hidden]);
    expect((await search('animaiton', actors.freelancer.token)).tasks).toEqual([]);
    expect(uuids((await search('terrase', actors.manager.token)).requests)).toEqual([ids.hiddenRequest]);
    expect((await search('terrase', actors.freelancer.token)).requests).toEqual([]);
  });
});

describe('link targets', () => {
  it('leads plans to the plan, tasks to the task drawer, people to their page, clients to the client modal, requests to the request', async () => {
    const data = await search('brighton');
    expect(data.projects[0]).toEqual({
      uuid: ids.shared,
      title: 'Brighton Bakery Retainer',
      detail: 'Brighton Bakery',
      link: `/projects/${ids.shared}`,
    });
    expect(data.clients[0]).toMatchObject({ uuid: ids.brighton, link: `/clients?client_uuid=${ids.brighton}` });
    expect(data.people[0]).toEqual({
      uuid: ids.person,
      title: 'Renée Brightwater',
      detail: 'renee@agency.test',
      link: `/users/${ids.person}`,
    });
    expect((await search('logotype')).tasks[0]).toEqual({
      uuid: ids.logotype,
      title: 'Logotype refresh',
      detail: 'Brighton Bakery Retainer',
      link: `/tasks?task_uuid=${ids.logotype}`,
    });
    expect((await search('summer menu')).requests[0]).toMatchObject({ link: `/requests/${ids.request}` });
    const empty = await search('brighton');
    expect(empty.cms).toEqual([]);
    expect(empty.forms).toEqual([]);
  });
});

describe('forms', () => {
  it('finds forms by name for staff who read forms, leading to the builder; never for freelancers', async () => {
    const [form] = await db
      .insert(forms)
      .values({ name: 'Website questionnaire', status: 'published' })
      .returning({ uuid: forms.uuid });
    const data = await search('questionaire');
    expect(data.forms).toEqual([
      { uuid: form?.uuid, title: 'Website questionnaire', detail: 'Published', link: `/forms/${form?.uuid}` },
    ]);
    expect((await search('questionnaire', actors.freelancer.token)).forms).toEqual([]);
  });
});

describe('visibility', () => {
  it('shows a freelancer only the tasks and requests of their plans, and no plans or clients', async () => {
    const data = await search('logo', actors.freelancer.token);
    expect(uuids(data.tasks)).toEqual([ids.logo, ids.logotype, ids.redesign]);
    const photos = await search('photography', actors.freelancer.token);
    expect(uuids(photos.requests)).toEqual([ids.request]);
    const brighton = await search('brighton', actors.freelancer.token);
    expect(brighton.projects).toEqual([]);
    expect(brighton.clients).toEqual([]);
  });

  it("shows a manager every plan's tasks and requests, plans and clients", async () => {
    expect(uuids((await search('logo', actors.manager.token)).tasks)).toContain(ids.hidden);
    expect(uuids((await search('photography', actors.manager.token)).requests)).toHaveLength(2);
    expect(uuids((await search('zoe', actors.manager.token)).projects)).toEqual([ids.other]);
    expect(uuids((await search('zoe', actors.manager.token)).clients)).toEqual([ids.cafe]);
  });

  it('finds nothing in groups the caller may not read, and refuses client contacts', async () => {
    const bare = await buildUser(db, { permissions: ['DASHBOARD_READ'] });
    const data = await search('brighton', bare.token);
    expect(Object.values(data).flat()).toEqual([]);
    const res = await app.inject({ url: '/api/global-search?search_term=x', headers: bearer(actors.contact.token) });
    expect(res.statusCode).toBe(403);
  });
});

describe('hostile terms', () => {
  it.each([
    ['a percent sign', '%'],
    ['an underscore', '_'],
    ['a single quote', "'"],
    ['a double quote', '"'],
    ['a backslash', '\\'],
    ['an injection attempt', "' or 1=1 --"],
    ['tsquery operators', 'a:* | !b'],
    ['parentheses', '(&)'],
    ['a null byte', '\u0000'],
    ['10 kB of one letter', 'q'.repeat(10_000)],
    ['10 kB of percent signs', '%'.repeat(10_000)],
  ])('answers 0 results (not an error) for %s', async (_label, term) => {
    expect(Object.values(await search(term)).flat()).toEqual([]);
  });

  it('drops null bytes and punctuation around real words', async () => {
    expect(uuids((await search('\u0000logo%_')).tasks)[0]).toBe(ids.logo);
  });

  it('answers 422 for an empty term', async () => {
    const res = await app.inject({ url: '/api/global-search?search_term=%20', headers: bearer(actors.admin.token) });
    expect(res.statusCode).toBe(422);
  });
});
