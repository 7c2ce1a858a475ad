import type { RequestForm } from '@portal/domain';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { requestTypes } from '../db/schema';
import { adBudgetAdjustmentForm } from './request-forms/ad-budget-adjustment';
import { adCreativesForm } from './request-forms/ad-creatives';
import { adManagementForm } from './request-forms/ad-management';
import { aiMarketingContentForm } from './request-forms/ai-marketing-content';
import { aiTrainingPlanningForm } from './request-forms/ai-training-planning';
import { brandingForm } from './request-forms/branding';
import { castingCallForm } from './request-forms/casting-call';
import { emailDesignForm } from './request-forms/email-design';
import { illustrationDesignForm } from './request-forms/illustration-design';
import { locationRentalsForm } from './request-forms/location-rentals';
import { marketingConsultingForm } from './request-forms/marketing-consulting';
import { marketingStrategyForm } from './request-forms/marketing-strategy';
import { merchDesignForm } from './request-forms/merch-design';
import { newCampaignForm } from './request-forms/new-campaign';
import { presentationDesignForm } from './request-forms/presentation-design';
import { printDesignForm } from './request-forms/print-design';
import { socialMediaCreativesForm } from './request-forms/social-media-creatives';
import { socialMediaManagementForm } from './request-forms/social-media-management';
import { videoForm } from './request-forms/video';
import { webPageForm } from './request-forms/web-page';

export type RequestTypeSeed = {
  id: number;
  name: string;
  icon: string;
  description: string;
  tags: string[];
  /** Minutes; null where the spec gives no estimate. */
  timeEstimated: number | null;
  disabled?: boolean;
  form: RequestForm;
};

const HOUR = 60;

/**
 * The service catalogue (doc 2 §3 "Request type catalogue entry"), in the order the picker lists it. Ids 8–10 and
 * 17–20 are the spec's; the others took free ids. Icons are @ant-design/icons names.
 */
