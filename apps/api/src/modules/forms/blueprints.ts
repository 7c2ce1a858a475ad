import { type FormBlueprint, type FormQuestion, requestFormSchema } from '@portal/domain';
import { asc, eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { requestTypes } from '../../db/schema';

const text = (name: string, label: string, extra: Partial<FormQuestion> = {}): FormQuestion => ({
  name,
  label,
  type: 'input',
  ...extra,
});
const longText = (name: string, label: string, extra: Partial<FormQuestion> = {}): FormQuestion => ({
  name,
  label,
  type: 'textArea',
  ...extra,
});
const choice = (name: string, label: string, options: string[], extra: Partial<FormQuestion> = {}): FormQuestion => ({
  name,
  label,
  type: 'radio',
  mode: 'pill',
  options: options.map((o) => ({ label: o, value: o.toLowerCase().replace(/[^a-z0-9]+/g, '_') })),
  ...extra,
});
const many = (name: string, label: string, options: string[], extra: Partial<FormQuestion> = {}) =>
  choice(name, label, options, { type: 'checkbox', mode: 'square', ...extra });
const yesNo = (name: string, label: string) => choice(name, label, ['Yes', 'No']);
const files = (name: string, label: string): FormQuestion => ({ name, label, type: 'upload', optionalLabel: true });

/**
 * The ready-made forms (issue 20). Question names that match the new-client form (business_name, email, phone,
 * website) let an answer convert into a client; names shared with the request questionnaires fill a request.
 */
const BUILTIN: FormBlueprint[] = [
  {
    key: 'client_information',
    name: 'Client information',
    description: 'Company details and the people we work with.',
    source: 'builtin',
    questions: [
      text('business_name', 'Company name', { required: true }),
      text('contact_name', 'Your name', { required: true }),
      text('email', 'E-mail', { inputType: 'email', required: true }),
      text('phone', 'Phone', { inputType: 'tel', optionalLabel: true }),
      text('website', 'Website', { inputType: 'url', optionalLabel: true }),
      longText('address', 'Billing address', { optionalLabel: true }),
      choice('preferred_contact', 'How should we reach you?', ['E-mail', 'Phone', 'Video call']),
    ],
  },
  {
    key: 'brand_questionnaire',
    name: 'Brand questionnaire',
    description: 'Who the brand speaks to and how it should feel.',
    source: 'builtin',
    questions: [
      text('business_name', 'Company name', { required: true }),
      longText('mission', 'What does your company do, in one or two sentences?', { required: true }),
      longText('audience', 'Who are your customers?', { required: true }),
      many('tone', 'How should the brand feel?', ['Playful', 'Premium', 'Friendly', 'Bold', 'Minimal'], { max: 3 }),
      longText('competitors', 'Competitors and brands you admire', { optionalLabel: true }),
      yesNo('has_logo', 'Do you already have a logo?'),
      files('logo_files', 'Logo files'),
      files('brand_guide', 'Brand guide and fonts'),
    ],
  },
  {
    key: 'website_brief',
    name: 'Website brief',
    description: 'Goals, pages and the technical starting point of a new website.',
    source: 'builtin',
    questions: [
      text('business_name', 'Company name', { required: true, step: { index: 0, title: 'About you' } }),
      text('website', 'Current website', {
        inputType: 'url',
        optionalLabel: true,
        step: { index: 0, title: 'About you' },
      }),
      many('goals', 'What should the site achieve?', ['Sell online', 'Generate leads', 'Inform', 'Book appointments'], {
        step: { index: 1, title: 'Goals' },
      }),
      text('pages', 'How many pages?', { mode: 'range', optionalLabel: true, step: { index: 1, title: 'Goals' } }),
      yesNo('has_domain', 'Do you own a domain?'),
      text('domain', 'Domain', { required: true, visible: { field: 'has_domain', values: ['yes'] } }),
      text('budget', 'Budget', { mask: 'currency', optionalLabel: true }),
      { name: 'launch_date', label: 'Ideal launch date', type: 'date', optionalLabel: true },
      files('references', 'Sites or designs you like'),
    ],
  },
  {
    key: 'social_media_access',
    name: 'Social media access',
    description: 'Which accounts we manage and how we get access.',
    source: 'builtin',
    questions: [
      many('platforms', 'Which platforms do you use?', ['Facebook', 'Instagram', 'LinkedIn', 'TikTok', 'X', 'YouTube']),
      text('facebook_page', 'Facebook page address', {
        inputType: 'url',
        required: true,
        visible: { field: 'platforms', values: ['facebook'] },
      }),
      text('instagram_handle', 'Instagram handle', {
        required: true,
        visible: { field: 'platforms', values: ['instagram'] },
      }),
      yesNo('access_granted', 'Have you added us as page admin?'),
      longText('access_notes', 'Anything we should know about access?', { optionalLabel: true }),
    ],
  },
  {
    key: 'advertising_account_access',
    name: 'Advertising account access',
    description: 'Ad accounts, budgets and who approves spend.',
    source: 'builtin',
    questions: [
      many('ad_platforms', 'Where do you advertise?', ['Google Ads', 'Meta Ads', 'LinkedIn Ads', 'TikTok Ads']),
      text('google_ads_id', 'Google Ads customer ID', {
        required: true,
        visible: { field: 'ad_platforms', values: ['google_ads'] },
      }),
      text('meta_ad_account', 'Meta ad account ID', {
        required: true,
        visible: { field: 'ad_platforms', values: ['meta_ads'] },
      }),
      text('monthly_budget', 'Monthly ad budget', { mask: 'currency', optionalLabel: true }),
      text('approver_email', 'Who approves spend? (e-mail)', { inputType: 'email', optionalLabel: true }),
    ],
  },
  {
    key: 'feedback_nps',
    name: 'Feedback (NPS)',
    description: 'How likely a client is to recommend us, and why.',
    source: 'builtin',
    questions: [
      {
        name: 'score',
        label: 'How likely are you to recommend us to a friend or colleague?',
        type: 'radio',
        mode: 'square',
        required: true,
        options: Array.from({ length: 11 }, (_, i) => ({ label: String(i), value: String(i) })),
      },
      longText('reason', 'What is the main reason for your score?', { optionalLabel: true }),
      longText('improve', 'What could we do better?', { optionalLabel: true }),
    ],
  },
];

export function builtinBlueprint(key: string): FormBlueprint | undefined {
  return BUILTIN.find((b) => b.key === key);
}

/** A request type's blueprint is keyed by its id, so an answer to a form made from it converts into that type. */
export const requestTypeBlueprintKey = (id: number) => `request_type_${id}`;

/** Every blueprint: the built-in ones, then one per enabled request type (its questionnaire, validated). */
export async function listBlueprints(db: DbExecutor): Promise<FormBlueprint[]> {
  const types = await db
    .select({
      id: requestTypes.id,
      name: requestTypes.name,
      description: requestTypes.description,
      form: requestTypes.form,
    })
    .from(requestTypes)
    .where(eq(requestTypes.disabled, false))
    .orderBy(asc(requestTypes.sortOrder), asc(requestTypes.id));
  const fromTypes = types.flatMap((type): FormBlueprint[] => {
    const form = requestFormSchema.safeParse(type.form);
    return form.success && form.data.length > 0
      ? [
          {
            key: requestTypeBlueprintKey(type.id),
            name: type.name,
            description: type.description ?? `The ${type.name} request questionnaire.`,
            source: 'request_type',
            questions: form.data,
          },
        ]
      : [];
  });
  return [...BUILTIN, ...fromTypes];
}

/** A blueprint by key, with the request type it was built from (for the form's default conversion). */
export async function findBlueprint(
  db: DbExecutor,
  key: string,
): Promise<{ blueprint: FormBlueprint; requestTypeId: number | null } | undefined> {
  const builtin = builtinBlueprint(key);
  if (builtin) {
    return { blueprint: builtin, requestTypeId: null };
  }
  const match = /^request_type_(\d{1,9})$/.exec(key);
  if (!match) {
    return undefined;
  }
  const id = Number(match[1]);
  const found = (await listBlueprints(db)).find((b) => b.key === key);
  return found ? { blueprint: found, requestTypeId: id } : undefined;
}
