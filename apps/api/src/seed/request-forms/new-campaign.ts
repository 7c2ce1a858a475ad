import type { QuestionOption, RequestForm, VisibleRule } from '@portal/domain';
import { formatCurrency } from '@portal/domain';
import { projectBrief, referencesUpload, SOCIAL_PLATFORMS } from './common';

/** Monthly ad budget choices, $3,000 to $50,000 (doc 2 §3), plus a custom amount. */
const BUDGET_STEPS = [3000, 5000, 7500, 10000, 15000, 20000, 30000, 50000];
const budgetOptions: QuestionOption[] = [
  ...BUDGET_STEPS.map((amount) => ({ label: formatCurrency(amount), value: String(amount) })),
  { label: 'Custom amount', value: 'custom' },
];

const withPaid: VisibleRule = { field: 'campaign_type', values: ['paid_media', 'hybrid'] };
const withOrganic: VisibleRule = { field: 'campaign_type', values: ['organic', 'hybrid'] };

export const newCampaignForm: RequestForm = [
  projectBrief('What is the campaign about — the product, offer or moment — and why now?'),
  {
    name: 'campaign_type',
    label: 'Type of campaign',
    type: 'radio',
    mode: 'square',
    required: true,
    layout: { type: 'grid', columns: 3 },
    options: [
      { label: 'Paid media', value: 'paid_media', icon: 'DollarOutlined' },
      { label: 'Organic', value: 'organic', icon: 'CommentOutlined' },
      { label: 'Hybrid (paid and organic)', value: 'hybrid', icon: 'ApartmentOutlined' },
    ],
  },
  {
    name: 'primary_goal',
    label: 'Primary goal',
    type: 'radio',
    mode: 'pill',
    required: true,
    options: [
      { label: 'Drive sales', value: 'drive_sales' },
      { label: 'Website traffic', value: 'website_traffic' },
      { label: 'Boost brand awareness', value: 'boost_brand' },
      { label: 'Generate leads', value: 'generate_leads' },
      { label: 'Educate the audience', value: 'educate_audience' },
    ],
  },
  {
    name: 'product_focus',
    label: 'Which products or offers should we push?',
    type: 'textArea',
    submitRequired: true,
    marginX: true,
    placeholder: 'Product names, links, prices, discount codes',
    visible: { field: 'primary_goal', values: ['drive_sales'] },
  },
  {
    name: 'lead_capture',
    label: 'Where should leads sign up?',
    type: 'radio',
    marginX: true,
    visible: { field: 'primary_goal', values: ['generate_leads'] },
    options: [
      { label: 'A landing page with a form', value: 'landing_page' },
      { label: 'Lead forms inside the ad platform', value: 'native_form' },
      { label: 'Not sure', value: 'not_sure' },
    ],
  },
  { name: 'paid_header', label: 'Paid media', type: 'header', visible: withPaid },
  {
    name: 'ad_platforms',
    label: 'Ad platforms',
    type: 'checkbox',
    mode: 'pill',
    required: true,
    visible: withPaid,
    options: [
      { label: 'Meta (Facebook & Instagram)', value: 'meta', icon: 'FacebookOutlined' },
      { label: 'Google', value: 'google', icon: 'GoogleOutlined' },
      { label: 'YouTube', value: 'youtube', icon: 'YoutubeOutlined' },
      { label: 'TikTok', value: 'tiktok', icon: 'TikTokOutlined' },
      { label: 'LinkedIn', value: 'linkedin', icon: 'LinkedinOutlined' },
    ],
  },
  {
    name: 'monthly_ad_budget',
    label: 'Monthly ad budget',
    type: 'radio',
    mode: 'pill',
    required: true,
    visible: withPaid,
    options: budgetOptions,
  },
  {
    name: 'custom_ad_budget',
    label: 'Custom monthly budget',
    type: 'input',
    mask: 'currency',
    required: true,
    marginX: true,
    placeholder: '$4,000',
    visible: { field: 'monthly_ad_budget', values: ['custom'] },
  },
  { name: 'organic_header', label: 'Organic', type: 'header', visible: withOrganic },
  {
    name: 'organic_channels',
    label: 'Organic channels',
    type: 'checkbox',
    mode: 'pill',
    required: true,
    visible: withOrganic,
    options: [
      ...SOCIAL_PLATFORMS,
      { label: 'Blog', value: 'blog', icon: 'ReadOutlined' },
      { label: 'Email', value: 'email', icon: 'MailOutlined' },
    ],
  },
  {
    name: 'posting_frequency',
    label: 'Campaign posts per week',
    type: 'select',
    visible: withOrganic,
    options: [
      { label: '1–2', value: '1_2' },
      { label: '3–4', value: '3_4' },
      { label: '5 or more', value: '5_plus' },
    ],
  },
  { name: 'audience_header', label: 'Audience and timing', type: 'header' },
  {
    name: 'target_audience',
    label: 'Who is the campaign for?',
    type: 'textArea',
    submitRequired: true,
    placeholder: 'Age, location, interests, problems the offer solves',
  },
  {
    name: 'campaign_dates',
    label: 'Campaign dates',
    type: 'formGroup',
    layout: { type: 'row' },
    children: [
      { name: 'start_date', label: 'Start', type: 'date', required: true },
      { name: 'end_date', label: 'End', type: 'date', optionalLabel: true },
    ],
  },
  {
    name: 'creative_assets',
    label: 'Creatives',
    type: 'radio',
    options: [
      { label: 'We have creatives ready', value: 'ready' },
      { label: 'Create new ones', value: 'create_new' },
      { label: 'Some of each', value: 'mix' },
    ],
  },
  {
    name: 'creative_files',
    label: 'Upload your creatives',
    type: 'upload',
    marginX: true,
    visible: { field: 'creative_assets', values: ['ready', 'mix'] },
  },
  {
    name: 'kpis',
    label: 'How will we measure success? (up to 3)',
    type: 'checkbox',
    max: 3,
    layout: { type: 'grid', columns: 3 },
    options: [
      { label: 'Return on ad spend', value: 'roas' },
      { label: 'Cost per acquisition', value: 'cpa' },
      { label: 'Click-through rate', value: 'ctr' },
      { label: 'Reach', value: 'reach' },
      { label: 'Leads', value: 'leads' },
      { label: 'Followers', value: 'followers' },
    ],
  },
  referencesUpload('Brand assets and campaigns you like'),
];
