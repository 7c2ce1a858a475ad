import type { RequestForm } from '@portal/domain';
import { BRAND_TONES, NOT_SURE, projectBrief, referencesUpload, SOCIAL_PLATFORMS } from './common';

export const socialMediaManagementForm: RequestForm = [
  projectBrief('Tell us about your brand, your followers today and what you want social media to do for you.'),
  {
    name: 'platforms',
    label: 'Accounts to manage',
    type: 'checkbox',
    mode: 'pill',
    required: true,
    options: [...SOCIAL_PLATFORMS, NOT_SURE],
  },
  {
    name: 'account_handles',
    label: 'Links to your accounts',
    type: 'textArea',
    optionalLabel: true,
    placeholder: 'One per line',
  },
  {
    name: 'posts_per_week',
    label: 'Posts per week',
    type: 'select',
    options: [
      { label: '1–2', value: '1_2' },
      { label: '3–4', value: '3_4' },
      { label: '5–7', value: '5_7' },
      { label: 'More than one a day', value: 'daily_plus' },
    ],
  },
  {
    name: 'content_mix',
    label: 'Content you want most (up to 3)',
    type: 'checkbox',
    mode: 'square',
    max: 3,
    layout: { type: 'grid', columns: 3 },
    options: [
      { label: 'Tips and education', value: 'educational' },
      { label: 'Products and offers', value: 'promotional' },
      { label: 'Behind the scenes', value: 'behind_the_scenes' },
      { label: 'Customer stories', value: 'user_generated' },
      { label: 'Trends and entertainment', value: 'entertainment' },
      { label: 'Company news', value: 'news' },
    ],
  },
  {
    name: 'content_source',
    label: 'Photos and videos',
    type: 'radio',
    options: [
      { label: 'We send them regularly', value: 'client_provides' },
      { label: 'Create them for us', value: 'agency_creates' },
      { label: 'A mix', value: 'mix' },
    ],
  },
  {
    name: 'community_management',
    label: 'Should we reply to comments and messages?',
    type: 'radio',
    options: [
      { label: 'Comments and direct messages', value: 'comments_and_messages' },
      { label: 'Comments only', value: 'comments_only' },
      { label: 'No, we handle replies', value: 'no' },
    ],
  },
  {
    name: 'response_hours',
    label: 'Hours to cover',
    type: 'formGroup',
    layout: { type: 'row' },
    marginX: true,
    visible: { field: 'community_management', values: ['comments_and_messages', 'comments_only'] },
    children: [
      { name: 'response_from', label: 'From', type: 'date', mode: 'time' },
      { name: 'response_until', label: 'Until', type: 'date', mode: 'time' },
    ],
  },
  { name: 'tone', label: 'Brand voice', type: 'checkbox', mode: 'pill', max: 3, options: BRAND_TONES },
  {
    name: 'competitors',
    label: 'Accounts you admire or compete with',
    type: 'textArea',
    optionalLabel: true,
    placeholder: '@brand — what you like about them',
  },
  referencesUpload('Logo, brand guidelines and recent content'),
  { name: 'start_date', label: 'When should we start posting?', type: 'date', optionalLabel: true },
];
