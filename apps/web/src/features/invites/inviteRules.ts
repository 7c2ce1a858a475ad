import { type Contact, EMAIL_PATTERN, type InviteCreateInput, type InviteInclusion } from '@portal/domain';

/** POST customer-invite with its inclusion flags (the contract's inferred type drops them). */
export type InvitePayload = InviteCreateInput & Partial<Record<InviteInclusion, boolean>>;

/**
 * The invite dialog's contact field holds an existing contact of the client ('contact:<uuid>') or an e-mail typed
 * in ('email:<address>'), see contactOptions.
 */
export type ContactChoice = { kind: 'contact'; uuid: string } | { kind: 'email'; email: string };

export type IncludeChoice = 'login_register' | 'leadsie';

export function parseContactChoice(value: string | undefined | null): ContactChoice | null {
  if (!value) {
    return null;
  }
  if (value.startsWith('contact:')) {
    return { kind: 'contact', uuid: value.slice('contact:'.length) };
  }
  if (value.startsWith('email:')) {
    const email = value.slice('email:'.length).trim();
    return EMAIL_PATTERN.test(email) ? { kind: 'email', email } : null;
  }
  return null;
}

export interface ContactOption {
  value: string;
  label: string;
}

/**
 * The client's contacts matching what is typed, plus the typed text itself as an e-mail choice when it looks like
 * an address that no listed contact has.
 */
export function contactOptions(contacts: readonly Pick<Contact, 'uuid' | 'name' | 'email'>[], typed: string) {
  const term = typed.trim().toLowerCase();
  const matching = contacts.filter(
    (c) => !term || c.name.toLowerCase().includes(term) || (c.email ?? '').toLowerCase().includes(term),
  );
  const options: ContactOption[] = matching.map((c) => ({
    value: `contact:${c.uuid}`,
    label: c.email ? `${c.name} <${c.email}>` : c.name,
  }));
  const known = contacts.some((c) => (c.email ?? '').toLowerCase() === term);
  if (term && EMAIL_PATTERN.test(term) && !known) {
    options.push({ value: `email:${term}`, label: term });
  }
  return options;
}

/** Login/Register cannot be chosen for a bare e-mail (doc 1 §5): there is no contact to attach a login to yet. */
export function isLoginRegisterDisabled(choice: ContactChoice | null): boolean {
  return choice?.kind === 'email';
}

/** The Include choice after the contact changed: a bare e-mail forces Leadsie. */
export function includeAfterContactChange(choice: ContactChoice | null, current: IncludeChoice): IncludeChoice {
  return isLoginRegisterDisabled(choice) ? 'leadsie' : current;
}

/** Save stays disabled until a contact is given (and a client, unless the dialog was opened for one). */
export function canSaveInvite(input: { customerId?: string | null; contact: ContactChoice | null }): boolean {
  return Boolean(input.customerId) && input.contact !== null;
}

/**
 * What the client bought and what the onboarding sends them (issue 20): each ticked inclusion decides which
 * onboarding steps and requirements apply once the invite starts the client's onboarding.
 */
export const INVITE_SERVICE_CHOICES = [
  { value: 'social_media', label: 'Social media' },
  { value: 'creative_package', label: 'Creative package' },
  { value: 'video_production', label: 'Video production' },
  { value: 'website', label: 'Website' },
  { value: 'advertising', label: 'Advertising' },
] as const satisfies readonly { value: InviteInclusion; label: string }[];

export const INVITE_EXTRA_CHOICES = [
  { value: 'welcome_kit', label: 'Welcome kit' },
  { value: 'schedule_call_link', label: 'Schedule-call link' },
] as const satisfies readonly { value: InviteInclusion; label: string }[];

export function buildInvitePayload(
  customerId: string,
  contact: ContactChoice,
  include: IncludeChoice,
  inclusions: readonly InviteInclusion[] = [],
): InvitePayload {
  const leadsie = include === 'leadsie';
  return {
    customer_id: customerId,
    ...(contact.kind === 'contact' ? { user_id: contact.uuid } : { email: contact.email }),
    ...Object.fromEntries(inclusions.map((inclusion) => [inclusion, true])),
    login_register: !leadsie,
    leadsie_manage_link: leadsie,
    leadsie_social_link: leadsie,
  };
}
