import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** An event as the fake calendar holds it. */
export type FakeEvent = {
  id: string;
  summary?: string;
  start?: { date?: string };
  end?: { date?: string };
  status?: string;
};

export type FakeGoogle = {
  /** Base URLs for GOOGLE_AUTH_URL, GOOGLE_OAUTH_BASE_URL and GOOGLE_API_BASE_URL. */
  authUrl: string;
  oauthBaseUrl: string;
  apiBaseUrl: string;
  clientId: string;
  clientSecret: string;
  /** The account's address, which is its primary calendar's id. */
  email: string;
  /** Calendar id → event id → event. */
  calendars: Map<string, Map<string, FakeEvent>>;
  /** Every form posted to the token endpoint, in order. */
  tokenRequests: Record<string, string>[];
  /** Tokens posted to the revoke endpoint. */
  revoked: string[];
  /** Calendar calls by method and path, in order ("POST /calendar/v3/calendars/x/events"). */
  calls: string[];
  /** Every access and refresh token handed out, so tests can look for them where they must not be. */
  issued: string[];
  /** When true, a refresh answers with a new refresh token too (Google may rotate it). */
  rotateOnRefresh: boolean;
  /** Makes every access token handed out so far invalid (answers 401), as an expired one is. */
  expireAccessTokens: () => void;
  /** Answers the next calendar call matching this method with this status (once). */
  failNext: (method: string, status: number) => void;
  close: () => Promise<void>;
};

const SECOND_CALENDAR = 'team-deadlines@group.calendar.google.test';

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => resolve(body));
  });
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

const token = (prefix: string) => `${prefix}-${randomBytes(16).toString('hex')}`;

/**
 * A local HTTP server speaking the parts of Google's protocols the app uses, for the API tests and the end-to-end
 * run (nothing calls the real Google): the authorize page (which consents at once and redirects back with a code),
 * the token endpoint (authorization code with PKCE S256 checked, refresh token), the revoke endpoint, and Calendar
 * v3's calendarList.list and events insert/patch/delete/list. Access tokens are checked on every calendar call.
 */