export const REQUEST_TYPES: readonly RequestTypeSeed[] = [
  {
    id: 17,
    name: 'New Campaign',
    icon: 'RocketOutlined',
    description: 'Plan and launch a paid, organic or hybrid campaign around a product, offer or moment.',
    tags: ['advertising', 'campaign', 'social media'],
    timeEstimated: 15 * HOUR,
    form: newCampaignForm,
  },
  {
    id: 18,
    name: 'Ad Budget Adjustment',
    icon: 'SlidersOutlined',
    description: 'Raise or lower the budget of running ad campaigns, now or from a date.',
    tags: ['advertising', 'budget'],
    timeEstimated: HOUR,
    form: adBudgetAdjustmentForm,
  },
  {
    id: 1,
    name: 'Social Media Creatives',
    icon: 'InstagramOutlined',
    description: 'Posts, stories and carousels designed for your social accounts.',
    tags: ['design', 'social media'],
    timeEstimated: HOUR,
    form: socialMediaCreativesForm,
  },
  {
    id: 3,
    name: 'Ad Creatives',
    icon: 'NotificationOutlined',
    description: 'Static, carousel and short video ads sized for each platform, with variations to test.',
    tags: ['design', 'advertising'],
    timeEstimated: HOUR,
    form: adCreativesForm,
  },
  {
    id: 8,
    name: 'Email Design',
    icon: 'MailOutlined',
    description: 'Newsletters, promotions and automated sequences, designed and optionally built in your platform.',
    tags: ['design', 'email'],
    timeEstimated: HOUR,
    form: emailDesignForm,
  },
  {
    id: 2,
    name: 'Web Page',
    icon: 'GlobalOutlined',
    description: 'A new page, a landing page or changes to an existing page of your website.',
    tags: ['web', 'design'],
    timeEstimated: HOUR,
    form: webPageForm,
  },
  {
    id: 9,
    name: 'Illustration Design',
    icon: 'HighlightOutlined',
    description: 'Custom illustrations for your website, social media, print or packaging.',
    tags: ['design', 'illustration'],
    timeEstimated: 2 * HOUR,
    form: illustrationDesignForm,
  },
  {
    id: 10,
    name: 'Presentation Design',
    icon: 'FundProjectionScreenOutlined',
    description: 'Pitch, investor and conference decks designed or redesigned in your software.',
    tags: ['design', 'presentation'],
    timeEstimated: 3 * HOUR,
    form: presentationDesignForm,
  },
  {
    id: 5,
    name: 'Video Production',
    icon: 'VideoCameraOutlined',
    description: 'Promos, social shorts, explainers and testimonials: filmed, animated or edited from your footage.',
    tags: ['video'],
    timeEstimated: 2 * HOUR,
    form: videoForm,
  },
  {
    id: 11,
    name: 'Branding',
    icon: 'CrownOutlined',
    description: 'A new brand or a refresh: logo, colours, typography and guidelines.',
    tags: ['design', 'branding'],
    timeEstimated: 5 * HOUR,
    form: brandingForm,
  },
  {
    id: 12,
    name: 'Print Design',
    icon: 'PrinterOutlined',
    description: 'Flyers, brochures, posters, business cards and signage, ready for print.',
    tags: ['design', 'print'],
    timeEstimated: 3 * HOUR,
    form: printDesignForm,
  },
  {
    id: 13,
    name: 'Merch Design',
    icon: 'SkinOutlined',
    description: 'Apparel, mugs, bags and stickers with your brand on them.',
    tags: ['design', 'merch'],
    timeEstimated: 3 * HOUR,
    form: merchDesignForm,
  },
  {
    id: 6,
    name: 'Ad Management',
    icon: 'FundOutlined',
    description: 'Set-up, optimisation and reporting of your ad accounts every month.',
    tags: ['advertising', 'management'],
    timeEstimated: 10 * HOUR,
    form: adManagementForm,
  },
  {
    id: 7,
    name: 'Social Media Management',
    icon: 'TeamOutlined',
    description: 'Planning, posting and community replies on your social accounts.',
    tags: ['social media', 'management'],
    timeEstimated: 10 * HOUR,
    form: socialMediaManagementForm,
  },
  {
    id: 19,
    name: 'AI-Powered Marketing & Content Creation',
    icon: 'RobotOutlined',
    description: 'Articles, captions, ad copy, images and video produced with AI and edited by people.',
    tags: ['ai', 'content'],
    timeEstimated: HOUR,
    form: aiMarketingContentForm,
  },
  {
    id: 20,
    name: 'AI Training & Planning',
    icon: 'ExperimentOutlined',
    description: 'Workshops, coaching and a roadmap for using AI in your business.',
    tags: ['ai', 'training'],
    timeEstimated: HOUR,
    form: aiTrainingPlanningForm,
  },
  {
    id: 4,
    name: 'Marketing Consulting',
    icon: 'BulbOutlined',
    description: 'A focused session or written advice on the marketing questions you have now.',
    tags: ['consulting', 'strategy'],
    timeEstimated: HOUR,
    form: marketingConsultingForm,
  },
  {
    id: 14,
    name: 'Marketing Strategy',
    icon: 'CompassOutlined',
    description: 'A marketing plan: goals, audiences, channels, budget and calendar.',
    tags: ['strategy'],
    timeEstimated: null,
    form: marketingStrategyForm,
  },
  {
    id: 15,
    name: 'Casting Call',
    icon: 'UserAddOutlined',
    description: 'Find actors, models, voices and creators for a production.',
    tags: ['video', 'production'],
    timeEstimated: null,
    disabled: true,
    form: castingCallForm,
  },
  {
    id: 16,
    name: 'Location Rentals',
    icon: 'EnvironmentOutlined',
    description: 'Find and book a studio, home, venue or outdoor location for a shoot or event.',
    tags: ['video', 'production'],
    timeEstimated: null,
    disabled: true,
    form: locationRentalsForm,
  },
];

/**
 * The seeded catalogue is the starting point of data that admins own: every start inserts the entries that are
 * missing (by id) and leaves existing ones alone, so an admin's edit of a seeded type survives restarts. Entries are
 * never deleted here, because requests point at them. The identity sequence is then moved past the highest id, since explicit ids do
 * not advance it and the next generated id would otherwise collide with a seeded one.
 */
export async function syncRequestTypes(db: Database): Promise<void> {
  await db
    .insert(requestTypes)
    .values(
      REQUEST_TYPES.map((t, index) => ({
        id: t.id,
        name: t.name,
        icon: t.icon,
        imageUrl: null,
        description: t.description,
        tags: t.tags,
        timeEstimated: t.timeEstimated,
        disabled: t.disabled ?? false,
        form: t.form,
        sortOrder: index,
      })),
    )
    .onConflictDoNothing({ target: requestTypes.id });
  await db.execute(
    sql`select setval(pg_get_serial_sequence('request_types', 'id'), (select max(id) from request_types))`,
  );
}
