import { describe, expect, it } from 'vitest';
import { invalidLinkOrPhone, linkHref } from './linkAndPhoneRules';

describe('linkHref', () => {
  it('links http(s) addresses and old scheme-less host names, never a script or other scheme', () => {
    expect(linkHref('https://acme.test/x')).toBe('https://acme.test/x');
    expect(linkHref('acme.test')).toBe('https://acme.test');
    expect(linkHref('javascript:alert(document.cookie)')).toBeNull();
    expect(linkHref('JAVASCRIPT:alert(1)')).toBeNull();
    expect(linkHref('data:text/html,<script>alert(1)</script>')).toBeNull();
    expect(linkHref('java\tscript:alert(1)')).toBeNull();
    expect(linkHref(null)).toBeNull();
  });
});

describe('invalidLinkOrPhone', () => {
  it('holds back values the API refuses and lets blanks and good values through', () => {
    expect(invalidLinkOrPhone('url', 'javascript:alert(1)')).toBe(true);
    expect(invalidLinkOrPhone('url', 'https://acme.test')).toBe(false);
    expect(invalidLinkOrPhone('url', '')).toBe(false);
    expect(invalidLinkOrPhone('phone', 'call me')).toBe(true);
    expect(invalidLinkOrPhone('phone', '+1 415 555 0144')).toBe(false);
    expect(invalidLinkOrPhone('phone', null)).toBe(false);
  });
});
