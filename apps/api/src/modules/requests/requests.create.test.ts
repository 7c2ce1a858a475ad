import { MESSAGES, parseDescription } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildPlan, buildUser } from '../../../test/factories';
import { historyOf } from './relation-test-helpers';
import {
  EMAIL_DESIGN,
  emailAnswers,
  type RequestTestContext,
  requestCalls,
  setUpRequestTests,
} from './request-test-helpers';

let ctx: RequestTestContext;
const calls = requestCalls(() => ctx);

beforeAll(async () => {
  ctx = await setUpRequestTests();
});
afterAll(() => ctx.close());

describe('POST requests: drafts', () => {
  it('saves a draft without a name as "Draft", with no plan or requester needed', async () => {
    const data = await calls.createOk({ subject: '   ' });
    expect(data).toMatchObject({ subject: 'Draft', title: 'Draft', status: 'draft', project: null, requester: null });
    expect(data.estimated_time_range).toBe('00:00 - 00:00');
    expect(data.temperature).toBeNull();
    expect(data).toMatchObject({ form: [], answers: {}, description: null, request_type: null });
    expect((await calls.stored(data.uuid)).creatorId).toBe(ctx.actors.admin.id);
  });

  it('checks draft answers without the submit-only questions', async () => {
    const res = await calls.create({ request_type_id: EMAIL_DESIGN, answers: { email_type: 'newsletter' } });
    expect(res.statusCode, res.body).toBe(200);
    const missingRequired = await calls.create({ request_type_id: EMAIL_DESIGN, answers: {} });
    expect(missingRequired.statusCode).toBe(422);
    expect(missingRequired.json().errors).toEqual({ 'answers.email_type': [MESSAGES.required] });
  });
});

