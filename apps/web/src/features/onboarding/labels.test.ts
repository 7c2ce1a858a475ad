import type { Requirement } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { historyLine, reorderWrites, requirementsOf, statusAfterTick } from './labels';

const req = (uuid: string, position: number, inclusion: Requirement['inclusion'] = 'website'): Requirement => ({
  uuid,
  inclusion,
  name: uuid,
  kind: 'text',
  instructions: null,
  link: null,
  link_url: null,
  position,
});

describe('requirements order', () => {
  it('lists one inclusion’s requirements by position', () => {
    const list = [req('b', 1), req('x', 0, 'advertising'), req('a', 0)];
    expect(requirementsOf(list, 'website').map((r) => r.uuid)).toEqual(['a', 'b']);
  });

  it('writes only the positions a move changes', () => {
    const list = [req('a', 0), req('b', 1), req('c', 2), req('d', 3)];
    expect(reorderWrites(list, 2, 1)).toEqual([
      { uuid: 'c', position: 1 },
      { uuid: 'b', position: 2 },
    ]);
    expect(reorderWrites(list, 1, 1)).toEqual([]);
  });

  it('renumbers a list whose positions had gaps', () => {
    const list = [req('a', 0), req('b', 5), req('c', 9)];
    expect(reorderWrites(list, 0, 2)).toEqual([
      { uuid: 'b', position: 0 },
      { uuid: 'c', position: 1 },
      { uuid: 'a', position: 2 },
    ]);
  });
});

describe('history lines', () => {
  const base = { uuid: 'h', subject: 'Domain login', created_at: '2026-11-27T10:00:00.000Z' };
  it('names the person, the client, or nobody for the system', () => {
    expect(
      historyLine({ ...base, action: 'credential_revealed', actor: { uuid: 'p', name: 'Ann Lee' }, by_client: false }),
    ).toBe('Ann Lee revealed the credential “Domain login”');
    expect(historyLine({ ...base, action: 'item_submitted', actor: null, by_client: true })).toBe(
      'The client handed in “Domain login”',
    );
    expect(historyLine({ ...base, subject: null, action: 'reminder_sent', actor: null, by_client: false })).toBe(
      'A reminder was sent',
    );
  });
});

describe('ticking an item', () => {
  it('marks it done, and unticked goes back to handed in when the client gave something, else to do', () => {
    expect(statusAfterTick({ has_value: false, files: [] }, true)).toBe('done');
    expect(statusAfterTick({ has_value: true, files: [] }, false)).toBe('submitted');
    expect(statusAfterTick({ has_value: false, files: [{} as never] }, false)).toBe('submitted');
    expect(statusAfterTick({ has_value: false, files: [] }, false)).toBe('todo');
  });
});
