import { describe, expect, it } from 'vitest';
import { inviteToAccept, inviteTokenFrom } from './inviteToken';

describe('inviteTokenFrom', () => {
  it('reads the invite parameter of /register and /login addresses', () => {
    expect(inviteTokenFrom('?invite=abc%2B1')).toBe('abc+1');
    expect(inviteTokenFrom('?invite=%20')).toBeNull();
    expect(inviteTokenFrom('')).toBeNull();
  });
});

describe('inviteToAccept', () => {
  it('accepts the invite of the address a signed-in user leaves', () => {
    expect(inviteToAccept('?invite=tok', new Set())).toBe('tok');
  });

  it('skips an invite this tab already used (sent with the registration, or accepted before)', () => {
    expect(inviteToAccept('?invite=tok', new Set(['tok']))).toBeNull();
    expect(inviteToAccept('?invite=other', new Set(['tok']))).toBe('other');
  });

  it('has nothing to do without an invite parameter', () => {
    expect(inviteToAccept('?next=/clients', new Set())).toBeNull();
  });
});
