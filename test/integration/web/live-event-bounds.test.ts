import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endMembershipTx } from '../../../src/modules/org/index.ts';
import { DIALECTS, bootstrapTenant, buildTestApp, createService, type Tenant, type TestApp } from '../../helpers/app.ts';
import { addMember, signedIn } from '../../helpers/people.ts';
import { waitFor } from '../../helpers/procs.ts';

// Issue 33 item 1 (docs/adr/0700-connection-and-stream-bounds.md): one member opened 19,800 live
// event streams and the process ran out of file descriptors; health and ingest stopped answering.
// Streams are bounded per session, per organization and per process (a refused one is a 429 with
// Retry-After), idle connections close in seconds, and a removed member's streams end at once.
// The bounds are small here; the defaults are in src/config.ts.

const BOUNDS = { KLAXON_STREAMS_PER_SESSION: '2', KLAXON_STREAMS_PER_ORG: '3', KLAXON_STREAMS_PER_PROCESS: '4', KLAXON_HTTP_IDLE_TIMEOUT_MS: '600', KLAXON_HTTP_KEEP_ALIVE_TIMEOUT_MS: '600' };

for (const dialect of DIALECTS) {
  describe(`${dialect}: live event streams are bounded`, () => {
    let t: TestApp;
    let base: string;
    let a: Tenant;
    let b: Tenant;
    let ingestPath: string;
    const open: AbortController[] = [];

    beforeAll(async () => {
      t = await buildTestApp({ dialect, env: BOUNDS });
      await t.app.listen({ host: '127.0.0.1', port: 0 });
      base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
      a = await bootstrapTenant(t, 'A');
      b = await bootstrapTenant(t, 'B');
      ingestPath = (await createService(t, a)).ingestPath;
      // Warm: the first ingest compiles and opens what later ones reuse; the 1 s bound is for those.
      await stillAnswering('warm-up');
    });
    afterAll(async () => {
      for (const c of open) c.abort();
      await t?.close();
    });

    /** Opens a stream; a 200 stays open (its body is read until `ready`), anything else is returned whole. */
    async function stream(headers: Record<string, string>) {
      const abort = new AbortController();
      open.push(abort);
      const res = await fetch(`${base}/api/events/stream`, { headers: { ...headers, accept: 'text/event-stream' }, signal: abort.signal });
      if (res.status !== 200) return { status: res.status, retryAfter: res.headers.get('retry-after'), body: (await res.json()) as { error: { code: string; message: string } }, abort };
      const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
      let text = '';
      while (!text.includes('event: ready')) {
        const { value, done } = await reader.read();
        if (done) throw new Error('the stream ended before ready');
        text += value;
      }
      /** Resolves once the server ends the stream. */
      const ended = (async () => {
        for (;;) if ((await reader.read().catch(() => ({ done: true }))).done) return true;
      })();
      return { status: 200, retryAfter: null, body: undefined, abort, ended };
    }

    /** Health and ingest each answer within 1 s (the bound is the check). */
    async function stillAnswering(label: string) {
      const health = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(1_000) });
      expect(health.status).toBe(200);
      const ingest = await fetch(`${base}${ingestPath}`, {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ title: label, event_key: label }), signal: AbortSignal.timeout(1_000),
      });
      expect(ingest.status).toBe(202);
    }

    function refused(r: Awaited<ReturnType<typeof stream>>, what: RegExp) {
      expect(r.status).toBe(429);
      expect(Number(r.retryAfter)).toBeGreaterThan(0);
      expect(r.body!.error.code).toBe('rate_limited');
      expect(r.body!.error.message).toMatch(what);
    }

    it('refuses streams past each bound with 429 and Retry-After; health and ingest answer meanwhile', { timeout: 30_000 }, async () => {
      try {
        await pastEveryBound();
      } finally {
        for (const c of open.splice(0)) c.abort();
      }
    });

    async function pastEveryBound() {
      const s1 = a.headers;
      const s2 = (await signedIn(t, (await addMember(t, a, 'observer')).userId, a.orgId)).headers;
      // Per session: two.
      expect((await stream(s1)).status).toBe(200);
      expect((await stream(s1)).status).toBe(200);
      refused(await stream(s1), /per session/);
      await stillAnswering('past the session bound');
      // Per organization: three.
      expect((await stream(s2)).status).toBe(200);
      refused(await stream(s2), /organization/);
      await stillAnswering('past the organization bound');
      // Per process: four.
      expect((await stream(b.headers)).status).toBe(200);
      refused(await stream(b.headers), /this server/);
      await stillAnswering('past the process bound');
      // A stream that ends gives its place back.
      open.at(-2)!.abort();
      await waitFor('the place to be given back', async () => (await stream(b.headers)).status === 200, 10_000);
    }

    it("a removed member's open stream ends at once; so does one whose member was removed by another process", { timeout: 30_000 }, async () => {
      await waitFor('earlier streams to be gone', async () => t.container.services.liveEvents.listeners() === 0, 10_000);
      const m1 = await addMember(t, a, 'responder');
      const m2 = await addMember(t, a, 'responder');
      const own = await stream((await signedIn(t, m1.userId, a.orgId)).headers);
      const other = await stream(a.headers);
      expect(own.status).toBe(200);
      const res = await fetch(`${base}/api/org/members/${m1.userId}`, { method: 'DELETE', headers: a.headers });
      expect(res.status).toBe(200);
      // Well before the 20 s re-check and the 5 minute lifetime: the removal itself ends it.
      await Promise.race([own.ended, new Promise((_, reject) => setTimeout(() => reject(new Error('the stream was not ended')), 5_000))]);

      // Removed by another process: nothing here is told, the feed reads the removal from the store.
      const far = await stream((await signedIn(t, m2.userId, a.orgId)).headers);
      expect(far.status).toBe(200);
      await t.container.db.transaction().execute((trx) =>
        endMembershipTx(trx, { dialect, orgId: a.orgId, userId: m2.userId, actor: { type: 'user', id: a.userId, orgId: a.orgId, role: 'owner', credentialId: 'key', audience: 'D' }, why: 'member.remove', meta: { ip: null, requestId: 'req_test' }, now: t.clock.now().toISOString() }),
      );
      await Promise.race([far.ended, new Promise((_, reject) => setTimeout(() => reject(new Error('the stream was not ended')), 5_000))]);
      // The owner's stream goes on.
      expect(t.container.services.liveEvents.listeners()).toBe(1);
      other.abort.abort();
    });

    it('closes a connection that sends nothing, and one that drips its headers, within seconds', { timeout: 30_000 }, async () => {
      const port = (t.app.server.address() as AddressInfo).port;
      const idle = connect({ host: '127.0.0.1', port });
      const drip = connect({ host: '127.0.0.1', port });
      let idleClosed = false;
      let dripClosed = false;
      // Read (and drop) what comes, so the server's close is seen.
      idle.on('close', () => (idleClosed = true)).on('error', () => undefined).resume();
      drip.on('close', () => (dripClosed = true)).on('error', () => undefined).resume();
      drip.write('GET /healthz HTTP/1.1\r\nHost: x\r\n');
      const dripping = setInterval(() => drip.writable && drip.write('X'), 200);
      try {
        await waitFor('the idle connection to be closed', async () => idleClosed, 5_000);
        await waitFor('the dripping connection to be closed', async () => dripClosed, 5_000);
      } finally {
        clearInterval(dripping);
        idle.destroy();
        drip.destroy();
      }
    });
  });
}
