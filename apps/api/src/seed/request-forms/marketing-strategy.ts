import type { RequestForm } from '@portal/domain';
import { NOT_SURE, projectBrief, referencesUpload, YES_NO } from './common';

export const marketingStrategyForm: RequestForm = [
  projectBrief('Where is the business today, where should it be in a year, and what is in the way?'),
  {
    name: 'strategy_scope',
    label: 'What should the strategy cover? (up to 3)',
    type: 'checkbox',
    mode: 'square',
    max: 3,
    required: true,
    layout: { type: 'grid', columns: 3 },
    options: [
      { label: 'Full marketing plan', value: 'full_plan', icon: 'ProjectOutlined' },
      { label: 'Product or brand launch', value: 'launch', icon: 'RocketOutlined' },
      { label: 'One channel in depth', value: 'channel', icon: 'AimOutlined' },
      { label: 'Content plan', value: 'content', icon: 'FileTextOutlined' },
      { label: 'Paid media plan', value: 'paid_media', icon: 'DollarOutlined' },
      NOT_SURE,
    ],
  },
  {
    name: 'goals',
    label: 'Top goals (up to 2)',
    type: 'checkbox',
    mode: 'pill',
    max: 2,
    options: [
      { label: 'Drive sales', value: 'drive_sales' },
      { label: 'Website traffic', value: 'website_traffic' },
      { label: 'Brand awareness', value: 'boost_brand' },
      { label: 'Generate leads', value: 'generate_leads' },
      { label: 'Educate the audience', value: 'educate_audience' },
    ],
  },
  {
    name: 'timeframe',
    label: 'Planning horizon',
    type: 'radio',
    mode: 'pill',
    options: [
      { label: '3 months', value: '3_months' },
      { label: '6 months', value: '6_months' },
      { label: '12 months', value: '12_months' },
    ],
  },
  {
    name: 'budget_range',
    label: 'Monthly marketing budget range',
    type: 'input',
    mode: 'range',
    mask: 'currency',
    optionalLabel: true,
  },
  {
    name: 'audience',
    label: 'Your customers',
    type: 'textArea',
    submitRequired: true,
    placeholder: 'Who buys, why, and where they spend their time',
  },
  {
    name: 'current_performance',
    label: 'What have you tried, and how did it go?',
    type: 'textArea',
    optionalLabel: true,
  },
  { name: 'competitors', label: 'Main competitors', type: 'textArea', optionalLabel: true },
  { name: 'workshop', label: 'Start with a kickoff workshop?', type: 'radio', mode: 'pill', options: YES_NO },
  {
    name: 'workshop_date',
    label: 'Preferred workshop date',
    type: 'date',
    marginX: true,
    visible: { field: 'workshop', values: ['yes'] },
  },
  referencesUpload('Business plan, reports and past campaigns'),
];
