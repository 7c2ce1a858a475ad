import type { OnboardingInclusion, OnboardingItemStatus, RequirementInput } from '@portal/domain';
import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { customers, forms, onboardingItems, onboardings, users } from '../db/schema';
import {
  createRequirement,
  refreshOnboarding,
  type StartDeps,
  SYSTEM,
  setStepDone,
  startOnboarding,
  updateInformation,
  updateWelcomeKit,
  writeItem,
} from '../modules/onboarding';

/** What the agency asks of each service (issue 20's examples), in the order the client sees them. */
const DEMO_REQUIREMENTS: RequirementInput[] = [
  {
    inclusion: 'social_media',
    name: 'Facebook and Instagram page admin access',
    kind: 'link_confirmation',
    link: 'leadsie_social_link',
    instructions: 'Open the Leadsie link, sign in with the account that owns your pages, and approve our access.',
  },
  {
    inclusion: 'social_media',
    name: 'Posting preferences',
    kind: 'text',
    instructions: 'Topics to avoid, posting days, and anyone who must approve posts.',
  },
  {
    inclusion: 'advertising',
    name: 'Ad account access (Meta and Google Ads)',
    kind: 'link_confirmation',
    link: 'leadsie_manage_link',
    instructions: 'Open the Leadsie link and grant access to your ad accounts and pixel.',
  },
  {
    inclusion: 'website',
    name: 'Domain registrar login',
    kind: 'credential',
    instructions: 'Where your domain is registered (GoDaddy, Namecheap …), the user name and the password.',
  },
  {
    inclusion: 'website',
    name: 'Hosting login',
    kind: 'credential',
    instructions: 'The hosting control panel address, user name and password.',
  },
  {
    inclusion: 'creative_package',
    name: 'Logo files',
    kind: 'file',
    instructions: 'Vector (SVG, AI or EPS) if you have it.',
  },
  { inclusion: 'creative_package', name: 'Brand guide', kind: 'file', instructions: 'PDF of your brand guidelines.' },
  { inclusion: 'creative_package', name: 'Fonts', kind: 'file', instructions: 'The font files your brand uses.' },
  {
    inclusion: 'video_production',
    name: 'Existing footage',
    kind: 'file',
    instructions: 'Clips and photos you would like us to use.',
  },
  {
    inclusion: 'video_production',
    name: 'Video brief',
    kind: 'text',
    instructions: 'Audience, message, length, and where the video will be shown.',
  },
];

const WELCOME_DELTA = {
  ops: [
    { insert: 'Welcome to the agency!' },
    { insert: '\n', attributes: { header: 2 } },
    {
      insert:
        'We are glad to have you on board. This page lists everything we need to get started; most items take a minute. ',
    },
    { insert: 'Your account manager checks what you send every day.\n' },
    { insert: 'Book your kick-off call' },
    { insert: '\n', attributes: { list: 'bullet' } },
    { insert: 'Share access to your accounts through Leadsie' },
    { insert: '\n', attributes: { list: 'bullet' } },
    { insert: 'Upload your brand files' },
    { insert: '\n', attributes: { list: 'bullet' } },
  ],
};

type DemoOnboarding = {
  client: number;
  daysAgo: number;
  /** Days the current step has been current (its stuck_after_days past: the board shows it stuck). */
  onStepDays: number;
  inclusions: OnboardingInclusion[];
  steps: string[];
  items: Record<string, { status: OnboardingItemStatus; value?: string }>;
};

const DEMO_ONBOARDINGS: DemoOnboarding[] = [
  {
    client: 0,
    daysAgo: 2,
    onStepDays: 1,
    inclusions: ['social_media', 'advertising', 'welcome_kit', 'schedule_call_link'],
    steps: ['welcome'],
    items: {
      'Posting preferences': { status: 'submitted', value: 'No posts on Sundays; the practice manager approves.' },
    },
  },
  {
    client: 1,
    daysAgo: 12,
    onStepDays: 9,
    inclusions: ['website', 'creative_package', 'welcome_kit'],
    steps: ['welcome'],
    items: {
      'Logo files': { status: 'done' },
      'Domain registrar login': { status: 'submitted', value: 'GoDaddy / bellavista / Tr4ttoria!' },
    },
  },
  {
    client: 2,
    daysAgo: 20,
    onStepDays: 11,
    inclusions: ['video_production', 'social_media', 'welcome_kit', 'schedule_call_link'],
    steps: ['welcome', 'information_form'],
    items: {
      'Video brief': { status: 'done', value: 'A 60-second tour of three listings for Instagram Reels, upbeat music.' },
      'Facebook and Instagram page admin access': { status: 'submitted' },
    },
  },
  {
    client: 3,
    daysAgo: 5,
    onStepDays: 2,
    inclusions: ['social_media', 'advertising', 'website', 'creative_package', 'welcome_kit', 'schedule_call_link'],
    steps: ['welcome', 'information_form'],
    items: {
      'Facebook and Instagram page admin access': { status: 'done' },
      'Ad account access (Meta and Google Ads)': { status: 'done' },
      'Hosting login': { status: 'done', value: 'cpanel.northwind.example / admin / N0rthw1nd-Host' },
      'Brand guide': { status: 'submitted' },
    },
  },
  {
    client: 4,
    daysAgo: 30,
    onStepDays: 0,
    inclusions: ['advertising', 'welcome_kit'],
    steps: ['welcome', 'information_form', 'order_confirmed'],
    items: { 'Ad account access (Meta and Google Ads)': { status: 'done' } },
  },
  {
    client: 5,
    daysAgo: 9,
    onStepDays: 9,
    inclusions: ['creative_package', 'welcome_kit', 'schedule_call_link'],
    steps: [],
    items: {},
  },
];

