import { randomBytes } from 'node:crypto';
import { adCampaigns, apiTokens, authTokens, contentApprovals, contentItems, passkeys } from '../../src/db/schema';
import type { World } from './world';

/** What to ask for: the path's params, and a body/query that passes validation (so 404 is about visibility). */
export type Probe = {
  params: Record<string, string>;
  payload?: object;
  query?: string;
  /**
   * 403 only where the caller's type is refused this action on every object (the suite checks an unknown id gets
   * the same answer, so it tells nothing about this one). Otherwise 404.
   */
  status?: 403;
};

/**
 * One entry per staff route whose path takes an object id (`METHOD /api/path/:param`, as in the access map).
 * - freelancer: builds an object a freelancer must not see (the world's hidden plan and what is in it, or rows you
 *   insert with world.db) → the suite expects 404.
 * - manager: the same for staff, where visibility restricts them (another person's personal plan).
 * - unrestricted: why every caller who passes the route's access may see every such object (no probe).
 */
export type Entry = {
  freelancer?: (w: World) => Probe | Promise<Probe>;
  manager?: (w: World) => Probe | Promise<Probe>;
  unrestricted?: string;
};

const task = (w: World) => ({ params: { uuid: w.task.uuid } });
const personalTask = (w: World) => ({ params: { uuid: w.personalTask.uuid } });
const request = (w: World) => ({ params: { uuid: w.request.uuid } });
const plan = (w: World) => ({ params: { uuid: w.plan.uuid } });
const personalPlan = (w: World) => ({ params: { uuid: w.personalPlan.uuid } });
const comment = (w: World) => ({ params: { uuid: w.comment.uuid } });
const personalComment = (w: World) => ({ params: { uuid: w.personalComment.uuid } });
const upload = (w: World) => ({ params: { uuid: w.upload.uuid } });
const personalUpload = (w: World) => ({ params: { uuid: w.personalUpload.uuid } });
const notification = (w: World) => ({ params: { id: w.notification.uuid } });
const withBody =
  (probe: (w: World) => Probe, payload: object) =>
  (w: World): Probe => ({ ...probe(w), payload });

