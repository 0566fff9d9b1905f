import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../helpers/app.ts';
import { createHarness, type Harness, MINUTE } from '../../helpers/paging.ts';
import { createHeartbeatJob } from '../../../src/modules/heartbeat/index.ts';
import { FAIL_BODY_MAX } from '../../../src/modules/heartbeat/heartbeat.service.ts';
import { PING_BODY_DRAIN_MAX } from '../../../src/modules/heartbeat/heartbeat.routes.ts';

// Heartbeats (issue 36 item 1, PRODUCT.md 11) with the paging scenario harness and its manual
// clock: each rule, the alert opened once per silence, paged like any alert, resolved by a ping.

for (const dialect of DIALECTS) {
  describe(`${dialect}: heartbeats`, () => {
    let h: Harness;
    afterEach(async () => h?.close());

    async function setUp(body: Record<string, unknown> = {}) {
      h = await createHarness(dialect);
      h.schedules.set('sch_main', { levels: [{ timeoutMinutes: 30, onCall: ['ada'] }], allSteps: [{ channel: 'push', delay_seconds: 0 }] });
      h.schedules.bind(h.service.id, 'sch_main');
      const res = await h.api('POST', `/api/services/${h.service.id}/heartbeats`, { name: 'nightly backup', interval_seconds: 300, ...body });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return { id: res.body.id as string, path: new URL(res.body.ping_url as string).pathname, hb: res.body };
    }
    const ping = async (path: string, method: 'GET' | 'POST' = 'GET', payload?: string) => {
      const res = await h.t.app.inject({ method, url: path, ...(payload !== undefined ? { payload, headers: { 'content-type': 'text/plain' } } : {}) });
      await h.settle();
      return res;
    };
    const alertsOf = async (id: string) => h.t.container.db.selectFrom('alerts').selectAll().where('event_key', '=', `heartbeat:${id}`).orderBy('created_at').execute();

    it('new until the first ping; up, late, then one alert at interval + grace, paged; the next ping resolves it', async () => {
      const { id, path, hb } = await setUp();
      expect(hb).toMatchObject({ status: 'new', grace_seconds: 60, priority: 'high', enabled: true, last_ping_at: null });
      expect(hb.ping_url).toMatch(/\/v1\/heartbeat\/kxh_[A-Za-z0-9_-]{43}$/);
      await h.advance(30 * MINUTE);
      h.expect([]); // a heartbeat never pinged never fires
      expect((await ping(path)).json()).toEqual({ ok: true });
      expect((await h.api('GET', `/api/heartbeats/${id}`)).body).toMatchObject({ status: 'up', last_ping_at: h.t.clock.now().toISOString() });
      await h.advance(5 * MINUTE);
      expect((await h.api('GET', `/api/heartbeats/${id}`)).body.status).toBe('late');
      h.expect([]);
      await h.advance(MINUTE);
      h.expect(['push ada: Heartbeat "nightly backup" missed']);
      expect((await h.api('GET', `/api/heartbeats/${id}`)).body.status).toBe('down');
      await h.advance(20 * MINUTE);
      h.expect([]);
      let alerts = await alertsOf(id);
      expect(alerts).toHaveLength(1);
      expect(alerts[0]).toMatchObject({ status: 'open', title: 'Heartbeat "nightly backup" missed', source: 'heartbeat' });
      expect((await ping(path, 'POST', 'all good')).statusCode).toBe(200);
      alerts = await alertsOf(id);
      expect(alerts[0]!.status).toBe('resolved');
      expect((await h.api('GET', `/api/heartbeats/${id}`)).body.status).toBe('up');
      // A second silence is a second alert.
      await h.advance(6 * MINUTE);
      h.expect(['push ada: Heartbeat "nightly backup" missed']);
      expect(await alertsOf(id)).toHaveLength(2);
      await ping(path);
    });

    it('…/fail opens the alert at once with the body as its details', async () => {
      const { id, path } = await setUp();
      await ping(path);
      const res = await ping(`${path}/fail`, 'POST', 'exit code 3: disk full');
      expect(res.statusCode, res.body).toBe(200);
      h.expect(['push ada: Heartbeat "nightly backup" reported a failure']);
      const [alert] = await alertsOf(id);
      expect(JSON.parse(alert!.details as unknown as string)).toMatchObject({ body: 'exit code 3: disk full', heartbeat_id: id });
      await ping(path);
      expect((await alertsOf(id))[0]!.status).toBe('resolved');
    });

    it('a ping takes any body a tool sends (form, JSON, broken JSON, bytes, a large log, none): 200; …/fail keeps that body, or its start, as its details', async () => {
      const { id, path } = await setUp();
      const send = async (url: string, headers: Record<string, string>, payload?: string | Buffer) => {
        const res = await h.t.app.inject({ method: 'POST', url, headers, ...(payload !== undefined ? { payload } : {}) });
        await h.settle();
        return res;
      };
      const bodies: [Record<string, string>, string | Buffer | undefined][] = [
        [{ 'content-type': 'application/x-www-form-urlencoded' }, 'status=ok&took=12s'], // curl -d
        [{ 'content-type': 'application/json' }, '{"status":"ok"}'],
        [{ 'content-type': 'application/json' }, '{not json'],
        [{ 'content-type': 'application/json' }, undefined],
        [{ 'content-type': 'application/octet-stream' }, Buffer.from([0, 1, 2, 255])],
        [{ 'content-type': 'multipart/form-data; boundary=x' }, '--x\r\ncontent-disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n'],
        [{}, undefined],
      ];
      for (const [headers, payload] of bodies) {
        const res = await send(path, headers, payload);
        expect(res.statusCode, `${JSON.stringify(headers)}: ${res.body}`).toBe(200);
        expect(res.json()).toEqual({ ok: true });
      }
      expect((await h.api('GET', `/api/heartbeats/${id}`)).body.status).toBe('up');
      h.expect([]);
      // A whole log file: 200, nothing kept past the start.
      expect((await send(path, { 'content-type': 'text/plain' }, 'log line\n'.repeat(128 * 1024))).statusCode).toBe(200);
      // Past 64 MB declared: refused at once, nothing read.
      const huge = await send(path, { 'content-type': 'text/plain', 'content-length': String(PING_BODY_DRAIN_MAX + 1) }, 'x');
      expect(huge.statusCode, huge.body).toBe(413);
      expect(huge.json().error.code).toBe('payload_too_large');
      const failed = await send(`${path}/fail`, { 'content-type': 'application/json' }, '{"exit":3,"error":"disk full"}');
      expect(failed.statusCode, failed.body).toBe(200);
      h.expect(['push ada: Heartbeat "nightly backup" reported a failure']);
      const [alert] = await alertsOf(id);
      expect(JSON.parse(alert!.details as unknown as string)).toMatchObject({ body: '{"exit":3,"error":"disk full"}', heartbeat_id: id });
      await ping(path);
      // A failure reported with a log of 1 MB (larger than any API body) opens its alert; the details keep the log's start.
      const log = `backup failed: exit 3\n${'ü'.repeat(512 * 1024)}`;
      const big = await send(`${path}/fail`, { 'content-type': 'text/plain; charset=utf-8' }, log);
      expect(big.statusCode, big.body).toBe(200);
      h.expect(['push ada: Heartbeat "nightly backup" reported a failure']);
      const second = (await alertsOf(id)).at(-1)!;
      const details = JSON.parse(second.details as unknown as string) as { body: string };
      expect(details.body).toBe(log.slice(0, FAIL_BODY_MAX));
      await ping(path);
    });

    it('a paused heartbeat never fires; resumed, it counts from the resume; a deleted one never fires', async () => {
      const { id, path } = await setUp({ grace_seconds: 0 });
      await ping(path);
      expect((await h.api('PATCH', `/api/heartbeats/${id}`, { enabled: false })).body.status).toBe('paused');
      await h.advance(60 * MINUTE);
      h.expect([]);
      expect((await h.api('PATCH', `/api/heartbeats/${id}`, { enabled: true })).body.status).toBe('late');
      await h.advance(4 * MINUTE);
      h.expect([]);
      await h.advance(MINUTE);
      h.expect(['push ada: Heartbeat "nightly backup" missed']);
      await ping(path);
      expect((await h.api('DELETE', `/api/heartbeats/${id}`)).status).toBe(200);
      await h.advance(60 * MINUTE);
      h.expect([]);
      expect((await ping(path)).statusCode).toBe(404);
      expect(await alertsOf(id)).toHaveLength(1);
    });

    it('a deadline that passed while Klaxon was down fires one grace period after start-up, once', async () => {
      const { id, path } = await setUp({ grace_seconds: 120 });
      await ping(path);
      // A process started (the restart) 30 minutes later, after the deadline: it waits one grace
      // period. The clock moves without the harness's engine until the restarted job has acted.
      const clock = h.t.clock;
      clock.advance(30 * MINUTE);
      const restarted = createHeartbeatJob({ db: h.t.container.db, dialect, startedAt: clock.now() });
      expect(await restarted.run(clock.now())).toBe(0);
      clock.advance(2 * MINUTE - 1);
      expect(await restarted.run(clock.now())).toBe(0);
      clock.advance(1);
      expect(await restarted.run(clock.now())).toBe(1);
      expect(await restarted.run(clock.now())).toBe(0);
      await h.settle();
      h.expect(['push ada: Heartbeat "nightly backup" missed']);
      expect(await alertsOf(id)).toHaveLength(1);
      // A deadline after start-up fires at the deadline.
      await ping(path);
      const job = createHeartbeatJob({ db: h.t.container.db, dialect, startedAt: clock.now() });
      clock.advance(7 * MINUTE - 1);
      expect(await job.run(clock.now())).toBe(0);
      clock.advance(1);
      expect(await job.run(clock.now())).toBe(1);
      await h.settle();
      h.expect(['push ada: Heartbeat "nightly backup" missed']);
      await ping(path);
    });

    it('the heartbeats due at one check open in one transaction; two checks at once open each alert once', async () => {
      await setUp();
      const N = 30;
      const paths: string[] = [];
      for (let i = 0; i < N; i++) {
        const r = await h.api('POST', `/api/services/${h.service.id}/heartbeats`, { name: `job ${i}`, interval_seconds: 60, grace_seconds: 0 });
        paths.push(new URL(r.body.ping_url).pathname);
      }
      for (const p of paths) await ping(p);
      const db = h.t.container.db;
      // The store as the job sees it, counting the transactions it opens.
      let transactions = 0;
      const counted = new Proxy(db, {
        get(target, key) {
          if (key === 'transaction') return () => (transactions++, target.transaction());
          const v = Reflect.get(target, key, target) as unknown;
          return typeof v === 'function' ? v.bind(target) : v;
        },
      });
      const clock = h.t.clock;
      const job = createHeartbeatJob({ db: counted, dialect, startedAt: clock.now() });
      const other = createHeartbeatJob({ db, dialect, startedAt: clock.now() });
      clock.advance(MINUTE);
      // Another process's check at the same instant: between them each alert opens once.
      const [a, b] = await Promise.all([job.run(clock.now()), other.run(clock.now())]);
      expect(a + b).toBe(N);
      if (a) expect(transactions).toBe(1);
      const ids = (await db.selectFrom('heartbeats').select('id').where('name', 'like', 'job %').execute()).map((r) => r.id);
      const opened = await db.selectFrom('alerts').select('event_key').where('event_key', 'in', ids.map((id) => `heartbeat:${id}`)).execute();
      expect(opened).toHaveLength(N);
      expect(new Set(opened.map((o) => o.event_key)).size).toBe(N);
      expect(await job.run(clock.now())).toBe(0);
      // Alone, the next silence of all of them is one transaction too.
      for (const p of paths) await ping(p);
      transactions = 0;
      clock.advance(MINUTE);
      expect(await job.run(clock.now())).toBe(N);
      expect(transactions).toBe(1);
      if (dialect === 'postgres') {
        // The rows themselves say so: one writing transaction for all of them.
        const { rows } = await sql<{ n: string }>`select count(distinct xmin::text) as n from heartbeats where id in (${sql.join(ids)})`.execute(db);
        expect(Number(rows[0]!.n)).toBe(1);
      }
      await h.settle();
      h.inbox().splice(0); // their pages: the other tests say how a missed heartbeat pages
    });

    it('rotate: the new URL pings, the previous one is not found at once; the URL never reaches the log', async () => {
      const { id, path } = await setUp();
      const rotated = await h.api('POST', `/api/heartbeats/${id}/rotate`);
      expect(rotated.status).toBe(200);
      const next = new URL(rotated.body.ping_url).pathname;
      expect(next).not.toBe(path);
      expect((await ping(path)).statusCode).toBe(404);
      expect((await ping(next)).statusCode).toBe(200);
      expect((await ping(`${next}/fail`)).statusCode).toBe(200);
      h.expect(['push ada: Heartbeat "nightly backup" reported a failure']);
      await ping(next);
      const token = next.split('/').pop()!;
      const logged = h.t.logs.join('\n');
      expect(logged).toContain('/v1/heartbeat/');
      expect(logged).not.toContain(token);
      expect(logged).not.toContain(path.split('/').pop()!);
      // Reads never show the URL again.
      expect(JSON.stringify((await h.api('GET', `/api/services/${h.service.id}/heartbeats`)).body)).not.toContain('kxh_');
    });

    it('bad input names the field; another organization\'s service is not found', async () => {
      h = await createHarness(dialect);
      const bad = await h.api('POST', `/api/services/${h.service.id}/heartbeats`, { name: 'x', interval_seconds: 10, grace_seconds: 90_000 });
      expect(bad.status).toBe(400);
      expect(bad.body.error.code).toBe('invalid_request');
      expect((await h.api('POST', '/api/services/svc_01aaaaaaaaaaaaaaaaaaaaaaaa/heartbeats', { name: 'x', interval_seconds: 60 })).status).toBe(404);
    });
  });
}
