import { describe, expect, it } from 'vitest';
import { canAutosave, changedClientFields, notesDelta } from './clientForm';

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
