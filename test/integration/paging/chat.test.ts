import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, bootstrapTenant, buildTestApp, createService, type Tenant, type TestApp } from '../../helpers/app.ts';
import { addMember, type Member } from '../../helpers/people.ts';
import { type Receiver, startReceiver } from '../../helpers/webhook-receiver.ts';
import { logEntries } from '../../../src/modules/alert/index.ts';

// The `chat` channel end to end (issue 23 item 5; PRODUCT.md 7.2, 7.3, 8): a real schedule with
// level channels whose steps post to a Slack destination on loopback; an alert escalates through
// the engine; each level start posts once, naming everyone it pages, rendered with the Slack page
// template; every page's fate is in the timeline.

const MINUTE = 60_000;
type Json = Record<string, any>;

for (const dialect of DIALECTS) {
  describe(`${dialect}: a chat step posts the page to its destination through the engine`, () => {
    let t: TestApp;
    let tenant: Tenant;
    let rx: Receiver;
    let ann: Member;
    let bob: Member;
    let cy: Member;
    let svc: Awaited<ReturnType<typeof createService>>;
    let slack: string;

    const api = async (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) => {
      const r = await t.app.inject({ method, url, headers: tenant.headers, ...(payload ? { payload } : {}) });
      expect(r.statusCode, `${method} ${url}: ${r.body}`).toBe(200);
      return r.json() as Json;
    };
    const settle = async () => {
      for (let i = 0; i < 50; i++) {
        await t.container.runner.drain();
        const n = await t.container.engine.tick();
        await t.container.runner.drain();
        if (n === 0 && (await t.container.engine.tick()) === 0) return;
      }
      throw new Error('the engine never went idle');
    };
    const advance = async (ms: number) => {
      for (let left = ms; left > 0; left -= MINUTE) {
        t.clock.advance(Math.min(MINUTE, left));
        await settle();
      }
    };
    const timeline = async (alertId: string) =>
      (await logEntries(t.container.db).select(['kind', 'message']).where('alert_id', '=', alertId).orderBy('created_at').orderBy('id').execute());
    const posts = () => rx.requests.map((r) => JSON.parse(r.body) as Json);

    beforeAll(async () => {
      rx = await startReceiver();
      t = await buildTestApp({ dialect, env: { KLAXON_WEBHOOK_ALLOW_PRIVATE: 'true' } });
      tenant = await bootstrapTenant(t, 'Acme');
      const member = async (name: string) => {
        const m = await addMember(t, tenant, 'responder', { email: `${name.toLowerCase()}@example.com` });
        await t.container.db.updateTable('users').set({ name }).where('id', '=', m.userId).execute();
        return m;
      };
      ann = await member('Ann');
      bob = await member('Bob <b>');
      cy = await member('Cy');
      slack = (await api('POST', '/api/webhooks', { name: 'ops channel', kind: 'slack', url: rx.url('/services/T0/B0/secret'), events: ['alert.resolved'] })).id;
      const rotation = (who: string) => ({ unit: 'week', length: 1, handoff_local: '2026-02-23T09:00', participants: [who] });
      const schedule = await api('POST', '/api/schedules', {
        name: 'Primary', time_zone: 'UTC',
        levels: [
          { level: 1, timeout_minutes: 10, layers: [{ name: 'l1', precedence: 0, rotation: rotation(ann.userId) }] },
          { level: 2, timeout_minutes: 10, layers: [{ name: 'l2', precedence: 0, rotation: rotation(cy.userId) }] },
        ],
      });
      // Bob is on call beside Ann at level 1 today.
      await api('POST', `/api/schedules/${schedule.id}/overrides`, { level: 1, kind: 'add', add_user_id: bob.userId, start: '2026-03-01T00:00:00Z', end: '2026-03-02T00:00:00Z' });
      await api('PUT', `/api/schedules/${schedule.id}/level-channels`, {
        entries: [1, 2].map((level) => ({ level, priority: 'critical', steps: [{ channel: 'chat', delay_seconds: 0, destination_id: slack }] })),
      });
      svc = await createService(t, tenant, 'payments');
      await api('PATCH', `/api/services/${svc.id}`, { schedule_id: schedule.id });
    });
    afterAll(async () => {
      await t?.close();
      await rx?.close();
    });

    it('each level start posts once to the Slack destination, naming everyone paged; the fates are in the timeline', async () => {
      const res = await t.app.inject({ method: 'POST', url: svc.ingestPath, payload: { title: 'Checkout <down> & "out"', priority: 'critical', event_key: 'chat-e2e' } });
      expect(res.statusCode, res.body).toBe(202);
      const alertId = res.json().alert_id as string;
      await settle();
      // Level 1: one post for Ann and Bob, escaped for mrkdwn, with a button to the alert.
      expect(rx.requests).toHaveLength(1);
      expect(rx.requests[0]!.path).toBe('/services/T0/B0/secret');
      expect(rx.requests[0]!.headers['content-type']).toBe('application/json');
      const first = posts()[0]!;
      expect(first.text).toBe('📟 Paging Ann, Bob &lt;b&gt;: Checkout &lt;down&gt; &amp; "out" (critical)');
      expect(JSON.stringify(first.blocks)).toContain(`http://klaxon.test/alerts/${alertId}`);
      let tl = await timeline(alertId);
      expect(tl.map((e) => e.message)).toEqual(expect.arrayContaining([
        'chat page to Ann delivered',
        'chat page to Bob <b> skipped: one post names everyone paged (with Ann\'s page)',
      ]));

      // Unacknowledged past level 1's timeout: level 2 posts, naming Cy only.
      await advance(10 * MINUTE);
      expect(rx.requests).toHaveLength(2);
      expect(posts()[1]!.text).toBe('📟 Paging Cy: Checkout &lt;down&gt; &amp; "out" (critical)');
      tl = await timeline(alertId);
      expect(tl.map((e) => e.kind)).toContain('escalated');
      expect(tl.map((e) => e.message)).toContain('chat page to Cy delivered');

      // Acknowledged: nothing more is posted.
      expect((await t.app.inject({ method: 'PUT', url: `/api/alerts/${alertId}/ack`, headers: tenant.headers })).statusCode).toBe(200);
      await advance(30 * MINUTE);
      expect(rx.requests).toHaveLength(2);
    });

    it('a receiver that fails is tried again by the engine; its answer is in the timeline', async () => {
      rx.reply({ status: 503, body: 'busy' });
      const before = rx.requests.length;
      const res = await t.app.inject({ method: 'POST', url: svc.ingestPath, payload: { title: 'Flaky', priority: 'critical', event_key: 'chat-retry' } });
      const alertId = res.json().alert_id as string;
      await settle();
      expect(rx.requests.length).toBe(before + 1);
      await advance(2 * MINUTE);
      expect(rx.requests.length).toBe(before + 2);
      expect(JSON.parse(rx.requests.at(-1)!.body).text).toBe('📟 Paging Ann, Bob &lt;b&gt;: Flaky (critical)');
      const messages = (await timeline(alertId)).map((e) => e.message);
      expect(messages).toContain('chat page to Ann not delivered yet: HTTP 503; trying again');
      expect(messages).toContain('chat page to Ann delivered');
      // The destination's URL is a secret: it is in no timeline entry.
      expect(JSON.stringify(await timeline(alertId))).not.toContain('/services/T0/B0/secret');
      // Nor in any log line of the process (request logs, the engine's and the provider's).
      expect(t.logs.length).toBeGreaterThan(0);
      expect(t.logs.join('\n')).not.toContain('/services/T0/B0/secret');
    });
  });
}
