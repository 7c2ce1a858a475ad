import {
  type Answers,
  classifyTemperature,
  type RequestStatus,
  requestFormSchema,
  serializeDescription,
} from '@portal/domain';
import { inArray } from 'drizzle-orm';
import { loadConfig } from '../config';
import type { Database } from '../db/client';
import { activityLogs, projects, requests, requestTypes, requestUsers, timeLogs, users } from '../db/schema';
import { refreshRequestTimeSpent } from '../modules/requests/request-time-spent';
import { addDays, todayIn } from '../modules/tasks/calendar';

type Who = 'admin' | 'manager' | 'freelancer' | 'client';
export type DemoRequest = {
  plan: string;
  type: number;
  subject: string;
  status: RequestStatus;
  /** Days before today the request was created, and of its last interaction (null: none, cold). */
  created: number;
  lastInteraction: number | null;
  /** Hours [min, max]. */
  estimate?: [number, number];
  /** Minutes the request's own completed time logs hold. */
  logged?: number;
  responsibles?: Who[];
  followers?: Who[];
  /** Days from today to the delivery date. */
  target?: number;
  kickoffCall?: boolean;
  answers: (today: string) => Answers;
};

const EMAILS: Record<Who, string> = {
  admin: 'admin@demo.test',
  manager: 'manager@demo.test',
  freelancer: 'freelancer@demo.test',
  client: 'client@demo.test',
};

const brief = (text: string) => ({ ops: [{ insert: `${text}\n` }] });

/** Answer sets per request type, each complete for submitting its catalogue form (see the seed test). */
const A = {
  campaignHybrid: (today: string): Answers => ({
    project_brief: brief('Spring launch of the new teeth-whitening package.'),
    campaign_type: 'hybrid',
    primary_goal: 'drive_sales',
    product_focus: 'Whitening package, $299 intro price',
    ad_platforms: ['meta', 'google'],
    monthly_ad_budget: '5000',
    organic_channels: ['instagram', 'email'],
    target_audience: 'Adults 25-55 within 10 miles of the clinic',
    start_date: addDays(today, 14),
  }),
  campaignOrganic: (today: string): Answers => ({
    project_brief: brief('Build awareness for the new downtown office.'),
    campaign_type: 'organic',
    primary_goal: 'boost_brand',
    organic_channels: ['instagram', 'linkedin'],
    target_audience: 'First-time home buyers in the metro area',
    start_date: addDays(today, 7),
  }),
  budgetUp: (): Answers => ({
    project_brief: brief('Holiday season is performing, push more budget.'),
    adjust_ad_budget: 'increase_budget',
    campaign_names: 'Holiday Shopping – Catalog, Holiday Remarketing',
    adjustment_by: 'amount',
    adjustment_amount: '1500',
    when_take_effect: 'immediately',
  }),
  budgetDown: (today: string): Answers => ({
    project_brief: brief('Slow season: reduce all campaigns for January.'),
    adjust_ad_budget: 'decrease_budget_all',
    adjustment_by: 'percent',
    adjustment_percent: '20',
    when_take_effect: 'date',
    effective_date: addDays(today, 10),
  }),
  social: (): Answers => ({
    project_brief: brief('A week of posts for the new seasonal menu.'),
    platforms: ['instagram', 'facebook'],
    creative_count: 6,
  }),
  adCreatives: (): Answers => ({
    project_brief: brief('Static and carousel ads for the winter sale.'),
    ad_platforms: ['meta'],
    offer: '30% off outerwear',
  }),
  email: (): Answers => ({
    project_brief: brief('Monthly newsletter with three listings and a market update.'),
    email_type: 'newsletter',
    email_platform: 'mailchimp',
    key_message: 'Three featured homes and what rates did this month',
  }),
  emailPromo: (): Answers => ({
    project_brief: brief('Black Friday promotion email.'),
    email_type: 'promotion',
    key_message: 'Everything 25% off, Friday to Monday',
  }),
  webPage: (): Answers => ({
    project_brief: brief('Landing page for the pediatric flu-shot clinic days.'),
    page_work: 'landing_page',
  }),
  illustration: (): Answers => ({
    project_brief: brief('Friendly illustrations of the office team for the website.'),
    illustration_count: 4,
  }),
  presentation: (): Answers => ({
    project_brief: brief('Pitch deck for the commercial property investors meeting.'),
    presentation_purpose: 'investor',
  }),
  video: (): Answers => ({
    project_brief: brief('30-second promo of the new store opening.'),
    video_type: 'promo',
  }),
  branding: (): Answers => ({
    project_brief: brief('Refresh of the firm’s logo and colours for the 20th anniversary.'),
    branding_scope: 'refresh',
    business_name: 'Keystone Law Partners',
    audience: 'Small business owners and families',
    deliverables: ['logo', 'color_palette', 'business_cards'],
  }),
  print: (): Answers => ({
    project_brief: brief('Flyers for the back-to-school checkup drive.'),
    print_item: 'flyer',
  }),
  merch: (): Answers => ({
    project_brief: brief('Team shirts and mugs for the charity run.'),
    merch_items: ['t_shirts', 'mugs'],
  }),
  adManagement: (): Answers => ({
    project_brief: brief('Take over the Google search campaigns from the previous agency.'),
    ad_platforms: ['google_search', 'meta'],
    objective: 'leads',
    monthly_budget: '4000',
  }),
  socialManagement: (): Answers => ({
    project_brief: brief('Run Instagram and TikTok for the summer.'),
    platforms: ['instagram', 'tiktok'],
  }),
  aiContent: (): Answers => ({
    project_brief: brief('Product descriptions for the new catalogue, drafted with AI and edited.'),
    content_types: ['product_descriptions', 'social_captions'],
    piece_count: 40,
  }),
  aiTraining: (): Answers => ({
    project_brief: brief('Half-day workshop on AI tools for the front-desk team.'),
    training_format: 'workshop',
    use_cases: 'Appointment reminders, review replies, social captions',
  }),
  consulting: (): Answers => ({
    project_brief: brief('Why did organic traffic drop after the site migration?'),
    topics: ['seo', 'analytics'],
    biggest_challenge: 'Organic traffic fell 40% since October',
  }),
  strategy: (): Answers => ({
    project_brief: brief('Plan for launching the new practice area.'),
    strategy_scope: ['launch'],
    audience: 'Founders of small and medium businesses',
  }),
  draftEmail: (): Answers => ({ email_type: 'announcement' }),
};

