import { Type } from 'typebox';
import { EVENT_KINDS, MAX_HEADERS, WEBHOOK_KINDS } from './webhook.ts';

const KindEnum = Type.Union(WEBHOOK_KINDS.map((k) => Type.Literal(k)), {
  description: 'slack, teams (Workflows), discord: provider-ready default templates; custom: your template, signed; native: fixed Klaxon JSON, signed; slack_app: a channel of the organization\'s connected Slack app (one message per alert with Acknowledge, Resolve, Escalate and Open buttons, edited on every change).',
});
const EventKind = Type.String({ enum: [...EVENT_KINDS], description: 'An event kind.' });
const Events = Type.Array(EventKind, { minItems: 1, maxItems: EVENT_KINDS.length * 2, description: `Event kinds to send: ${EVENT_KINDS.join(', ')}.` });
const ServiceIds = Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { maxItems: 200, description: 'Only alerts of these services of this organization (absent: every service).' });
const Url = Type.String({ minLength: 1, maxLength: 2048, description: 'http(s) URL (every kind but slack_app). A secret: stored sealed, shown masked. Private, loopback and link-local addresses are refused.' });
const ChannelId = Type.String({ minLength: 1, maxLength: 40, description: 'slack_app only: the Slack channel id (C0123ABCD); invite the app to the channel.' });
const Headers = Type.Record(Type.String({ maxLength: 100 }), Type.String({ maxLength: 4096 }), {
  maxProperties: MAX_HEADERS,
  description: 'Custom request headers (e.g. an Authorization for your receiver). Secrets: stored sealed, never shown.',
});
const Template = Type.Unknown({
  description:
    'A template {"version": 1, "body": <JSON>}: expressions {{ variable | filter(arg) }} inside JSON string values. Variables: event, ts, alert_id, alert_url, title, body, priority, urgency, status, service_name, acked_by_email, resolved_by_email, acked_by_name, resolved_by_name (the name the person set, else their email), ts_unix (ts in whole seconds, for Slack date formatting). Filters: default(x), lower, upper, truncate(n), join(sep), map({...}), to_string, json, escape_mrkdwn, escape_html. A string that is exactly one expression keeps its JSON type. Required for custom, refused for native, optional for chat kinds (their default otherwise).',
});

export const WebhookCreate = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    kind: KindEnum,
    url: Type.Optional(Url),
    channel_id: Type.Optional(ChannelId),
    events: Events,
    service_ids: Type.Optional(ServiceIds),
    template: Type.Optional(Template),
    headers: Type.Optional(Headers),
    enabled: Type.Optional(Type.Boolean()),
  },
  { $id: 'WebhookCreate' },
);

export const WebhookPatch = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    url: Type.Optional(Url),
    channel_id: Type.Optional(ChannelId),
    events: Type.Optional(Events),
    service_ids: Type.Optional(Type.Union([ServiceIds, Type.Null()], { description: 'null: every service.' })),
    template: Type.Optional(Type.Unknown({ description: 'A template, or null to return a chat destination to its default.' })),
    headers: Type.Optional(Type.Union([Headers, Type.Null()], { description: 'Replaces every custom header; null removes them.' })),
    enabled: Type.Optional(Type.Boolean({ description: 'true enables a destination again (after a 410, say) and closes its circuit; false stops its deliveries.' })),
  },
  { $id: 'WebhookPatch' },
);

