import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, bootstrapTenant, buildTestApp, createService, type Tenant, type TestApp } from '../../helpers/app.ts';
import { type FakeSlack, commandBody, interactionBody, signSlack, startFakeSlack } from '../../helpers/fakes/slack.ts';
import { addMember, type Member } from '../../helpers/people.ts';
import { logEntries } from '../../../src/modules/alert/index.ts';
import { ALERT_EVENT_TYPES } from '../../../src/modules/alert/alert.events.ts';

// Chat that acts, Slack (PRODUCT.md 12; issue 37): a connected Slack app, a `slack_app` channel
// named by a level's chat step and subscribed to every alert event; one message per alert with
// its buttons, edited on every change with a thread line; presses and /klaxon checked with Slack's
// v0 signature and acting as the member matched by verified email, with that member's role.
// The Slack Web API is a fake on loopback (test/helpers/fakes/slack.ts). Both stores.

const MINUTE = 60_000;
const TOKEN = 'xoxb-1111-2222-klaxontesttoken';
const SECRET = '8f742231b10e8888abcd99yyyzzz85a5';
const CHANNEL = 'C0ALERTS1';
type Json = Record<string, any>;

for (const dialect of DIALECTS) {
  describe(`${dialect}: Slack as an app`, () => {
    let t: TestApp;
    let tenant: Tenant;
    let slack: FakeSlack;
    let ann: Member;
    let obs: Member;
    let destination: string;
    let svc: Awaited<ReturnType<typeof createService>>;

    const api = async (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object, expectStatus = 200) => {
      const r = await t.app.inject({ method, url, headers: tenant.headers, ...(payload ? { payload } : {}) });
      expect(r.statusCode, `${method} ${url}: ${r.body}`).toBe(expectStatus);
      return r.json() as Json;
    };
    const settle = async () => {
      for (let i = 0; i < 50; i++) {
        await t.container.runner.drain();
        const n = await t.container.engine.tick();
        await t.container.runner.drain();
        await t.container.webhookWorker.drain();
        await t.container.services.slack.idle();
        if (n === 0 && (await t.container.engine.tick()) === 0) {
          await t.container.runner.drain();
          await t.container.webhookWorker.drain();
          return;
        }
      }
      throw new Error('the engine never went idle');
    };
    const nowSeconds = () => Math.floor(t.clock.now().getTime() / 1000);
    const press = async (user: string, actionId: string, alertId: string, opts: { secret?: string; at?: number } = {}) => {
      const body = interactionBody({ teamId: slack.teamId, userId: user, channelId: CHANNEL, actionId, value: alertId });
      const r = await t.app.inject({ method: 'POST', url: '/v1/providers/slack/interactions', headers: signSlack(opts.secret ?? SECRET, body, opts.at ?? nowSeconds()), payload: body });
      await settle();
      return r;
    };
    const command = async (user: string, text: string) => {
      const body = commandBody({ teamId: slack.teamId, userId: user, channelId: CHANNEL, text });
      const r = await t.app.inject({ method: 'POST', url: '/v1/providers/slack/commands', headers: signSlack(SECRET, body, nowSeconds()), payload: body });
      await settle();
      return r;
    };
    const alertOf = async (id: string) => api('GET', `/api/alerts/${id}`);
    const timeline = async (alertId: string) =>
      (await logEntries(t.container.db).select(['kind', 'message']).where('alert_id', '=', alertId).orderBy('created_at').orderBy('id').execute()).map((e) => e.message);
    const trigger = async (key: string) => {
      const res = await t.app.inject({ method: 'POST', url: svc.ingestPath, payload: { title: `Checkout <down> ${key}`, priority: 'critical', event_key: key } });
      expect(res.statusCode, res.body).toBe(202);
      await settle();
      return res.json().alert_id as string;
    };
    const pendingPages = async (alertId: string) =>
      (await t.container.db.selectFrom('notifications').select(['status']).where('alert_id', '=', alertId).execute()).filter((n) => n.status === 'pending');

    beforeAll(async () => {
      slack = await startFakeSlack({
        token: TOKEN, teamName: 'Acme Workspace', channels: [CHANNEL, 'C0DOOMED1'],
        users: [{ id: 'U0ANN', email: 'Ann@Example.com', name: 'ann' }, { id: 'U0OBS', email: 'obs@example.com' }, { id: 'U0STRANGER', email: 'stranger@example.com' }],
      });
      t = await buildTestApp({ dialect, env: { SLACK_API_URL: slack.url } });
      tenant = await bootstrapTenant(t, 'Acme');
      const member = async (name: string, role: 'responder' | 'observer') => {
        const m = await addMember(t, tenant, role, { email: `${name.toLowerCase()}@example.com` });
        await t.container.db.updateTable('users').set({ name, email_verified_at: t.clock.now().toISOString() }).where('id', '=', m.userId).execute();
        return m;
      };
      ann = await member('Ann', 'responder');
      obs = await member('Obs', 'observer');
      svc = await createService(t, tenant, 'payments');
    });
    afterAll(async () => {
      await t?.close();
      await slack?.close();
    });

    it('connects the app (token checked with auth.test, shown masked) and gives a manifest with this instance\'s URLs', async () => {
      expect((await api('GET', '/api/chat/slack')).connected).toBe(false);
      // A slack_app channel needs the app first.
      await api('POST', '/api/webhooks', { name: 'ops', kind: 'slack_app', channel_id: CHANNEL, events: ['alert.triggered'] }, 409);
      const bad = await t.app.inject({ method: 'PUT', url: '/api/chat/slack', headers: tenant.headers, payload: { bot_token: 'xoxb-0000-wrong-token', signing_secret: SECRET } });
      expect(bad.statusCode, bad.body).toBe(400);
      expect(bad.json().error.message).toContain('invalid_auth');
      const put = await api('PUT', '/api/chat/slack', { bot_token: TOKEN, signing_secret: SECRET });
      expect(put).toMatchObject({ connected: true, team_id: slack.teamId, team_name: 'Acme Workspace', bot_token: 'xoxb-…oken', signing_secret: '••••••••' });
      const got = await api('GET', '/api/chat/slack');
      expect(JSON.stringify(got)).not.toContain(TOKEN);
      expect(JSON.stringify(got)).not.toContain(SECRET);
      // Sealed at rest.
      const row = await t.container.db.selectFrom('slack_connections').selectAll().executeTakeFirstOrThrow();
      expect(JSON.stringify(row)).not.toContain(TOKEN);
      expect(JSON.stringify(row)).not.toContain(SECRET);
      const manifest = await api('GET', '/api/chat/slack/manifest');
      expect(manifest.settings.interactivity.request_url).toBe('http://klaxon.test/v1/providers/slack/interactions');
      expect(manifest.features.slash_commands[0]).toMatchObject({ command: '/klaxon', url: 'http://klaxon.test/v1/providers/slack/commands' });

      // The channel: a webhook destination of kind slack_app, named by the level's chat step.
      const dest = await api('POST', '/api/webhooks', { name: 'ops channel', kind: 'slack_app', channel_id: CHANNEL, events: [...ALERT_EVENT_TYPES] });
      expect(dest).toMatchObject({ kind: 'slack_app', channel_id: CHANNEL });
      destination = dest.id;
      await api('POST', '/api/webhooks', { name: 'x', kind: 'slack_app', url: 'https://hooks.slack.com/services/x', events: ['alert.triggered'] }, 400);
      const schedule = await api('POST', '/api/schedules', {
        name: 'Primary', time_zone: 'UTC',
        levels: [{ level: 1, timeout_minutes: 30, layers: [{ name: 'l1', precedence: 0, rotation: { unit: 'week', length: 1, handoff_local: '2026-02-23T09:00', participants: [ann.userId] } }] }],
      });
      await api('PUT', `/api/schedules/${schedule.id}/level-channels`, {
        entries: [{ level: 1, priority: 'critical', steps: [{ channel: 'chat', delay_seconds: 0, destination_id: destination }, { channel: 'email', delay_seconds: 600 }] }],
      });
      await api('PATCH', `/api/services/${svc.id}`, { schedule_id: schedule.id });
    });

    it('a critical alert posts one message with its buttons; Acknowledge by a matched responder acknowledges it, edits the message and stops pending pages', async () => {
      const alertId = await trigger('ack-by-button');
      const posts = slack.posts(CHANNEL).filter((m) => m.metadata?.event_payload.alert_id === alertId);
      expect(posts).toHaveLength(1);
      const msg = posts[0]!;
      const buttons = JSON.stringify(msg.blocks);
      for (const label of ['Acknowledge', 'Resolve', 'Escalate', 'Open']) expect(buttons).toContain(`"text":"${label}"`);
      expect(buttons).toContain(`http://klaxon.test/alerts/${alertId}`);
      expect(msg.text).toContain('Checkout &lt;down&gt;');
      expect(slack.replies(msg.ts).map((r) => r.text)).toEqual(['Paging Ann']);
      expect((await pendingPages(alertId)).length).toBeGreaterThan(0);

      const r = await press('U0ANN', 'klaxon_ack', alertId);
      expect(r.statusCode, r.body).toBe(200);
      expect(r.body).toBe('');
      expect((await alertOf(alertId)).status).toBe('acknowledged');
      expect(await timeline(alertId)).toContain('acknowledged from Slack by Ann');
      expect(await pendingPages(alertId)).toEqual([]);
      // The same message, edited; a thread line for the change; no second post.
      expect(slack.posts(CHANNEL).filter((m) => m.metadata?.event_payload.alert_id === alertId)).toHaveLength(1);
      expect(msg.edits).toBeGreaterThan(0);
      expect(JSON.stringify(msg.blocks)).toContain('Acknowledged by Ann');
      expect(JSON.stringify(msg.blocks)).not.toContain('"text":"Acknowledge"');
      expect(slack.replies(msg.ts).map((x) => x.text)).toContain('Acknowledged by Ann');

      // Resolving from the API edits the same message.
      await api('PUT', `/api/alerts/${alertId}/resolve`);
      await settle();
      expect(slack.posts(CHANNEL).filter((m) => m.metadata?.event_payload.alert_id === alertId)).toHaveLength(1);
      expect(JSON.stringify(msg.blocks)).toContain('Resolved by');
      expect(JSON.stringify(msg.blocks)).not.toContain('"text":"Resolve"');
      expect(slack.replies(msg.ts).map((x) => x.text).at(-1)).toMatch(/^Resolved by /);
    });

    it('an unmatched Slack user and an observer are refused in an ephemeral message; nothing changes', async () => {
      const alertId = await trigger('refused');
      const before = slack.ephemeral.length;
      expect((await press('U0STRANGER', 'klaxon_ack', alertId)).statusCode).toBe(200);
      expect((await press('U0OBS', 'klaxon_resolve', alertId)).statusCode).toBe(200);
      expect((await alertOf(alertId)).status).toBe('open');
      const said = slack.ephemeral.slice(before);
      expect(said).toHaveLength(2);
      expect(said[0]).toMatchObject({ user: 'U0STRANGER', channel: CHANNEL });
      expect(said[0]!.text).toContain('No member of this Klaxon organization has the verified email stranger@example.com');
      expect(said[1]!.text).toContain('role in this Klaxon organization is observer');
      expect((await timeline(alertId)).some((m) => m.includes('from Slack'))).toBe(false);
    });

    it('a forged, stale or missing signature is 401 and changes nothing', async () => {
      const alertId = await trigger('forged');
      expect((await press('U0ANN', 'klaxon_ack', alertId, { secret: 'not-the-secret-000000000000' })).statusCode).toBe(401);
      expect((await press('U0ANN', 'klaxon_ack', alertId, { at: nowSeconds() - 301 })).statusCode).toBe(401);
      expect((await press('U0ANN', 'klaxon_ack', alertId, { at: nowSeconds() + 301 })).statusCode).toBe(401);
      const body = interactionBody({ teamId: slack.teamId, userId: 'U0ANN', channelId: CHANNEL, actionId: 'klaxon_ack', value: alertId });
      const unsigned = await t.app.inject({ method: 'POST', url: '/v1/providers/slack/interactions', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: body });
      expect(unsigned.statusCode).toBe(401);
      const cmd = commandBody({ teamId: slack.teamId, userId: 'U0ANN', channelId: CHANNEL, text: `ack ${alertId}` });
      const forgedCmd = await t.app.inject({ method: 'POST', url: '/v1/providers/slack/commands', headers: signSlack('wrong-secret-0000000000000000', cmd, nowSeconds()), payload: cmd });
      expect(forgedCmd.statusCode).toBe(401);
      await settle();
      expect((await alertOf(alertId)).status).toBe('open');
      // Within the window (4 minutes old) it is taken.
      expect((await press('U0ANN', 'klaxon_ack', alertId, { at: nowSeconds() - 240 })).statusCode).toBe(200);
      expect((await alertOf(alertId)).status).toBe('acknowledged');
    });

    it('/klaxon resolve <id> and /klaxon oncall answer ephemerally', async () => {
      const alertId = await trigger('by-command');
      const r = await command('U0ANN', `resolve ${alertId}`);
      expect(r.statusCode, r.body).toBe(200);
      // The answer races Slack's 3 s budget (COMMAND_BUDGET_MS, real time): on a loaded machine it
      // may be the interim one; command() waits for the work either way.
      expect(r.json().response_type).toBe('ephemeral');
      expect([`Alert ${alertId} resolved.`, "Working on it: the alert's messages show the change once it is made."]).toContain(r.json().text);
      expect((await alertOf(alertId)).status).toBe('resolved');
      expect(await timeline(alertId)).toContain('resolved from Slack by Ann');
      const oncall = await command('U0ANN', 'oncall primary');
      expect(oncall.json().text).toContain('*Primary* — level 1: Ann');
      expect((await command('U0ANN', 'oncall nosuch')).json().text).toContain('No schedule named "nosuch"');
      expect((await command('U0OBS', `ack ${alertId}`)).json().text).toContain('observer');
      expect((await command('U0ANN', 'dance')).json().text).toContain('Usage');
    });

    it('Escalate by a matched responder escalates the alert, as that member, and edits the same message; /klaxon ack <id> acknowledges; /klaxon oncall with no schedule names every schedule', async () => {
      const alertId = await trigger('escalate-by-button');
      const msg = slack.posts(CHANNEL).find((m) => m.metadata?.event_payload.alert_id === alertId)!;
      const r = await press('U0ANN', 'klaxon_escalate', alertId);
      expect(r.statusCode, r.body).toBe(200);
      const after = await alertOf(alertId);
      expect(after.status).toBe('open');
      expect(await timeline(alertId)).toContain('escalated from Slack by Ann');
      const escalated = await logEntries(t.container.db).select(['kind', 'actor_id']).where('alert_id', '=', alertId).where('kind', '=', 'escalated_via').executeTakeFirst();
      expect(escalated?.actor_id).toBe(ann.userId);
      expect(slack.posts(CHANNEL).filter((m) => m.metadata?.event_payload.alert_id === alertId)).toHaveLength(1);
      expect(msg.edits).toBeGreaterThan(0);

      const acked = await command('U0ANN', `ack ${alertId}`);
      expect(acked.statusCode, acked.body).toBe(200);
      // The answer races Slack's 3 s budget (COMMAND_BUDGET_MS, real time): on a loaded machine it may be the interim one.
      expect(acked.json().response_type).toBe('ephemeral');
      expect([`Alert ${alertId} acknowledged.`, "Working on it: the alert's messages show the change once it is made."]).toContain(acked.json().text);
      expect((await alertOf(alertId)).status).toBe('acknowledged');
      expect(await timeline(alertId)).toContain('acknowledged from Slack by Ann');

      const oncall = await command('U0ANN', 'oncall');
      expect(oncall.json()).toEqual({ response_type: 'ephemeral', text: 'On call now:\n*Primary* — level 1: Ann' });
    });

    it('a message that can no longer be edited is a failed delivery with the reason; a deleted channel disables the destination', async () => {
      const alertId = await trigger('deleted-message');
      const msg = slack.posts(CHANNEL).find((m) => m.metadata?.event_payload.alert_id === alertId)!;
      slack.deleteMessage(msg.ts);
      await api('PUT', `/api/alerts/${alertId}/ack`);
      await settle();
      const failed = await api('GET', `/api/webhooks/${destination}/deliveries?state=failed`);
      expect(failed.find((d: Json) => d.alert_id === alertId && d.event === 'alert.acknowledged')?.last_error).toBe('Slack: message_not_found');

      const doomed = await api('POST', '/api/webhooks', { name: 'doomed', kind: 'slack_app', channel_id: 'C0DOOMED1', events: [...ALERT_EVENT_TYPES] });
      slack.deleteChannel('C0DOOMED1');
      await trigger('deleted-channel');
      const view = await api('GET', `/api/webhooks/${doomed.id}`);
      expect(view.enabled).toBe(false);
      expect(view.disabled_reason).toMatch(/^Slack: channel_not_found/);
      expect(view.health.consecutive_failures).toBe(1);
      await api('DELETE', `/api/webhooks/${doomed.id}`);
    });

    it('a post whose answer was lost (its row left posting) is found again by its metadata and edited, never posted twice', async () => {
      const alertId = await trigger('lost-answer');
      const mine = () => slack.posts(CHANNEL).filter((m) => m.metadata?.event_payload.alert_id === alertId);
      expect(mine()).toHaveLength(1);
      // As if the process died between Slack's answer and the write of its ts.
      const stale = new Date(t.clock.now().getTime() - 60_000).toISOString();
      await t.container.db.updateTable('slack_messages').set({ state: 'posting', ts: null, updated_at: stale }).where('alert_id', '=', alertId).execute();
      await api('PUT', `/api/alerts/${alertId}/ack`);
      await settle();
      expect(mine()).toHaveLength(1);
      expect(JSON.stringify(mine()[0]!.blocks)).toContain('Acknowledged by');
      const row = await t.container.db.selectFrom('slack_messages').selectAll().where('alert_id', '=', alertId).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ state: 'posted', ts: mine()[0]!.ts });
    });

    it('disconnecting removes the app; its channel\'s deliveries then fail', async () => {
      await api('DELETE', '/api/chat/slack');
      expect((await api('GET', '/api/chat/slack')).connected).toBe(false);
      await api('DELETE', '/api/chat/slack', undefined, 404);
      t.clock.advance(MINUTE);
    });
  });
}