/**
 * About thirty requests on the demo retainer and hosting plans (and one on an 'others' plan, outside the default
 * list filter): every status, all three temperatures plus drafts, many catalogue types, some with owners and
 * followers, time logged and delivery dates. Subjects are stable: tests look requests up by them.
 */
export const DEMO_REQUESTS: DemoRequest[] = [
  {
    plan: 'Harbor Dental retainer',
    type: 17,
    subject: 'Whitening package launch campaign',
    status: 'new',
    created: 1,
    lastInteraction: 1,
    estimate: [10, 15],
    responsibles: ['manager'],
    followers: ['admin'],
    target: 20,
    kickoffCall: true,
    answers: A.campaignHybrid,
  },
  {
    plan: 'Harbor Dental retainer',
    type: 8,
    subject: 'January patient newsletter',
    status: 'in_progress',
    created: 6,
    lastInteraction: 2,
    estimate: [1, 2],
    logged: 45,
    responsibles: ['freelancer'],
    followers: ['manager'],
    target: 5,
    answers: A.email,
  },
  {
    plan: 'Harbor Dental retainer',
    type: 12,
    subject: 'Back-to-school checkup flyers',
    status: 'waiting_approval',
    created: 12,
    lastInteraction: 9,
    estimate: [2, 3],
    logged: 120,
    responsibles: ['freelancer'],
    target: -2,
    answers: A.print,
  },
  {
    plan: 'Harbor Dental retainer',
    type: 20,
    subject: 'AI tools workshop for the front desk',
    status: 'approved',
    created: 20,
    lastInteraction: 18,
    estimate: [3, 4],
    responsibles: ['manager'],
    answers: A.aiTraining,
  },
  {
    plan: 'Harbor Dental retainer',
    type: 1,
    subject: 'Holiday hours social posts',
    status: 'completed',
    created: 40,
    lastInteraction: 35,
    estimate: [1, 2],
    logged: 75,
    responsibles: ['freelancer'],
    answers: A.social,
  },
  {
    plan: 'Harbor Dental retainer',
    type: 8,
    subject: 'Draft',
    status: 'draft',
    created: 0,
    lastInteraction: null,
    answers: A.draftEmail,
  },
  {
    plan: 'Harbor Dental Clinic hosting',
    type: 2,
    subject: 'Online booking landing page',
    status: 'needs_attention',
    created: 9,
    lastInteraction: 8,
    estimate: [1, 2],
    responsibles: ['manager'],
    target: 3,
    answers: A.webPage,
  },
  {
    plan: 'Harbor Dental Clinic hosting',
    type: 4,
    subject: 'Traffic drop after migration',
    status: 'new',
    created: 45,
    lastInteraction: 45,
    estimate: [1, 1],
    answers: A.consulting,
  },
  {
    plan: 'Summit Realty retainer',
    type: 17,
    subject: 'Downtown office awareness campaign',
    status: 'in_progress',
    created: 15,
    lastInteraction: 3,
    estimate: [12, 15],
    logged: 300,
    responsibles: ['manager'],
    followers: ['freelancer'],
    target: 10,
    answers: A.campaignOrganic,
  },
  {
    plan: 'Summit Realty retainer',
    type: 8,
    subject: 'Monthly listings newsletter',
    status: 'new',
    created: 3,
    lastInteraction: 3,
    estimate: [1, 2],
    answers: A.email,
  },
  {
    plan: 'Summit Realty retainer',
    type: 10,
    subject: 'Investor pitch deck',
    status: 'waiting_approval',
    created: 25,
    lastInteraction: 22,
    estimate: [3, 5],
    logged: 200,
    responsibles: ['manager'],
    target: 4,
    answers: A.presentation,
  },
  {
    plan: 'Summit Realty retainer',
    type: 9,
    subject: 'Team illustrations for the about page',
    status: 'needs_attention',
    created: 50,
    lastInteraction: 38,
    estimate: [2, 3],
    responsibles: ['freelancer'],
    answers: A.illustration,
  },
  {
    plan: 'Summit Realty retainer',
    type: 18,
    subject: 'Reduce ad spend for January',
    status: 'cancelled',
    created: 30,
    lastInteraction: 29,
    estimate: [1, 1],
    answers: A.budgetDown,
  },
  {
    plan: 'Summit Realty retainer',
    type: 14,
    subject: 'Draft',
    status: 'draft',
    created: 2,
    lastInteraction: null,
    answers: () => ({ strategy_scope: ['not_sure'] }),
  },
  {
    plan: 'Northwind e-commerce retainer',
    type: 18,
    subject: 'Raise holiday shopping budget',
    status: 'new',
    created: 0,
    lastInteraction: 0,
    estimate: [1, 1],
    responsibles: ['manager'],
    target: 1,
    answers: A.budgetUp,
  },
  {
    plan: 'Northwind e-commerce retainer',
    type: 3,
    subject: 'Winter sale ad creatives',
    status: 'in_progress',
    created: 8,
    lastInteraction: 5,
    estimate: [1, 2],
    logged: 90,
    responsibles: ['freelancer'],
    followers: ['manager'],
    target: 2,
    answers: A.adCreatives,
  },
  {
    plan: 'Northwind e-commerce retainer',
    type: 19,
    subject: 'AI product descriptions for the catalogue',
    status: 'approved',
    created: 14,
    lastInteraction: 13,
    estimate: [4, 6],
    responsibles: ['manager'],
    answers: A.aiContent,
  },
  {
    plan: 'Northwind e-commerce retainer',
    type: 8,
    subject: 'Black Friday promotion email',
    status: 'completed',
    created: 60,
    lastInteraction: 55,
    estimate: [1, 2],
    logged: 80,
    responsibles: ['freelancer'],
    answers: A.emailPromo,
  },
  {
    plan: 'Northwind e-commerce retainer',
    type: 5,
    subject: 'Store opening promo video',
    status: 'waiting_approval',
    created: 33,
    lastInteraction: 31,
    estimate: [2, 4],
    logged: 150,
    responsibles: ['freelancer'],
    target: -5,
    answers: A.video,
  },
  {
    plan: 'Brightside retainer',
    type: 2,
    subject: 'Flu-shot clinic days landing page',
    status: 'new',
    created: 4,
    lastInteraction: 4,
    estimate: [1, 2],
    followers: ['manager'],
    target: 9,
    answers: A.webPage,
  },
  {
    plan: 'Brightside retainer',
    type: 13,
    subject: 'Charity run shirts and mugs',
    status: 'in_progress',
    created: 19,
    lastInteraction: 16,
    estimate: [3, 4],
    logged: 60,
    responsibles: ['freelancer'],
    answers: A.merch,
  },
  {
    plan: 'Brightside retainer',
    type: 7,
    subject: 'Summer Instagram and TikTok',
    status: 'needs_attention',
    created: 70,
    lastInteraction: 64,
    estimate: [8, 10],
    responsibles: ['manager'],
    answers: A.socialManagement,
  },
  {
    plan: 'Brightside Pediatrics hosting',
    type: 12,
    subject: 'Waiting room posters',
    status: 'approved',
    created: 6,
    lastInteraction: 6,
    estimate: [2, 3],
    answers: A.print,
  },
  {
    plan: 'Brightside Pediatrics hosting',
    type: 1,
    subject: 'Vaccination reminder posts',
    status: 'completed',
    created: 28,
    lastInteraction: 25,
    estimate: [1, 2],
    logged: 50,
    responsibles: ['freelancer'],
    answers: A.social,
  },
  {
    plan: 'Keystone retainer',
    type: 11,
    subject: '20th anniversary brand refresh',
    status: 'in_progress',
    created: 10,
    lastInteraction: 1,
    estimate: [5, 8],
    logged: 240,
    responsibles: ['manager'],
    followers: ['admin', 'freelancer'],
    target: 30,
    kickoffCall: true,
    answers: A.branding,
  },
  {
    plan: 'Keystone retainer',
    type: 14,
    subject: 'New practice area launch strategy',
    status: 'new',
    created: 21,
    lastInteraction: 21,
    estimate: [4, 6],
    answers: A.strategy,
  },
  {
    plan: 'Keystone retainer',
    type: 6,
    subject: 'Take over Google search ads',
    status: 'waiting_approval',
    created: 36,
    lastInteraction: 33,
    estimate: [10, 10],
    responsibles: ['manager'],
    answers: A.adManagement,
  },
  {
    plan: 'Keystone Law Partners hosting',
    type: 4,
    subject: 'Site speed and SEO review',
    status: 'cancelled',
    created: 90,
    lastInteraction: 80,
    estimate: [1, 1],
    answers: A.consulting,
  },
  {
    plan: 'Trattoria Bella Vista hosting',
    type: 1,
    subject: 'Seasonal menu posts',
    status: 'new',
    created: 2,
    lastInteraction: 2,
    estimate: [1, 2],
    responsibles: ['freelancer'],
    answers: A.social,
  },
  {
    plan: 'Green Leaf Cafe hosting',
    type: 8,
    subject: 'Grand opening announcement email',
    status: 'needs_attention',
    created: 11,
    lastInteraction: 11,
    estimate: [1, 2],
    answers: A.emailPromo,
  },
  {
    plan: 'Listing site redesign',
    type: 10,
    subject: 'Redesign walkthrough deck',
    status: 'new',
    created: 5,
    lastInteraction: 5,
    estimate: [2, 3],
    answers: A.presentation,
  },
];

