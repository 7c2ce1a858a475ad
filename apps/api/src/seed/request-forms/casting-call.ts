import type { RequestForm } from '@portal/domain';
import { projectBrief, referencesUpload } from './common';

export const castingCallForm: RequestForm = [
  projectBrief('What is the production, and what part will the talent play in it?'),
  {
    name: 'talent_type',
    label: 'Talent needed',
    type: 'checkbox',
    mode: 'pill',
    required: true,
    options: [
      { label: 'Actors', value: 'actors' },
      { label: 'Models', value: 'models' },
      { label: 'Voice-over artists', value: 'voice' },
      { label: 'Influencers / creators', value: 'creators' },
      { label: 'Extras', value: 'extras' },
    ],
  },
  {
    name: 'roles',
    label: 'Roles',
    type: 'textArea',
    required: true,
    placeholder: 'One per line: age range, look, skills, lines',
  },
  { name: 'shoot_dates', label: 'Shoot dates', type: 'date', mode: 'range' },
  { name: 'talent_budget', label: 'Budget per person', type: 'input', mask: 'currency', optionalLabel: true },
  {
    name: 'usage_rights',
    label: 'Where will the footage be used?',
    type: 'checkbox',
    options: [
      { label: 'Organic social', value: 'social' },
      { label: 'Paid ads', value: 'paid_ads' },
      { label: 'Website', value: 'website' },
      { label: 'TV / broadcast', value: 'broadcast' },
    ],
  },
  referencesUpload('Mood board and references'),
];
