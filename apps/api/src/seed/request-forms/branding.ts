import type { Question, QuestionStep, RequestForm } from '@portal/domain';
import { BRAND_TONES, NOT_SURE, projectBrief } from './common';

/** Branding is the multi-step wizard variant: five pages, the "Current brand" page skipped for a brand-new brand. */
const STEPS = {
  brief: { index: 0, title: 'The brief' },
  business: { index: 1, title: 'Your business' },
  current: { index: 2, title: 'Current brand' },
  deliverables: { index: 3, title: 'Deliverables' },
  timing: { index: 4, title: 'Timing and budget' },
} satisfies Record<string, QuestionStep>;

const onStep = (step: QuestionStep, questions: Question[]): Question[] =>
  questions.map((q, i) => (i === 0 ? { ...q, step } : q));

const hasBrand = { field: 'branding_scope', values: ['refresh', 'extension'] };

export const brandingForm: RequestForm = [
  ...onStep(STEPS.brief, [
    projectBrief('Why now? Tell us what the brand should stand for and what is not working today.'),
    {
      name: 'branding_scope',
      label: 'What are we doing?',
      type: 'radio',
      mode: 'square',
      required: true,
      options: [
        { label: 'A brand-new brand', value: 'new_brand', icon: 'StarOutlined' },
        { label: 'Refresh our current brand', value: 'refresh', icon: 'SyncOutlined' },
        { label: 'Extend it (sub-brand, product line)', value: 'extension', icon: 'BranchesOutlined' },
      ],
    },
  ]),
  ...onStep(STEPS.business, [
    {
      name: 'business_name',
      label: 'Business or brand name',
      type: 'input',
      required: true,
    },
    { name: 'tagline', label: 'Tagline', type: 'input', optionalLabel: true },
    {
      name: 'audience',
      label: 'Who are your customers?',
      type: 'textArea',
      submitRequired: true,
      placeholder: 'Who they are, what they need, why they choose you',
    },
    {
      name: 'brand_personality',
      label: 'Brand personality (up to 3)',
      type: 'checkbox',
      mode: 'pill',
      max: 3,
      options: [...BRAND_TONES, { label: 'Minimal', value: 'minimal' }, { label: 'Traditional', value: 'traditional' }],
    },
    {
      name: 'competitors',
      label: 'Competitors, and how you want to differ',
      type: 'textArea',
      optionalLabel: true,
    },
  ]),
  ...onStep(STEPS.current, [
    {
      name: 'current_brand_files',
      label: 'Upload your current logo and brand guidelines',
      type: 'upload',
      visible: hasBrand,
    },
    {
      name: 'keep_elements',
      label: 'What must stay?',
      type: 'checkbox',
      mode: 'pill',
      visible: hasBrand,
      options: [
        { label: 'Name', value: 'name' },
        { label: 'Logo symbol', value: 'symbol' },
        { label: 'Colours', value: 'colors' },
        { label: 'Fonts', value: 'fonts' },
        { label: 'Nothing — start fresh', value: 'nothing', unique: true },
      ],
    },
  ]),
  ...onStep(STEPS.deliverables, [
    {
      name: 'deliverables',
      label: 'What do you need?',
      type: 'checkbox',
      mode: 'square',
      required: true,
      layout: { type: 'grid', columns: 3 },
      options: [
        { label: 'Logo', value: 'logo', icon: 'FontColorsOutlined' },
        { label: 'Colour palette', value: 'color_palette', icon: 'BgColorsOutlined' },
        { label: 'Typography', value: 'typography', icon: 'FontSizeOutlined' },
        { label: 'Brand guidelines', value: 'brand_guidelines', icon: 'BookOutlined' },
        { label: 'Business cards', value: 'business_cards', icon: 'IdcardOutlined' },
        { label: 'Social media kit', value: 'social_kit', icon: 'InstagramOutlined' },
        { label: 'Stationery', value: 'stationery', icon: 'MailOutlined' },
      ],
    },
    {
      name: 'logo_types',
      label: 'Logo style (up to 2)',
      type: 'checkbox',
      mode: 'pill',
      max: 2,
      marginX: true,
      visible: { field: 'deliverables', values: ['logo'] },
      options: [
        { label: 'Wordmark', value: 'wordmark' },
        { label: 'Lettermark (initials)', value: 'lettermark' },
        { label: 'Symbol', value: 'symbol' },
        { label: 'Symbol and name', value: 'combination' },
        NOT_SURE,
      ],
    },
  ]),
  ...onStep(STEPS.timing, [
    { name: 'deadline', label: 'When do you need it?', type: 'date', optionalLabel: true },
    {
      name: 'budget',
      label: 'Budget',
      type: 'input',
      mask: 'currency',
      optionalLabel: true,
      placeholder: '$5,000',
    },
    { name: 'references', label: 'Brands you love', type: 'upload', optionalLabel: true },
  ]),
];
