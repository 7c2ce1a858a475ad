import type { RequestForm } from '@portal/domain';
import { BRAND_TONES, deadline, projectBrief, referencesUpload } from './common';

export const aiMarketingContentForm: RequestForm = [
  projectBrief('What should the content achieve, and what does the AI need to know about your business?'),
  {
    name: 'content_types',
    label: 'Content to create (up to 3)',
    type: 'checkbox',
    mode: 'square',
    max: 3,
    required: true,
    layout: { type: 'grid', columns: 3 },
    options: [
      { label: 'Blog articles', value: 'blog_articles', icon: 'ReadOutlined' },
      { label: 'Social captions', value: 'social_captions', icon: 'MessageOutlined' },
      { label: 'Ad copy', value: 'ad_copy', icon: 'NotificationOutlined' },
      { label: 'Email copy', value: 'email_copy', icon: 'MailOutlined' },
      { label: 'Product descriptions', value: 'product_descriptions', icon: 'TagsOutlined' },
      { label: 'AI images', value: 'ai_images', icon: 'PictureOutlined' },
      { label: 'AI video', value: 'ai_video', icon: 'VideoCameraOutlined' },
    ],
  },
  {
    name: 'piece_count',
    label: 'How many pieces?',
    type: 'input',
    inputType: 'number',
    required: true,
    placeholder: 'e.g. 10',
  },
  {
    name: 'article_length',
    label: 'Article length',
    type: 'select',
    marginX: true,
    visible: { field: 'content_types', values: ['blog_articles'] },
    options: [
      { label: 'About 500 words', value: '500' },
      { label: 'About 1,000 words', value: '1000' },
      { label: 'About 1,500 words', value: '1500' },
      { label: '2,000 words or more', value: '2000_plus' },
    ],
  },
  {
    name: 'keywords',
    label: 'Search keywords to target',
    type: 'textArea',
    optionalLabel: true,
    marginX: true,
    visible: { field: 'content_types', values: ['blog_articles'] },
  },
  {
    name: 'visual_style',
    label: 'Visual style',
    type: 'radio',
    mode: 'pill',
    marginX: true,
    visible: { field: 'content_types', values: ['ai_images', 'ai_video'] },
    options: [
      { label: 'Photorealistic', value: 'photorealistic' },
      { label: 'Illustrated', value: 'illustrated' },
      { label: '3D render', value: '3d_render' },
      { label: 'Match our brand', value: 'brand_matched' },
    ],
  },
  { name: 'tone', label: 'Voice', type: 'checkbox', mode: 'pill', max: 2, options: BRAND_TONES },
  {
    name: 'review_level',
    label: 'Human editing',
    type: 'radio',
    options: [
      { label: 'Edited and fact-checked by our team', value: 'agency_edits' },
      { label: 'Raw drafts, we edit ourselves', value: 'raw_drafts' },
    ],
  },
  referencesUpload('Samples of your writing, product sheets and brand guidelines'),
  deadline(),
];
