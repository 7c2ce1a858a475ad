import type { RequestForm } from '@portal/domain';
import { deadline, projectBrief, referencesUpload } from './common';

export const presentationDesignForm: RequestForm = [
  projectBrief('Who is the audience, what is the one message they should remember, and who presents it?'),
  {
    name: 'presentation_purpose',
    label: 'Purpose',
    type: 'radio',
    mode: 'square',
    required: true,
    layout: { type: 'grid', columns: 3 },
    options: [
      { label: 'Sales pitch', value: 'sales_pitch', icon: 'DollarOutlined' },
      { label: 'Investor deck', value: 'investor', icon: 'FundOutlined' },
      { label: 'Internal meeting', value: 'internal', icon: 'TeamOutlined' },
      { label: 'Conference talk', value: 'conference', icon: 'SoundOutlined' },
      { label: 'Training', value: 'training', icon: 'ReadOutlined' },
      { label: 'Report', value: 'report', icon: 'BarChartOutlined' },
    ],
  },
  {
    name: 'slide_count',
    label: 'Number of slides',
    type: 'select',
    options: [
      { label: 'Up to 10', value: 'up_to_10' },
      { label: '11–20', value: '11_20' },
      { label: '21–40', value: '21_40' },
      { label: 'More than 40', value: 'over_40' },
    ],
  },
  {
    name: 'starting_point',
    label: 'Starting point',
    type: 'radio',
    options: [
      { label: 'Redesign an existing deck', value: 'existing_deck' },
      { label: 'I have an outline or notes', value: 'outline' },
      { label: 'Start from scratch', value: 'from_scratch' },
    ],
  },
  {
    name: 'source_files',
    label: 'Upload the deck or outline',
    type: 'upload',
    // Not required while the upload flow (doc 2 §7 create-pre-signed-url) does not exist: it would block Submit.
    marginX: true,
    visible: { field: 'starting_point', values: ['existing_deck', 'outline'] },
  },
  {
    name: 'software',
    label: 'Software',
    type: 'radio',
    mode: 'pill',
    options: [
      { label: 'PowerPoint', value: 'powerpoint' },
      { label: 'Google Slides', value: 'google_slides' },
      { label: 'Keynote', value: 'keynote' },
      { label: 'Canva', value: 'canva' },
      { label: 'PDF only', value: 'pdf_only' },
    ],
  },
  {
    name: 'aspect_ratio',
    label: 'Slide format',
    type: 'radio',
    mode: 'pill',
    options: [
      { label: 'Widescreen 16:9', value: '16_9' },
      { label: 'Standard 4:3', value: '4_3' },
    ],
  },
  {
    name: 'extras',
    label: 'Extras',
    type: 'checkbox',
    layout: { type: 'grid', columns: 3 },
    options: [
      { label: 'Custom icons', value: 'custom_icons' },
      { label: 'Charts from our data', value: 'charts' },
      { label: 'Infographics', value: 'infographics' },
      { label: 'Animations and transitions', value: 'animations' },
      { label: 'Speaker notes', value: 'speaker_notes' },
    ],
  },
  referencesUpload('Brand template, logo and decks you like'),
  deadline('When do you present?'),
];
