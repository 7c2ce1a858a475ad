import type { Customer, CustomerInput } from '@portal/domain';

/** The fields the client form edits (notes live in the Notes tab and autosave the same way). */
export const CLIENT_FORM_FIELDS = [
  'business_name',
  'status',
  'abbreviation',
  'phone',
  'email',
  'website',
  'dashboard_link_1',
  'dashboard_link_2',
  'notes',
] as const;
export type ClientFormField = (typeof CLIENT_FORM_FIELDS)[number];
export type ClientFormValues = Partial<Record<ClientFormField, string | null>>;

export const AUTOSAVE_DELAY_MS = 800;

function normalise(value: unknown): string {
  return typeof value === 'string' ? value.trim() : value === null || value === undefined ? '' : String(value);
}

/** The form's starting values for a loaded client. */
export function clientFormValues(customer: Customer): ClientFormValues {
  return Object.fromEntries(CLIENT_FORM_FIELDS.map((field) => [field, customer[field] ?? ''])) as ClientFormValues;
}

/**
 * What an autosave sends: only fields whose value differs from what was last saved. Empty optional fields go as
 * null; notes travel with their delta.
 */
export function changedClientFields(saved: ClientFormValues, current: ClientFormValues): Partial<CustomerInput> {
  const changes: Record<string, unknown> = {};
  for (const field of CLIENT_FORM_FIELDS) {
    if (!(field in current)) {
      continue;
    }
    const next = normalise(current[field]);
    if (next === normalise(saved[field])) {
      continue;
    }
    if (field === 'business_name' || field === 'status') {
      changes[field] = next;
    } else if (field === 'notes') {
      changes.notes = next;
      changes.notes_delta = notesDelta(next);
    } else {
      changes[field] = next === '' ? null : next;
    }
  }
  return changes as Partial<CustomerInput>;
}

/**
 * Notes are plain text for now; notes_delta carries the same text as a minimal editor delta so the collaborative
 * editor of a later issue can open existing notes.
 */
export function notesDelta(text: string): { ops: { insert: string }[] } {
  return { ops: [{ insert: text.endsWith('\n') ? text : `${text}\n` }] };
}

/** Whether a save is required before the form's values count as valid for the autosave. */
export function canAutosave(values: ClientFormValues): boolean {
  return normalise(values.business_name) !== '';
}
