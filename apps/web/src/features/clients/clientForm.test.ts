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

  it('waits while a link is not http(s) or a phone is not a full international number', () => {
    expect(canAutosave({ business_name: 'Acme', website: 'javascript:alert(1)' })).toBe(false);
    expect(canAutosave({ business_name: 'Acme', dashboard_link_2: 'ftp://acme.test' })).toBe(false);
    expect(canAutosave({ business_name: 'Acme', phone: 'call reception' })).toBe(false);
    expect(canAutosave({ business_name: 'Acme', website: 'https://acme.test', phone: '+1 415 555 0144' })).toBe(true);
  });
});

describe('client notes images', () => {
  const image = (uuid: string) => ({ insert: { image: `/api/uploads/${uuid}` } });
  const A = '3f2c1a9e-8d4b-4c7a-9f1e-2b6d5c4a3e21';
  const B = '0b6f7a2c-1d3e-4f5a-8b9c-0d1e2f3a4b5c';
  const base = { business_name: 'Acme', notes: 'See', notes_delta: { ops: [{ insert: 'See\n' }] } };

  it('sends the images of the notes as the client’s uploads, and an empty list once they are removed', () => {
    const withImages = {
      ...base,
      notes_delta: { ops: [{ insert: 'See' }, image(A), image(B), image(A), { insert: '\n' }] },
    };
    expect(changedClientFields(base, withImages).uploads).toEqual([A, B]);
    expect(
      changedClientFields(withImages, { ...base, notes: 'Seen', notes_delta: { ops: [{ insert: 'Seen\n' }] } }).uploads,
    ).toEqual([]);
  });
});
