import type { RequestForm } from '@portal/domain';
import { projectBrief, referencesUpload } from './common';

export const locationRentalsForm: RequestForm = [
  projectBrief('What are you shooting or hosting, and what should the place feel like?'),
  {
    name: 'location_type',
    label: 'Kind of place',
    type: 'radio',
    mode: 'square',
    required: true,
    options: [
      { label: 'Photo or video studio', value: 'studio' },
      { label: 'Home or apartment', value: 'residential' },
      { label: 'Office or shop', value: 'commercial' },
      { label: 'Outdoors', value: 'outdoor' },
      { label: 'Event venue', value: 'venue' },
    ],
  },
  { name: 'area', label: 'City or area', type: 'input', required: true },
  { name: 'rental_dates', label: 'Dates', type: 'date', mode: 'range', required: true },
  { name: 'crew_size', label: 'People on site', type: 'input', inputType: 'number', placeholder: 'e.g. 8' },
  {
    name: 'requirements',
    label: 'Must-haves',
    type: 'checkbox',
    mode: 'pill',
    options: [
      { label: 'Natural light', value: 'natural_light' },
      { label: 'Parking', value: 'parking' },
      { label: 'Power for lighting', value: 'power' },
      { label: 'Step-free access', value: 'step_free' },
      { label: 'Changing room', value: 'changing_room' },
    ],
  },
  { name: 'rental_budget', label: 'Budget', type: 'input', mask: 'currency', optionalLabel: true },
  referencesUpload('Photos of places you like'),
];
