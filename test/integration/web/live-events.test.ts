import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, bootstrapTenant, buildTestApp, createService, type Tenant, type TestApp } from '../../helpers/app.ts';
import { addMember } from '../../helpers/people.ts';

// GET /api/events/stream (docs/adr/0601): the organization's alert changes after commit, as
// server-sent events read with fetch (X-Service-Org is a header), resumable by Last-Event-ID, never
// another organization's; without Accept: text/event-stream, the same events as a JSON page.

interface Frame { id?: string; event?: string; data: string }

/** Reads frames off a stream as they come: every wait is for a frame, never for a time. */
function frameReader(body: ReadableStream<Uint8Array>) {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  const queue: Frame[] = [];
  return {
    async next(): Promise<Frame> {
      while (!queue.length) {
        const { value, done } = await reader.read();
        if (done) throw new Error('the stream ended');
        buffer += value;
        const parts = buffer.split('\n\n');
        buffer = parts.pop()!;
        for (const part of parts) {
          const f: Frame = { data: '' };
          for (const line of part.split('\n')) {
            if (!line || line.startsWith(':')) continue;
            const i = line.indexOf(':');
            const [k, v] = [line.slice(0, i), line.slice(i + 1).trimStart()];
            if (k === 'data') f.data += v;
            else if (k === 'id') f.id = v;
            else if (k === 'event') f.event = v;
          }
          if (f.event) queue.push(f);
        }
      }
      return queue.shift()!;
    },
    /** The next `alert` frame, skipping `ready`. */
    async nextAlert(): Promise<Frame & { json: { id: number; type: string; alert_id: string } }> {
      for (;;) {
        const f = await this.next();
        if (f.event === 'alert') return { ...f, json: JSON.parse(f.data) };
      }
    },
    cancel: () => reader.cancel().catch(() => undefined),
  };
}

for (const dialect of DIALECTS) {
  describe(`${dialect}: the live alert feed`, () => {
    let t: TestApp;
    let a: Tenant;
    let b: Tenant;
    let base: string;
    let svcA: Awaited<ReturnType<typeof createService>>;
    let svcB: Awaited<ReturnType<typeof createService>>;

    beforeAll(async () => {
      t = await buildTestApp({ dialect });
      await t.app.listen({ host: '127.0.0.1', port: 0 });
      base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
      a = await bootstrapTenant(t, 'A');
      b = await bootstrapTenant(t, 'B');
      svcA = await createService(t, a);
      svcB = await createService(t, b);
    });
    afterAll(async () => t?.close());

    const open = async (headers: Record<string, string>, lastEventId?: string) => {
      const res = await fetch(`${base}/api/events/stream`, { headers: { ...headers, accept: 'text/event-stream', ...(lastEventId ? { 'last-event-id': lastEventId } : {}) } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
      return frameReader(res.body!);
    };
    const ingest = async (path: string, title: string) => {
      const r = await fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ title, event_key: title }) });
      expect(r.status).toBe(202);
      return ((await r.json()) as { alert_id: string }).alert_id;
    };

    it("streams the organization's alert changes after commit, and nothing of another organization's", async () => {
      const stream = await open(a.headers);
      expect((await stream.next()).event).toBe('ready');
      // B's alert is committed first: were it leaked, it would be A's first frame.
      await ingest(svcB.ingestPath, 'b-disk');
      const alertId = await ingest(svcA.ingestPath, 'a-disk');
      const first = await stream.nextAlert();
      expect(first.json).toMatchObject({ type: 'alert.triggered', alert_id: alertId });
      expect(Object.keys(first.json).sort()).toEqual(['alert_id', 'created_at', 'id', 'type']);
      expect(first.id).toBe(String(first.json.id));
      const ack = await t.app.inject({ method: 'PUT', url: `/api/alerts/${alertId}/ack`, headers: a.headers });
      expect(ack.statusCode).toBe(200);
      expect((await stream.nextAlert()).json).toMatchObject({ type: 'alert.acknowledged', alert_id: alertId });
      await stream.cancel();
    });

    it('resumes after Last-Event-ID: what changed while away is replayed, what was seen is not', async () => {
      const stream = await open(a.headers);
      await stream.next();
      const alertId = await ingest(svcA.ingestPath, 'resume-1');
      const seen = await stream.nextAlert();
      await stream.cancel();
      // Away: the alert is resolved, and B gets an alert of its own.
      expect((await t.app.inject({ method: 'PUT', url: `/api/alerts/${alertId}/resolve`, headers: a.headers })).statusCode).toBe(200);
      await ingest(svcB.ingestPath, 'b-while-away');
      const again = await open(a.headers, seen.id);
      const replayed = await again.nextAlert();
      expect(replayed.json).toMatchObject({ type: 'alert.resolved', alert_id: alertId });
      expect((await again.next()).event).toBe('ready');
      await again.cancel();
    });

    it('an observer follows too; a person of another organization is refused', async () => {
      const observer = await addMember(t, a, 'observer');
      const stream = await open(observer.headers);
      expect((await stream.next()).event).toBe('ready');
      await stream.cancel();
      const foreign = await fetch(`${base}/api/events/stream`, { headers: { ...b.headers, 'x-service-org': a.orgId, accept: 'text/event-stream' } });
      expect(foreign.status).toBe(403);
      expect(((await foreign.json()) as { ok: boolean }).ok).toBe(false);
    });

    it('answers a JSON page of the same events without the stream, one organization only, paged by cursor', async () => {
      const r = await t.app.inject({ method: 'GET', url: '/api/events/stream?limit=2', headers: a.headers });
      expect(r.statusCode).toBe(200);
      const page = r.json() as { id: number; type: string; alert_id: string }[];
      expect(page).toHaveLength(2);
      expect(page[0]!.id).toBeLessThan(page[1]!.id);
      const cursor = r.headers['x-next-cursor'] as string;
      expect(cursor).toBe(String(page[1]!.id));
      const all = (await t.app.inject({ method: 'GET', url: '/api/events/stream?limit=500', headers: a.headers })).json() as { alert_id: string; type: string }[];
      const aAlerts = (await t.app.inject({ method: 'GET', url: '/api/alerts?status=any', headers: a.headers })).json() as { id: string }[];
      const mine = new Set(aAlerts.map((x) => x.id));
      expect(all.length).toBeGreaterThan(2);
      expect(all.every((e) => mine.has(e.alert_id) && e.type.startsWith('alert.'))).toBe(true);
      const next = (await t.app.inject({ method: 'GET', url: `/api/events/stream?limit=500&cursor=${cursor}`, headers: a.headers })).json() as unknown[];
      expect(next).toEqual(all.slice(2));
      const bad = await t.app.inject({ method: 'GET', url: '/api/events/stream?cursor=abc', headers: a.headers });
      expect(bad.statusCode).toBe(400);
    });

    it('closing the server ends open streams', async () => {
      const t2 = await buildTestApp({ dialect });
      await t2.app.listen({ host: '127.0.0.1', port: 0 });
      const c = await bootstrapTenant(t2, 'C');
      const res = await fetch(`http://127.0.0.1:${(t2.app.server.address() as AddressInfo).port}/api/events/stream`, { headers: { ...c.headers, accept: 'text/event-stream' } });
      const stream = frameReader(res.body!);
      expect((await stream.next()).event).toBe('ready');
      await t2.close();
      await expect(stream.next()).rejects.toThrow(/ended|terminated/);
    });
  });
}
