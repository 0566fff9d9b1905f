import { afterEach, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../helpers/app.ts';
import { startSmtpCapture } from '../../helpers/people.ts';
import { type KlaxonProc, cleanup, cliBootstrap, createServiceHttp, freshDatabase, klaxonEnv, sendSignal, startKlaxon, tempDir, waitFor } from '../../helpers/procs.ts';

/**
 * Issue 34's done-when: "A fresh clone, tried as a new user would with only SMTP_URL set, pages the
 * on-call person of a two-level schedule for a critical alert by email within 2 s, and says
 * "fallback: email" in the timeline." A real `klaxon serve` with SMTP_URL and MAIL_FROM only (no
 * Twilio, no push device: the default steps push, sms, voice reach nobody), a schedule left with
 * its default level channels, a critical signal, and the mail awaited. The 2 s is a figure, not an
 * assertion (timed assertions flake on a loaded machine; targets live in `npm run bench`): the test
 * prints the time from the 202 to the mail in the sink, and the stop's note reports it.
 */

type Tenant = Awaited<ReturnType<typeof cliBootstrap>>;

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

for (const dialect of DIALECTS) {
  describe(`${dialect}: a fresh clone with only SMTP_URL set`, () => {
    const closers: (() => Promise<unknown>)[] = [];
    afterEach(async () => {
      for (const c of closers.splice(0).reverse()) await c().catch(() => undefined);
    });

    it('pages the on-call person of a two-level schedule for a critical alert by email at once; the timeline says "fallback: email" and why', async () => {
      const dir = tempDir();
      closers.push(async () => cleanup(dir));
      const database = await freshDatabase(dialect, dir, undefined, { migrated: false }); // a first start migrates it
      closers.push(database.drop);
      const smtp = await startSmtpCapture();
      closers.push(smtp.close);
      const env = klaxonEnv(database.url, dir, { SMTP_URL: smtp.url, MAIL_FROM: 'Klaxon <pager@example.test>' });
      const tenant = await cliBootstrap(env);
      const proc: KlaxonProc = await startKlaxon(env);
      closers.push(() => proc.kill('SIGKILL'));

      // Two levels, the owner on call at both, level channels left at their defaults.
      const layer = (name: string) => ({ name, precedence: 0, rotation: { unit: 'week', length: 1, handoff_local: '2026-01-05T09:00', participants: [tenant.user_id] } });
      const schedule = await api(proc.url, tenant, 'POST', '/api/schedules', {
        name: 'Primary', time_zone: 'UTC', levels: [{ level: 1, timeout_minutes: 5, layers: [layer('first')] }, { level: 2, timeout_minutes: 5, layers: [layer('second')] }],
      });
      const channels = (await api(proc.url, tenant, 'GET', `/api/schedules/${schedule.id}/level-channels`)) as { level: number; priority: string; default: boolean }[];
      expect(channels.every((c) => c.default)).toBe(true);
      const service = await createServiceHttp(proc.url, tenant, 'payments');
      await api(proc.url, tenant, 'PATCH', `/api/services/${service.id}`, { schedule_id: schedule.id });

      const r = await sendSignal(proc.url, service.ingestPath, { title: 'Checkout is down', priority: 'critical' });
      expect(r.status, JSON.stringify(r.body)).toBe(202);
      const accepted = performance.now();
      await waitFor('the page by email', async () => smtp.mails.some((m) => m.subject.includes('Checkout is down')), 30_000, 20);
      console.log(`${dialect}: 202 to the page in the mail sink: ${Math.round(performance.now() - accepted)} ms`);

      const mail = smtp.mails.find((m) => m.subject.includes('Checkout is down'))!;
      // To the owner, the one person on call (klaxon admin bootstrap's --email).
      expect(mail.to).toEqual([expect.stringMatching(/^owner-\d+@example\.com$/)]);
      expect(/^Message-ID: <ntf_[0-9a-z]+@example\.test>$/im.test(mail.raw), mail.raw.slice(0, 600)).toBe(true);
      const alertId = r.body!.alert_id as string;
      const timeline = (await api(proc.url, tenant, 'GET', `/api/alerts/${alertId}/timeline?limit=100`)) as { kind: string; message: string }[];
      const fallback = timeline.find((e) => e.message.includes('fallback: email'));
      expect(fallback?.message, JSON.stringify(timeline.map((e) => e.message), null, 1)).toMatch(
        /fallback: email at once, no step can reach them \(push: .+; sms: not configured on this server; voice: not configured on this server\)$/,
      );
    }, 240_000);
  });
}
