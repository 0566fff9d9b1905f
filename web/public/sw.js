/*
 * Klaxon's service worker (docs/adr/0616): shows a page that arrives by Web Push, and acts on it.
 * The payload is what src/providers/webpush.ts `webPushPayload()` builds: title, body, alert_id,
 * tag, url, priority, urgency, require_interaction, and for a real page action_token (+ ack_url).
 * Acknowledge POSTs the action token to /v1/page-actions/{token} on this origin: a worker cannot
 * read the session's CSRF cookie, and the token needs no session (docs/adr/0441).
 * Plain JavaScript served as is from the site root (scope /), no build step, no imports.
 */
'use strict';

/** A same-origin path for a URL the server built with its public URL (which may differ here). */
function samePath(url, fallback) {
  try {
    const u = new URL(url, self.location.origin);
    return u.pathname + u.search + u.hash;
  } catch (e) {
    return fallback;
  }
}

/** The notification for a page: one per alert (tag), sounding again, staying until acted on. */
function notificationOf(p) {
  const alertId = typeof p.alert_id === 'string' ? p.alert_id : undefined;
  const token = typeof p.action_token === 'string' && /^kxk_[A-Za-z0-9_-]{20,100}$/.test(p.action_token) ? p.action_token : undefined;
  const url = samePath(p.url, alertId ? '/alerts/' + encodeURIComponent(alertId) : '/alerts');
  const actions = token ? [{ action: 'ack', title: 'Acknowledge' }, { action: 'open', title: 'Open' }] : [{ action: 'open', title: 'Open' }];
  const title = typeof p.title === 'string' && p.title ? p.title : 'Klaxon page';
  return {
    title,
    options: {
      body: typeof p.body === 'string' ? p.body : '',
      tag: alertId || (typeof p.tag === 'string' ? p.tag : 'klaxon'),
      renotify: true,
      requireInteraction: true,
      icon: '/icon-192.png',
      badge: '/icon-192.png',
      actions,
      data: { url, alert_id: alertId || null, action_token: token || null, title },
    },
  };
}

async function tell(message) {
  const all = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const c of all) c.postMessage(message);
}

async function showPage(p) {
  const n = notificationOf(p);
  // Always show something: a push without a notification is penalised by browsers.
  await self.registration.showNotification(n.title, n.options);
  await tell({ type: 'klaxon:page', alert_id: n.options.data.alert_id, title: n.title });
}

/** Acknowledge with the page's single-use token; on failure say so and offer the alert. */
async function acknowledge(data) {
  let ok = false;
  let message = '';
  try {
    const res = await fetch('/v1/page-actions/' + encodeURIComponent(data.action_token), {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: '{}',
      credentials: 'omit',
    });
    const body = await res.json().catch(() => ({}));
    ok = res.ok;
    message = ok ? (body.changed ? 'Acknowledged' : 'Already ' + (body.status || 'acknowledged')) : (body.error && body.error.message) || 'The server answered ' + res.status;
  } catch (e) {
    message = 'Klaxon could not be reached';
  }
  if (!ok) {
    await self.registration.showNotification('Not acknowledged: ' + data.title, {
      body: message + '. Open the alert to acknowledge it.',
      tag: (data.alert_id || 'klaxon') + ':ack-failed',
      requireInteraction: true,
      icon: '/icon-192.png',
      actions: [{ action: 'open', title: 'Open' }],
      data: { url: data.url, alert_id: data.alert_id, action_token: null, title: data.title },
    });
  }
  const result = { type: 'klaxon:acknowledged', ok, message, alert_id: data.alert_id };
  await tell(result);
  return result;
}

/** Focus a window already on the alert, else another of ours sent there, else a new one. */
async function open(url) {
  const all = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const here = all.find((c) => samePath(c.url, '') === url);
  if (here) return here.focus();
  const any = all.find((c) => 'navigate' in c);
  if (any) {
    const moved = await any.navigate(url).catch(() => null);
    if (moved) return moved.focus();
  }
  return self.clients.openWindow(url);
}

async function onAction(notification, action) {
  const data = notification.data || {};
  notification.close();
  if (action === 'ack' && data.action_token) return acknowledge(data);
  await open(data.url || '/alerts');
  return { type: 'klaxon:opened', ok: true, url: data.url };
}

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('push', (event) => {
  let p = {};
  if (event.data) {
    try {
      p = event.data.json();
    } catch (e) {
      p = { title: 'Klaxon page', body: event.data.text() };
    }
  }
  event.waitUntil(showPage(p));
});

// A click on the notification or one of its buttons (no button: Open).
self.addEventListener('notificationclick', (event) => {
  event.waitUntil(onAction(event.notification, event.action));
});

/*
 * The same action asked by one of our own pages ({type:'klaxon:notification-action', tag, action}):
 * the dashboard's "Acknowledge" on a shown page, and the browser test, which cannot click a
 * headless notification. Only same-origin windows can message this worker.
 */
self.addEventListener('message', (event) => {
  const m = event.data || {};
  if (m.type !== 'klaxon:notification-action' || typeof m.tag !== 'string') return;
  event.waitUntil(
    (async () => {
      const shown = await self.registration.getNotifications({ tag: m.tag });
      const result = shown.length ? await onAction(shown[0], m.action === 'ack' ? 'ack' : 'open') : { type: 'klaxon:acknowledged', ok: false, message: 'No such notification' };
      if (event.source) event.source.postMessage({ ...result, reply_to: m.id });
    })(),
  );
});
