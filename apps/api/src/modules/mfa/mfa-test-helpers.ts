import { expect } from 'vitest';
import { type BuiltUser, bearer, TEST_PASSWORD } from '../../../test/factories';
import type { TestApp } from '../../../test/test-app';
import { totpCode } from './factors';

export const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Codes are computed a step apart; a test that starts in a step's last seconds waits for the next one. */
export async function awayFromStepEdge(): Promise<void> {
  const intoStep = (Date.now() / 1000) % 30;
  if (intoStep > 26) {
    await new Promise((resolve) => setTimeout(resolve, (30 - intoStep + 0.2) * 1000));
  }
}

/** The code of the step `steps` away from now (an authenticator app whose clock is that far off). */
export const codeAt = (secret: string, steps = 0) => totpCode(secret, nowSeconds() + steps * 30);

/** Enrols the user through the API with the current code; answers the secret and the recovery codes. */
export async function enrol(app: TestApp, user: BuiltUser) {
  await awayFromStepEdge();
  const start = await app.inject({ method: 'POST', url: '/api/mfa/totp', headers: bearer(user.token) });
  expect(start.statusCode, start.body).toBe(200);
  const { secret } = start.json().data as { secret: string };
  const confirm = await app.inject({
    method: 'POST',
    url: '/api/mfa/totp/confirm',
    headers: bearer(user.token),
    payload: { code: await codeAt(secret) },
  });
  expect(confirm.statusCode, confirm.body).toBe(200);
  return { secret, recoveryCodes: confirm.json().data.recovery_codes as string[] };
}

export const login = (app: TestApp, email: string, ip = '203.0.113.7') =>
  app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email, password: TEST_PASSWORD },
    remoteAddress: ip,
  });

export const secondStep = (app: TestApp, challenge: string, code: string, ip = '203.0.113.7') =>
  app.inject({ method: 'POST', url: '/api/login/second-factor', payload: { challenge, code }, remoteAddress: ip });