const Nullable = (s: ReturnType<typeof Type.String>) => Type.Union([s, Type.Null()]);
export const WebhookSchema = Type.Object(
  {
    id: Type.String(),
    org_id: Type.String(),
    name: Type.String(),
    kind: KindEnum,
    url: Type.String({ description: 'Masked: scheme, host and the last characters (slack_app: the channel).' }),
    channel_id: Nullable(Type.String({ description: 'slack_app: the Slack channel; null for the other kinds.' })),
    events: Type.Array(Type.String()),
    service_ids: Type.Union([Type.Array(Type.String()), Type.Null()]),
    template: Type.Union([Type.Object({ version: Type.Integer(), body: Type.Unknown() }), Type.Null()]),
    headers: Type.Record(Type.String(), Type.String(), { description: 'Custom header names; the values are never shown.' }),
    enabled: Type.Boolean(),
    disabled_reason: Nullable(Type.String({ description: 'Why it is disabled, e.g. "HTTP 410 at …".' })),
    health: Type.Object({
      last_success_at: Nullable(Type.String()),
      last_failure_at: Nullable(Type.String()),
      consecutive_failures: Type.Integer(),
      circuit: Type.Union([Type.Literal('closed'), Type.Literal('open')], { description: 'open: deliveries wait until circuit_open_until (after 5 failures in a row).' }),
      circuit_open_until: Nullable(Type.String()),
    }),
    previous_secret_expires_at: Nullable(Type.String({ description: 'After rotate-secret: the previous secret also signs until then.' })),
    created_at: Type.String(),
    updated_at: Type.String(),
  },
  { $id: 'Webhook' },
);

export const WebhookCreated = Type.Object(
  { ...WebhookSchema.properties, secret: Type.String({ description: 'The signing secret (whsec_…), shown only here and by rotate-secret.' }) },
  { $id: 'WebhookCreated' },
);

export const WebhookSecret = Type.Object(
  { id: Type.String(), secret: Type.String({ description: 'The new signing secret (whsec_…).' }), previous_secret_expires_at: Type.String() },
  { $id: 'WebhookSecret' },
);

export const WebhookDelivery = Type.Object(
  {
    id: Type.String({ description: 'msg_…: the webhook-id header, the same on every attempt.' }),
    webhook_id: Type.String(),
    event: Type.String(),
    alert_id: Nullable(Type.String()),
    test: Type.Boolean(),
    state: Type.Union([Type.Literal('pending'), Type.Literal('delivered'), Type.Literal('failed')]),
    attempts: Type.Integer(),
    next_attempt_at: Nullable(Type.String()),
    last_status: Type.Union([Type.Integer(), Type.Null()]),
    last_error: Nullable(Type.String()),
    created_at: Type.String(),
    updated_at: Type.String(),
    finished_at: Nullable(Type.String()),
    attempt_log: Type.Array(
      Type.Object({
        at: Type.String(),
        duration_ms: Type.Integer(),
        outcome: Type.String({ description: 'delivered, retry, gone, timeout, connect, dns, blocked, tls, template, disabled…' }),
        request_headers: Type.Record(Type.String(), Type.String(), { description: 'As sent, custom header values hidden.' }),
        response_status: Type.Union([Type.Integer(), Type.Null()]),
        response_head: Type.String({ description: 'The first 4 KB of the response.' }),
        error: Nullable(Type.String()),
      }),
    ),
  },
  { $id: 'WebhookDelivery' },
);

export const WebhookPreview = Type.Object(
  {
    kind: KindEnum,
    template: Type.Optional(Template),
    event: Type.Optional(EventKind),
    alert_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'Render against this alert of the organization; absent: a sample alert.' })),
  },
  { $id: 'WebhookPreview', description: 'Renders a template (or a kind\'s default) as a delivery would; nothing is stored or sent.' },
);
export const WebhookPreviewResult = Type.Object(
  {
    body: Type.Unknown({ description: 'The JSON body a delivery would send.' }),
    warnings: Type.Array(
      Type.Object({
        pointer: Type.String({ description: 'JSON pointer (RFC 6901) into the rendered body; "" is the whole body.' }),
        message: Type.String({ description: 'What the provider would refuse or cut, and what to change.' }),
      }),
      { description: 'Where the rendered body breaks the provider\'s documented limits (Slack Block Kit, Teams Adaptive Card and size, Discord embeds); empty when none. The template is still valid.' },
    ),
  },
  { $id: 'WebhookPreviewResult' },
);

export const webhookSchemaList = [WebhookCreate, WebhookPatch, WebhookSchema, WebhookCreated, WebhookSecret, WebhookDelivery, WebhookPreview, WebhookPreviewResult];
