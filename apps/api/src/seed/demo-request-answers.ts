import type { Answers } from '@portal/domain';
import { addDays } from '../modules/tasks/calendar';

const brief = (text: string) => ({ ops: [{ insert: `${text}\n` }] });

/** Answer sets per request type, each complete for submitting its catalogue form (see the seed test). */
export const DEMO_ANSWERS = {
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
