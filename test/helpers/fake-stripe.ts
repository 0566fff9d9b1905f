import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

interface Sub {
  id: string;
  object: 'subscription';
  customer: string;
  status: string;
  metadata: Record<string, string>;
  cancel_at_period_end: boolean;
  items: { object: 'list'; data: { id: string; object: 'subscription_item'; quantity: number; price: { id: string; object: 'price' }; current_period_start: number; current_period_end: number }[] };
}

/**
 * A local server for the parts of the Stripe API that billing uses (form-encoded requests, bearer
 * secret key, JSON answers and Stripe's error body): customers, checkout sessions, billing portal
 * sessions, and subscription retrieve, update and cancel. `completeCheckout` plays the customer
 * paying; `event` builds the webhook event Stripe would send, and `sign` its Stripe-Signature.
 */
export async function startFakeStripe(opts: { secretKey: string; webhookSecret: string; prices: string[]; now: () => Date }) {
  let seq = 0;
  const id = (prefix: string) => `${prefix}_test${String(++seq).padStart(10, '0')}`;
  const customers = new Map<string, { id: string; object: 'customer'; name: string; metadata: Record<string, string> }>();
  const sessions = new Map<string, Record<string, unknown>>();
  const subscriptions = new Map<string, Sub>();
  const requests: { method: string; path: string; form: Record<string, string> }[] = [];
  let failNext: number | undefined;

  const unix = () => Math.floor(opts.now().getTime() / 1000);
  const monthLater = (s: number) => {
    const d = new Date(s * 1000);
    return Math.floor(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds()) / 1000);
  };
  const metadataOf = (form: Record<string, string>, prefix: string) =>
    Object.fromEntries(Object.entries(form).filter(([k]) => k.startsWith(`${prefix}[`)).map(([k, v]) => [k.slice(prefix.length + 1, -1), v]));

  const server: Server = createServer((req, res) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const form = Object.fromEntries(new URLSearchParams(req.method === 'GET' || req.method === 'DELETE' ? url.search : data));
      requests.push({ method: req.method ?? '', path: url.pathname, form });
      const send = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
        res.end(JSON.stringify(json));
      };
      const error = (status: number, type: string, message: string, code?: string) => send(status, { error: { type, message, ...(code ? { code } : {}) } });
      if (req.headers.authorization !== `Bearer ${opts.secretKey}`) return error(401, 'invalid_request_error', 'Invalid API Key provided.');
      if (failNext) {
        const s = failNext;
        failNext = undefined;
        return error(s, 'api_error', 'Something went wrong on Stripe\u2019s end.');
      }
      const p = url.pathname;
      if (req.method === 'POST' && p === '/v1/customers') {
        const c = { id: id('cus'), object: 'customer' as const, name: form.name ?? '', metadata: metadataOf(form, 'metadata') };
        customers.set(c.id, c);
        return send(200, c);
      }
      if (req.method === 'POST' && p === '/v1/checkout/sessions') {
        if (!form.customer || !customers.has(form.customer)) return error(400, 'invalid_request_error', `No such customer: '${form.customer}'`, 'resource_missing');
        const price = form['line_items[0][price]'];
        if (!price || !opts.prices.includes(price)) return error(400, 'invalid_request_error', `No such price: '${price}'`, 'resource_missing');
        if (form.mode !== 'subscription' || !form.success_url || !form.cancel_url) return error(400, 'invalid_request_error', 'mode, success_url and cancel_url are required.');
        const sid = id('cs');
        const s = {
          id: sid, object: 'checkout.session', mode: form.mode, status: 'open', customer: form.customer, client_reference_id: form.client_reference_id ?? null,
          metadata: metadataOf(form, 'metadata'), subscription: null, url: `https://checkout.stripe.test/c/pay/${sid}`,
          success_url: form.success_url, cancel_url: form.cancel_url, price, subscription_metadata: metadataOf(form, 'subscription_data[metadata]'),
        };
        sessions.set(sid, s);
        return send(200, s);
      }
      if (req.method === 'POST' && p === '/v1/billing_portal/sessions') {
        if (!form.customer || !customers.has(form.customer)) return error(400, 'invalid_request_error', `No such customer: '${form.customer}'`, 'resource_missing');
        const bid = id('bps');
        return send(200, { id: bid, object: 'billing_portal.session', customer: form.customer, return_url: form.return_url ?? null, url: `https://billing.stripe.test/p/session/${bid}` });
      }
      const m = /^\/v1\/subscriptions\/([^/]+)$/.exec(p);
      if (m) {
        const sub = subscriptions.get(m[1]!);
        if (!sub) return error(404, 'invalid_request_error', `No such subscription: '${m[1]}'`, 'resource_missing');
        if (req.method === 'GET') return send(200, sub);
        if (req.method === 'DELETE') {
          sub.status = 'canceled';
          return send(200, sub);
        }
        if (req.method === 'POST') {
          const price = form['items[0][price]'];
          if (price) {
            if (!opts.prices.includes(price)) return error(400, 'invalid_request_error', `No such price: '${price}'`, 'resource_missing');
            const itemId = form['items[0][id]'];
            if (itemId && itemId !== sub.items.data[0]!.id) return error(400, 'invalid_request_error', `No such subscription item: '${itemId}'`, 'resource_missing');
            sub.items.data[0]!.price = { id: price, object: 'price' };
          }
          Object.assign(sub.metadata, metadataOf(form, 'metadata'));
          return send(200, sub);
        }
      }
      return error(404, 'invalid_request_error', `Unrecognized request URL (${req.method}: ${p}).`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    customers,
    subscriptions,
    failNext(status: number) {
      failNext = status;
    },
    /** The customer paid: the session completes and its subscription starts now. */
    completeCheckout(sessionId: string) {
      const s = sessions.get(sessionId);
      if (!s) throw new Error(`no session ${sessionId}`);
      const start = unix();
      const sub: Sub = {
        id: id('sub'), object: 'subscription', customer: s.customer as string, status: 'active', metadata: s.subscription_metadata as Record<string, string>, cancel_at_period_end: false,
        items: { object: 'list', data: [{ id: id('si'), object: 'subscription_item', quantity: 1, price: { id: s.price as string, object: 'price' }, current_period_start: start, current_period_end: monthLater(start) }] },
      };
      subscriptions.set(sub.id, sub);
      Object.assign(s, { status: 'complete', subscription: sub.id });
      return { session: s, subscription: sub };
    },
    /** A webhook event as Stripe sends it. */
    event(type: string, object: unknown, created = unix()) {
      return JSON.stringify({ id: id('evt'), object: 'event', api_version: '2025-10-29.clover', created, livemode: false, pending_webhooks: 1, type, data: { object } });
    },
    sign(payload: string, timestamp = unix(), secret = opts.webhookSecret) {
      return new Stripe(opts.secretKey).webhooks.generateTestHeaderString({ payload, secret, timestamp });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type FakeStripe = Awaited<ReturnType<typeof startFakeStripe>>;
