import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PERMISSIONS } from '@portal/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactCustomers, contacts, mailOutbox } from '../../src/db/schema';
import { mailSignInLink } from '../../src/modules/auth/sign-in-link';
import { generateToken } from '../../src/modules/auth/tokens';
import { composeInviteMail } from '../../src/modules/invites/invite-mail';
import type { DeliveredMail } from '../../src/modules/mail/mailer';
import { REDACTED, redactSecrets } from '../../src/modules/mail/secrets';
import { runOnboardingDaily } from '../../src/modules/onboarding';
import { composeOnboardingReminder } from '../../src/modules/onboarding/reminder-mail';
import { DEMO_ROLES } from '../../src/seed/roles';
import { bearer, buildCustomer, buildPlan, buildUser } from '../factories';
import { getTestApp } from '../test-app';

/**
 * Issue 17: a manager read the admin's reset link in the e-mail log and took the account over. Every message that
 * carries a one-time secret is stored with it redacted; this file finds every sender in the code base, so a new
 * template cannot be added without being checked here.
 */

let t: Awaited<ReturnType<typeof getTestApp>>;
let admin: Awaited<ReturnType<typeof buildUser>>;
let manager: Awaited<ReturnType<typeof buildUser>>;

beforeAll(async () => {
  t = await getTestApp();
  admin = await buildUser(t.db, { permissions: PERMISSIONS, email: 'super@agency.test' });
  manager = await buildUser(t.db, { permissions: DEMO_ROLES.Manager?.permissions ?? [] });
});
afterAll(() => t.close());

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) {
      return sourceFiles(full);
    }
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [full] : [];
  });
}

/** Files that send mail or compose a message (the mailer itself aside). */
function mailSenders(): string[] {
  return sourceFiles(SRC)
    .filter((file) => /\bmailer\.send\(|\):\s*MailMessage\b|MailMessage\[\]/.test(readFileSync(file, 'utf8')))
    .map((file) => path.relative(SRC, file).split(path.sep).join('/'))
    .filter((file) => file !== 'modules/mail/mailer.ts')
    .sort();
}

/** The secret of a delivered message: the value of its link's token or invite parameter, or an onboarding page's. */
function secretOf(mail: DeliveredMail | undefined): string {
  const value =
    mail?.text.match(/[?&](?:token|invite)=([^&\s]+)/)?.[1] ??
    mail?.text.match(/\/(?:o|approve)\/([A-Za-z0-9_-]+)/)?.[1];
  if (!value) {
    throw new Error(`no secret link in ${mail?.subject}`);
  }
  return decodeURIComponent(value);
}

const post = (url: string, payload: object, token?: string) =>
  t.app.inject({ method: 'POST', url: `/api${url}`, payload, ...(token ? { headers: bearer(token) } : {}) });

/** Each trigger makes its sender mail a fresh address through the app and answers what was delivered. */
const SECRET_SENDERS: Record<string, Record<string, () => Promise<DeliveredMail | undefined>>> = {
  'modules/auth/email-verification.ts': {
    verify_email: async () => {
      const email = `reg-${generateToken().slice(0, 8).toLowerCase()}@example.test`;
      const password = 'a-long-enough-password';
      expect(
        (await post('/register', { name: 'R', email, password, password_confirmation: password })).statusCode,
      ).toBe(200);
      return t.mailbox.lastTo(email);
    },
  },
  'modules/auth/password-reset.ts': {
    password_reset: async () => {
      const user = await buildUser(t.db);
      expect((await post('/forgot-password', { email: user.email })).statusCode).toBe(200);
      return t.mailbox.lastTo(user.email);
    },
    welcome: async () => {
      const email = `new-${generateToken().slice(0, 8).toLowerCase()}@agency.test`;
      const res = await post('/contacts', { name: 'New Staff', email, type: 'regular_user' }, admin.token);
      expect(res.statusCode, res.body).toBe(200);
      return t.mailbox.lastTo(email);
    },
  },
  'modules/auth/sign-in-link.ts': {
    sign_in_link: async () => {
      const user = await buildUser(t.db);
      await mailSignInLink(t.app.ctx, user, { ip: '10.1.2.3' });
      return t.mailbox.lastTo(user.email);
    },
  },
  // The client's content approval link (/approve/{token}, issue 22), mailed to the plan's client contacts.
  'modules/content/approval-mail.ts': {
    content_approval: async () => {
      const client = await buildCustomer(t.db);
      const email = `appr-${generateToken().slice(0, 8).toLowerCase()}@client.test`;
      const [contact] = await t.db.insert(contacts).values({ name: 'Client', email, type: 'contact' }).returning();
      await t.db.insert(contactCustomers).values({ contactId: contact?.id as number, customerId: client.id });
      const plan = await buildPlan(t.db, { customerId: client.id });
      const item = await post('/content-items', { project_uuid: plan.uuid, platform: 'x', caption: 'Hi' }, admin.token);
      expect(item.statusCode, item.body).toBe(200);
      const res = await post(
        '/content-approvals',
        { project_uuid: plan.uuid, content_item_uuids: [item.json().data.uuid] },
        admin.token,
      );
      expect(res.statusCode, res.body).toBe(200);
      return t.mailbox.lastTo(email);
    },
  },
  'modules/invites/invite-commands.ts': {
    invite: async () => {
      const client = await buildCustomer(t.db);
      const email = `inv-${generateToken().slice(0, 8).toLowerCase()}@client.test`;
      const res = await post('/customer-invite', { customer_id: client.uuid, email }, admin.token);
      expect(res.statusCode, res.body).toBe(200);
      return t.mailbox.lastTo(email);
    },
  },
  // The demo seed and the invite routes both mail what composeInviteMail makes.
  'modules/invites/invite-mail.ts': {
    invite: async () => {
      const to = 'seeded@client.test';
      const inclusions = { login_register: true } as Parameters<typeof composeInviteMail>[0]['inclusions'];
      await t.app.ctx.mailer.send(
        composeInviteMail({ appUrl: 'http://portal.test', to, token: generateToken(), businessName: 'X', inclusions }),
      );
      return t.mailbox.lastTo(to);
    },
  },
  // The client's onboarding page link (/o/{token}) in the daily reminder.
  'modules/onboarding/reminder-mail.ts': {
    onboarding_reminder: async () => {
      const to = 'reminded@client.test';
      const token = generateToken();
      await t.app.ctx.mailer.send(
        composeOnboardingReminder({
          to,
          businessName: 'X',
          url: `http://portal.test/o/${token}`,
          token,
          openSteps: [],
        }),
      );
      return t.mailbox.lastTo(to);
    },
  },
  'modules/onboarding/reminders.ts': {
    onboarding_reminder: async () => {
      const client = await buildCustomer(t.db);
      const email = `rem-${generateToken().slice(0, 8).toLowerCase()}@client.test`;
      const res = await post('/customer-invite', { customer_id: client.uuid, email, website: true }, admin.token);
      expect(res.statusCode, res.body).toBe(200);
      await runOnboardingDaily(t.app.ctx, t.app.log, new Date(Date.now() + 30 * 24 * 60 * 60 * 1000));
      return t.mailbox.lastTo(email);
    },
  },
  'seed/demo-contacts.ts': {},
};