const DAY_MS = 24 * 60 * 60 * 1000;

/** Seeds DEMO_REQUESTS with their people, time logs, temperatures and a 'create' history entry each. */
export async function seedDemoRequests(db: Database, options: { now?: Date; timeZone?: string } = {}) {
  const now = options.now ?? new Date();
  const today = todayIn(options.timeZone ?? loadConfig().agencyTimeZone, now);
  const accounts = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, Object.values(EMAILS)));
  const person = (who: Who) => accounts.find((a) => a.email === EMAILS[who])?.id;
  const plans = await db
    .select({ id: projects.id, title: projects.title, managerId: projects.projectManagerId })
    .from(projects)
    .where(inArray(projects.title, [...new Set(DEMO_REQUESTS.map((r) => r.plan))]));
  const types = await db.select().from(requestTypes);
  const adminId = person('admin') ?? null;

  await db.transaction(async (tx) => {
    for (const demo of DEMO_REQUESTS) {
      const plan = plans.find((p) => p.title === demo.plan);
      const type = types.find((t) => t.id === demo.type);
      if (!plan || !type) {
        continue;
      }
      const form = requestFormSchema.parse(type.form);
      const createdAt = new Date(now.getTime() - demo.created * DAY_MS);
      const last = demo.lastInteraction === null ? null : new Date(now.getTime() - demo.lastInteraction * DAY_MS);
      const draft = demo.status === 'draft';
      const classified = draft
        ? null
        : classifyTemperature({ lastInteractionAt: last, now, unansweredStaffComments: 0 });
      // Harbor Dental's contact asks for its own work; elsewhere the plan's manager files the request.
      const requesterId = demo.plan.startsWith('Harbor Dental') ? (person('client') ?? null) : plan.managerId;
      const [hours0, hours1] = demo.estimate ?? [0, 0];
      const [row] = await tx
        .insert(requests)
        .values({
          subject: demo.subject,
          requestTypeId: type.id,
          projectId: plan.id,
          requesterId,
          creatorId: adminId,
          status: demo.status,
          description: serializeDescription(form, demo.answers(today)),
          targetDate: demo.target === undefined ? null : addDays(today, demo.target),
          kickoffCall: demo.kickoffCall ?? false,
          estimatedMin: hours0 * 60,
          estimatedMax: hours1 * 60,
          heat: classified?.heat ?? null,
          temperature: classified?.temperature ?? null,
          ghosted: classified?.ghosted ?? false,
          lastInteractionAt: last,
          submittedAt: draft ? null : createdAt,
          completedAt: demo.status === 'completed' && last ? last : null,
          createdAt,
        })
        .returning({ id: requests.id });
      if (!row) {
        continue;
      }
      const people = [
        ...(demo.responsibles ?? []).map((who) => ({ who, pivot: 'responsible' })),
        ...(demo.followers ?? []).map((who) => ({ who, pivot: 'follower' })),
      ].flatMap(({ who, pivot }) => {
        const userId = person(who);
        return userId === undefined ? [] : [{ requestId: row.id, userId, pivot }];
      });
      if (people.length) {
        await tx.insert(requestUsers).values(people).onConflictDoNothing();
      }
      const loggerId = person(demo.responsibles?.[0] ?? 'manager');
      if (demo.logged && loggerId !== undefined) {
        await tx.insert(timeLogs).values({
          requestId: row.id,
          userId: loggerId,
          date: addDays(today, -Math.max(0, demo.lastInteraction ?? 0)),
          minutes: demo.logged,
          description: 'Design and revisions',
          status: 'completed',
          createdById: loggerId,
        });
        await refreshRequestTimeSpent(tx, row.id);
      }
      await tx.insert(activityLogs).values({
        subjectType: 'request',
        subjectId: row.id,
        authorId: adminId,
        action: 'create',
        changes: {
          subject: { added: demo.subject, removed: null },
          status: { added: demo.status, removed: null },
          request_type: { added: { id: type.id, name: type.name }, removed: null },
        },
        createdAt,
      });
    }
  });
}
