import type { Kysely } from 'kysely';
import type { Database } from '../db/database.ts';
import type { Clock } from '../lib/clock.ts';
import type { SecretBox } from '../lib/secrets.ts';
import { PAGE_TEMPLATES, WEBHOOK_USER_AGENT, type WebhookHttp, isChatKind, renderTemplate, webhookRepository } from '../modules/webhook/index.ts';
import { retryAfterMs } from '../modules/webhook/webhook.ts';
import type { DeliveryProvider, SendOutcome } from '../modules/paging/index.ts';
import type { SlackPoster } from '../modules/slack/index.ts';

/**
 * The `chat` channel (PRODUCT.md 7.2): a level-channel step names a chat destination (`to.address`
 * is its `whk_…` id) and the page is posted there with the provider's page template, naming the
 * people paged. One call, one outcome: the engine retries and records (src/modules/paging/delivery.port.ts).
 * The post goes through the webhooks' guarded client (public addresses only, no redirects).
 */
export function createChatProvider(deps: { db: Kysely<Database>; box: SecretBox; http: WebhookHttp; clock?: Clock; slack?: SlackPoster }): DeliveryProvider {
  const { db, box } = deps;
  /**
   * A `slack_app` destination (PRODUCT.md 12): the page is the alert's one message in the channel
   * (posted now if the alert has none there yet, with its buttons) and a thread line naming the
   * people paged. The message's row (slack_messages) is the Slack module's own bookkeeping of which
   * message is the alert's, written around the post so a restart never posts a second one
   * (docs/adr/0831); the page's outcome is still the engine's to record.
   */
  async function slackPage(dest: { id: string; org_id: string; channel_id: string | null }, m: Parameters<DeliveryProvider['send']>[0]): Promise<SendOutcome> {
    if (!deps.slack) return { state: 'config_error', detail: 'Slack is not available in this process' };
    const people = (m.people ?? []).map((p) => p.name).join(', ');
    const r = await deps.slack.send(dest, m.alert.id, people ? `Paging ${people}` : 'Paging the level on call');
    if (r.outcome === 'delivered') return { state: 'delivered', providerMessageId: r.ts };
    if (r.outcome === 'retry') return { state: 'retry', detail: `Slack: ${r.error}`, ...(r.retryAfterMs !== undefined ? { retryAfterMs: r.retryAfterMs } : {}) };
    if (r.outcome === 'gone') return { state: 'config_error', detail: `Slack: ${r.error}; check the Slack app's connection and that it is in the channel` };
    return { state: 'failed', detail: `Slack: ${r.error}` };
  }

  return {
    name: 'chat',
    channels: ['chat'],
    configured: () => true,
    async send(m, ctx): Promise<SendOutcome> {
      const dest = await webhookRepository.findDestinationById(db, m.to.address);
      // The destination must be the alert's organization's: a level channel of one organization
      // never posts through another's destination (even if an id were copied across).
      const alertOrg = await db.selectFrom('alerts').select('org_id').where('id', '=', m.alert.id).executeTakeFirst();
      if (!dest || (alertOrg && alertOrg.org_id !== dest.org_id)) return { state: 'failed', detail: 'the chat destination does not exist (it was deleted?)' };
      if (!isChatKind(dest.kind)) return { state: 'config_error', detail: `the destination is a ${dest.kind} webhook; a chat step needs a slack, teams, discord or slack_app destination` };
      if (dest.enabled !== 1) return { state: 'failed', detail: `the chat destination is disabled${dest.disabled_reason ? ` (${dest.disabled_reason})` : ''}` };
      if (dest.kind === 'slack_app') return slackPage(dest, m);
      const now = (deps.clock?.now() ?? new Date()).toISOString();
      const rendered = renderTemplate(PAGE_TEMPLATES[dest.kind as 'slack'], {
        event: 'alert.paged', ts: now, alert_id: m.alert.id, alert_url: m.alert.url, title: m.alert.title, body: m.alert.body ?? '',
        priority: m.alert.priority, urgency: m.alert.urgency, status: 'open', service_name: m.alert.serviceName ?? null,
        acked_by_email: null, resolved_by_email: null, acked_by_name: null, resolved_by_name: null, people: (m.people ?? []).map((p) => p.name).join(', '),
      });
      if (!rendered.ok) return { state: 'failed', detail: `the page could not be rendered: ${rendered.reason}` };
      const custom = dest.headers_sealed ? (JSON.parse(box.open(dest.headers_sealed)) as Record<string, string>) : {};
      const r = await deps.http.post(box.open(dest.url_sealed), { ...custom, 'content-type': 'application/json', 'user-agent': WEBHOOK_USER_AGENT }, rendered.json, ctx.signal);
      if (r.status === undefined) {
        if (r.error?.class === 'blocked') return { state: 'config_error', detail: r.error.message };
        return { state: 'retry', detail: r.error?.message ?? 'the request failed' };
      }
      if (r.status >= 200 && r.status < 300) return { state: dest.kind === 'teams' ? 'accepted' : 'delivered' };
      const gone = r.status === 410 || (r.status === 404 && /no_service|channel_not_found|channel_is_archived|"code"\s*:\s*10015\b/.test(r.bodyHead));
      if (gone) return { state: 'failed', detail: `the chat destination is gone (HTTP ${r.status})`, disable: 'unregistered' };
      if (r.status === 429 || r.status >= 500) {
        const after = retryAfterMs(r.retryAfter, Date.parse(now), r.bodyHead);
        return { state: 'retry', detail: `HTTP ${r.status}`, ...(after !== undefined ? { retryAfterMs: after } : {}) };
      }
      if (r.status === 401 || r.status === 403) return { state: 'config_error', detail: `HTTP ${r.status}: the chat destination refused the post; check its URL` };
      return { state: 'failed', detail: `HTTP ${r.status}${r.bodyHead ? `: ${r.bodyHead.slice(0, 200)}` : ''}` };
    },
  };
}
