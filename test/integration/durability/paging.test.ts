import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { connectDb, type Db } from '../../../src/db/connect.ts';
import { newId } from '../../../src/lib/ids.ts';
import type { NewNotificationRow } from '../../../src/modules/notification/notification.table.ts';
import { type KlaxonProc, cleanup, cliBootstrap, freshDatabase, klaxonEnv, startKlaxon, tempDir, waitFor } from '../../helpers/procs.ts';
import { DIALECTS } from '../../helpers/app.ts';
import { startFakeTwilio } from '../../helpers/fakes/twilio.ts';
import { TWILIO } from '../../helpers/paging.ts';

/**
 * The paging engine's promises with real processes (issue 21): every page is sent exactly once
 * through a kill -9 of the process that claimed it, across three processes on one PostgreSQL,
 * and after downtime only the newest overdue step per person and channel goes out. Pages are
 * written as the escalation job writes them (schedules are another module's; the escalation itself
 * is covered in-process by paging/scenarios.test.ts); the processes' dispatchers send them by email
 * to an SMTP server the test runs, which counts each Message-ID (the page's id).
 */

/** An SMTP server on loopback that keeps each message by Message-ID; while `hold` is on it never answers DATA. */
async function smtpCounter() {
  const received = new Map<string, number>();
  let inFlight = 0;
  const state = { hold: false };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      const held = state.hold;
      if (held) inFlight++;
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        // A held message never gets its answer: the client is killed waiting for it.
        if (held) return;
        const id = /Message-ID: <([^@>]+)@/i.exec(Buffer.concat(chunks).toString('utf8'))?.[1] ?? '?';
        received.set(id, (received.get(id) ?? 0) + 1);
        callback();
      });
    },
  });
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    received,
    state,
    inFlight: () => inFlight,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A service, `alerts` open alerts on it, and per alert the pages `steps` says (email to the owner). */
async function seedPages(db: Db['db'], tenant: { org_id: string; user_id: string }, alerts: number, steps: { dueAt: string; step: number; channel?: 'email' | 'sms' | 'voice' }[]) {
  const now = new Date().toISOString();
  const serviceId = newId('svc');
  await db.insertInto('services').values({ id: serviceId, org_id: tenant.org_id, name: `paging-${serviceId}`, description: '', schedule_id: null, dedupe_mode: 'event_key_only', created_at: now, updated_at: now }).execute();
  const pages: NewNotificationRow[] = [];
  for (let i = 0; i < alerts; i++) {
    const alertId = newId('alr');
    await db.insertInto('alerts').values({
      id: alertId, org_id: tenant.org_id, service_id: serviceId, title: `Down ${i}`, body: '', event_key: `k${i}`, priority: 2, urgency: 'high', status: 'open',
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
  describe(`${dialect}: pages through crashes and downtime (real processes)`, () => {
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
      const env = klaxonEnv(database.url, dir, { SMTP_URL: smtp.url, MAIL_FROM: 'klaxon@klaxon.test', KLAXON_PAGE_CLAIM_MS: '2000', ...extra });
      const tenant = await cliBootstrap(env);
      const store = connectDb({ dialect, sqlitePath: database.url.slice('sqlite:'.length), databaseUrl: database.url });
      closers.push(() => store.close());
      return { dir, database, smtp, env, tenant, db: store.db };
    }

    it('kill -9 of the process that claimed pages mid-send: after restart every page is sent exactly once (by Message-ID)', async () => {
      const { smtp, env, tenant, db } = await setUp();
      const pages = await seedPages(db, tenant, 8, [{ dueAt: new Date().toISOString(), step: 0 }]);
      smtp.state.hold = true;
      let proc = await startKlaxon(env);
      procs.push(proc);
      // Every page is claimed and its message is on the wire, unanswered.
      await waitFor('every page claimed and in flight', async () => smtp.inFlight() >= pages.length, 60_000);
      await proc.kill('SIGKILL');
      smtp.state.hold = false;
      proc = await startKlaxon(env);
      procs.push(proc);
      await waitFor('every page sent', async () => [...(await statuses(db)).values()].every((s) => s === 'sent'), 60_000);
      expect(smtp.received.size).toBe(pages.length);
      for (const p of pages) expect(smtp.received.get(p.id), `page ${p.id}`).toBe(1);
      const timeline = await db.selectFrom('alert_log').select('kind').where('kind', '=', 'page_sent').execute();
      expect(timeline).toHaveLength(pages.length);
    }, 180_000);

    it('kill -9 while SMS and calls are on the wire to Twilio: after restart none is sent again, each page failed "outcome unknown"', async () => {
      const tw = await startFakeTwilio({ ...TWILIO });
      closers.push(tw.close);
      const { env, tenant, db } = await setUp({ TWILIO_BASE_URL: tw.url, TWILIO_ACCOUNT_SID: TWILIO.accountSid, TWILIO_AUTH_TOKEN: TWILIO.authToken, TWILIO_FROM: TWILIO.from });
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
      const timeline = await db.selectFrom('alert_log').select(['message']).where('kind', '=', 'page_failed').execute();
      expect(timeline.filter((e) => /outcome unknown/.test(e.message))).toHaveLength(4);
    }, 400_000);

    it('back after two hours down: only the newest overdue step per person and channel is sent, the rest superseded', async () => {
      const { smtp, env, tenant, db } = await setUp();
      const ago = (min: number) => new Date(Date.now() - min * 60_000).toISOString();
      // As a process down since two hours ago would have left them: three email steps each, all due.
      const pages = await seedPages(db, tenant, 5, [{ dueAt: ago(120), step: 0 }, { dueAt: ago(110), step: 1 }, { dueAt: ago(100), step: 2 }]);
      procs.push(await startKlaxon(env));
      await waitFor('every page settled', async () => [...(await statuses(db)).values()].every((s) => s === 'sent' || s === 'superseded'), 60_000);
      const final = await statuses(db);
      for (const p of pages) expect(final.get(p.id), `step ${p.step_index}`).toBe(p.step_index === 2 ? 'sent' : 'superseded');
      expect([...smtp.received.keys()].sort()).toEqual(pages.filter((p) => p.step_index === 2).map((p) => p.id).sort());
    }, 180_000);

    if (dialect === 'postgres') {
      it('three processes on one PostgreSQL, 100 alerts: each page sent exactly once', async () => {
        const { smtp, env, tenant, db } = await setUp();
        const more = [tempDir(), tempDir()];
        dirs.push(...more);
        procs.push(...(await Promise.all([env, ...more.map((d) => ({ ...env, KLAXON_DATA_DIR: d }))].map((e) => startKlaxon(e)))));
        // In waves while all three poll, so their claims overlap.
        const pages: NewNotificationRow[] = [];
        for (let wave = 0; wave < 10; wave++) {
          pages.push(...(await seedPages(db, tenant, 10, [{ dueAt: new Date().toISOString(), step: 0 }])));
          await new Promise((r) => setTimeout(r, 150));
        }
        await waitFor('every page sent', async () => [...(await statuses(db)).values()].every((s) => s === 'sent'), 120_000);
        expect(smtp.received.size).toBe(100);
        for (const p of pages) expect(smtp.received.get(p.id), `page ${p.id}`).toBe(1);
      }, 240_000);
    }
  });
}
