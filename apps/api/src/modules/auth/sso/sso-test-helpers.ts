import { expect } from 'vitest';
import type { TestApp } from '../../../../test/test-app';

/** The browser's side of the provider: a cookie jar and manual redirects, as a browser follows them. */
class ProviderBrowser {
  private readonly cookies = new Map<string, string>();

  async request(url: string, init: { method?: string; form?: Record<string, string> } = {}): Promise<Response> {
    const headers: Record<string, string> = {
      cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
    };
    let body: string | undefined;
    if (init.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(init.form).toString();
    }
    const response = await fetch(url, { method: init.method ?? 'GET', headers, body, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...value] = (pair ?? '').split('=');
      if (name) {
        this.cookies.set(name.trim(), value.join('='));
      }
    }
    return response;
  }
}

/** Follows the provider's redirects until one leaves it (to our callback); answers that address. */
async function followAtProvider(browser: ProviderBrowser, start: Response, issuer: string): Promise<URL> {
  let response = start;
  for (let hop = 0; hop < 10; hop += 1) {
    const location = response.headers.get('location');
    expect(location, `provider answered ${response.status}`).toBeTruthy();
    const next = new URL(location ?? '', issuer);
    if (next.origin !== issuer) {
      return next;
    }
    response = await browser.request(next.href);
    if (response.status === 200) {
      return next;
    }
  }
  throw new Error('too many redirects at the provider');
}

export type SsoRun = {
  /** The authorization URL our start answered (tests may tamper with it before it is followed). */
  authorizationUrl: URL;
  /** Our cookie binding the attempt to this browser. */
  binding: string;
};

/** GET /api/sso/start as the browser does: the redirect to the provider and the attempt's cookie. */
export async function startSso(app: TestApp): Promise<SsoRun> {
  const start = await app.inject({ url: '/api/sso/start' });
  expect(start.statusCode, start.body).toBe(302);
  const cookie = String(start.headers['set-cookie'] ?? '');
  const binding = /portal_sso=([^;]+)/.exec(cookie)?.[1] ?? '';
  expect(cookie).toContain('HttpOnly');
  return { authorizationUrl: new URL(String(start.headers.location)), binding };
}

/**
 * Signs in at the provider's login page as `email` (the dev login page takes the e-mail as login, any password)
 * and answers the callback address the provider sends the browser to.
 */
export async function signInAtProvider(run: SsoRun, issuer: string, email: string): Promise<URL> {
  const browser = new ProviderBrowser();
  const loginPage = await followAtProvider(browser, await browser.request(run.authorizationUrl.href), issuer);
  expect(loginPage.pathname).toMatch(/^\/interaction\//);
  const submitted = await browser.request(loginPage.href, {
    method: 'POST',
    form: { prompt: 'login', login: email, password: 'anything' },
  });
  return followAtProvider(browser, submitted, issuer);
}

/** Our callback with the provider's answer, in the browser holding `binding`. */
export function callback(app: TestApp, url: URL, binding: string | null) {
  return app.inject({
    url: `${url.pathname}${url.search}`,
    headers: binding === null ? {} : { cookie: `portal_sso=${binding}` },
  });
}

/** The whole browser walk: start, sign in at the provider, our callback. */
export async function ssoAs(app: TestApp, issuer: string, email: string) {
  const run = await startSso(app);
  const back = await signInAtProvider(run, issuer, email);
  return callback(app, back, run.binding);
}

/** The hand-off code in the callback's redirect to /sign-in/sso, or the error code of /login?sso_error=… */
export function landing(location: string | string[] | undefined) {
  const url = new URL(String(location));
  return { path: url.pathname, token: url.searchParams.get('token'), error: url.searchParams.get('sso_error') };
}

export const exchange = (app: TestApp, token: string) =>
  app.inject({ method: 'POST', url: '/api/sso/exchange', payload: { token } });