/** Senders whose messages carry no secret (notifications, mentions, the log's resend of a non-redacted message). */
const PLAIN_SENDERS = [
  'modules/auth/register.ts',
  'modules/comments/comment-notifications.ts',
  'modules/comments/comment-writes.ts',
  'modules/logs/logs.routes.ts',
  'modules/mfa/admin-reset.ts',
  'modules/notifications/deliver.ts',
];

describe('every e-mail template keeps its secrets out of the e-mail log', () => {
  it('knows every sender in the code base (a new one must be added here)', () => {
    expect(mailSenders()).toEqual([...Object.keys(SECRET_SENDERS), ...PLAIN_SENDERS].sort());
    // The seed mails composeInviteMail's message, checked with the invite-mail entry.
    expect(readFileSync(path.join(SRC, 'seed/demo-contacts.ts'), 'utf8')).toContain('composeInviteMail(');
  });

  it('senders listed as plain make no one-time tokens', () => {
    for (const file of PLAIN_SENDERS) {
      expect(readFileSync(path.join(SRC, file), 'utf8'), file).not.toMatch(/generateToken|[?&](token|invite)=/);
    }
  });

  for (const [file, templates] of Object.entries(SECRET_SENDERS)) {
    for (const [template, trigger] of Object.entries(templates)) {
      it(`${template} (${file}): delivered with its link, stored and shown with the secret redacted`, async () => {
        const delivered = await trigger();
        const secret = secretOf(delivered);
        const [row] = await t.db
          .select()
          .from(mailOutbox)
          .where(eq(mailOutbox.uuid, delivered?.uuid ?? ''));
        expect(row?.template).toBe(template);
        expect(row?.redacted).toBe(true);
        const stored = [row?.subject, row?.textBody, row?.htmlBody].join('\n');
        for (const spelling of [secret, encodeURIComponent(secret), secret.slice(0, 16)]) {
          expect(stored).not.toContain(spelling);
        }
        expect(row?.textBody).toMatch(/[?&](token|invite)=\[redacted\]|\/(?:o|approve)\/\[redacted\]/);
        expect(row?.htmlBody ?? '').not.toMatch(
          /[?&](token|invite)=(?!\[redacted\])|\/(?:o|approve)\/(?!\[redacted\])/,
        );
        // A super user reads every body: still no secret.
        const detail = await t.app.inject({ url: `/api/email-logs/${row?.uuid}`, headers: bearer(admin.token) });
        expect(detail.json().data).toMatchObject({ redacted: true, body_hidden: false });
        expect(detail.body).not.toContain(secret);
        expect(detail.body).toContain(REDACTED);
      });
    }
  }

  it("the invite's second link, the client's onboarding page, is redacted too", async () => {
    const client = await buildCustomer(t.db);
    const email = `onb-${generateToken().slice(0, 8).toLowerCase()}@client.test`;
    expect((await post('/customer-invite', { customer_id: client.uuid, email }, admin.token)).statusCode).toBe(200);
    const delivered = t.mailbox.lastTo(email);
    const page = delivered?.text.match(/\/o\/([A-Za-z0-9_-]+)/)?.[1];
    expect(page).toBeTruthy();
    const [row] = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.uuid, delivered?.uuid ?? ''));
    expect([row?.textBody, row?.htmlBody].join('\n')).not.toContain(page);
    expect(row?.textBody).toContain('/o/[redacted]');
  });

  it('redacts a link token that a sender forgot to declare, and keeps a plain message as sent', async () => {
    const uuid = await t.app.ctx.mailer.send({
      to: 'forgetful@client.test',
      subject: 'A new kind of link',
      text: 'Open http://portal.test/new-thing?id=7&token=s3cr3t-value',
      html: '<a href="http://portal.test/new-thing?id=7&amp;token=s3cr3t-value">open</a>',
    });
    const [row] = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.uuid, uuid ?? ''));
    expect(row?.textBody).toBe('Open http://portal.test/new-thing?id=7&token=[redacted]');
    expect(row?.htmlBody).not.toContain('s3cr3t');
    expect(t.mailbox.lastTo('forgetful@client.test')?.text).toContain('token=s3cr3t-value');

    const plain = { to: 'plain@client.test', subject: 'Task done', text: 'See http://portal.test/tasks?task_uuid=1' };
    const plainUuid = await t.app.ctx.mailer.send(plain);
    const [plainRow] = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.uuid, plainUuid ?? ''));
    expect(plainRow).toMatchObject({ textBody: plain.text, redacted: false });
  });
});

