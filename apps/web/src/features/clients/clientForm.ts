import { type Customer, type CustomerInput, uploadIdsInDelta } from '@portal/domain';
import { type RichTextDelta, sameDelta, toDelta } from '../../components/RichTextEditor/delta';
import { invalidLinkOrPhone } from '../../pages/linkAndPhoneRules';

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
export type ClientFormValues = Partial<Record<ClientFormField, string | null>> & {
  /** The Notes editor's document; `notes` holds its plain text. */
  notes_delta?: RichTextDelta;
};

export const AUTOSAVE_DELAY_MS = 800;

function normalise(value: unknown): string {
  return typeof value === 'string' ? value.trim() : value === null || value === undefined ? '' : String(value);
}

/** The form's starting values for a loaded client. */
export function clientFormValues(customer: Customer): ClientFormValues {
  const values = Object.fromEntries(CLIENT_FORM_FIELDS.map((field) => [field, customer[field] ?? '']));
  return { ...values, notes_delta: toDelta(customer.notes_delta, customer.notes) } as ClientFormValues;
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
    if (field === 'notes') {
      // Formatting alone (bold, a list) changes the delta but not the text: both count as an edit.
      const deltaChanged = current.notes_delta !== undefined && !sameDelta(current.notes_delta, saved.notes_delta);
      if (next !== normalise(saved.notes) || deltaChanged) {
        changes.notes = next;
        changes.notes_delta = current.notes_delta ?? notesDelta(next);
        // The notes' images are the client's uploads (replaced as a whole): sent whenever there are or were some.
        const images = uploadIdsInDelta(changes.notes_delta);
        if (images.length || uploadIdsInDelta(saved.notes_delta).length) {
          changes.uploads = images;
        }
      }
      continue;
    }
    if (next === normalise(saved[field])) {
      continue;
    }
    if (field === 'business_name' || field === 'status') {
      changes[field] = next;
    } else {
      changes[field] = next === '' ? null : next;
    }
  }
  return changes as Partial<CustomerInput>;
}

/** A plain-text delta, for notes whose editor document is not at hand. */
export function notesDelta(text: string): { ops: { insert: string }[] } {
  return { ops: [{ insert: text.endsWith('\n') ? text : `${text}\n` }] };
}

/** Whether a save is required before the form's values count as valid for the autosave. */
export function canAutosave(values: ClientFormValues): boolean {
  const links = [values.website, values.dashboard_link_1, values.dashboard_link_2];
  return (
    normalise(values.business_name) !== '' &&
    !invalidLinkOrPhone('phone', values.phone) &&
    !links.some((link) => invalidLinkOrPhone('url', link))
  );
}

/** The form's values without the notes, which a saved client edits as a shared document (CollaborativeNotes). */
export function withoutNotes(values: ClientFormValues): ClientFormValues {
  const { notes: _notes, notes_delta: _delta, ...rest } = values;
  return rest;
}
