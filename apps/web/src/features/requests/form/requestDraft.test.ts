import type { RequestDetail, RequestForm } from '@portal/domain';
import { MESSAGES } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import {
  answersForForm,
  EMPTY_PANEL,
  panelForDuplicate,
  panelFromRequest,
  pickFollowers,
  pickOwner,
  requestPayload,
  validatePanel,
} from './requestDraft';

const PLAN = '11111111-1111-4111-8111-111111111111';
const REQUESTER = '22222222-2222-4222-8222-222222222222';
const OWNER = '33333333-3333-4333-8333-333333333333';
const FOLLOWER = '44444444-4444-4444-8444-444444444444';

const form: RequestForm = [
  { name: 'project_brief', label: 'Project brief', type: 'textEditor', submitRequired: true },
  {
    name: 'campaign_type',
    label: 'Type',
    type: 'radio',
    options: [
      { label: 'Paid', value: 'paid_media' },
      { label: 'Organic', value: 'organic' },
    ],
  },
  {
    name: 'budget',
    label: 'Budget',
    type: 'input',
    mask: 'currency',
    visible: { field: 'campaign_type', values: ['paid_media'] },
  },
];

function detail(overrides: Partial<RequestDetail>): RequestDetail {
  return {
    uuid: '55555555-5555-4555-8555-555555555555',
    subject: 'Spring launch',
    title: 'Spring launch',
    status: 'new',
    description: null,
    description_delta: null,
    request_type: { id: 17, name: 'New Campaign', icon: 'RocketOutlined', imageUrl: null, time_estimated: 900 },
    uploads: [],
    project: {
      uuid: PLAN,
      title: 'Bella Vista social',
      is_retainer: true,
      time_report: true,
      project_type: 'retainer',
      customer: null,
    },
    project_type: 'retainer',
    requester: { uuid: REQUESTER, name: 'Rita' },
    creator: null,
    related_users: [
      { uuid: OWNER, name: 'Olga', type: 'regular_user', pivot: 'responsible' },
      { uuid: FOLLOWER, name: 'Finn', type: 'freelancer', pivot: 'follower' },
    ],
    estimated_min: 120,
    estimated_max: 270,
    estimated_time_range: '02:00 - 04:30',
    time_spent: 0,
    tasks_total_time: 0,
    total_time: 0,
    target_date: null,
    completed_at: null,
    created_at: '2026-11-01T10:00:00Z',
    skip_estimate_approval: false,
    kickoff_call: false,
    temperature: null,
    heat: null,
    ghosted: false,
    form,
    answers: { campaign_type: 'organic' },
    total_timelogs: 0,
    ...overrides,
  };
}

describe('panel from a request', () => {
  it('reads plan, requester, owner, followers and the estimate', () => {
    expect(panelFromRequest(detail({}))).toEqual({
      subject: 'Spring launch',
      projectId: PLAN,
      requesterId: REQUESTER,
      ownerId: OWNER,
      followers: [FOLLOWER],
      estimate: '02:00 - 04:30',
    });
  });

  it("shows a draft stored as 'Draft' with an empty name and no estimate when it is 0-0", () => {
    const panel = panelFromRequest(
      detail({
        status: 'draft',
        subject: 'Draft',
        estimated_min: 0,
        estimated_max: 0,
        estimated_time_range: '00:00 - 00:00',
      }),
    );
    expect(panel.subject).toBe('');
    expect(panel.estimate).toBe('');
  });

  it('starts a duplicate with the same plan and people but a new name and estimate', () => {
    expect(panelForDuplicate(detail({}))).toEqual({
      subject: '',
      projectId: PLAN,
      requesterId: REQUESTER,
      ownerId: OWNER,
      followers: [FOLLOWER],
      estimate: '',
    });
  });
});

describe('validatePanel', () => {
  it('needs the plan and the requester only when submitting', () => {
    expect(validatePanel(EMPTY_PANEL, false)).toEqual({});
    expect(validatePanel(EMPTY_PANEL, true)).toEqual({
      project: MESSAGES.enterProject,
      requester: MESSAGES.enterRequester,
    });
  });

  it('refuses an estimate whose max is below its min', () => {
    expect(validatePanel({ ...EMPTY_PANEL, estimate: '4-2' }, false)).toEqual({ estimate: MESSAGES.maxBelowMin });
    expect(validatePanel({ ...EMPTY_PANEL, estimate: '2-4' }, false)).toEqual({});
    expect(validatePanel({ ...EMPTY_PANEL, estimate: '2-4-6' }, false).estimate).toBe(MESSAGES.invalidEstimateRange);
  });
});

describe('owner and followers', () => {
  it('keeps one person on one side only', () => {
    const withFollower = { ...EMPTY_PANEL, followers: [OWNER, FOLLOWER] };
    expect(pickOwner(withFollower, OWNER)).toMatchObject({ ownerId: OWNER, followers: [FOLLOWER] });
    expect(pickFollowers({ ...EMPTY_PANEL, ownerId: OWNER }, [OWNER])).toMatchObject({
      ownerId: null,
      followers: [OWNER],
    });
  });
});

describe('requestPayload', () => {
  it('drops answers of hidden questions and sends the brief as description_delta', () => {
    const brief = { ops: [{ insert: 'Launch the spring line\n' }] };
    const payload = requestPayload({
      typeId: 17,
      form,
      answers: { project_brief: brief, campaign_type: 'organic', budget: 5000 },
      panel: { ...EMPTY_PANEL, subject: '  Spring ', projectId: PLAN, ownerId: OWNER, estimate: '2-4' },
      status: 'draft',
    });
    expect(payload).toEqual({
      request_type_id: 17,
      subject: 'Spring',
      project_id: PLAN,
      requester_id: null,
      answers: { project_brief: brief, campaign_type: 'organic' },
      description_delta: brief,
      estimated_time_range: '2-4',
      responsibles: [OWNER],
      followers: [],
      status: 'draft',
    });
  });
});

describe('answersForForm', () => {
  it('keeps only the answers the form still asks for', () => {
    expect(answersForForm(form, { campaign_type: 'organic', removed_question: 'x' })).toEqual({
      campaign_type: 'organic',
    });
  });
});