export async function startFakeGoogle(options: { port?: number } = {}): Promise<FakeGoogle> {
  const clientId = 'portal-test.apps.googleusercontent.test';
  const clientSecret = 'fake-google-client-secret';
  const email = 'pat.organizer@gmail.test';
  const codes = new Map<string, { challenge: string; redirectUri: string }>();
  const accessTokens = new Set<string>();
  const refreshTokens = new Set<string>();
  const failures: { method: string; status: number }[] = [];
  const fake: Omit<FakeGoogle, 'authUrl' | 'oauthBaseUrl' | 'apiBaseUrl' | 'close'> = {
    clientId,
    clientSecret,
    email,
    calendars: new Map([
      [email, new Map()],
      [SECOND_CALENDAR, new Map()],
    ]),
    tokenRequests: [],
    revoked: [],
    calls: [],
    issued: [],
    rotateOnRefresh: false,
    expireAccessTokens: () => accessTokens.clear(),
    failNext: (method, status) => failures.push({ method, status }),
  };

  const issueAccess = () => {
    const access = token('ya29');
    accessTokens.add(access);
    fake.issued.push(access);
    return access;
  };
  const issueRefresh = () => {
    const refresh = token('1//refresh');
    refreshTokens.add(refresh);
    fake.issued.push(refresh);
    return refresh;
  };

  async function tokenEndpoint(req: IncomingMessage, res: ServerResponse) {
    const form = Object.fromEntries(new URLSearchParams(await readBody(req)));
    fake.tokenRequests.push(form);
    if (form.client_id !== clientId || form.client_secret !== clientSecret) {
      return json(res, 401, { error: 'invalid_client' });
    }
    if (form.grant_type === 'authorization_code') {
      const pending = form.code ? codes.get(form.code) : undefined;
      codes.delete(form.code ?? '');
      const challenge = createHash('sha256')
        .update(form.code_verifier ?? '')
        .digest('base64url');
      if (!pending || pending.challenge !== challenge || pending.redirectUri !== form.redirect_uri) {
        return json(res, 400, { error: 'invalid_grant', error_description: 'Bad code or code verifier.' });
      }
      return json(res, 200, {
        access_token: issueAccess(),
        refresh_token: issueRefresh(),
        expires_in: 3599,
        token_type: 'Bearer',
        scope: 'https://www.googleapis.com/auth/calendar.events',
      });
    }
    if (form.grant_type === 'refresh_token' && refreshTokens.has(form.refresh_token ?? '')) {
      const rotated = fake.rotateOnRefresh ? { refresh_token: issueRefresh() } : {};
      if (fake.rotateOnRefresh) {
        refreshTokens.delete(form.refresh_token ?? '');
      }
      return json(res, 200, { access_token: issueAccess(), expires_in: 3599, token_type: 'Bearer', ...rotated });
    }
    return json(res, 400, { error: 'invalid_grant' });
  }

  async function calendarApi(req: IncomingMessage, res: ServerResponse, url: URL) {
    const method = req.method ?? 'GET';
    fake.calls.push(`${method} ${url.pathname}`);
    const auth = req.headers.authorization?.replace(/^Bearer /, '') ?? '';
    if (!accessTokens.has(auth)) {
      return json(res, 401, { error: { code: 401, message: 'Invalid Credentials' } });
    }
    const failure = failures.findIndex((f) => f.method === method);
    if (failure >= 0) {
      const [f] = failures.splice(failure, 1);
      return json(res, f?.status ?? 500, { error: { code: f?.status, message: 'Backend Error' } });
    }
    if (url.pathname === '/calendar/v3/users/me/calendarList') {
      return json(res, 200, {
        kind: 'calendar#calendarList',
        items: [
          { id: email, summary: email, primary: true, accessRole: 'owner' },
          { id: SECOND_CALENDAR, summary: 'Agency deadlines', accessRole: 'owner' },
        ],
      });
    }
    const match = /^\/calendar\/v3\/calendars\/([^/]+)\/events(?:\/([^/]+))?$/.exec(url.pathname);
    const calendar = match ? fake.calendars.get(decodeURIComponent(match[1] ?? '')) : undefined;
    if (!match || !calendar) {
      return json(res, 404, { error: { code: 404, message: 'Not Found' } });
    }
    const eventId = match[2] ? decodeURIComponent(match[2]) : undefined;
    const body =
      method === 'POST' || method === 'PATCH' ? (JSON.parse((await readBody(req)) || '{}') as FakeEvent) : null;
    if (method === 'GET' && !eventId) {
      return json(res, 200, { items: [...calendar.values()].filter((e) => e.status !== 'cancelled') });
    }
    if (method === 'POST' && !eventId && body) {
      const id = body.id ?? token('ev').replace('-', '');
      if (calendar.has(id)) {
        return json(res, 409, { error: { code: 409, message: 'The requested identifier already exists.' } });
      }
      calendar.set(id, { ...body, id, status: 'confirmed' });
      return json(res, 200, calendar.get(id));
    }
    const existing = eventId ? calendar.get(eventId) : undefined;
    if (method === 'PATCH' && existing && body) {
      calendar.set(existing.id, { ...existing, ...body, id: existing.id });
      return json(res, 200, calendar.get(existing.id));
    }
    if (method === 'DELETE' && existing) {
      if (existing.status === 'cancelled') {
        return json(res, 410, { error: { code: 410, message: 'Resource has been deleted' } });
      }
      // Google keeps a deleted event's id (a new insert with it answers 409), marked cancelled.
      calendar.set(existing.id, { ...existing, status: 'cancelled' });
      res.writeHead(204);
      return res.end();
    }
    return json(res, 404, { error: { code: 404, message: 'Not Found' } });
  }

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake.google');
    if (req.method === 'GET' && url.pathname === '/o/oauth2/v2/auth') {
      // Consent at once: back to the app with a code, as Google does after the person agrees.
      const code = token('4/code');
      const redirectUri = url.searchParams.get('redirect_uri') ?? '';
      codes.set(code, { challenge: url.searchParams.get('code_challenge') ?? '', redirectUri });
      const back = new URL(redirectUri);
      back.searchParams.set('code', code);
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      res.writeHead(302, { location: back.toString() });
      return res.end();
    }
    if (req.method === 'POST' && url.pathname === '/token') {
      return void tokenEndpoint(req, res);
    }
    if (req.method === 'POST' && url.pathname === '/revoke') {
      void readBody(req).then((body) => {
        fake.revoked.push(url.searchParams.get('token') ?? new URLSearchParams(body).get('token') ?? '');
        json(res, 200, {});
      });
      return;
    }
    return void calendarApi(req, res, url);
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    ...(fake as FakeGoogle),
    // Getters would be lost in the spread above; the arrays and maps are shared by reference.
    get rotateOnRefresh() {
      return fake.rotateOnRefresh;
    },
    set rotateOnRefresh(value: boolean) {
      fake.rotateOnRefresh = value;
    },
    authUrl: `${base}/o/oauth2/v2/auth`,
    oauthBaseUrl: base,
    apiBaseUrl: base,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** What the app's configuration needs to talk to this fake. */
export function fakeGoogleEnv(fake: FakeGoogle): Record<string, string> {
  return {
    GOOGLE_CLIENT_ID: fake.clientId,
    GOOGLE_CLIENT_SECRET: fake.clientSecret,
    GOOGLE_AUTH_URL: fake.authUrl,
    GOOGLE_OAUTH_BASE_URL: fake.oauthBaseUrl,
    GOOGLE_API_BASE_URL: fake.apiBaseUrl,
  };
}
