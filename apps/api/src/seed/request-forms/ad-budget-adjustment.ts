import type { RequestForm } from '@portal/domain';
import { projectBrief } from './common';

const changesCampaigns = { field: 'adjust_ad_budget', values: ['increase_budget', 'decrease_budget'] };
const changesBudget = {
  field: 'adjust_ad_budget',
  values: ['increase_budget', 'decrease_budget', 'increase_budget_all', 'decrease_budget_all'],
};

export const adBudgetAdjustmentForm: RequestForm = [
  projectBrief('Anything we should know about this change — results, a promotion, cash flow?'),
  {
    name: 'adjust_ad_budget',
    label: 'What would you like to change?',
    type: 'radio',
    required: true,
    options: [
      { label: 'Increase the budget of specific campaigns', value: 'increase_budget', icon: 'RiseOutlined' },
      { label: 'Decrease the budget of specific campaigns', value: 'decrease_budget', icon: 'FallOutlined' },
      { label: 'Increase the budget of all campaigns', value: 'increase_budget_all', icon: 'ArrowUpOutlined' },
      { label: 'Decrease the budget of all campaigns', value: 'decrease_budget_all', icon: 'ArrowDownOutlined' },
      { label: 'Something else', value: 'other', icon: 'EllipsisOutlined' },
    ],
  },
  {
    name: 'campaign_names',
    label: 'Which campaigns?',
    type: 'textArea',
    required: true,
    marginX: true,
    placeholder: 'Campaign names as they appear in the ad account',
    visible: changesCampaigns,
  },
  {
    name: 'adjustment_other',
    label: 'Describe the change',
    type: 'textArea',
    required: true,
    marginX: true,
    visible: { field: 'adjust_ad_budget', values: ['other'] },
  },
  {
    name: 'adjustment_by',
    label: 'Change by',
    type: 'radio',
    mode: 'pill',
    required: true,
    visible: changesBudget,
    options: [
      { label: 'An amount per month', value: 'amount' },
      { label: 'A percentage', value: 'percent' },
    ],
  },
  {
    name: 'adjustment_amount',
    label: 'Amount per month',
    type: 'input',
    mask: 'currency',
    required: true,
    marginX: true,
    placeholder: '$1,000',
    visible: { field: 'adjustment_by', values: ['amount'] },
  },
  {
    name: 'adjustment_percent',
    label: 'Percentage',
    type: 'input',
    inputType: 'number',
    required: true,
    marginX: true,
    placeholder: 'e.g. 20',
    visible: { field: 'adjustment_by', values: ['percent'] },
  },
  {
    name: 'ad_platforms',
    label: 'Platforms',
    type: 'checkbox',
    mode: 'pill',
    options: [
      { label: 'Meta', value: 'meta', icon: 'FacebookOutlined' },
      { label: 'Google', value: 'google', icon: 'GoogleOutlined' },
      { label: 'TikTok', value: 'tiktok', icon: 'TikTokOutlined' },
      { label: 'LinkedIn', value: 'linkedin', icon: 'LinkedinOutlined' },
      { label: 'All of them', value: 'all', unique: true },
    ],
  },
  {
    name: 'when_take_effect',
    label: 'When should it take effect?',
    type: 'radio',
    mode: 'pill',
    required: true,
    options: [
      { label: 'Immediately', value: 'immediately' },
      { label: 'On a date', value: 'date' },
      { label: 'Other', value: 'other' },
    ],
  },
  {
    name: 'effective_date',
    label: 'Date',
    type: 'date',
    required: true,
    marginX: true,
    visible: { field: 'when_take_effect', values: ['date'] },
  },
  {
    name: 'when_other',
    label: 'When?',
    type: 'input',
    required: true,
    marginX: true,
    placeholder: 'e.g. when the summer sale ends',
    visible: { field: 'when_take_effect', values: ['other'] },
  },
];