describe('rows logged before redaction existed (migration 0028)', () => {
  it('were redacted by the same parameters the mailer redacts', async () => {
    const migration = readFileSync(path.join(SRC, '../drizzle/0028_mail_outbox_redacted.sql'), 'utf8');
    const pattern = migration.match(/regexp_replace\("text_body", '((?:[^']|'')+)'/)?.[1]?.replace(/''/g, "'");
    expect(pattern).toBeTruthy();
    const samples = [
      'Reset: http://portal.test/reset?token=abc-DEF_123&email=a%40b.test',
      'Verify: http://portal.test/verify-email?token=xyz',
      'Join: http://portal.test/register?invite=q%2Bw',
      '<a href="http://portal.test/new?id=1&amp;token=s3cr3t">open</a>',
      'Task: http://portal.test/tasks?task_uuid=42',
    ];
    for (const sample of samples) {
      const result = await t.db.execute<{ value: string }>(
        sql`select regexp_replace(${sample}::text, ${pattern}::text, ${'\\1[redacted]'}::text, 'g') as value`,
      );
      expect(result.rows[0]?.value, sample).toBe(redactSecrets(sample, []));
    }
  });
});

describe('the reset-link takeover through the e-mail log (issue 17), replayed', () => {
  it('a manager who has EMAIL_LOG_READ finds no usable token for the super user, and nothing read there resets', async () => {
    expect((await post('/forgot-password', { email: admin.email }, undefined)).statusCode).toBe(200);
    const delivered = t.mailbox.lastTo(admin.email);
    const secret = secretOf(delivered);

    const list = await t.app.inject({
      url: `/api/email-logs?search_term=${encodeURIComponent(admin.email)}`,
      headers: bearer(manager.token),
    });
    expect(list.statusCode).toBe(200);
    const row = list.json().data.find((entry: { uuid: string }) => entry.uuid === delivered?.uuid);
    expect(row).toMatchObject({ to: admin.email, template: 'password_reset' });
    expect(list.body).not.toContain(secret);

    const detail = await t.app.inject({ url: `/api/email-logs/${row.uuid}`, headers: bearer(manager.token) });
    expect(detail.statusCode).toBe(200);
    // The super user's mail is another staff member's: the manager gets no body at all.
    expect(detail.json().data).toMatchObject({ body_hidden: true, text: null, html: null });
    expect(detail.body).not.toContain(secret);

    // Whatever can be read anywhere in the log (the super user's own view included) does not reset the password.
    const adminView = await t.app.inject({ url: `/api/email-logs/${row.uuid}`, headers: bearer(admin.token) });
    const readable = adminView.json().data.text as string;
    const candidates = [
      decodeURIComponent(readable.match(/token=([^&\s]+)/)?.[1] ?? ''),
      REDACTED,
      encodeURIComponent(REDACTED),
    ];
    for (const token of candidates) {
      const reset = await post('/reset-password', {
        token,
        email: admin.email,
        password: 'taken-over-password',
        password_confirmation: 'taken-over-password',
      });
      expect(reset.statusCode, token).toBe(422);
    }
    const takeover = await post('/login', { email: admin.email, password: 'taken-over-password' });
    expect(takeover.statusCode).toBe(422);
    // The owner's own link, as delivered, still works.
    const owner = await post('/reset-password', {
      token: secret,
      email: admin.email,
      password: 'the-owner-chooses',
      password_confirmation: 'the-owner-chooses',
    });
    expect(owner.statusCode, owner.body).toBe(200);
  });
});
