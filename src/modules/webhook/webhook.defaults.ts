import type { AlertEventType } from '../alert/index.ts';
import { CONTEXT_VARIABLES, type CompiledTemplate, type Json, compileTemplate } from './webhook.template.ts';
import type { WebhookKind } from './webhook.ts';

/**
 * The provider-ready default templates of spec 2.7 (docs/adr/0463-webhook-chat-defaults.md), written
 * in the template language itself so they go through the same renderer, preview and bounds as a
 * user's. Lengths are cut to each provider's documented limits with room to spare; the tests check
 * the worst case (a 1,024-code-point title, a 64 KB body full of characters that escaping lengthens).
 */

const LABELS: Record<AlertEventType, string> = {
  'alert.triggered': 'Triggered',
  'alert.repeated': 'Repeated',
  'alert.priority_raised': 'Priority raised',
  'alert.acknowledged': 'Acknowledged',
  'alert.escalated': 'Escalated',
  'alert.snoozed': 'Snoozed',
  'alert.woken': 'Woken',
  'alert.resolved': 'Resolved',
};
const EMOJI: Record<AlertEventType, string> = {
  'alert.triggered': '🔴',
  'alert.repeated': '🔁',
  'alert.priority_raised': '⏫',
  'alert.acknowledged': '👀',
  'alert.escalated': '📣',
  'alert.snoozed': '💤',
  'alert.woken': '⏰',
  'alert.resolved': '✅',
};
/** Adaptive Card text colours: Attention while it needs someone, Good once resolved. */
const TEAMS_COLORS: Partial<Record<AlertEventType, string>> = {
  'alert.triggered': 'Attention',
  'alert.priority_raised': 'Attention',
  'alert.escalated': 'Attention',
  'alert.woken': 'Attention',
  'alert.resolved': 'Good',
};
/** Discord embed colours per priority (Alertmanager's red and grey at the ends). */
const DISCORD_COLORS = { critical: 0x992d22, high: 0xe67e22, medium: 0xf1c40f, low: 0x3498db, info: 0x95a5a6 };

const lit = (o: unknown) => JSON.stringify(o);
const label = `{{ event | map(${lit(LABELS)}) | default("Update") }}`;
const emoji = `{{ event | map(${lit(EMOJI)}) | default("🔔") }}`;

/**
 * When, for Slack: `<!date^seconds^format|fallback>` is drawn in each reader's own zone and clock
 * (api.slack.com/reference/surfaces/formatting#date-formatting); the fallback is the ISO time.
 */
const slackDate = '<!date^{{ ts_unix | default("0") }}^{date_short_pretty} at {time_secs}|{{ ts }}>';

/**
 * Slack incoming webhook, Block Kit (header ≤ 150, section text ≤ 3000, field ≤ 2000, button text ≤ 75).
 * People by name; when in the reader's time; one button, to the alert: an incoming webhook cannot
 * take a button press, so acknowledge and resolve happen in Klaxon (issue 34 item 8; the Slack app
 * of PRODUCT.md 12 is what acts from Slack).
 */
const slack: Json = {
  text: `${emoji} ${label}: {{ title | escape_mrkdwn | truncate(300) }} ({{ priority }})`,
  blocks: [
    { type: 'header', text: { type: 'plain_text', text: `${emoji} {{ title | truncate(140) }}`, emoji: true } },
    { type: 'section', text: { type: 'mrkdwn', text: '{{ body | escape_mrkdwn | truncate(2900) | default("_No details._") }}' } },
    {
      type: 'section',
      fields: [
        { type: 'mrkdwn', text: `*Status*\n${label} ({{ status }})` },
        { type: 'mrkdwn', text: '*Priority*\n{{ priority }}, urgency {{ urgency }}' },
        { type: 'mrkdwn', text: '*Service*\n{{ service_name | escape_mrkdwn | truncate(1900) | default("—") }}' },
        { type: 'mrkdwn', text: '*Acknowledged by*\n{{ acked_by_name | escape_mrkdwn | truncate(1900) | default("—") }}' },
        { type: 'mrkdwn', text: '*Resolved by*\n{{ resolved_by_name | escape_mrkdwn | truncate(1900) | default("—") }}' },
      ],
    },
    { type: 'actions', elements: [{ type: 'button', text: { type: 'plain_text', text: 'Open in Klaxon' }, url: '{{ alert_url }}' }] },
    { type: 'context', elements: [{ type: 'mrkdwn', text: `${label} ${slackDate} · acknowledge and resolve in Klaxon` }] },
  ],
};

/** Microsoft Teams Workflows: an Adaptive Card 1.4 attachment, well under the 28 KB message limit. */
const teams: Json = {
  type: 'message',
  attachments: [
    {
      contentType: 'application/vnd.microsoft.card.adaptive',
      contentUrl: null,
      content: {
        $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
        type: 'AdaptiveCard',
        version: '1.4',
        body: [
          {
            type: 'TextBlock', text: `${emoji} ${label}: {{ title | truncate(300) }}`, weight: 'Bolder', size: 'Medium', wrap: true, style: 'heading',
            color: `{{ event | map(${lit(TEAMS_COLORS)}) | default("Warning") }}`,
          },
          { type: 'TextBlock', text: '{{ body | truncate(2000) | default("No details.") }}', wrap: true },
          {
            type: 'FactSet',
            facts: [
              { title: 'Status', value: '{{ status }}' },
              { title: 'Priority', value: '{{ priority }}, urgency {{ urgency }}' },
              { title: 'Service', value: '{{ service_name | truncate(300) | default("—") }}' },
              { title: 'Acknowledged by', value: '{{ acked_by_name | truncate(300) | default("—") }}' },
              { title: 'Resolved by', value: '{{ resolved_by_name | truncate(300) | default("—") }}' },
            ],
          },
        ],
        actions: [{ type: 'Action.OpenUrl', title: 'Open in Klaxon', url: '{{ alert_url }}' }],
        msteams: { width: 'Full' },
      },
    },
  ],
};

