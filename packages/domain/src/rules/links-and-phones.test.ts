import { describe, expect, it } from 'vitest';
import { contactUpdateSchema } from '../contracts/contacts';
import { customerInputSchema, customerUpdateSchema } from '../contracts/customers';
import { MESSAGES } from '../messages';
import { isHttpUrl, safeHttpUrl, toE164Phone } from './links-and-phones';

describe('isHttpUrl', () => {
  it('accepts absolute http and https addresses with a host', () => {
    for (const ok of ['https://example.com', 'http://example.com/a?b=c#d', 'https://dash.example.com:8443/x']) {
      expect(isHttpUrl(ok), ok).toBe(true);
    }
  });

  it('refuses script and other schemes, relative paths, credentials and hidden whitespace', () => {
    for (const bad of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'mailto:someone@example.com',
      'ftp://example.com',
      '//example.com',
      '/dashboard',
      'example.com',
      'https://user:pass@example.com',
      'https://exa mple.com',
      'http://',
      '',
    ]) {
      expect(isHttpUrl(bad), bad).toBe(false);
    }
  });
});

describe('safeHttpUrl (read-time guard for stored rows)', () => {
  it('gives back an http(s) address and null for anything that must not become a link', () => {
    expect(safeHttpUrl('https://example.com/x')).toBe('https://example.com/x');
    expect(safeHttpUrl('javascript:alert(document.cookie)')).toBeNull();
    expect(safeHttpUrl(null)).toBeNull();
    expect(safeHttpUrl(undefined)).toBeNull();
  });
});

describe('toE164Phone', () => {
  it('stores international input as E.164', () => {
    expect(toE164Phone('+1 415 555 0144')).toBe('+14155550144');
    expect(toE164Phone('+1 (415) 555-0144')).toBe('+14155550144');
    expect(toE164Phone(' +44 20 7946 0958 ')).toBe('+442079460958');
    expect(toE164Phone('+14155550144')).toBe('+14155550144');
  });

  it('refuses free text, numbers without a country code and impossible numbers', () => {
    for (const bad of ['call me', '<script>', '415 555 0144', '+1 555 0100', '+1', '+999 123', 'tel:+14155550144']) {
      expect(toE164Phone(bad), bad).toBeNull();
    }
  });
});

describe('the client and contact contracts', () => {
  it('refuse a javascript: website or dashboard link with the URL message', () => {
    for (const field of ['website', 'dashboard_link_1', 'dashboard_link_2'] as const) {
      const result = customerUpdateSchema.safeParse({ [field]: 'javascript:alert(1)' });
      expect(result.success, field).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(MESSAGES.invalidUrl);
    }
  });

  it('store http(s) links trimmed, a blank link as null, and phones as E.164', () => {
    const parsed = customerInputSchema.parse({
      business_name: 'Acme',
      website: ' https://acme.test ',
      dashboard_link_1: '',
      phone: '+1 415 555 0144',
    });
    expect(parsed).toMatchObject({ website: 'https://acme.test', dashboard_link_1: null, phone: '+14155550144' });
    expect(contactUpdateSchema.parse({ phone: '+1 (415) 555-0199' }).phone).toBe('+14155550199');
    expect(contactUpdateSchema.parse({ phone: '' }).phone).toBeNull();
  });

  it('refuse a free-text phone with the phone message', () => {
    const result = contactUpdateSchema.safeParse({ phone: 'ring the bell' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(MESSAGES.invalidPhone);
  });
});