/** A personal API token of the world's owner (an admin): no one else may revoke it. */
async function ownersApiToken(w: World): Promise<Probe> {
  const [row] = await w.db
    .insert(apiTokens)
    .values({
      userId: w.owner.id,
      name: 'Owner script',
      scope: 'write',
      tokenHash: randomBytes(32).toString('hex'),
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    .returning({ uuid: apiTokens.uuid });
  return { params: { uuid: row?.uuid ?? '' } };
}

/** A signed-in session of the world's owner (an admin): no one else may end it through DELETE sessions/{uuid}. */
async function ownersSession(w: World): Promise<Probe> {
  const [row] = await w.db
    .insert(authTokens)
    .values({
      userId: w.owner.id,
      tokenHash: randomBytes(32).toString('hex'),
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    .returning({ uuid: authTokens.uuid });
  return { params: { uuid: row?.uuid ?? '' } };
}

/** An ad campaign on the plan the freelancer is not on: freelancers see the campaigns of their plans only. */
async function hiddenCampaign(w: World): Promise<Probe> {
  const [row] = await w.db
    .insert(adCampaigns)
    .values({
      customerId: w.plan.customerId ?? 0,
      projectId: w.plan.id,
      name: `Hidden campaign ${randomBytes(4).toString('hex')}`,
      platform: 'meta',
    })
    .returning({ uuid: adCampaigns.uuid });
  return { params: { uuid: row?.uuid ?? '' } };
}

/** A passkey of the world's owner (an admin): no one else may rename or remove it. */
const ownersPasskey =
  (payload: object) =>
  async (w: World): Promise<Probe> => {
    const [row] = await w.db
      .insert(passkeys)
      .values({
        userId: w.owner.id,
        name: 'Owner laptop',
        credentialId: randomBytes(16).toString('base64url'),
        publicKey: 'AA',
      })
      .returning({ uuid: passkeys.uuid });
    return { params: { uuid: row?.uuid ?? '' }, payload };
  };

/** A content item on a plan (issue 22): the hidden plan for freelancers, the owner's personal plan for staff. */
const contentItemOn =
  (which: 'plan' | 'personalPlan', payload?: object) =>
  async (w: World): Promise<Probe> => {
    const [row] = await w.db
      .insert(contentItems)
      .values({ projectId: w[which].id, platform: 'x', caption: 'Hidden post' })
      .returning({ uuid: contentItems.uuid });
    return { params: { uuid: row?.uuid ?? '' }, ...(payload ? { payload } : {}) };
  };

/** An approval link of such a plan: revoking it is refused as if it did not exist. */
const approvalOn =
  (which: 'plan' | 'personalPlan') =>
  async (w: World): Promise<Probe> => {
    const [row] = await w.db
      .insert(contentApprovals)
      .values({
        projectId: w[which].id,
        tokenHash: randomBytes(32).toString('hex'),
        tokenHint: 'xxxx',
        expiresAt: new Date(Date.now() + 86_400_000),
      })
      .returning({ uuid: contentApprovals.uuid });
    return { params: { uuid: row?.uuid ?? '' } };
  };

const AGENCY_WIDE =
  'regular staff only; these agency-wide records have no per-person visibility (access is the permission)';
const COMMENT = { text: 'probe' };

export const REGISTRY: Record<string, Entry> = {
  // Plans
  'GET /api/projects/:uuid': { manager: personalPlan },
  'PUT /api/projects/:uuid': { manager: withBody(personalPlan, { title: 'probe' }) },
  'GET /api/projects/:uuid/users': { freelancer: plan, manager: personalPlan },
  'GET /api/projects/:uuid/comments': { freelancer: plan, manager: personalPlan },
  'POST /api/projects/:uuid/comments': {
    freelancer: withBody(plan, COMMENT),
    manager: withBody(personalPlan, COMMENT),
  },
  'GET /api/projects/:uuid/mentionables': { freelancer: plan, manager: personalPlan },
  'GET /api/projects/:uuid/credits': { freelancer: plan, manager: personalPlan },
  'GET /api/projects/:uuid/history': { manager: personalPlan },
  'GET /api/projects/:uuid/files': { manager: personalPlan },
  'POST /api/projects/:uuid/credits': { manager: withBody(personalPlan, { total_time: 60, note: 'probe' }) },
  'GET /api/projects/:uuid/budget': { freelancer: plan, manager: personalPlan },
  'PUT /api/projects/:uuid/budget': { manager: withBody(personalPlan, { rollover: 'all' }) },

  // Tasks
  'GET /api/tasks/:uuid': { freelancer: task, manager: personalTask },
  'PUT /api/tasks/:uuid': {
    freelancer: withBody(task, { title: 'probe' }),
    manager: withBody(personalTask, { title: 'probe' }),
  },
  'DELETE /api/tasks/:uuid': { freelancer: task, manager: personalTask },
  'GET /api/tasks/:uuid/description-delta': { freelancer: task, manager: personalTask },
  'PUT /api/tasks/:uuid/description-delta': {
    freelancer: withBody(task, { description_delta: null }),
    manager: withBody(personalTask, { description_delta: null }),
  },
  'GET /api/tasks/:uuid/logs': { freelancer: task, manager: personalTask },
  'PUT /api/project-tasks/:uuid': {
    // Freelancers may not relate tasks and requests at all (doc 2 §4).
    freelancer: (w) => ({ ...task(w), payload: { add_requests: [w.request.uuid] }, status: 403 }),
    manager: (w) => ({ ...personalTask(w), payload: { add_requests: [w.request.uuid] } }),
  },
  'GET /api/tasks/:uuid/comments': { freelancer: task, manager: personalTask },
  'POST /api/tasks/:uuid/comments': {
    freelancer: withBody(task, COMMENT),
    manager: withBody(personalTask, COMMENT),
  },

  // Time logs
  'GET /api/tasks/:uuid/time-logs': { freelancer: task, manager: personalTask },
  'GET /api/requests/:uuid/time-logs': { freelancer: request },
  'GET /api/project-tasks/:taskUuid/time-logs/:userUuid': {
    freelancer: (w) => ({ params: { taskUuid: w.task.uuid, userUuid: w.owner.uuid } }),
    manager: (w) => ({ params: { taskUuid: w.personalTask.uuid, userUuid: w.owner.uuid } }),
  },
  'PUT /api/time-log/:uuid': {
    freelancer: (w) => ({ params: { uuid: w.timeLog.uuid }, payload: { description: 'probe' } }),
    manager: (w) => ({ params: { uuid: w.personalTimeLog.uuid }, payload: { description: 'probe' } }),
  },
  'DELETE /api/time-log/:uuid': { manager: (w) => ({ params: { uuid: w.personalTimeLog.uuid } }) },
  // Reports: a freelancer's figures are their own; naming anyone else is refused whoever it is (no oracle). Staff
  // read every colleague's figures, never counting time on someone else's personal plan.
  'GET /api/reports/user-performance/:userUuid': {
    freelancer: (w) => ({ params: { userUuid: w.owner.uuid }, status: 403 }),
  },

  // Requests (staff see every request; freelancers those of their plans)
  'GET /api/requests/:uuid': { freelancer: request },
  'PUT /api/requests/:uuid': { freelancer: withBody(request, { subject: 'probe' }) },
  'DELETE /api/requests/:uuid': { unrestricted: 'regular staff only; staff see every request' },
  'GET /api/request/:uuid/logs': { freelancer: request },
  'GET /api/requests/:uuid/comments': { freelancer: request },
  'POST /api/requests/:uuid/comments': { freelancer: withBody(request, COMMENT) },
  'POST /api/requests/:uuid/tasks': {
    unrestricted:
      "regular staff only; staff see every request (a hidden task in the body answers 422 'does not exist')",
  },
  'DELETE /api/requests/:uuid/tasks/:taskUuid': {
    manager: (w) => ({ params: { uuid: w.request.uuid, taskUuid: w.personalTask.uuid } }),
  },

  // Comments
  'GET /api/comments/:uuid': { freelancer: comment, manager: personalComment },
  'PUT /api/comments/:uuid': {
    freelancer: withBody(comment, COMMENT),
    manager: withBody(personalComment, COMMENT),
  },
  'DELETE /api/comments/:uuid': { freelancer: comment, manager: personalComment },
  'POST /api/projects/comments/:uuid/comments': {
    freelancer: withBody(comment, COMMENT),
    manager: withBody(personalComment, COMMENT),
  },
  'POST /api/comments/:uuid/reaction': {
    freelancer: withBody(comment, { reaction: 'thumbs_up' }),
    manager: withBody(personalComment, { reaction: 'thumbs_up' }),
  },
  'DELETE /api/reaction/:uuid': { freelancer: comment, manager: personalComment },
  'GET /api/comment-templates/:uuid': { unrestricted: 'comment templates are shared by the whole agency' },
  'PUT /api/comment-templates/:uuid': { unrestricted: AGENCY_WIDE },
  'DELETE /api/comment-templates/:uuid': { unrestricted: AGENCY_WIDE },

  // Uploads (by the visibility of what holds them)
  'GET /api/uploads/:uuid/info': { freelancer: upload, manager: personalUpload },
  'GET /api/uploads/:uuid/download': { freelancer: upload, manager: personalUpload },
  'DELETE /api/uploads/:uuid': { freelancer: upload, manager: personalUpload },
  'POST /api/uploads/:uuid/copy': { freelancer: upload, manager: personalUpload },

  // A person's own things: another person's answer 404
  'POST /api/notifications/:id/read': { freelancer: notification, manager: notification },
  'POST /api/notifications/:id/unread': { freelancer: notification, manager: notification },
  'DELETE /api/notifications/:id': { freelancer: notification, manager: notification },
  'POST /api/mentions/:id/read': { freelancer: notification, manager: notification },
  'PUT /api/push-token/:token': {
    unrestricted: "keyed by the caller: a token in the path is looked up among the caller's own tokens only",
  },
  'DELETE /api/push-token/:token': {
    unrestricted: "keyed by the caller: deleting acts on the caller's own tokens only (absent is not an error)",
  },

  // The people directory is gated by CONTACTS_* permissions (one's own contact without), not by plan.
  'GET /api/contacts/:uuid': { unrestricted: 'the contacts directory is agency-wide, gated by CONTACTS_READ' },
  'PUT /api/contacts/:uuid': { unrestricted: 'the contacts directory is agency-wide, gated by CONTACTS_UPDATE' },
  'PUT /api/people/:uuid': { unrestricted: 'the alias of PUT contacts/{uuid}: agency-wide, gated by CONTACTS_UPDATE' },
  'DELETE /api/contacts/:uuid': { unrestricted: 'the contacts directory is agency-wide, gated by CONTACTS_DESTROY' },

  // Agency-wide records (regular staff only)
  'GET /api/customers/:uuid': { unrestricted: AGENCY_WIDE },
  'PUT /api/customers/:uuid': { unrestricted: AGENCY_WIDE },
  'DELETE /api/customers/:uuid': { unrestricted: AGENCY_WIDE },
  'POST /api/customer-invite/:uuid/resend': { unrestricted: AGENCY_WIDE },
  'PUT /api/customer-invite/:uuid': { unrestricted: AGENCY_WIDE },
  'PUT /api/product-types/:uuid': { unrestricted: AGENCY_WIDE },
  'DELETE /api/product-types/:uuid': { unrestricted: AGENCY_WIDE },
  'GET /api/roles/:uuid': { unrestricted: AGENCY_WIDE },
  'PUT /api/roles/:uuid': { unrestricted: AGENCY_WIDE },
  'DELETE /api/roles/:uuid': { unrestricted: AGENCY_WIDE },
  'DELETE /api/users/:uuid/mfa': { unrestricted: AGENCY_WIDE },
  'DELETE /api/users/:uuid/sessions': { unrestricted: AGENCY_WIDE },
  'GET /api/groups/:uuid': { unrestricted: `${AGENCY_WIDE}; super users only` },
  'PUT /api/groups/:uuid': { unrestricted: `${AGENCY_WIDE}; super users only` },
  'DELETE /api/groups/:uuid': { unrestricted: `${AGENCY_WIDE}; super users only` },
  // The user popover: a name and job title are shown wherever the person appears; phone and e-mail are held back per
  // caller inside the card (person-card.query.ts), which person-card.test.ts covers.
  'GET /api/users/:uuid/card': {
    unrestricted: 'every staff caller may see who a person is; the contact details are allow-listed per caller',
  },
  'GET /api/email-logs/:uuid': { unrestricted: `${AGENCY_WIDE} (EMAIL_LOG_READ)` },
  'POST /api/email-logs/:uuid/resend': { unrestricted: `${AGENCY_WIDE} (EMAIL_LOG_READ)` },
  'GET /api/request-types/:id': { unrestricted: 'the service catalogue is the same for everyone' },
  // Forms (issue 20): agency-wide records of regular staff (freelancers are refused by the routes' access). The
  // public token routes are not staff routes; that a token reaches only its own link's form and client is tested in
  // modules/forms/public-forms.test.ts ('a token of one client never reaches another client').
  'GET /api/forms/:uuid': { unrestricted: `${AGENCY_WIDE} (FORMS_READ)` },
  'PUT /api/forms/:uuid': { unrestricted: `${AGENCY_WIDE} (FORMS_UPDATE)` },
  'DELETE /api/forms/:uuid': { unrestricted: `${AGENCY_WIDE} (FORMS_DESTROY)` },
  'POST /api/forms/:uuid/publish': { unrestricted: `${AGENCY_WIDE} (FORMS_UPDATE)` },
  'POST /api/forms/:uuid/share-links': { unrestricted: `${AGENCY_WIDE} (FORMS_UPDATE)` },
  'DELETE /api/share-links/:token': { unrestricted: `${AGENCY_WIDE} (FORMS_UPDATE)` },
  'GET /api/answers/:uuid': { unrestricted: `${AGENCY_WIDE} (FORMS_READ)` },
  'POST /api/answers/:uuid/convert': {
    unrestricted: `${AGENCY_WIDE} (FORMS_UPDATE, plus REQUEST_CREATE or CUSTOMERS_CREATE for what it makes)`,
  },
  // Content plans (issue 22): a content item is seen on the plans one may put tasks in (content-access.ts).
  'GET /api/content-items/:uuid': { freelancer: contentItemOn('plan'), manager: contentItemOn('personalPlan') },
  'PUT /api/content-items/:uuid': {
    freelancer: contentItemOn('plan', { caption: 'probe' }),
    manager: contentItemOn('personalPlan', { caption: 'probe' }),
  },
  'DELETE /api/content-items/:uuid': { freelancer: contentItemOn('plan'), manager: contentItemOn('personalPlan') },
  'DELETE /api/content-approvals/:uuid': { freelancer: approvalOn('plan'), manager: approvalOn('personalPlan') },
  'GET /api/content-items/:uuid/comments': {
    freelancer: contentItemOn('plan'),
    manager: contentItemOn('personalPlan'),
  },
  'POST /api/content-items/:uuid/comments': {
    freelancer: contentItemOn('plan', COMMENT),
    manager: contentItemOn('personalPlan', COMMENT),
  },
  // Orders (issue 20): agency-wide records of regular staff with the charge permissions.
  'GET /api/orders/:uuid': { unrestricted: `${AGENCY_WIDE} (CHARGES_READ)` },
  'PUT /api/orders/:uuid': { unrestricted: `${AGENCY_WIDE} (CHARGES_UPDATE)` },
  'POST /api/orders/:uuid/place': {
    unrestricted: `${AGENCY_WIDE} (CHARGES_UPDATE, plus PROJECTS_CREATE or PROJECTS_UPDATE for the plan it makes or changes)`,
  },
  // Discount codes (issue 22): agency-wide codes of regular staff with the product permissions; a code is not a
  // client's object (redemptions name the clients that used it, as the orders list does for CHARGES_READ).
  'GET /api/discounts/:uuid': { unrestricted: `${AGENCY_WIDE} (PRODUCTS_READ)` },
  'GET /api/discounts/:uuid/redemptions': { unrestricted: `${AGENCY_WIDE} (PRODUCTS_READ)` },
  'PUT /api/discounts/:uuid': { unrestricted: `${AGENCY_WIDE} (PRODUCTS_UPDATE)` },
  'DELETE /api/discounts/:uuid': { unrestricted: `${AGENCY_WIDE} (PRODUCTS_DESTROY)` },
  // Billing (issue 21 C) has no route with an id in its path: its lists are agency-wide (CHARGES_READ) and filter
  // by client uuid in the query; billing/client-standing names a plan in the query and answers only the overdue rule.
  // Plan rates (issue 21): an agency-wide billing setting of staff with CHARGES_UPDATE, like the rates themselves;
  // the answer names the plan's title and client only, which the administration screen lists anyway.
  'PUT /api/administration/plan-rates/:project_uuid': { unrestricted: `${AGENCY_WIDE} (CHARGES_UPDATE)` },
  // Onboarding (issue 20): agency-wide records of regular staff (freelancers are refused by the routes' access). The
  // public page's routes are not staff routes; that one client's token never reaches another client's onboarding or
  // items is tested in modules/onboarding/public.test.ts ('refuses an item of another client's onboarding').
  'GET /api/onboardings/:uuid': { unrestricted: `${AGENCY_WIDE} (ONBOARDING_READ)` },
  'POST /api/customers/:uuid/onboarding': { unrestricted: `${AGENCY_WIDE} (ONBOARDING_UPDATE)` },
  'PUT /api/onboardings/:uuid/items/:item_uuid': { unrestricted: `${AGENCY_WIDE} (ONBOARDING_UPDATE)` },
  'POST /api/onboardings/:uuid/items/:item_uuid/reveal': {
    unrestricted: `${AGENCY_WIDE} (ONBOARDING_UPDATE; every reveal is in the activity log)`,
  },
  'PUT /api/onboardings/:uuid/steps/:key': { unrestricted: `${AGENCY_WIDE} (ONBOARDING_UPDATE)` },
  'PUT /api/onboarding/requirements/:uuid': { unrestricted: `${AGENCY_WIDE} (ONBOARDING_UPDATE)` },
  'DELETE /api/onboarding/requirements/:uuid': { unrestricted: `${AGENCY_WIDE} (ONBOARDING_UPDATE)` },
  'PUT /api/request-types/:id': { unrestricted: AGENCY_WIDE },
  'DELETE /api/request-types/:id': { unrestricted: AGENCY_WIDE },
  // Personal API tokens: one's own only; another person's token answers 404 whatever the caller's permissions.
  'DELETE /api/api-tokens/:uuid': { freelancer: ownersApiToken, manager: ownersApiToken },
  // Sessions: one's own only; another person's session answers 404 whatever the caller's permissions.
  'DELETE /api/sessions/:uuid': { freelancer: ownersSession, manager: ownersSession },
  // Passkeys: one's own only (a removal's proof is asked only of one's own passkey).
  'PUT /api/passkeys/:uuid': {
    freelancer: ownersPasskey({ name: 'Probe' }),
    manager: ownersPasskey({ name: 'Probe' }),
  },
  'DELETE /api/passkeys/:uuid': {
    freelancer: ownersPasskey({ password: 'probe' }),
    manager: ownersPasskey({ password: 'probe' }),
  },
  // Webhooks (issue 23): an agency-wide admin setting (WEBHOOKS_MANAGE, regular staff). What a delivery may carry is
  // read as the webhook's owner at delivery (webhooks.test.ts: 'sends nothing about an object … cannot read').
  // Integrations (issue 21): the parameter names a kind of configured service (smtp, s3, redis), not an object.
  'POST /api/integrations/:kind/test': {
    unrestricted: 'not an object: an environment-configured service (INTEGRATIONS_UPDATE)',
  },
  'GET /api/webhooks/:uuid': { unrestricted: `${AGENCY_WIDE} (WEBHOOKS_MANAGE)` },
  'PUT /api/webhooks/:uuid': { unrestricted: `${AGENCY_WIDE} (WEBHOOKS_MANAGE)` },
  'DELETE /api/webhooks/:uuid': { unrestricted: `${AGENCY_WIDE} (WEBHOOKS_MANAGE)` },
  'POST /api/webhooks/:uuid/rotate-secret': { unrestricted: `${AGENCY_WIDE} (WEBHOOKS_MANAGE)` },
  'GET /api/webhooks/:uuid/deliveries': { unrestricted: `${AGENCY_WIDE} (WEBHOOKS_MANAGE)` },
  'POST /api/webhook-deliveries/:uuid/redeliver': { unrestricted: `${AGENCY_WIDE} (WEBHOOKS_MANAGE)` },
  // Posts (issue 22): the agency's own blog, agency-wide records of regular staff with the POSTS_* family
  // (freelancers are refused by the routes' access). The public routes take a slug and answer published posts only
  // (posts.test.ts: 'never serves drafts or scheduled posts before their time').
  'GET /api/posts/:uuid': { unrestricted: `${AGENCY_WIDE} (POSTS_READ)` },
  'PUT /api/posts/:uuid': { unrestricted: `${AGENCY_WIDE} (POSTS_UPDATE)` },
  'DELETE /api/posts/:uuid': { unrestricted: `${AGENCY_WIDE} (POSTS_DESTROY)` },
  'POST /api/posts/:uuid/publish': { unrestricted: `${AGENCY_WIDE} (POSTS_UPDATE)` },
  'POST /api/posts/:uuid/unpublish': { unrestricted: `${AGENCY_WIDE} (POSTS_UPDATE)` },
  'GET /api/posts/:uuid/revisions': { unrestricted: `${AGENCY_WIDE} (POSTS_READ)` },
  'POST /api/posts/:uuid/revisions/:id/restore': { unrestricted: `${AGENCY_WIDE} (POSTS_UPDATE)` },
  'PUT /api/post-categories/:uuid': { unrestricted: `${AGENCY_WIDE} (POSTS_UPDATE)` },
  'DELETE /api/post-categories/:uuid': { unrestricted: `${AGENCY_WIDE} (POSTS_DESTROY)` },
  // Advertising (issue 22): a freelancer with the product permissions sees the campaigns of their plans only.
  'GET /api/campaigns/:uuid': { freelancer: hiddenCampaign },
  'PUT /api/campaigns/:uuid': {
    freelancer: async (w) => ({ ...(await hiddenCampaign(w)), payload: { status: 'paused' } }),
  },
  'DELETE /api/campaigns/:uuid': { freelancer: hiddenCampaign },
  // A client's import mapping and Meta connection are agency settings of regular staff (PRODUCTS_*).
  'GET /api/ad-import-mappings/:customer_uuid': { unrestricted: `${AGENCY_WIDE} (PRODUCTS_READ)` },
  'PUT /api/ad-import-mappings/:customer_uuid': { unrestricted: `${AGENCY_WIDE} (PRODUCTS_UPDATE)` },
  'PUT /api/ad-meta-connections/:customer_uuid': { unrestricted: `${AGENCY_WIDE} (PRODUCTS_UPDATE)` },
  'GET /api/ad-meta-connections': { unrestricted: `${AGENCY_WIDE} (PRODUCTS_READ)` },
  'DELETE /api/ad-meta-connections/:customer_uuid': { unrestricted: `${AGENCY_WIDE} (PRODUCTS_UPDATE)` },
  'POST /api/ad-meta-connections/:customer_uuid/sync': { unrestricted: `${AGENCY_WIDE} (PRODUCTS_UPDATE)` },
};
