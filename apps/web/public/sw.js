/*
 * Web Push for Agency Portal (doc 1 §2, §4). The server pushes a notification as JSON
 * ({ id, number, data: { title, sub_title, content, action_url } }); this worker shows it and, on click, focuses an
 * open tab of the app on its action_url, or opens one.
 */
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
