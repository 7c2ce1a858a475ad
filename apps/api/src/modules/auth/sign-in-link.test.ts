import { MESSAGES } from '@portal/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildUser, TEST_PASSWORD } from '../../../test/factories';
import { getTestApp, type TestApp } from '../../../test/test-app';
import { mailOutbox, users } from '../../db/schema';
import type { DeliveredMail } from '../mail/mailer';
import { DEFAULT_AUTH_RATE_LIMITS } from './rate-limiter';
import { SIGN_IN_LINK_MINUTES } from './sign-in-link';

// The real limits (10 per account and address, a ceiling of 100), without the pauses that make a test slow; and the
// same shape scaled down (a ceiling of 4) where the size of the attack is not what is tested.
let app: TestApp;
let small: TestApp;
let db: Awaited<ReturnType<typeof getTestApp>>['db'];
let smallDb: typeof db;
const closers: (() => Promise<void>)[] = [];
let mail: DeliveredMail[] = [];

beforeAll(async () => {
  const real = await getTestApp({ rateLimits: { ...DEFAULT_AUTH_RATE_LIMITS, loginDelayMs: () => 0 } });
  const scaled = await getTestApp({
    rateLimits: {
      ...DEFAULT_AUTH_RATE_LIMITS,
      loginPerAccountIp: { limit: 2, windowSeconds: 900 },
      loginPerAccount: { limit: 4, windowSeconds: 900 },
      loginDelayMs: () => 0,
    },
  });
  ({ app, db } = real);
  small = scaled.app;
  smallDb = scaled.db;
  closers.push(real.close, scaled.close);
  // Both apps' deliveries (links and all: the e-mail log keeps them redacted), in order.
  for (const mailbox of [real.mailbox, scaled.mailbox]) {
    const deliver = mailbox.deliver.bind(mailbox);
    mailbox.deliver = (message) => {
      mail.push(message);
      deliver(message);
    };
  }
});
afterEach(() => {
  mail = [];
  vi.useRealTimers();
});
afterAll(async () => {
  for (const close of closers) {
    await close();
  }
});

const login = (email: string, password: string, ip: string, target = app) =>
  target.inject({ method: 'POST', url: '/api/login', payload: { email, password }, remoteAddress: ip });
const followLink = (token: string, ip = '10.60.0.1', target = app) =>
  target.inject({ method: 'POST', url: '/api/sign-in-link', payload: { token }, remoteAddress: ip });

function linkTokenTo(email: string): string {
  const link = mail.findLast((message) => message.to === email && message.text.includes('/sign-in-link?token='));
  const token = link?.text.match(/http:\/\/portal\.test\/sign-in-link\?token=([^\s&]+)/)?.[1];
  if (!token) {
    throw new Error(`no sign-in link mailed to ${email}`);
  }
  return decodeURIComponent(token);
}

/** The review's attack: 11 addresses, 10 wrong guesses each, past the account-wide ceiling of 100. */
async function guessFromElevenAddresses(email: string, network: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let address = 1; address <= 11; address++) {
    for (let guess = 0; guess < 10; guess++) {
      statuses.push((await login(email, 'wrong-password', `10.${network}.${address}.1`)).statusCode);
    }
  }
  return statuses;
}

/** Past the scaled-down ceiling: 5 wrong guesses, 2 or 1 from each address. */
async function pastSmallCeiling(email: string, network: number): Promise<void> {
  for (let i = 0; i < 5; i++) {
    expect((await login(email, 'wrong-password', `10.${network}.${Math.floor(i / 2)}.1`, small)).statusCode).toBe(
      i < 4 ? 422 : 202,
    );
  }
}

