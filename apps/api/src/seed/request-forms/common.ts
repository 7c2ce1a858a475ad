import type { Question, QuestionOption } from '@portal/domain';

/** Questions several request forms share, written once so their wording stays the same everywhere. */

/** Every form starts with the brief (doc 2 §2, §3): rich text, needed only when the request is submitted. */
export function projectBrief(placeholder: string): Question {
  return { name: 'project_brief', label: 'Project brief', type: 'textEditor', submitRequired: true, placeholder };
}

export function referencesUpload(label = 'References, brand assets and examples you like'): Question {
  return { name: 'references', label, type: 'upload', optionalLabel: true };
}

export function deadline(label = 'When do you need it?'): Question {
  return { name: 'deadline', label, type: 'date', optionalLabel: true };
}

/** The answer for people who would rather leave the choice to the agency; it excludes every other option. */
export const NOT_SURE: QuestionOption = { label: 'Not sure — recommend for me', value: 'not_sure', unique: true };

export const SOCIAL_PLATFORMS: QuestionOption[] = [
  { label: 'Instagram', value: 'instagram', icon: 'InstagramOutlined' },
  { label: 'Facebook', value: 'facebook', icon: 'FacebookOutlined' },
  { label: 'TikTok', value: 'tiktok', icon: 'TikTokOutlined' },
  { label: 'LinkedIn', value: 'linkedin', icon: 'LinkedinOutlined' },
  { label: 'X (Twitter)', value: 'x', icon: 'XOutlined' },
  { label: 'Pinterest', value: 'pinterest', icon: 'PinterestOutlined' },
  { label: 'YouTube', value: 'youtube', icon: 'YoutubeOutlined' },
];

export const BRAND_TONES: QuestionOption[] = [
  { label: 'Friendly', value: 'friendly' },
  { label: 'Professional', value: 'professional' },
  { label: 'Bold', value: 'bold' },
  { label: 'Playful', value: 'playful' },
  { label: 'Luxurious', value: 'luxurious' },
  { label: 'Informative', value: 'informative' },
  { label: 'Inspiring', value: 'inspiring' },
];

export const YES_NO: QuestionOption[] = [
  { label: 'Yes', value: 'yes' },
  { label: 'No', value: 'no' },
];
