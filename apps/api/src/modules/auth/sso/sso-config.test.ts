import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config';

const base = {
  NODE_ENV: 'test',
  SSO_ISSUER: 'https://accounts.example.com',
  SSO_CLIENT_ID: 'portal',
  SSO_CLIENT_SECRET: 'secret-value',
  SSO_ALLOWED_DOMAINS: 'Agency.example, partner.example',
} as const;

describe('single sign-on settings', () => {
  it('is off without SSO_ISSUER, and on with lower-cased domains and the documented defaults', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).sso).toBeNull();
    expect(loadConfig({ ...base }).sso).toMatchObject({
      allowedDomains: ['agency.example', 'partner.example'],
      jitDomains: [],
      jitRole: 'freelancer',
      onlyForStaff: false,
      label: 'Sign in with single sign-on',
      allowHttpIssuer: false,
    });
  });

  it('stops the server on a half-made setting', () => {
    expect(() => loadConfig({ ...base, SSO_CLIENT_SECRET: undefined })).toThrow(/SSO_CLIENT_SECRET/);
    expect(() => loadConfig({ ...base, SSO_ALLOWED_DOMAINS: '' })).toThrow(/SSO_ALLOWED_DOMAINS/);
    expect(() => loadConfig({ ...base, SSO_JIT_DOMAINS: 'elsewhere.example' })).toThrow(/SSO_JIT_DOMAINS/);
    expect(() => loadConfig({ NODE_ENV: 'test', SSO_ONLY_FOR_STAFF: 'true' })).toThrow(/SSO_ONLY_FOR_STAFF/);
  });

  it('takes an http issuer only on this machine and only when the test setting says so', () => {
    expect(() => loadConfig({ ...base, SSO_ISSUER: 'http://127.0.0.1:9999' })).toThrow(/https/);
    expect(() => loadConfig({ ...base, SSO_ISSUER: 'http://idp.example.com', SSO_TEST_HTTP_ISSUER: 'true' })).toThrow(
      /https/,
    );
    const local = loadConfig({ ...base, SSO_ISSUER: 'http://127.0.0.1:9999', SSO_TEST_HTTP_ISSUER: 'true' });
    expect(local.sso?.allowHttpIssuer).toBe(true);
  });
});
