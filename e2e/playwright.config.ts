import { defineConfig, devices } from '@playwright/test';

// A port chosen once per run (workers inherit the environment of the runner that evaluated this first), so a
// server some other run left on a fixed port cannot block this one.
process.env.E2E_PORT ??= String(20_000 + Math.floor(Math.random() * 10_000));
export const E2E_PORT = Number(process.env.E2E_PORT);
// 0: the app picks a free port for its embedded PostgreSQL, so a server left by another run cannot block this one.
export const E2E_PG_PORT = Number(process.env.E2E_PG_PORT ?? 0);
// The writing assistant talks to a fake chat-completions server that specs needing it start on this port
// (tests/fake-ai.ts); elsewhere nothing listens there and the assistant simply reports the provider unreachable.
// Below Linux's ephemeral range (32768–60999): an outgoing connection of the app or the browser can hold any port
// in that range as its local end, and then the fake server cannot listen there (EADDRINUSE, seen in CI).
process.env.E2E_AI_PORT ??= String(10_000 + Math.floor(Math.random() * 10_000));
export const E2E_AI_PORT = Number(process.env.E2E_AI_PORT);
// Single sign-on: sso.spec.ts starts a real OpenID Connect provider (apps/api/test/oidc-provider.ts) on this port
// (the same range, for the same reason); the app discovers it only when someone starts a single sign-on.
process.env.E2E_OIDC_PORT ??= String(10_000 + Math.floor(Math.random() * 10_000));
export const E2E_OIDC_PORT = Number(process.env.E2E_OIDC_PORT);
// Google Calendar: integrations.spec.ts starts a local server speaking Google's OAuth and Calendar v3
// (apps/api/test/google-fake.ts) on this port; elsewhere nothing listens there and Google only shows as configured.
process.env.E2E_GOOGLE_PORT ??= String(10_000 + Math.floor(Math.random() * 10_000));
export const E2E_GOOGLE_PORT = Number(process.env.E2E_GOOGLE_PORT);

/**
 * The app runs as `npm start` runs it (web built if stale, API + embedded PostgreSQL), on a data directory that is
 * wiped first, so every run starts from the demo workspace. Chromium is Debian's (/usr/bin/chromium).
 */
export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    ...devices['Desktop Chrome'],
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    trace: 'retain-on-failure',
    // The browser asks for reduced motion, as some people's devices do: the app then drops antd's animations
    // (AppTheme). Every drawer, modal and menu is at rest at once instead of being waited for, and on this two-core
    // machine the software-composited animation frames were much of the browser's work (a task journey ran a
    // quarter faster). a11y.spec.ts keeps the animations, as most devices show them.
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      // Without these, Chromium keeps trying to reach Google services, which this closed network refuses.
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'rm -rf ../data-e2e && node ../scripts/start.mjs',
    url: `http://127.0.0.1:${E2E_PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 240_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      DATA_DIR: 'data-e2e',
      // Secret links reach the tests as they reach a recipient; the e-mail log keeps them redacted.
      MAIL_PICKUP_DIR: 'data-e2e/mail-pickup',
      // The tests' own requests may name a client address (X-Forwarded-For) to act as many addresses
      // (sign-in-link.spec.ts); the browser sends none, so its address stays the socket's.
      TRUST_PROXY: '127.0.0.1',
      PORT: String(E2E_PORT),
      EMBEDDED_PG_PORT: String(E2E_PG_PORT),
      APP_URL: `http://127.0.0.1:${E2E_PORT}`,
      // Passkeys need a host name (an IP address cannot be a relying party): passkeys.spec.ts opens the app on
      // localhost, every other spec on 127.0.0.1.
      WEBAUTHN_RP_ID: 'localhost',
      WEBAUTHN_ORIGINS: `http://localhost:${E2E_PORT}`,
      LOG_LEVEL: 'warn',
      AI_BASE_URL: `http://127.0.0.1:${E2E_AI_PORT}/v1`,
      AI_MODEL: 'e2e-fake-model',
      // SMS counts as configured, so the dashboard may offer its notice (sms-prompt.spec.ts); nothing listens on the
      // discard port, so a text someone opts into is refused and logged, never sent.
      SMS_API_URL: 'http://127.0.0.1:9',
      SMS_ACCOUNT_SID: 'AC-e2e',
      SMS_AUTH_TOKEN: 'e2e-token',
      SMS_FROM: '+15550009999',
      // The specs' selections are a few small files, which in production stream back at once; 0 sends every one
      // through the job, so files and table-downloads walk the bell and the zip's ready page. The at-once zip is
      // covered by mass-download-at-once.test.ts.
      MASS_DOWNLOAD_AT_ONCE_MAX_BYTES: '0',
      // Single sign-on is on (the login page shows its button) with the test provider of sso.spec.ts; SSO only for
      // staff stays off, so every other spec signs the demo accounts in with their passwords.
      SSO_ISSUER: `http://127.0.0.1:${E2E_OIDC_PORT}`,
      SSO_CLIENT_ID: 'agency-portal',
      SSO_CLIENT_SECRET: 'test-client-secret-that-is-long-enough',
      SSO_ALLOWED_DOMAINS: 'agency.test,sso-jit.test',
      SSO_JIT_DOMAINS: 'sso-jit.test',
      SSO_LABEL: 'Sign in with Test Workspace',
      SSO_TEST_HTTP_ISSUER: 'true',
      // Stripe is never called: billing.spec.ts only sends signed webhooks; a stray call lands on the discard port.
      STRIPE_API_BASE_URL: 'http://127.0.0.1:9',
      // Webhooks may call a receiver the tests run on 127.0.0.1 (webhooks.spec.ts); test configuration only.
      OUTBOUND_ALLOW_HOSTS: '127.0.0.1',
      // The fake's own client (apps/api/test/google-fake.ts), on the port above: nothing calls the real Google.
      GOOGLE_CLIENT_ID: 'portal-test.apps.googleusercontent.test',
      GOOGLE_CLIENT_SECRET: 'fake-google-client-secret',
      GOOGLE_AUTH_URL: `http://127.0.0.1:${E2E_GOOGLE_PORT}/o/oauth2/v2/auth`,
      GOOGLE_OAUTH_BASE_URL: `http://127.0.0.1:${E2E_GOOGLE_PORT}`,
      GOOGLE_API_BASE_URL: `http://127.0.0.1:${E2E_GOOGLE_PORT}`,
    },
  },
});