/** Discord: one embed coloured by priority (title ≤ 256, description ≤ 4096, 6000 in all), no mentions. */
const discord: Json = {
  username: 'Klaxon',
  allowed_mentions: { parse: [] },
  content: `${emoji} **${label}**: {{ title | truncate(200) }}`,
  embeds: [
    {
      title: '{{ title | truncate(250) }}',
      url: '{{ alert_url }}',
      description: '{{ body | truncate(3000) | default("No details.") }}',
      color: `{{ priority | map(${lit(DISCORD_COLORS)}) | default(9807270) }}`,
      fields: [
        { name: 'Status', value: `${label} ({{ status }})`, inline: true },
        { name: 'Priority', value: '{{ priority }}, urgency {{ urgency }}', inline: true },
        { name: 'Service', value: '{{ service_name | truncate(1000) | default("—") }}', inline: true },
      ],
      footer: { text: 'Klaxon · {{ event }}' },
      timestamp: '{{ ts }}',
    },
  ],
};

/** The page a `chat` level-channel step posts: who is paged, and the alert. `people` names them. */
export const PAGE_VARIABLES = [...CONTEXT_VARIABLES, 'people'] as const;
const pageSlack: Json = {
  text: '📟 Paging {{ people | escape_mrkdwn | truncate(500) }}: {{ title | escape_mrkdwn | truncate(300) }} ({{ priority }})',
  blocks: [
    { type: 'header', text: { type: 'plain_text', text: '📟 {{ title | truncate(140) }}', emoji: true } },
    { type: 'section', text: { type: 'mrkdwn', text: '*Paging* {{ people | escape_mrkdwn | truncate(1000) | default("nobody") }}\n{{ body | escape_mrkdwn | truncate(1800) }}' } },
    { type: 'section', fields: [{ type: 'mrkdwn', text: '*Priority*\n{{ priority }}, urgency {{ urgency }}' }, { type: 'mrkdwn', text: '*Service*\n{{ service_name | escape_mrkdwn | truncate(1900) | default("—") }}' }] },
    { type: 'actions', elements: [{ type: 'button', text: { type: 'plain_text', text: 'Open in Klaxon' }, url: '{{ alert_url }}', style: 'danger' }] },
  ],
};
const pageTeams: Json = {
  type: 'message',
  attachments: [
    {
      contentType: 'application/vnd.microsoft.card.adaptive',
      contentUrl: null,
      content: {
        $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
        type: 'AdaptiveCard',
        version: '1.4',
        body: [
          { type: 'TextBlock', text: '📟 Paging {{ people | truncate(500) | default("nobody") }}', weight: 'Bolder', size: 'Medium', wrap: true, style: 'heading', color: 'Attention' },
          { type: 'TextBlock', text: '{{ title | truncate(300) }}', weight: 'Bolder', wrap: true },
          { type: 'TextBlock', text: '{{ body | truncate(2000) }}', wrap: true },
          { type: 'FactSet', facts: [{ title: 'Priority', value: '{{ priority }}, urgency {{ urgency }}' }, { title: 'Service', value: '{{ service_name | truncate(300) | default("—") }}' }] },
        ],
        actions: [{ type: 'Action.OpenUrl', title: 'Open in Klaxon', url: '{{ alert_url }}' }],
        msteams: { width: 'Full' },
      },
    },
  ],
};
const pageDiscord: Json = {
  username: 'Klaxon',
  allowed_mentions: { parse: [] },
  content: '📟 **Paging {{ people | truncate(500) | default("nobody") }}**: {{ title | truncate(200) }}',
  embeds: [
    {
      title: '{{ title | truncate(250) }}',
      url: '{{ alert_url }}',
      description: '{{ body | truncate(3000) | default("No details.") }}',
      color: `{{ priority | map(${lit(DISCORD_COLORS)}) | default(9807270) }}`,
      fields: [{ name: 'Priority', value: '{{ priority }}, urgency {{ urgency }}', inline: true }, { name: 'Service', value: '{{ service_name | truncate(1000) | default("—") }}', inline: true }],
      timestamp: '{{ ts }}',
    },
  ],
};

function compiled(body: Json, variables: readonly string[] = CONTEXT_VARIABLES): CompiledTemplate {
  const c = compileTemplate({ version: 1, body }, { variables });
  if (!c.ok) throw new Error(`a default webhook template is wrong: ${JSON.stringify(c.problems)}`);
  return c.template;
}

type ChatKind = Extract<WebhookKind, 'slack' | 'teams' | 'discord'>;
/** The default template body of a chat kind (also shown by the API as the starting point of a custom one). */
export const DEFAULT_TEMPLATE_BODIES: Record<ChatKind, Json> = { slack, teams, discord };
export const DEFAULT_TEMPLATES: Record<ChatKind, CompiledTemplate> = { slack: compiled(slack), teams: compiled(teams), discord: compiled(discord) };
export const PAGE_TEMPLATES: Record<ChatKind, CompiledTemplate> = {
  slack: compiled(pageSlack, PAGE_VARIABLES),
  teams: compiled(pageTeams, PAGE_VARIABLES),
  discord: compiled(pageDiscord, PAGE_VARIABLES),
};
