import type { Customer } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { canAutosave, changedClientFields, clientFormValues, notesDelta } from './clientForm';

describe('changedClientFields', () => {
  const saved = { business_name: 'Acme', status: 'active', phone: '123', website: '', notes: '' };

  it('sends only the fields that changed', () => {
    expect(changedClientFields(saved, { ...saved, phone: '456' })).toEqual({ phone: '456' });
    expect(changedClientFields(saved, { ...saved })).toEqual({});
  });

  it('ignores surrounding spaces and sends a cleared optional field as null', () => {
    expect(changedClientFields(saved, { ...saved, business_name: ' Acme ' })).toEqual({});
    expect(changedClientFields(saved, { ...saved, phone: '' })).toEqual({ phone: null });
  });

  it('sends notes with their delta', () => {
    expect(changedClientFields(saved, { ...saved, notes: 'Call on Mondays' })).toEqual({
      notes: 'Call on Mondays',
      notes_delta: { ops: [{ insert: 'Call on Mondays\n' }] },
    });
  });
});

describe('rich-text notes', () => {
  const saved = { business_name: 'Acme', status: 'active', notes: '' };
  const bold = { ops: [{ insert: 'Call', attributes: { bold: true } }, { insert: '\n' }] };
  const plain = { ops: [{ insert: 'Call\n' }] };

  it('sends the editor delta with its plain text', () => {
    expect(
      changedClientFields({ ...saved, notes_delta: plain }, { ...saved, notes: 'Call', notes_delta: bold }),
    ).toEqual({ notes: 'Call', notes_delta: bold });
  });

  it('counts a formatting-only change as an edit, but not the key order the database returns', () => {
    const withText = { ...saved, notes: 'Call' };
    expect(changedClientFields({ ...withText, notes_delta: plain }, { ...withText, notes_delta: bold })).toEqual({
      notes: 'Call',
      notes_delta: bold,
    });
    const reordered = { ops: [{ attributes: { bold: true }, insert: 'Call' }, { insert: '\n' }] };
    expect(changedClientFields({ ...withText, notes_delta: reordered }, { ...withText, notes_delta: bold })).toEqual(
      {},
    );
  });

  it('opens stored notes: a plain {ops:[{insert}]} delta, or only the text', () => {
    const customer = {
      uuid: 'u',
      business_name: 'Acme',
      status: 'active' as const,
      abbreviation: null,
      phone: null,
      email: null,
      website: null,
      dashboard_link_1: null,
      dashboard_link_2: null,
      notes: 'Call',
      notes_delta: { ops: [{ insert: 'Call\n' }] },
      uploads: [],
      created_at: '',
      updated_at: '',
    } satisfies Customer;
    expect(clientFormValues(customer).notes_delta).toEqual(plain);
    expect(clientFormValues({ ...customer, notes_delta: null }).notes_delta).toEqual(plain);
  });
});

describe('notesDelta', () => {
  it('ends the text with one newline, as editor deltas do', () => {
    expect(notesDelta('a\n')).toEqual({ ops: [{ insert: 'a\n' }] });
    expect(notesDelta('')).toEqual({ ops: [{ insert: '\n' }] });
  });
});

describe('canAutosave', () => {
  it('waits for a company name', () => {
    expect(canAutosave({ business_name: '  ' })).toBe(false);
    expect(canAutosave({ business_name: 'Acme' })).toBe(true);
  });
});
