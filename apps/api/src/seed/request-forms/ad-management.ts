import type { RequestForm } from '@portal/domain';
import { NOT_SURE, projectBrief, referencesUpload } from './common';

export const adManagementForm: RequestForm = [
  projectBrief('What do you sell, who buys it, and what has (or has not) worked in advertising so far?'),
  {
    name: 'ad_platforms',
    label: 'Platforms to manage',
    type: 'checkbox',
    mode: 'pill',
    required: true,
    options: [
      { label: 'Meta (Facebook & Instagram)', value: 'meta', icon: 'FacebookOutlined' },
      { label: 'Google Search', value: 'google_search', icon: 'GoogleOutlined' },
      { label: 'Google Performance Max', value: 'google_pmax', icon: 'GoogleOutlined' },
      { label: 'YouTube', value: 'youtube', icon: 'YoutubeOutlined' },
      { label: 'TikTok', value: 'tiktok', icon: 'TikTokOutlined' },
      { label: 'LinkedIn', value: 'linkedin', icon: 'LinkedinOutlined' },
      NOT_SURE,
    ],
  },
  {
    name: 'account_access',
    label: 'Ad accounts',
    type: 'radio',
    options: [
      { label: 'We have accounts and will grant access', value: 'grant_access' },
      { label: 'Please set them up for us', value: 'set_up' },
      { label: 'Not sure', value: 'not_sure' },
    ],
  },
  {
    name: 'objective',
    label: 'Main objective',
    type: 'radio',
    mode: 'square',
    required: true,
    layout: { type: 'grid', columns: 3 },
    options: [
      { label: 'Online sales', value: 'sales', icon: 'ShoppingCartOutlined' },
      { label: 'Leads', value: 'leads', icon: 'UserAddOutlined' },
      { label: 'Website traffic', value: 'traffic', icon: 'GlobalOutlined' },
      { label: 'Awareness', value: 'awareness', icon: 'EyeOutlined' },
      { label: 'App installs', value: 'app_installs', icon: 'MobileOutlined' },
    ],
  },
  {
    name: 'monthly_budget',
    label: 'Monthly ad spend',
    type: 'input',
    mask: 'currency',
    required: true,
    placeholder: '$3,000',
  },
  {
    name: 'targeting',
    label: 'Who to reach',
    type: 'formGroup',
    layout: { type: 'grid', columns: 2 },
    children: [
      {
        name: 'target_locations',
        label: 'Locations',
        type: 'input',
        placeholder: 'Countries, states, cities or a radius around an address',
      },
      { name: 'age_range', label: 'Age range', type: 'input', mode: 'range', inputType: 'number' },
      {
        name: 'interests',
        label: 'Interests and behaviours',
        type: 'textArea',
        optionalLabel: true,
        placeholder: 'e.g. new parents, home owners, follows competitor brands',
      },
    ],
  },
  {
    name: 'tracking',
    label: 'Tracking in place',
    type: 'checkbox',
    options: [
      { label: 'Meta pixel', value: 'meta_pixel' },
      { label: 'Conversions API', value: 'conversions_api' },
      { label: 'Google tag / GA4', value: 'google_tag' },
      { label: 'None yet', value: 'none', unique: true },
      NOT_SURE,
    ],
  },
  {
    name: 'target_cost',
    label: 'Target cost per sale or lead',
    type: 'input',
    mask: 'currency',
    optionalLabel: true,
    placeholder: '$25',
  },
  referencesUpload('Past reports, creatives and brand assets'),
  { name: 'start_date', label: 'When should the ads start?', type: 'date', optionalLabel: true },
];
