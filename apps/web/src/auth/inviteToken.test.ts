import { describe, expect, it } from 'vitest';
import { inviteTokenFrom } from './inviteToken';

describe('inviteTokenFrom', () => {
  it('reads the invite parameter of /register and /login addresses', () => {
    expect(inviteTokenFrom('?invite=abc%2B1')).toBe('abc+1');
    expect(inviteTokenFrom('?invite=%20')).toBeNull();
    expect(inviteTokenFrom('')).toBeNull();
  });
});
