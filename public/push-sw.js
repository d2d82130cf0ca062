/*
 * Live mode's push service worker (src/api/push.ts registers it, scope /console-push-scope, and
 * hands it to Firebase Cloud Messaging's getToken). It does what FCM's own worker does for a
 * web push, without loading the Firebase SDK: a visible console tab gets the message and shows it
 * in the bell; with no visible tab the system shows the notification, and clicking it opens the
 * console at the notification's page. Mock mode never registers it.
 */
const SOURCE = 'console-push';

function payloadOf(event) {
  if (!event.data) return null;
  try {
    return event.data.json();
  } catch {
    return null;
  }
}

self.addEventListener('push', (event) => {
  const payload = payloadOf(event);
  if (!payload) return;
  event.waitUntil(
    (async () => {
      const tabs = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const visible = tabs.filter((tab) => tab.visibilityState === 'visible' && !tab.url.startsWith('chrome-extension://'));
      if (visible.length > 0) {
        for (const tab of visible) tab.postMessage({ source: SOURCE, payload });
        return;
      }
      const data = payload.data || {};
      const title = data.title || (payload.notification && payload.notification.title);
      if (!title) return;
      const link = data.click_action || (payload.fcmOptions && payload.fcmOptions.link) || '/operations/orders/pending';
      await self.registration.showNotification(title, {
        body: (payload.notification && payload.notification.body) || '',
        icon: '/favicon.svg',
        data: { link },
      });
    })(),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const link = (event.notification.data && event.notification.data.link) || '/';
  // Only this console's pages or http(s) addresses are opened.
  const target = new URL(link, self.location.origin);
  if (target.protocol !== 'https:' && target.protocol !== 'http:') return;
  event.waitUntil(self.clients.openWindow(target.href));
});
