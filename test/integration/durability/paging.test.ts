import { afterEach, describe, expect, it } from 'vitest';
import { connectDb, type Db } from '../../../src/db/connect.ts';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { smtpCounter, testClock } from '../../helpers/proc-fakes.ts';
import { type KlaxonProc, cleanup, bootstrapOrg, createServiceHttp, freshDatabase, klaxonEnv, sendSignal, startKlaxon, tempDir, waitFor } from '../../helpers/procs.ts';
import { DIALECTS, TEST_SECRET_KEY } from '../../helpers/app.ts';
import { newId } from '../../../src/lib/ids.ts';
import type { NewNotificationRow } from '../../../src/modules/paging/notification.table.ts';
import { createSecretBox } from '../../../src/lib/secrets.ts';
import { startFakeApns } from '../../helpers/fakes/apns.ts';
import { apnsKeys, apnsToken } from '../../helpers/fakes/push-keys.ts';
import { startFakeTwilio } from '../../helpers/fakes/twilio.ts';
import { TWILIO } from '../../helpers/paging.ts';
import { logEntries } from '../../../src/modules/alert/index.ts';

/**
 * The paging engine's promises with real processes (issue 21): every page is sent exactly once
 * through a kill -9 of the process that claimed it, across three processes on one PostgreSQL,
 * and after downtime only the newest overdue step per person and channel goes out. Everything
 * goes through the API and the engine: a schedule (POST /api/schedules) with email steps, picked
 * by the service's routing; signals through ingest, the intake, the escalation job and the
 * dispatcher of the real processes, which send by email to an SMTP server the test runs, which
 * counts each Message-ID (the page's id). Time moves through a test clock file every process
 * reads (docs/adr/0422), so a level's timeout or two hours of downtime pass without waiting.
 */

type Tenant = Awaited<ReturnType<typeof bootstrapOrg>>;

