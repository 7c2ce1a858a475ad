/*
 * The service worker of Agency Portal: Web Push (doc 1 §2, §4) and the installable app's shell.
 *
 * Push: the server pushes a notification as JSON ({ id, number, data: { title, sub_title, content, action_url } });
 * this worker shows it and, on click, focuses an open tab of the app on its action_url, or opens one.
 *
 * Shell: page navigations go to the network first, so a new deployment's index.html (and with it the version banner's
 * build check) is always what a connected browser gets; without a network they answer the offline page. Hashed build
 * files (/assets/…, immutable) are kept once fetched so a flaky connection still starts the app. Nothing under /api
 * (data, downloads, the live channel's handshake) is ever cached or answered from here.
 */
const SHELL_CACHE = 'portal-shell-v1';
const ASSET_CACHE = 'portal-assets-v1';
const OFFLINE_URL = '/offline.html';
const SHELL_FILES = [OFFLINE_URL, '/logo.svg', '/icons/icon-192.png', '/manifest.webmanifest'];
/** Enough for a couple of deployments' chunks; older ones are dropped first (a cache keeps insertion order). */
const MAX_ASSETS = 150;

self.addEventListener('install', (event) => {
  // cache: 'reload': the shell files are fetched fresh, not from the HTTP cache of a previous version.
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.addAll(SHELL_FILES.map((url) => new Request(url, { cache: 'reload' }))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  const kept = new Set([SHELL_CACHE, ASSET_CACHE]);
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => !kept.has(name)).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

async function trimAssets(cache) {
  const keys = await cache.keys();
  await Promise.all(keys.slice(0, Math.max(0, keys.length - MAX_ASSETS)).map((key) => cache.delete(key)));
}

async function networkFirstNavigation(request) {
  try {
    return await fetch(request);
  } catch {
    const offline = await caches.match(OFFLINE_URL, { cacheName: SHELL_CACHE });
    return offline || Response.error();
  }
}

async function cachedAsset(request) {
  const cache = await caches.open(ASSET_CACHE);
  const hit = await cache.match(request);
  if (hit) {
    return hit;
  }
  const response = await fetch(request);
  if (response.ok && response.type === 'basic') {
    await cache.put(request, response.clone());
    await trimAssets(cache);
  }
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') {
    return;
  }
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname === '/api' || url.pathname.startsWith('/api/')) {
    return;
  }
  if (request.mode === 'navigate') {
    event.respondWith(networkFirstNavigation(request));
  } else if (url.pathname.startsWith('/assets/')) {
    event.respondWith(cachedAsset(request));
  } else if (SHELL_FILES.includes(url.pathname)) {
    // The offline page's own image and the manifest: the network when there is one, the shell copy otherwise.
    event.respondWith(
      fetch(request).catch(
        async () => (await caches.match(url.pathname, { cacheName: SHELL_CACHE })) || Response.error(),
      ),
    );
  }
});

self.addEventListener('push', (event) => {
  let payload = {};
  try {
    payload = event.data ? event.data.json() : {};
  } catch {
    payload = { data: { title: event.data ? event.data.text() : 'Agency Portal' } };
  }
  const data = payload.data || {};
  const body = [data.sub_title, data.content].filter(Boolean).join('\n');
  event.waitUntil(
    self.registration.showNotification(data.title || 'Agency Portal', {
      body,
      icon: '/logo.svg',
      tag: payload.id,
      data: { url: data.action_url || '/' },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url || '/', self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (open) {
        return open.focus().then((w) => (w && 'navigate' in w ? w.navigate(target) : undefined));
      }
      return self.clients.openWindow(target);
    }),
  );
});