describe('past the account-wide guess ceiling a new device proves itself with an e-mailed link', () => {
  it('lets the owner in on a new address after 11 addresses guessed 10 times each; guessers learn nothing', async () => {
    const owner = await buildUser(db);
    const statuses = await guessFromElevenAddresses(owner.email, 61);
    expect(statuses.slice(0, 100).every((status) => status === 422)).toBe(true);

    const attempt = await login(owner.email, TEST_PASSWORD, '10.62.0.1');
    expect(attempt.statusCode, attempt.body).toBe(202);
    expect(attempt.json()).toEqual({ message: MESSAGES.signInLinkSent, sign_in_link_sent: true });

    const signedIn = await followLink(linkTokenTo(owner.email), '10.62.0.1');
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().data).toMatchObject({ uuid: owner.uuid, email: owner.email });
    const session = await app.inject({
      url: '/api/user',
      headers: { authorization: `Bearer ${signedIn.json().data.auth_token}` },
    });
    expect(session.statusCode).toBe(200);
    // That device is known now: its next sign-in with the password needs no link.
    expect((await login(owner.email, TEST_PASSWORD, '10.62.0.1')).statusCode).toBe(200);

    // A guess past the ceiling answers exactly as the right password did, and mails nothing.
    mail = [];
    const guess = await login(owner.email, 'another-wrong-one', '10.63.0.1');
    expect(guess.statusCode).toBe(202);
    expect(guess.json()).toEqual(attempt.json());
    expect(mail).toEqual([]);
    // Guesses are still counted: the per-address limit stops that address.
    for (let i = 0; i < 9; i++) {
      await login(owner.email, 'another-wrong-one', '10.63.0.1');
    }
    expect((await login(owner.email, TEST_PASSWORD, '10.63.0.1')).statusCode).toBe(429);
  }, 120_000);

  it('signs in once: the link is single-use and the e-mail log never shows its token', async () => {
    const owner = await buildUser(smallDb);
    await pastSmallCeiling(owner.email, 65);
    expect((await login(owner.email, TEST_PASSWORD, '10.66.0.1', small)).statusCode).toBe(202);
    const token = linkTokenTo(owner.email);
    const [logged] = await smallDb
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, owner.email), eq(mailOutbox.template, 'sign_in_link')));
    expect(logged).toBeDefined();
    for (const body of [logged?.textBody ?? '', logged?.htmlBody ?? '']) {
      expect(body).toContain('/sign-in-link?token=');
      expect(body).not.toContain(encodeURIComponent(token));
    }

    expect((await followLink(token, '10.66.0.1', small)).statusCode).toBe(200);
    const again = await followLink(token, '10.66.0.2', small);
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({ code: 'invalid_sign_in_link', message: MESSAGES.signInLinkInvalid });
  });

  it(`expires after ${SIGN_IN_LINK_MINUTES} minutes`, async () => {
    const owner = await buildUser(smallDb);
    await pastSmallCeiling(owner.email, 67);
    expect((await login(owner.email, TEST_PASSWORD, '10.68.0.1', small)).statusCode).toBe(202);
    const token = linkTokenTo(owner.email);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + (SIGN_IN_LINK_MINUTES + 1) * 60_000);
    expect((await followLink(token, '10.68.0.1', small)).statusCode).toBe(422);
  });

  it('stops working when the password changes', async () => {
    const owner = await buildUser(smallDb);
    await pastSmallCeiling(owner.email, 69);
    expect((await login(owner.email, TEST_PASSWORD, '10.70.0.1', small)).statusCode).toBe(202);
    await smallDb.update(users).set({ passwordHash: 'changed-elsewhere' }).where(eq(users.id, owner.id));
    expect((await followLink(linkTokenTo(owner.email), '10.70.0.1', small)).statusCode).toBe(422);
  });

  it('signs in a self-registered account whose address was not verified yet, and verifies it', async () => {
    const owner = await buildUser(smallDb);
    await smallDb.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, owner.id));
    await pastSmallCeiling(owner.email, 73);
    const attempt = await login(owner.email, TEST_PASSWORD, '10.74.0.1', small);
    expect(attempt.statusCode, attempt.body).toBe(202);
    expect((await followLink(linkTokenTo(owner.email), '10.74.0.1', small)).statusCode).toBe(200);
    const [row] = await smallDb.select().from(users).where(eq(users.id, owner.id));
    expect(row?.emailVerifiedAt).not.toBeNull();
  });

  it('mails at most 3 links per account in a window, answering the same', async () => {
    const owner = await buildUser(smallDb);
    await pastSmallCeiling(owner.email, 71);
    for (let i = 0; i < 4; i++) {
      expect((await login(owner.email, TEST_PASSWORD, `10.72.${i}.1`, small)).statusCode).toBe(202);
    }
    expect(mail.filter((message) => message.to === owner.email)).toHaveLength(3);
  });
});
