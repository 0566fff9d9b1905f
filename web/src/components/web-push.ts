// This browser's Web Push subscription (docs/adr/0616): the service worker at /sw.js, the
// browser's subscription to its push service, and the device that carries it on the server.

const DEVICE_KEY = 'klaxon.push-device';

export type PushSupport = 'supported' | 'unsupported' | 'insecure';

export function pushSupport(): PushSupport {
  if (!window.isSecureContext) return 'insecure';
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) return 'unsupported';
  return 'supported';
}

/** The device this browser registered (its id and the endpoint it was for), kept per browser. */
export const pushDevice = {
  get(): { id: string; endpoint: string } | null {
    try {
      const v = JSON.parse(localStorage.getItem(DEVICE_KEY) ?? 'null') as { id?: unknown; endpoint?: unknown } | null;
      return v && typeof v.id === 'string' && typeof v.endpoint === 'string' ? { id: v.id, endpoint: v.endpoint } : null;
    } catch {
      return null;
    }
  },
  set(v: { id: string; endpoint: string } | null) {
    if (v) localStorage.setItem(DEVICE_KEY, JSON.stringify(v));
    else localStorage.removeItem(DEVICE_KEY);
  },
};

/** The service worker at the root scope: registered once per load, updated by the browser. */
export async function serviceWorker(): Promise<ServiceWorkerRegistration> {
  await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  return navigator.serviceWorker.ready;
}

/** The subscription this browser holds now, if any. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (pushSupport() !== 'supported') return null;
  const reg = await navigator.serviceWorker.getRegistration('/');
  return reg ? reg.pushManager.getSubscription() : null;
}

const keyBytes = (base64url: string) => {
  const b64 = base64url.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (base64url.length % 4)) % 4);
  return Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
};
const sameKey = (a: ArrayBuffer | null, b: Uint8Array) => !!a && a.byteLength === b.byteLength && new Uint8Array(a).every((x, i) => x === b[i]);

/**
 * Subscribes this browser (call it from the click: the permission prompt needs the gesture). A
 * subscription made for another server key is replaced. Returns the subscription's JSON, which is
 * the web device's push token.
 */
export async function subscribe(publicKey: string): Promise<PushSubscriptionJSON & { endpoint: string }> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') {
    throw new Error(permission === 'denied' ? 'Notifications are blocked for this site: allow them in the browser\'s site settings, then try again.' : 'Notifications were not allowed.');
  }
  const reg = await serviceWorker();
  const key = keyBytes(publicKey);
  let sub = await reg.pushManager.getSubscription();
  if (sub && !sameKey(sub.options.applicationServerKey, key)) {
    await sub.unsubscribe();
    sub = null;
  }
  sub ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  const json = sub.toJSON();
  if (!json.endpoint) throw new Error('The browser gave a subscription without an endpoint.');
  return json as PushSubscriptionJSON & { endpoint: string };
}

export async function unsubscribe(): Promise<void> {
  const sub = await currentSubscription();
  if (sub) await sub.unsubscribe();
}

/** A name for this browser's device, e.g. "Chrome on Linux". */
export function browserName(): string {
  const ua = navigator.userAgent;
  const browser = /Edg\//.test(ua) ? 'Edge' : /Firefox\//.test(ua) ? 'Firefox' : /Chrom(e|ium)\//.test(ua) ? 'Chrome' : /Safari\//.test(ua) ? 'Safari' : 'Browser';
  const os = /Android/.test(ua) ? 'Android' : /iPhone|iPad/.test(ua) ? 'iOS' : /Mac OS X/.test(ua) ? 'macOS' : /Windows/.test(ua) ? 'Windows' : /Linux/.test(ua) ? 'Linux' : '';
  return os ? `${browser} on ${os}` : browser;
}