const DAY_MS = 86_400_000;
const STEP_NAMES: Record<string, string> = {
  welcome: 'Welcome',
  information_form: 'Information form',
  order_confirmed: 'Order confirmed',
};

/**
 * The demo's onboarding (issue 20): the requirements of every service, a welcome kit with the Leadsie and call links,
 * the seeded client information form as the information form, and six clients at different steps — two of them
 * stuck, one complete. Built through the onboarding module's own commands, then moved back in time.
 */
export async function seedDemoOnboarding(db: Database, deps: StartDeps): Promise<void> {
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@demo.test'));
  const [manager] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'manager@demo.test'));
  if (!admin) {
    return;
  }
  for (const requirement of DEMO_REQUIREMENTS) {
    await createRequirement(db, requirement);
  }
  await updateWelcomeKit(
    { db },
    {
      body_delta: WELCOME_DELTA,
      schedule_call_link: 'https://calendly.com/agency-portal-demo/kick-off',
      leadsie_manage_link: 'https://app.leadsie.com/connect/agency-portal-demo/ads',
      leadsie_social_link: 'https://app.leadsie.com/connect/agency-portal-demo/social',
    },
    admin.id,
  );
  const [information] = await db
    .select({ uuid: forms.uuid })
    .from(forms)
    .where(eq(forms.name, 'New client information'));
  if (information) {
    await updateInformation(db, { form_uuid: information.uuid });
  }
  const clients = await db.select({ id: customers.id }).from(customers).orderBy(asc(customers.id)).limit(6);
  const staff = { userId: admin.id, byClient: false };
  for (const demo of DEMO_ONBOARDINGS) {
    const client = clients[demo.client];
    if (!client) {
      continue;
    }
    await db.transaction(async (tx) => {
      const started = await startOnboarding(
        tx,
        deps,
        {
          customerId: client.id,
          inclusions: Object.fromEntries(demo.inclusions.map((k) => [k, true])),
          ownerId: demo.client % 2 === 0 ? (manager?.id ?? admin.id) : admin.id,
          actor: staff,
        },
        () => undefined,
      );
      if (!started) {
        return;
      }
      const items = await tx.select().from(onboardingItems).where(eq(onboardingItems.onboardingId, started.id));
      for (const item of items) {
        const change = demo.items[item.name];
        if (change) {
          const actor = change.status === 'submitted' ? { userId: null, byClient: true } : staff;
          await writeItem(tx, deps, started.id, item, { status: change.status, value: change.value }, actor);
        }
      }
      for (const key of demo.steps) {
        await setStepDone(tx, started.id, key, true, staff, STEP_NAMES[key] ?? key);
      }
      await refreshOnboarding(tx, started.id, SYSTEM, null);
      // Back in time: the history spread over the days since the start, the current step current for onStepDays.
      const now = Date.now();
      const startedAt = new Date(now - demo.daysAgo * DAY_MS);
      const since = new Date(now - demo.onStepDays * DAY_MS);
      await tx.execute(sql`
        update onboarding_history h set created_at = ${startedAt}::timestamptz
          + (${now - startedAt.getTime()} * (r.rn - 1) / greatest(r.total, 1)) * interval '1 millisecond'
        from (select id, row_number() over (order by id) as rn, count(*) over () as total
          from onboarding_history where onboarding_id = ${started.id}) r
        where h.id = r.id`);
      await tx.execute(sql`update onboarding_step_states set done_at = ${startedAt}::timestamptz + interval '1 day'
        where onboarding_id = ${started.id} and done_at is not null`);
      await tx
        .update(onboardings)
        .set({
          startedAt,
          createdAt: startedAt,
          currentStepSince: since,
          lastActivityAt: new Date(now - Math.min(demo.onStepDays, demo.daysAgo) * DAY_MS),
          completedAt: sql`case when ${onboardings.status} = 'done' then ${new Date(now - 3 * DAY_MS)}::timestamptz end`,
        })
        .where(eq(onboardings.id, started.id));
      await refreshOnboarding(tx, started.id, SYSTEM, null, { touch: false });
    });
  }
}
