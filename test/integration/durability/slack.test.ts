import { afterEach, describe, expect, it } from 'vitest';
import { connectDb } from '../../../src/db/connect.ts';
import { DIALECTS } from '../../helpers/app.ts';
import { type FakeSlack, startFakeSlack } from '../../helpers/fakes/slack.ts';
import { testClock } from '../../helpers/proc-fakes.ts';
import { type KlaxonProc, apiJson, cleanup, bootstrapOrg, createServiceHttp, freshDatabase, klaxonEnv, sendSignal, startKlaxon, tempDir, waitFor } from '../../helpers/procs.ts';

/**
 * Slack messages through a kill -9 with real processes (issue 37, PRODUCT.md 12, docs/adr/0831):
 * "exactly once: a Slack message per alert per destination across kill -9 (the edit after
 * restart, never a second post)". A `klaxon serve` posts an alert's message to a `slack_app`
 * channel of a Slack Web API fake that carries the post out and never answers it; the process is
 * killed waiting for the answer (its `slack_messages` row still `posting`, no ts) and started
 * again. After the delivery's lease and the posting hold have passed (the test clock file every
 * process reads, docs/adr/0422), the restarted process finds the message by its metadata
 * (conversations.history) and edits it; acknowledging and resolving through the API edit the same
 * message. The channel holds one message for the alert, edited to Resolved.
 */

const MIN = 60_000;
const TOKEN = 'xoxb-1111-2222-klaxontesttoken';
const SECRET = '8f742231b10e8888abcd99yyyzzz85a5';
const CHANNEL = 'C0ALERTS1';
const EVENTS = ['alert.triggered', 'alert.acknowledged', 'alert.resolved'];

for (const dialect of DIALECTS) {
  describe(`${dialect}: a Slack message per alert per channel through a kill -9 (real processes)`, () => {
    const dirs: string[] = [];
    let procs: KlaxonProc[] = [];
    const closers: (() => Promise<unknown>)[] = [];
    afterEach(async () => {
      for (const p of procs) await p.kill('SIGKILL');
      procs = [];
      for (const c of closers.splice(0).reverse()) await c().catch(() => undefined);
      for (const d of dirs.splice(0)) cleanup(d);
    });

    it('killed while chat.postMessage is unanswered: after restart the message is found and edited, never posted twice', async () => {
      const dir = tempDir();
      dirs.push(dir);
      const database = await freshDatabase(dialect, dir);
      closers.push(database.drop);
      const slack: FakeSlack = await startFakeSlack({ token: TOKEN, channels: [CHANNEL] });
      closers.push(slack.close);
      const clock = testClock(dir);
      const env = klaxonEnv(database.url, dir, { SLACK_API_URL: slack.url, KLAXON_TEST_CLOCK_FILE: clock.path });
      const tenant = await bootstrapOrg(env);
      const store = connectDb({ dialect, sqlitePath: database.url.slice('sqlite:'.length), databaseUrl: database.url });
      closers.push(() => store.close());
      const db = store.db;

      let proc = await startKlaxon(env);
      procs.push(proc);
      await apiJson(proc.url, tenant, 'PUT', '/api/chat/slack', { bot_token: TOKEN, signing_secret: SECRET });
      const dest = (await apiJson(proc.url, tenant, 'POST', '/api/webhooks', { name: 'ops channel', kind: 'slack_app', channel_id: CHANNEL, events: EVENTS })) as { id: string; kind: string; channel_id: string };
      expect(dest).toMatchObject({ kind: 'slack_app', channel_id: CHANNEL });
      const svc = await createServiceHttp(proc.url, tenant, 'checkout');

      // The post is carried out and never answered: the process waits for it until it is killed.
      slack.hold('chat.postMessage');
      const sent = await sendSignal(proc.url, svc.ingestPath, { title: 'Checkout down', priority: 'critical', event_key: 'checkout' });
      expect(sent.status).toBe(202);
      const alertId = sent.body!.alert_id as string;
      const mine = () => slack.posts(CHANNEL).filter((m) => m.metadata?.event_payload.alert_id === alertId);
      const row = () => db.selectFrom('slack_messages').selectAll().where('alert_id', '=', alertId).where('destination_id', '=', dest.id).executeTakeFirst();
      await waitFor('the alert\'s message posted and its answer held', async () => slack.heldCalls.some((c) => c.method === 'chat.postMessage' && !c.args.thread_ts) && mine().length === 1, 90_000, 20);
      await proc.kill('SIGKILL');
      expect(await row()).toMatchObject({ state: 'posting', ts: null, channel_id: CHANNEL });
      const msg = mine()[0]!;
      expect(msg.edits).toBe(0);
      slack.hold('chat.postMessage', false);

      // Back after the delivery's lease (2 min) and the posting hold (30 s) have passed.
      clock.advance(3 * MIN);
      const callsBefore = slack.calls.length;
      proc = await startKlaxon(env);
      procs.push(proc);
      await waitFor('the message found again and edited', async () => (await row())?.state === 'posted' && msg.edits >= 1, 90_000, 50);
      expect((await row())!.ts).toBe(msg.ts);
      const after = slack.calls.slice(callsBefore);
      expect(after.some((c) => c.method === 'conversations.history' && c.args.channel === CHANNEL)).toBe(true);

      await apiJson(proc.url, tenant, 'PUT', `/api/alerts/${alertId}/ack`);
      await apiJson(proc.url, tenant, 'PUT', `/api/alerts/${alertId}/resolve`);
      const deliveries = () => db.selectFrom('webhook_deliveries').select(['event_kind', 'state']).where('alert_id', '=', alertId).where('destination_id', '=', dest.id).execute();
      await waitFor('the three deliveries delivered', async () => {
        const all = await deliveries();
        return all.length === EVENTS.length && all.every((d) => d.state === 'delivered');
      }, 120_000, 50);

      // One message for the alert in the channel, ever posted once, edited to its latest state.
      expect(mine()).toHaveLength(1);
      const topLevelPosts = slack.calls.filter((c) => c.method === 'chat.postMessage' && !c.args.thread_ts && (c.args.metadata as { event_payload?: { alert_id?: string } } | undefined)?.event_payload?.alert_id === alertId);
      expect(topLevelPosts).toHaveLength(1);
      const updates = slack.calls.filter((c) => c.method === 'chat.update' && c.args.ts === msg.ts);
      expect(updates.length).toBeGreaterThanOrEqual(3); // the found message, acknowledged, resolved
      expect(slack.calls.filter((c) => c.method === 'chat.update' && c.args.ts !== msg.ts)).toEqual([]);
      expect(msg.edits).toBe(updates.length);
      expect(JSON.stringify(msg.blocks)).toContain('Resolved by');
      expect(JSON.stringify(msg.blocks)).not.toContain('"text":"Acknowledge"');
      expect(await row()).toMatchObject({ state: 'posted', ts: msg.ts });
    }, 400_000);
  });
}
