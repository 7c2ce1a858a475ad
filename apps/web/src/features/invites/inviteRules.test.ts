import { describe, expect, it } from 'vitest';
import {
  buildInvitePayload,
  canSaveInvite,
  contactOptions,
  includeAfterContactChange,
  isLoginRegisterDisabled,
  parseContactChoice,
} from './inviteRules';

const contacts = [
  { uuid: 'u-1', name: 'Ann Lee', email: 'ann@acme.test' },
  { uuid: 'u-2', name: 'Bob Ray', email: null },
];

describe('invite dialog rules', () => {
  it('offers matching contacts and a typed e-mail nobody has', () => {
    expect(contactOptions(contacts, '').map((o) => o.value)).toEqual(['contact:u-1', 'contact:u-2']);
    expect(contactOptions(contacts, 'bob').map((o) => o.value)).toEqual(['contact:u-2']);
    expect(contactOptions(contacts, 'New@Acme.test').map((o) => o.value)).toEqual(['email:new@acme.test']);
    // An address a contact already has is offered as that contact only.
    expect(contactOptions(contacts, 'ann@acme.test').map((o) => o.value)).toEqual(['contact:u-1']);
    expect(contactOptions(contacts, 'not-an-email')).toEqual([]);
  });

  it('reads the chosen value back', () => {
    expect(parseContactChoice('contact:u-1')).toEqual({ kind: 'contact', uuid: 'u-1' });
    expect(parseContactChoice('email:x@y.test')).toEqual({ kind: 'email', email: 'x@y.test' });
    expect(parseContactChoice('email:nope')).toBeNull();
    expect(parseContactChoice(undefined)).toBeNull();
  });

  it('disables Login/Register for a bare e-mail and falls back to Leadsie', () => {
    const email = parseContactChoice('email:x@y.test');
    const contact = parseContactChoice('contact:u-1');
    expect(isLoginRegisterDisabled(email)).toBe(true);
    expect(isLoginRegisterDisabled(contact)).toBe(false);
    expect(includeAfterContactChange(email, 'login_register')).toBe('leadsie');
    expect(includeAfterContactChange(contact, 'login_register')).toBe('login_register');
  });

  it('enables Save only with a client and a contact', () => {
    expect(canSaveInvite({ customerId: 'c-1', contact: null })).toBe(false);
    expect(canSaveInvite({ customerId: null, contact: { kind: 'email', email: 'x@y.test' } })).toBe(false);
    expect(canSaveInvite({ customerId: 'c-1', contact: { kind: 'email', email: 'x@y.test' } })).toBe(true);
  });

  it('sends the contact as user_id or the e-mail, with the inclusion flags', () => {
    expect(buildInvitePayload('c-1', { kind: 'contact', uuid: 'u-1' }, 'login_register')).toEqual({
      customer_id: 'c-1',
      user_id: 'u-1',
      login_register: true,
      leadsie_manage_link: false,
      leadsie_social_link: false,
    });
    expect(buildInvitePayload('c-1', { kind: 'email', email: 'x@y.test' }, 'leadsie')).toEqual({
      customer_id: 'c-1',
      email: 'x@y.test',
      login_register: false,
      leadsie_manage_link: true,
      leadsie_social_link: true,
    });
  });

  it('sends the services the client bought as inclusion flags beside the Include choice', () => {
    expect(
      buildInvitePayload('c-1', { kind: 'contact', uuid: 'u-1' }, 'leadsie', ['social_media', 'advertising']),
    ).toEqual({
      customer_id: 'c-1',
      user_id: 'u-1',
      social_media: true,
      advertising: true,
      login_register: false,
      leadsie_manage_link: true,
      leadsie_social_link: true,
    });
  });
});
