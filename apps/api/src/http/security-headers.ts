import type { FastifyInstance } from 'fastify';

export type SecurityHeaderOptions = {
  /** The public URL (APP_URL): its scheme decides HSTS, its host the websocket origin of connect-src. */
  appUrl: string;
  /** The storage's own origin when the browser uploads to and reads from it directly (S3); null for the local disk. */
  storageOrigin?: string | null;
};

/**
 * The Content-Security-Policy of every answer (the web app's index.html is what it protects; API answers carry it
 * too, so a JSON or upload answer opened directly cannot run anything either).
 *
 * - script-src 'self': the built index.html has no inline script (Vite emits `<script type="module" src>` and
 *   `<link rel="modulepreload">`, its preload polyfill lives in the entry chunk), so no hash or nonce is needed.
 * - style-src 'self' 'unsafe-inline': antd 6 (CSS-in-JS) inserts `<style>` elements at run time, and Quill writes
 *   `style="…"` attributes into the editor's HTML. A nonce would cover antd's elements but never style attributes
 *   (style-src-attr has no nonces), and injected CSS cannot run script; so styles stay inline-capable while
 *   scripts, the dangerous half, stay strict.
 * - connect-src: our own origin (fetch, the socket.io live channel at /socket.io and Hocuspocus at /collaboration).
 *   CSP3 lets 'self' match ws:/wss: on the same host, and the APP_URL's ws(s) origin is named too for browsers
 *   that predate that rule.
 * - img-src: our uploads, data: (antd and Quill icons) and blob: (previews of images being uploaded), plus https:
 *   because a service's catalogue image may be any https URL (imageUrl admits https or our uploads); an image
 *   cannot run script.
 * - storageOrigin (S3 driver only): the browser PUTs uploads to the bucket (connect-src) and the file viewer shows
 *   its images, videos and PDFs from presigned bucket URLs (img-src, media-src, frame-src).
 */
export function contentSecurityPolicy(appUrl: string, storageOrigin: string | null = null): string {
  const url = new URL(appUrl);
  const https = url.protocol === 'https:';
  const socketOrigin = `${https ? 'wss' : 'ws'}://${url.host}`;
  const storage = storageOrigin ? ` ${storageOrigin}` : '';
  const directives = [
    "default-src 'self'",
    "script-src 'self'",
    "script-src-attr 'none'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: https:${storage}`,
    "font-src 'self' data:",
    `connect-src 'self' ${socketOrigin}${storage}`,
    "worker-src 'self'",
    "manifest-src 'self'",
    `media-src 'self' blob:${storage}`,
    `frame-src 'self'${storage}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ];
  if (https) {
    directives.push('upgrade-insecure-requests');
  }
  return directives.join('; ');
}

/**
 * Powerful features no page of ours uses, turned off. Only features Chromium knows are listed: an unknown one (such
 * as `bluetooth`, which is no Permissions-Policy feature) makes Chromium log a console error on every page load.
 */
export const PERMISSIONS_POLICY =
  'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), hid=(), midi=(), display-capture=()';

/** The headers every answer carries; computed once, since they depend only on configuration. */
export function securityHeaders(options: SecurityHeaderOptions): Record<string, string> {
  const headers: Record<string, string> = {
    'content-security-policy': contentSecurityPolicy(options.appUrl, options.storageOrigin ?? null),
    'x-content-type-options': 'nosniff',
    // Old browsers that ignore frame-ancestors.
    'x-frame-options': 'DENY',
    // Reset and invitation links carry their token in the URL: no other site ever sees our URLs.
    'referrer-policy': 'same-origin',
    'permissions-policy': PERMISSIONS_POLICY,
    // allow-popups: a sign-in popup we open (Google OAuth) may still talk back to us.
    'cross-origin-opener-policy': 'same-origin-allow-popups',
  };
  // HSTS over plain http is ignored by browsers and would pin a host that later moves to https wrongly; send it only
  // when the public URL is https (a TLS-terminating proxy in front of us).
  if (new URL(options.appUrl).protocol === 'https:') {
    headers['strict-transport-security'] = 'max-age=31536000; includeSubDomains';
  }
  return headers;
}

/** Stamps the security headers on every answer, errors and static files included. */
export function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions): void {
  const headers = securityHeaders(options);
  // Synchronous callback hook: it runs on every request.
  app.addHook('onRequest', (_request, reply, done) => {
    void reply.headers(headers);
    done();
  });
}
