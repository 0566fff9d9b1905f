import { afterEach, describe, expect, it } from 'vitest';
import { connectDb, type Db } from '../../../src/db/connect.ts';
import { DIALECTS } from '../../helpers/app.ts';
import { smtpCounter, testClock } from '../../helpers/proc-fakes.ts';
import { type KlaxonProc, cleanup, bootstrapOrg, freshDatabase, klaxonEnv, startKlaxon, tempDir, waitFor } from '../../helpers/procs.ts';

/**
 * Handoff notices with real processes (issue 35, PRODUCT.md 10): exactly one notice per shift
 * through a kill -9 of the process sending it, through downtime across a notice's due time, and
 * with three processes on one PostgreSQL. The owner sets a 5-minute notice (PUT
 * /api/me/notification-rules) and is on call in two shifts of one schedule (two layers, each
 * effective for 30 minutes); with no device, each notice goes by email to an SMTP server the test
 * runs, which counts each Message-ID (the notice's id). Time moves through the test clock file
 * every process reads (docs/adr/0422), to just inside each notice's window.
 */

const MIN = 60_000;
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

/** The owner's shifts: t0 to t0+30 min and t0+60 to t0+90 min (t0 on a whole minute, 20 minutes ahead); a 5-minute notice. */
async function handoffSetup(url: string, tenant: Tenant) {
  const t0 = Math.ceil((Date.now() + 20 * MIN) / MIN) * MIN;
  const iso = (t: number) => new Date(t).toISOString();
  const layer = (name: string, from: number, precedence: number) => ({
    name, precedence, effective_from: iso(from), effective_until: iso(from + 30 * MIN),
    rotation: { unit: 'week', length: 1, handoff_local: iso(t0 - 7 * 24 * 60 * MIN).slice(0, 16), participants: [tenant.user_id] },
  });
  await api(url, tenant, 'POST', '/api/schedules', {
    name: 'Primary', time_zone: 'UTC', levels: [{ level: 1, timeout_minutes: 10, layers: [layer('first', t0, 0), layer('second', t0 + 60 * MIN, 1)] }],
  });
  await api(url, tenant, 'PUT', '/api/me/notification-rules', { high: [], low: [], handoff_notice_minutes: 5 });
  return { t0, shifts: [iso(t0), iso(t0 + 60 * MIN)] };
}

const notices = (db: Db['db']) => db.selectFrom('handoff_notices').select(['id', 'user_id', 'shift_start', 'status', 'channel', 'attempts']).orderBy('shift_start').execute();
const sentFor = async (db: Db['db'], shiftStart: string) => (await notices(db)).some((n) => n.shift_start === shiftStart && n.status === 'sent');

for (const dialect of DIALECTS) {
  describe(`${dialect}: handoff notices through crashes and processes (real processes)`, () => {
    const dirs: string[] = [];
    let procs: KlaxonProc[] = [];
    const closers: (() => Promise<unknown>)[] = [];
    afterEach(async () => {
      for (const p of procs) await p.kill('SIGKILL');
      procs = [];
      for (const c of closers.splice(0).reverse()) await c().catch(() => undefined);
      for (const d of dirs.splice(0)) cleanup(d);
    });

    async function setUp() {
      const dir = tempDir();
      dirs.push(dir);
      const database = await freshDatabase(dialect, dir);
      closers.push(database.drop);
      const smtp = await smtpCounter();
      closers.push(smtp.close);
      const clock = testClock(dir);
      const env = klaxonEnv(database.url, dir, { SMTP_URL: smtp.url, MAIL_FROM: 'klaxon@klaxon.test', KLAXON_TEST_CLOCK_FILE: clock.path });
      const tenant = await bootstrapOrg(env);
      const store = connectDb({ dialect, sqlitePath: database.url.slice('sqlite:'.length), databaseUrl: database.url });
      closers.push(() => store.close());
      return { smtp, env, tenant, db: store.db, clock };
    }

    /** One notice row per shift, each sent by email, and each received by the SMTP server exactly once. */
    async function expectOnePerShift(db: Db['db'], smtp: Awaited<ReturnType<typeof smtpCounter>>, shifts: string[]) {
      const rows = await notices(db);
      expect(rows.map((r) => [r.shift_start, r.status, r.channel])).toEqual(shifts.map((s) => [s, 'sent', 'email']));
      expect(smtp.received.size).toBe(shifts.length);
      for (const r of rows) expect(smtp.received.get(r.id), `notice ${r.id} (${r.shift_start})`).toBe(1);
    }

    it('kill -9 while the notice is on the wire, and downtime across the next notice\'s due time: one notice per shift', async () => {
      const { smtp, env, tenant, db, clock } = await setUp();
      let proc = await startKlaxon(env);
      procs.push(proc);
      const { t0, shifts } = await handoffSetup(proc.url, tenant);
      // Inside the first notice's window: it is planned, claimed and on the wire, unanswered.
      smtp.state.hold = true;
      clock.setTo(t0 - 4 * MIN);
      await waitFor('the first notice on the wire', async () => smtp.heldIds().size >= 1, 90_000, 20);
      await proc.kill('SIGKILL');
      expect((await notices(db)).map((n) => [n.shift_start, n.status])).toEqual([[shifts[0], 'claimed']]);
      smtp.state.hold = false;
      // Back after the claim expired (30 s), still before the shift: outcome unknown, email goes once more.
      clock.advance(MIN);
      proc = await startKlaxon(env);
      procs.push(proc);
      await waitFor('the first notice sent', () => sentFor(db, shifts[0]!), 90_000);
      // Killed before the second notice is due, back after it is due (and before its shift).
      await proc.kill('SIGKILL');
      clock.setTo(t0 + 56 * MIN);
      proc = await startKlaxon(env);
      procs.push(proc);
      await waitFor('the second notice sent', () => sentFor(db, shifts[1]!), 90_000);
      await expectOnePerShift(db, smtp, shifts);
      // The first one was tried twice (once unanswered), under one Message-ID.
      expect((await notices(db)).map((n) => n.attempts)).toEqual([2, 1]);
      expect([...smtp.heldIds()]).toEqual([(await notices(db))[0]!.id]);
    }, 400_000);

    if (dialect === 'postgres') {
      it('three processes on one PostgreSQL: one notice per shift', async () => {
        const { smtp, env, tenant, db, clock } = await setUp();
        const more = [tempDir(), tempDir()];
        dirs.push(...more);
        // One after another: three starts at once on a loaded machine can outlast a start's deadline.
        for (const e of [env, ...more.map((d) => ({ ...env, KLAXON_DATA_DIR: d }))]) procs.push(await startKlaxon(e));
        const { t0, shifts } = await handoffSetup(procs[0]!.url, tenant);
        clock.setTo(t0 - 4 * MIN);
        await waitFor('the first notice sent', () => sentFor(db, shifts[0]!), 120_000);
        // The second notice's plan and send come from rounds after the first was sent: the settle for the counts.
        clock.setTo(t0 + 56 * MIN);
        await waitFor('the second notice sent', () => sentFor(db, shifts[1]!), 120_000);
        await expectOnePerShift(db, smtp, shifts);
      }, 400_000);
    }
  });
}