async function api(url: string, tenant: Tenant, method: string, path: string, body?: unknown) {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { authorization: `Bearer ${tenant.api_key}`, 'x-service-org': tenant.org_id, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : undefined;
}

/**
 * A two-level schedule of the owner (10 minutes each), whose high-priority steps are `steps` (email
 * delays in seconds), chosen for a new service by its routing. Returns the service's ingest path.
 */
async function pagingSetup(url: string, tenant: Tenant, steps: number[]) {
  const layer = (name: string) => ({ name, precedence: 0, rotation: { unit: 'week', length: 1, handoff_local: '2026-01-05T09:00', participants: [tenant.user_id] } });
  const schedule = await api(url, tenant, 'POST', '/api/schedules', {
    name: 'Primary', time_zone: 'UTC', repeat: 0,
    levels: [{ level: 1, timeout_minutes: 10, layers: [layer('first')] }, { level: 2, timeout_minutes: 10, layers: [layer('second')] }],
  });
  const emailSteps = steps.map((d) => ({ channel: 'email', delay_seconds: d }));
  await api(url, tenant, 'PUT', `/api/schedules/${schedule.id}/level-channels`, { entries: [1, 2].map((level) => ({ level, priority: 'high', steps: emailSteps })) });
  const service = await createServiceHttp(url, tenant, 'payments');
  await api(url, tenant, 'PUT', `/api/services/${service.id}/routing`, { rules: [{ name: 'everything', schedule_id: schedule.id }] });
  return { scheduleId: schedule.id as string, serviceId: service.id, ingestPath: service.ingestPath };
}

/** Each process sees the schedule (its directory's snapshot is refreshed within seconds, ADR 0401). */
async function pagingReady(procs: KlaxonProc[], tenant: Tenant, serviceId: string) {
  for (const p of procs) {
    await waitFor(`process ${p.port} sees the schedule`, async () => {
      const list = (await api(p.url, tenant, 'GET', '/api/services')) as { id: string; paging: string }[];
      return list.find((s) => s.id === serviceId)?.paging === 'ok';
    }, 60_000, 200);
  }
}

async function trigger(url: string, path: string, n: number, prefix: string) {
  for (let i = 0; i < n; i++) {
    const r = await sendSignal(url, path, { title: `${prefix} ${i}`, priority: 'high', event_key: `${prefix}-${i}` });
    expect(r.status, JSON.stringify(r.body)).toBe(202);
  }
}

const pages = (db: Db['db']) => db.selectFrom('notifications').select(['id', 'alert_id', 'level', 'step_index', 'status', 'channel', 'kind']).execute();

/** Pages written as the escalation job writes them (the push restart test needs a device page due now). A service, `alerts` open alerts on it, and per alert the pages `steps` says (email to the owner). */
async function seedPages(db: Db['db'], tenant: { org_id: string; user_id: string }, alerts: number, steps: { dueAt: string; step: number; channel?: 'email' | 'sms' | 'voice' }[]) {
  const now = new Date().toISOString();
  const serviceId = newId('svc');
  await db.insertInto('services').values({ id: serviceId, org_id: tenant.org_id, name: `paging-${serviceId}`, description: '', schedule_id: null, dedupe_mode: 'event_key_only', created_at: now, updated_at: now }).execute();
  const pages: NewNotificationRow[] = [];
  for (let i = 0; i < alerts; i++) {
    const alertId = newId('alr');
    await db.insertInto('alerts').values({
      id: alertId, org_id: tenant.org_id, service_id: serviceId, title: `Down ${i}`, title_words: `down ${i}`, body: '', event_key: `k${i}`, priority: 2, urgency: 'high', status: 'open',
      duplicate_count: 0, source: '', details: '{}', level: 1, integration_id: null, created_at: now, updated_at: now, last_signal_at: now,
      acknowledged_at: null, acknowledged_by: null, resolved_at: null, resolved_by: null, snoozed_until: null,
    }).execute();
    for (const s of steps) {
      pages.push({
        id: newId('ntf'), org_id: tenant.org_id, alert_id: alertId, user_id: tenant.user_id, kind: 'escalation', epoch: 0, cycle: 0, level: 1, step_index: s.step,
        channel: s.channel ?? 'email', destination_id: null, urgency: 'high', due_at: s.dueAt, status: 'pending', attempts: 0, claim_token: null, claim_expires_at: null,
        provider_message_id: null, detail: null, idempotency_key: `${alertId}|0|0|1|${tenant.user_id}|${s.channel ?? 'email'}|${s.step}`, created_at: now, updated_at: now,
      });
    }
  }
  for (let i = 0; i < pages.length; i += 100) await db.insertInto('notifications').values(pages.slice(i, i + 100)).execute();
  return pages;
}

const statuses = async (db: Db['db']) => {
  const rows = await db.selectFrom('notifications').select(['id', 'status']).execute();
  return new Map(rows.map((r) => [r.id, r.status]));
};

for (const dialect of DIALECTS) {
  describe(`${dialect}: pages through crashes and downtime (real processes, real escalation)`, () => {
    const dirs: string[] = [];
    let procs: KlaxonProc[] = [];
    const closers: (() => Promise<unknown>)[] = [];
    afterEach(async () => {
      for (const p of procs) await p.kill('SIGKILL');
      procs = [];
      for (const c of closers.splice(0).reverse()) await c().catch(() => undefined);
      for (const d of dirs.splice(0)) cleanup(d);
    });

    async function setUp(extra: Record<string, string> = {}) {
      const dir = tempDir();
      dirs.push(dir);
      const database = await freshDatabase(dialect, dir);
      closers.push(database.drop);
      const smtp = await smtpCounter();
      closers.push(smtp.close);
      const clock = testClock(dir);
      // One mail per page (no bundling, PRODUCT.md 7.4): exactly once is counted per page's Message-ID here;
      // bundles have their own tests (test/integration/paging/storm-order.test.ts).
      const env = klaxonEnv(database.url, dir, { SMTP_URL: smtp.url, MAIL_FROM: 'klaxon@klaxon.test', KLAXON_TEST_CLOCK_FILE: clock.path, KLAXON_EMAIL_BUNDLE_FROM: '1000', ...extra });
      const tenant = await bootstrapOrg(env);
      const store = connectDb({ dialect, sqlitePath: database.url.slice('sqlite:'.length), databaseUrl: database.url });
      closers.push(() => store.close());
      return { dir, database, smtp, env, tenant, db: store.db, clock };
    }

    it('kill -9 of the process that claimed pages mid-send: after restart every page, of both levels, is sent exactly once (by Message-ID)', async () => {
      const { smtp, env, tenant, db, clock } = await setUp();
      let proc = await startKlaxon(env);
      procs.push(proc);
      // Level 1's email a minute in: the pages of all eight alerts are made first, then fall due
      // together, so one dispatcher round claims them all.
      const { ingestPath } = await pagingSetup(proc.url, tenant, [60]);
      await trigger(proc.url, ingestPath, 8, 'Down');
      await waitFor('level 1 planned', async () => (await pages(db)).filter((p) => p.status === 'pending').length === 8, 90_000);
      smtp.state.hold = true;
      clock.advance(60_000);
      // Claimed, and every message on the wire, unanswered.
      await waitFor('every level 1 page claimed and in flight', async () => smtp.heldIds().size >= 8, 90_000, 20);
      await proc.kill('SIGKILL');
      expect((await pages(db)).map((p) => p.status)).toEqual(Array(8).fill('claimed'));
      smtp.state.hold = false;
      // Back after the claims expired (30 s): their outcome is unknown, and email is sent once more.
      clock.advance(60_000);
      proc = await startKlaxon(env);
      procs.push(proc);
      await waitFor('level 1 sent', async () => (await pages(db)).filter((p) => p.status === 'sent').length === 8, 90_000);
      // Nobody acknowledged: at the timeout, level 2.
      clock.advance(11 * 60_000);
      await waitFor('level 2 sent', async () => (await pages(db)).filter((p) => p.status === 'sent').length === 16, 90_000);
      const all = await pages(db);
      expect(all).toHaveLength(16);
      expect(all.filter((p) => p.level === 1)).toHaveLength(8);
      expect(all.filter((p) => p.level === 2)).toHaveLength(8);
      expect(smtp.received.size).toBe(16);
      for (const p of all) expect(smtp.received.get(p.id), `page ${p.id} (level ${p.level})`).toBe(1);
      expect(await db.selectFrom('alert_log').select('kind').where('kind', '=', 'page_sent').execute()).toHaveLength(16);
    }, 300_000);

    it('back after two simulated hours down: only the newest overdue step per person and channel is sent, the older superseded', async () => {
      const { smtp, env, tenant, db, clock } = await setUp();
      let proc = await startKlaxon(env);
      procs.push(proc);
      // Each level: email at 0 and again at 5 minutes.
      const { ingestPath } = await pagingSetup(proc.url, tenant, [0, 300]);
      await trigger(proc.url, ingestPath, 5, 'Down');
      await waitFor('level 1 step 0 sent', async () => (await pages(db)).filter((p) => p.status === 'sent').length === 5, 90_000);
      await proc.kill('SIGKILL');
      clock.advance(120 * 60_000);
      proc = await startKlaxon(env);
      procs.push(proc);
      // Due while down: level 1's second step, then level 2's two steps (the escalation was
      // exhausted at 20 minutes). Level 1's step is cancelled as the escalation moves on
      // (PRODUCT.md 7.3); of level 2's, only the newest per person and channel goes out.
      await waitFor('every page settled', async () => {
        const all = await pages(db);
        return all.length === 20 && all.every((p) => p.status !== 'pending' && p.status !== 'claimed');
      }, 90_000);
      const all = await pages(db);
      const fate = (level: number, step: number) => all.filter((p) => p.level === level && p.step_index === step).map((p) => p.status);
      expect(fate(1, 0)).toEqual(Array(5).fill('sent'));
      expect(fate(1, 1)).toEqual(Array(5).fill('cancelled'));
      expect(fate(2, 0)).toEqual(Array(5).fill('superseded'));
      expect(fate(2, 1)).toEqual(Array(5).fill('sent'));
      expect([...smtp.received.keys()].sort()).toEqual(all.filter((p) => p.status === 'sent').map((p) => p.id).sort());
      expect([...smtp.received.values()].every((n) => n === 1)).toBe(true);
      const entries = await logEntries(db).select(['kind', 'message']).where('kind', 'in', ['page_superseded', 'escalation_exhausted']).execute();
      expect(entries.filter((e) => e.kind === 'page_superseded')).toHaveLength(5);
      expect(entries.filter((e) => e.kind === 'escalation_exhausted')).toHaveLength(5);
    }, 300_000);

    it('push: kill -9 while APNs has the requests unanswered: after restart each page goes again once, with the same collapse id and apns-id', async () => {
      const keys = apnsKeys();
      const apns = await startFakeApns({ publicKeyPem: keys.publicKeyPem, keyId: keys.keyId, teamId: keys.teamId, topic: keys.topic, now: () => new Date() });
      closers.push(() => apns.close());
      const caDir = tempDir();
      dirs.push(caDir);
      writeFileSync(join(caDir, 'apns-ca.pem'), apns.ca);
      const { env, tenant, db } = await setUp({
        APNS_KEY_ID: keys.keyId, APNS_TEAM_ID: keys.teamId, APNS_KEY: keys.keyPem, APNS_TOPIC: keys.topic, APNS_BASE_URL: apns.url,
        // The child process trusts the fake's self-signed certificate as it would a private CA.
        NODE_EXTRA_CA_CERTS: join(caDir, 'apns-ca.pem'),
        // Seeded pages are due in real time; their claims expire quickly.
        KLAXON_PAGE_CLAIM_MS: '2000',
      });
      const now = new Date().toISOString();
      await db.insertInto('devices').values({
        id: newId('dev'), user_id: tenant.user_id, platform: 'ios', name: 'iPhone', app_version: '1.0', critical_alerts_permitted: 1,
        push_token_sealed: createSecretBox(Buffer.from(TEST_SECRET_KEY, 'hex')).seal(apnsToken('owner')), push_token_hash: 'h-owner', push_token_hint: '…0000',
        disabled_at: null, disabled_reason: null, created_at: now, updated_at: now,
      }).execute();
      const pages = await seedPages(db, tenant, 6, [{ dueAt: now, step: 0 }]);
      await db.updateTable('notifications').set({ channel: 'push' }).execute();
      // APNs takes every request and answers none: the process is killed waiting.
      apns.failNext(...pages.map(() => ({ hang: true as const })));
      let proc = await startKlaxon(env);
      procs.push(proc);
      await waitFor('every push page on the wire, unanswered', async () => apns.requests.length >= pages.length, 60_000);
      await proc.kill('SIGKILL');
      proc = await startKlaxon(env);
      procs.push(proc);
      await waitFor('every push page sent', async () => [...(await statuses(db)).values()].every((s) => s === 'sent'), 90_000);
      for (const p of pages) {
        const sent = apns.requests.filter((r) => r.headers['apns-collapse-id'] === p.alert_id);
        // Once before the crash (outcome unknown) and at most once again, the same notification to the phone.
        expect(sent, `alert ${p.alert_id}`).toHaveLength(2);
        expect(new Set(sent.map((r) => r.headers['apns-id'])).size).toBe(1);
        expect(sent.every((r) => r.payload.notification_id === p.id)).toBe(true);
      }
      expect(apns.requests).toHaveLength(pages.length * 2);
    }, 240_000);

    it('kill -9 while SMS and calls are on the wire to Twilio: after restart none is sent again, each page failed "outcome unknown"', async () => {
      const tw = await startFakeTwilio({ ...TWILIO });
      closers.push(tw.close);
      const { env, tenant, db } = await setUp({ TWILIO_BASE_URL: tw.url, TWILIO_ACCOUNT_SID: TWILIO.accountSid, TWILIO_AUTH_TOKEN: TWILIO.authToken, TWILIO_FROM: TWILIO.from, KLAXON_PAGE_CLAIM_MS: '2000' });
      const now = new Date().toISOString();
      await db.insertInto('phone_numbers').values({
        id: newId('phn'), org_id: tenant.org_id, user_id: tenant.user_id, e164: '+15550001000', label: 'mobile', verified_at: now,
        code_hash: null, code_expires_at: null, code_attempts: 0, created_at: now, updated_at: now,
      }).execute();
      // One alert each: an SMS and a call, both due now (different alerts, so no bundle and no throttle between them).
      const pages = [
        ...(await seedPages(db, tenant, 3, [{ dueAt: now, step: 1, channel: 'sms' }])),
        ...(await seedPages(db, tenant, 3, [{ dueAt: now, step: 2, channel: 'voice' }])),
      ];
      // Twilio takes the requests and never answers: the outcome is unknown when the process dies.
      tw.state.hold = true;
      let proc = await startKlaxon(env);
      procs.push(proc);
      // The throttle lets one SMS and one call a minute go to one person: two requests on the wire.
      await waitFor('an SMS and a call in flight', async () => tw.inFlight() >= 2, 60_000);
      await proc.kill('SIGKILL');
      const sentBefore = tw.state.requests;
      tw.state.hold = false;
      proc = await startKlaxon(env);
      procs.push(proc);
      // The bundle's SMS (three alerts in one message) and the first call: outcome unknown, not sent again.
      await waitFor('the pages on the wire marked failed', async () => {
        const rows = await db.selectFrom('notifications').select(['status', 'detail']).where('id', 'in', pages.map((p) => p.id)).execute();
        return rows.filter((r) => r.status === 'failed' && /outcome unknown/.test(r.detail ?? '')).length >= 4;
      }, 60_000);
      const rows = await db.selectFrom('notifications').select(['id', 'channel', 'status', 'detail']).where('id', 'in', pages.map((p) => p.id)).execute();
      const unknown = rows.filter((r) => r.status === 'failed' && /outcome unknown/.test(r.detail ?? ''));
      expect(unknown.map((r) => r.channel).sort()).toEqual(['sms', 'sms', 'sms', 'voice']);
      // The two calls the throttle held back were recorded before the send: still due, not lost.
      const held = rows.filter((r) => r.channel === 'voice' && !unknown.includes(r));
      expect(held).toHaveLength(2);
      for (const r of held) expect(['pending', 'claimed', 'sent']).toContain(r.status);
      expect(sentBefore).toBe(2);
      // Never sent again: no request for a page whose outcome is unknown reached Twilio after the restart.
      const resent = [...tw.messages, ...tw.calls].filter((m) => unknown.some((u) => m.statusCallback?.endsWith(u.id)));
      expect(resent).toEqual([]);
      const timeline = await logEntries(db).select(['message']).where('kind', '=', 'page_failed').execute();
      expect(timeline.filter((e) => /outcome unknown/.test(e.message))).toHaveLength(4);
    }, 400_000);

    if (dialect === 'postgres') {
      it('three processes on one PostgreSQL, 100 alerts escalating to level 2: each page sent exactly once', async () => {
        const { smtp, env, tenant, db, clock } = await setUp();
        const more = [tempDir(), tempDir()];
        dirs.push(...more);
        // One after another: three starts at once on a loaded machine can outlast a start's deadline.
        for (const e of [env, ...more.map((d) => ({ ...env, KLAXON_DATA_DIR: d }))]) procs.push(await startKlaxon(e));
        const { ingestPath, serviceId } = await pagingSetup(procs[0]!.url, tenant, [0]);
        await pagingReady(procs, tenant, serviceId);
        // Signals to all three, so each process's intake, escalation and dispatch take part.
        await Promise.all(procs.map((p, i) => trigger(p.url, ingestPath, i === 0 ? 34 : 33, `Down-${i}`)));
        await waitFor('level 1 sent', async () => (await pages(db)).filter((p) => p.status === 'sent').length === 100, 120_000);
        clock.advance(10 * 60_000);
        await waitFor('level 2 sent', async () => (await pages(db)).filter((p) => p.status === 'sent').length === 200, 120_000);
        const all = await pages(db);
        expect(all).toHaveLength(200);
        expect(new Set(all.map((p) => `${p.alert_id}/${p.level}`)).size).toBe(200);
        expect(smtp.received.size).toBe(200);
        for (const p of all) expect(smtp.received.get(p.id), `page ${p.id}`).toBe(1);
      }, 360_000);

      it('three processes killed with level 1 pages on the wire and restarted after the timeout: level 2 is paged, no level 1 page is sent again (issue 41 item 6a)', async () => {
        // Claims held 5 minutes, not 30 s: the precondition is every level 1 page claimed at the kill,
        // and on a loaded machine the first claims could lapse (and be taken back) before the ninth
        // mail is on the wire. The clock still moves past them (11 minutes) while the processes are down.
        const { smtp, env, tenant, db, clock } = await setUp({ KLAXON_PAGE_CLAIM_MS: String(5 * 60_000) });
        const more = [tempDir(), tempDir()];
        dirs.push(...more);
        const envs = [env, ...more.map((d) => ({ ...env, KLAXON_DATA_DIR: d }))];
        for (const e of envs) procs.push(await startKlaxon(e));
        const { ingestPath, serviceId } = await pagingSetup(procs[0]!.url, tenant, [0]);
        await pagingReady(procs, tenant, serviceId);
        // Every level 1 email goes on the wire and is never answered: each stays claimed.
        smtp.state.hold = true;
        await Promise.all(procs.map((p, i) => trigger(p.url, ingestPath, 3, `Stale-${i}`)));
        await waitFor('every level 1 page claimed and in flight', async () => smtp.heldIds().size >= 9, 120_000, 50);
        for (const p of procs.splice(0)) await p.kill('SIGKILL');
        expect((await pages(db)).map((p) => p.status)).toEqual(Array(9).fill('claimed'));
        smtp.state.hold = false;
        // Down past level 1's timeout (and the claims' expiry): back, the escalation moves to level 2.
        clock.advance(11 * 60_000);
        for (const e of envs) procs.push(await startKlaxon(e));
        await waitFor('level 2 sent', async () => (await pages(db)).filter((p) => p.level === 2 && p.status === 'sent').length === 9, 120_000);
        // Let every process run its claim recovery and dispatcher over what is left.
        clock.advance(60_000);
        await waitFor('no page waiting', async () => (await pages(db)).every((p) => p.status !== 'pending' && p.status !== 'claimed'), 60_000);
        const all = await pages(db);
        const level1 = all.filter((p) => p.level === 1);
        expect(level1).toHaveLength(9);
        // The level the alert left is never paged again: its claimed pages were stopped with the escalation.
        expect(level1.map((p) => p.status)).toEqual(Array(9).fill('cancelled'));
        for (const p of level1) expect(smtp.received.get(p.id), `level 1 page ${p.id} sent after the escalation`).toBeUndefined();
        for (const p of all.filter((x) => x.level === 2)) expect(smtp.received.get(p.id), `page ${p.id}`).toBe(1);
        const sentLevel1 = await logEntries(db).select(['message']).where('kind', '=', 'page_sent').execute();
        expect(sentLevel1).toHaveLength(9);
      }, 480_000);
    }
  });
}