describe('POST requests: submitting', () => {
  it('needs the project and the requester', async () => {
    const res = await calls.create({ status: 'new', subject: 'x' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toMatchObject({
      project_id: [MESSAGES.enterProject],
      requester_id: [MESSAGES.enterRequester],
    });
  });

  it('asks for submitRequired answers only when submitting', async () => {
    const answers = { email_type: 'newsletter' };
    const res = await calls.create(calls.submitted({ answers }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      'answers.project_brief': [MESSAGES.requiredOnSubmit],
      'answers.key_message': [MESSAGES.requiredOnSubmit],
    });
    expect(res.json().message).toBe(MESSAGES.fieldsNeedAttention);
  });

  it('refuses answers to unknown questions and of the wrong shape', async () => {
    const unknown = await calls.create(calls.submitted({ answers: { ...emailAnswers, favourite_colour: 'red' } }));
    expect(unknown.json().errors).toEqual({ 'answers.favourite_colour': [MESSAGES.unknownQuestion] });
    const badShape = await calls.create(calls.submitted({ answers: { email_type: { nested: true } } }));
    expect(badShape.statusCode).toBe(422);
  });

  it('submits: status new, the form and pruned answers in the description, classified hot', async () => {
    const hidden = { email_platform: 'klaviyo', email_platform_other: 'Something else' };
    const data = await calls.createOk(calls.submitted({ answers: { ...emailAnswers, ...hidden } }));
    expect(data).toMatchObject({
      status: 'new',
      subject: 'Spring newsletter',
      request_type: { id: EMAIL_DESIGN, name: 'Email Design', time_estimated: 60 },
      project: { uuid: ctx.plan.uuid, is_retainer: true, project_type: 'retainer' },
      project_type: 'retainer',
      requester: { uuid: ctx.actors.manager.uuid },
      creator: { uuid: ctx.actors.admin.uuid },
      temperature: 3,
      heat: 'hot',
      ghosted: false,
    });
    // The follow-up for "Other" is hidden (klaviyo chosen), so its answer is dropped.
    expect(data.answers).toEqual({ ...emailAnswers, email_platform: 'klaviyo' });
    expect(data.form[0]).toMatchObject({ name: 'project_brief', type: 'textEditor' });
    expect(parseDescription((await calls.stored(data.uuid)).description).answers).toEqual(data.answers);
  });

  it('names a submitted request without a subject after its type', async () => {
    const data = await calls.createOk(calls.submitted({ subject: '' }));
    expect(data.subject).toBe('Email Design');
  });

  it('accepts a contact of the plan’s client as requester, not a stranger', async () => {
    const ok = await calls.create(calls.submitted({ requester_id: ctx.client.uuid }));
    expect(ok.statusCode, ok.body).toBe(200);
    const stranger = await buildUser(ctx.db, { type: 'contact' });
    const res = await calls.create(calls.submitted({ requester_id: stranger.uuid }));
    expect(res.json().errors).toEqual({ requester_id: [MESSAGES.requesterNotOnPlan] });
  });

  it('offers only active retainer plans', async () => {
    const hosting = await buildPlan(ctx.db, { planType: 'hosting', projectManagerId: ctx.actors.manager.id });
    const paused = await buildPlan(ctx.db, { status: 'paused', projectManagerId: ctx.actors.manager.id });
    for (const plan of [hosting, paused]) {
      const res = await calls.create(calls.submitted({ project_id: plan.uuid }));
      expect(res.json().errors).toEqual({ project_id: [MESSAGES.requestPlanNotAllowed] });
    }
    const unknown = await calls.create(calls.submitted({ project_id: '00000000-0000-4000-8000-000000000000' }));
    expect(unknown.json().errors).toEqual({ project_id: [MESSAGES.unknownReference] });
  });

  it('refuses disabled request types', async () => {
    const res = await calls.create({ request_type_id: 15 });
    expect(res.json().errors).toEqual({ request_type_id: [MESSAGES.requestTypeDisabled] });
  });

  it('splits the estimate text and checks max ≥ min', async () => {
    const data = await calls.createOk({ estimated_time_range: '1.5/3' });
    expect(data).toMatchObject({ estimated_min: 90, estimated_max: 180, estimated_time_range: '01:30 - 03:00' });
    const bad = await calls.create({ estimated_time_range: '3-1' });
    expect(bad.json().errors).toEqual({ estimated_time_range: [MESSAGES.maxBelowMin] });
    const text = await calls.create({ estimated_time_range: 'soon' });
    expect(text.json().errors).toEqual({ estimated_time_range: [MESSAGES.invalidEstimateRange] });
  });

  it('stores responsibles and followers and writes the create history entry', async () => {
    const data = await calls.createOk(
      calls.submitted({ responsibles: [ctx.actors.manager.uuid], followers: [ctx.actors.freelancer.uuid] }),
    );
    expect(data.related_users.map((u: { uuid: string; pivot: string }) => [u.uuid, u.pivot]).sort()).toEqual(
      [
        [ctx.actors.manager.uuid, 'responsible'],
        [ctx.actors.freelancer.uuid, 'follower'],
      ].sort(),
    );
    const [entry, ...rest] = await historyOf(ctx.db, 'request', (await calls.stored(data.uuid)).id);
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({ action: 'create', authorId: ctx.actors.admin.id });
    expect(entry?.changes).toMatchObject({
      subject: { added: 'Spring newsletter', removed: null },
      status: { added: 'new', removed: null },
      project: { added: { uuid: ctx.plan.uuid } },
      responsibles: { added: [{ uuid: ctx.actors.manager.uuid }], removed: null },
    });
  });

  it('is staff work: freelancers and contacts are refused', async () => {
    expect((await calls.create(calls.submitted(), bearer(ctx.actors.freelancer.token))).statusCode).toBe(403);
    expect((await calls.create(calls.submitted(), bearer(ctx.actors.contact.token))).statusCode).toBe(403);
  });

  it('answers 422, never 500, for malformed bodies', async () => {
    const bodies = [
      { project_id: 'not-a-uuid' },
      { requester_id: 42 },
      { subject: 'x'.repeat(100_000) },
      { request_type_id: 'eight' },
      { request_type_id: 99_999_999_999 },
      { status: 'completed' },
      { responsibles: ['nope'] },
      { target_date: '2026-13-45' },
      { answers: 'everything' },
      { kickoff_call: 'yes' },
    ];
    for (const body of bodies) {
      const res = await calls.create(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
    }
    expect((await calls.create({ request_type_id: 424242 })).json().errors).toEqual({
      request_type_id: [MESSAGES.unknownReference],
    });
  });
});
