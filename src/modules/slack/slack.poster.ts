import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import type { SecretBox } from '../../lib/secrets.ts';
import { priorityFromRank } from '../alert/index.ts';
import { alertUrl, webhookRepository } from '../webhook/index.ts';
import { type SlackApi, type SlackFailure, slackFailure } from './slack.api.ts';
import { METADATA_EVENT, alertMessage } from './slack.message.ts';
import type { SlackMessageRow } from './slack.table.ts';

/** A `posting` row younger than this may still have its post in flight elsewhere: wait rather than look. */
export const POSTING_HOLD_MS = 30_000;

export type SlackSendResult =
  | { outcome: 'delivered'; ts: string; body: string; durationMs: number }
  | ({ outcome: 'retry' | 'gone' | 'failed'; body?: string; durationMs: number } & Omit<SlackFailure, 'verdict'>);

/**
 * One message per alert per `slack_app` destination (PRODUCT.md 12; docs/adr/0831). The first
 * send of an alert writes its `slack_messages` row (`posting`) before chat.postMessage and its
 * `ts` after; every later send edits that message (chat.update, from the alert as it is now) and
 * adds its line to the message's thread. A `posting` row left by a process that died between the
 * post and the write is found again by the message's metadata (conversations.history), so a
 * restart edits the message instead of posting a second one. Calls Slack outside any transaction.
 */
export function createSlackPoster(deps: { db: Kysely<Database>; box: SecretBox; clock: Clock; api: SlackApi; publicUrl: string }) {
  const { db, box, clock, api } = deps;

  const find = (destinationId: string, alertId: string) =>
    db.selectFrom('slack_messages').selectAll().where('destination_id', '=', destinationId).where('alert_id', '=', alertId).executeTakeFirst();

  async function messageOf(alertId: string) {
    const row = await webhookRepository.contextRow(db, alertId);
    if (!row) return undefined;
    const name = (email: string | null, n: string | null) => (email ? n?.trim() || email : null);
    return alertMessage({
      id: row.id, title: row.title, status: row.status, priority: priorityFromRank(row.priority), service_name: row.service_name,
      acked_by_name: name(row.acked_by_email, row.acked_by_user_name), resolved_by_name: name(row.resolved_by_email, row.resolved_by_user_name),
      url: alertUrl(deps.publicUrl, row.id),
    });
  }

  return {
    /**
     * Posts the alert's message to the destination's channel, or edits it and adds `line` to its
     * thread. `dest` is a `slack_app` destination row.
     */
    async send(dest: { id: string; org_id: string; channel_id: string | null }, alertId: string, line: string | null): Promise<SlackSendResult> {
      const started = clock.now().getTime();
      const took = () => Math.max(0, clock.now().getTime() - started);
      const conn = await db.selectFrom('slack_connections').selectAll().where('org_id', '=', dest.org_id).executeTakeFirst();
      if (!conn) return { outcome: 'gone', error: 'the organization\'s Slack app is not connected (PUT /api/chat/slack)', durationMs: 0 };
      if (!dest.channel_id) return { outcome: 'failed', error: 'the destination names no Slack channel', durationMs: 0 };
      const message = await messageOf(alertId);
      if (!message) return { outcome: 'failed', error: 'the alert no longer exists', durationMs: 0 };
      const client = api.client(box.open(conn.bot_token_sealed));
      const channel = dest.channel_id;
      const body = JSON.stringify({ channel, ...message });
      const nowIso = () => clock.now().toISOString();
      try {
        let msg: SlackMessageRow | undefined = await find(dest.id, alertId);
        let ours = false;
        if (!msg) {
          const at = nowIso();
          const r = await db.insertInto('slack_messages')
            .values({ destination_id: dest.id, alert_id: alertId, org_id: dest.org_id, channel_id: channel, ts: null, state: 'posting', created_at: at, updated_at: at })
            .onConflict((oc) => oc.columns(['destination_id', 'alert_id']).doNothing())
            .executeTakeFirst();
          ours = Number(r.numInsertedOrUpdatedRows ?? 0) === 1;
          msg = (await find(dest.id, alertId))!;
        }
        if (msg.state === 'posting') {
          let ts: string | undefined;
          if (!ours) {
            const age = clock.now().getTime() - Date.parse(msg.updated_at);
            if (age < POSTING_HOLD_MS) return { outcome: 'retry', error: 'the alert\'s Slack message is being posted', retryAfterMs: POSTING_HOLD_MS - age, durationMs: took() };
            // The post may have happened and its answer been lost: look for it before posting again.
            const oldest = String(Math.floor(Date.parse(msg.created_at) / 1000) - 60);
            const history = await client.conversations.history({ channel: msg.channel_id, oldest, limit: 200, include_all_metadata: true });
            ts = history.messages?.find((m) => {
              const meta = (m as { metadata?: { event_type?: string; event_payload?: Record<string, unknown> } }).metadata;
              return meta?.event_type === METADATA_EVENT && meta.event_payload?.alert_id === alertId && meta.event_payload?.destination_id === dest.id;
            })?.ts;
            await db.updateTable('slack_messages').set({ updated_at: nowIso() }).where('destination_id', '=', dest.id).where('alert_id', '=', alertId).execute();
          }
          if (!ts) {
            const posted = await client.chat.postMessage({
              channel, text: message.text, blocks: message.blocks as never, unfurl_links: false, unfurl_media: false,
              metadata: { event_type: METADATA_EVENT, event_payload: { alert_id: alertId, destination_id: dest.id } },
            });
            ts = posted.ts!;
          }
          await db.updateTable('slack_messages').set({ ts, state: 'posted', channel_id: channel, updated_at: nowIso() })
            .where('destination_id', '=', dest.id).where('alert_id', '=', alertId).execute();
          // Found again after a lost answer: it shows the alert as it was then; edit it to now.
          if (!ours) await client.chat.update({ channel, ts, text: message.text, blocks: message.blocks as never });
          if (line) await client.chat.postMessage({ channel, thread_ts: ts, text: line });
          return { outcome: 'delivered', ts, body, durationMs: took() };
        }
        await client.chat.update({ channel: msg.channel_id, ts: msg.ts!, text: message.text, blocks: message.blocks as never });
        if (line) await client.chat.postMessage({ channel: msg.channel_id, thread_ts: msg.ts!, text: line });
        return { outcome: 'delivered', ts: msg.ts!, body, durationMs: took() };
      } catch (err) {
        const f = slackFailure(err);
        const { verdict, ...rest } = f;
        return { outcome: verdict, ...rest, body, durationMs: took() };
      }
    },
  };
}
export type SlackPoster = ReturnType<typeof createSlackPoster>;
