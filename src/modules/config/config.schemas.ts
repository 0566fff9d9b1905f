import { Type, type Static } from 'typebox';

/**
 * The configuration document of `klaxon config export|plan|apply` (PRODUCT.md 14, docs/adr/0850):
 * one organization's services, schedules, webhooks and maintenance windows, objects matched by
 * name, people by email, credentials never in it. Served as JSON Schema at
 * /api/config-schema.json so editors can complete and check it.
 */
const Name = Type.String({ minLength: 1, maxLength: 200 });
const Priority = Type.Union([Type.Literal('critical'), Type.Literal('high'), Type.Literal('medium'), Type.Literal('low'), Type.Literal('info')]);
const Day = Type.Union([Type.Literal('mon'), Type.Literal('tue'), Type.Literal('wed'), Type.Literal('thu'), Type.Literal('fri'), Type.Literal('sat'), Type.Literal('sun')]);
const HHMM = Type.String({ pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$', description: 'Local time "HH:MM".' });
const TimeZone = Type.String({ minLength: 1, maxLength: 64, description: 'IANA time zone, e.g. "Europe/Berlin" or "UTC".' });
const EnvRef = Type.String({ pattern: '^\\$\\{env:[A-Za-z_][A-Za-z0-9_]*\\}$', description: 'A secret, never written in the file: ${env:NAME} reads the environment variable NAME when applying.' });
const strict = { additionalProperties: false } as const;

const Step = Type.Object(
  {
    channel: Type.Union([Type.Literal('push'), Type.Literal('sms'), Type.Literal('voice'), Type.Literal('email'), Type.Literal('chat')]),
    delay_seconds: Type.Integer({ minimum: 0, maximum: 86400 }),
    destination: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: "A chat step's webhook, by name." })),
  },
  strict,
);

const Layer = Type.Object(
  {
    name: Name,
    precedence: Type.Integer({ minimum: 0, maximum: 1000 }),
    rotation: Type.Object(
      {
        unit: Type.Union([Type.Literal('hour'), Type.Literal('day'), Type.Literal('week'), Type.Literal('month')]),
        length: Type.Integer({ minimum: 1, maximum: 1000 }),
        handoff_local: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}$', description: 'A handoff, "YYYY-MM-DDTHH:MM" in the schedule\'s zone.' }),
        participants: Type.Array(Type.String({ minLength: 3, maxLength: 320, description: 'A member, by email.' }), { minItems: 1, maxItems: 200 }),
      },
      strict,
    ),
    restrictions: Type.Optional(Type.Array(Type.Object({ days: Type.Array(Day, { minItems: 1, maxItems: 7 }), start: HHMM, end: HHMM }, strict), { maxItems: 50 })),
    effective_from: Type.Optional(Type.String({ maxLength: 64 })),
    effective_until: Type.Optional(Type.String({ maxLength: 64 })),
  },
  strict,
);

const Level = Type.Object(
  {
    level: Type.Integer({ minimum: 1, maximum: 10 }),
    timeout_minutes: Type.Integer({ minimum: 1, maximum: 1440 }),
    layers: Type.Array(Layer, { maxItems: 50 }),
    channels: Type.Optional(
      Type.Object(
        { critical: Type.Optional(Type.Array(Step)), high: Type.Optional(Type.Array(Step)), medium: Type.Optional(Type.Array(Step)), low: Type.Optional(Type.Array(Step)), info: Type.Optional(Type.Array(Step)) },
        { ...strict, description: 'Level channels set for this level, by priority; a priority left out uses the defaults.' },
      ),
    ),
  },
  strict,
);

const Schedule = Type.Object(
  { name: Name, description: Type.Optional(Type.String({ maxLength: 2000 })), time_zone: TimeZone, repeat: Type.Optional(Type.Integer({ minimum: 0, maximum: 9 })), levels: Type.Array(Level, { minItems: 1, maxItems: 10 }) },
  strict,
);

const RoutingRule = Type.Object(
  {
    name: Name,
    priorities: Type.Optional(Type.Array(Priority)),
    urgencies: Type.Optional(Type.Array(Type.Union([Type.Literal('high'), Type.Literal('low')]))),
    time_window: Type.Optional(Type.Object({ time_zone: TimeZone, days: Type.Array(Day, { minItems: 1, maxItems: 7 }), start: HHMM, end: HHMM }, strict)),
    schedule: Type.String({ minLength: 1, maxLength: 200, description: 'A schedule, by name.' }),
  },
  strict,
);

const Source = Type.Object(
  {
    kind: Type.Union([Type.Literal('webhook'), Type.Literal('events_v2'), Type.Literal('email'), Type.Literal('datadog'), Type.Literal('grafana'), Type.Literal('alertmanager'), Type.Literal('custom')], {
      description: 'Direct sources (webhook, events_v2, email) belong to the service; vendor connections (datadog, grafana, alertmanager, custom) are listed under their fallback service.',
    }),
    name: Name,
    rules: Type.Optional(
      Type.Array(Type.Object({ attribute: Type.String({ minLength: 1, maxLength: 200 }), value: Type.String({ maxLength: 500 }), service: Type.String({ minLength: 1, maxLength: 200, description: 'A service, by name.' }) }, strict), {
        description: 'Vendor connections: ordered routing rules; the first match wins, else this service.',
      }),
    ),
    mapping: Type.Optional(Type.Record(Type.String(), Type.String(), { description: 'custom: JSONata expressions by field (title, event_key, priority, urgency, action, body, source, routing, items).' })),
  },
  strict,
);

const Heartbeat = Type.Object(
  { name: Name, interval_seconds: Type.Integer({ minimum: 60, maximum: 604800 }), grace_seconds: Type.Optional(Type.Integer({ minimum: 0, maximum: 86400 })), priority: Type.Optional(Priority), enabled: Type.Optional(Type.Boolean()) },
  strict,
);

const Service = Type.Object(
  {
    name: Name,
    description: Type.Optional(Type.String({ maxLength: 2000 })),
    schedule: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'A schedule, by name; absent: none.' })),
    ack_timeout_minutes: Type.Optional(Type.Integer({ minimum: 1, maximum: 1440 })),
    auto_resolve_minutes: Type.Optional(Type.Integer({ minimum: 1, maximum: 43200 })),
    routing: Type.Optional(Type.Array(RoutingRule, { maxItems: 50 })),
    sources: Type.Optional(Type.Array(Source)),
    heartbeats: Type.Optional(Type.Array(Heartbeat)),
  },
  strict,
);

const Webhook = Type.Object(
  {
    name: Name,
    kind: Type.Union([Type.Literal('slack'), Type.Literal('teams'), Type.Literal('discord'), Type.Literal('custom'), Type.Literal('native'), Type.Literal('slack_app')]),
    url: Type.Optional({ ...EnvRef, description: 'Every kind but slack_app: the URL, a ${env:NAME} reference.' }),
    channel_id: Type.Optional(Type.String({ minLength: 1, maxLength: 40, description: 'slack_app only: the Slack channel id (C0123ABCD) of the connected Slack app.' })),
    events: Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { minItems: 1 }),
    services: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { description: 'Only alerts of these services, by name; absent: every service.' })),
    template: Type.Optional(Type.Object({ version: Type.Literal(1), body: Type.Unknown() }, strict)),
    headers: Type.Optional(Type.Record(Type.String(), EnvRef, { description: 'Custom request headers; each value a ${env:NAME} reference.' })),
    enabled: Type.Optional(Type.Boolean()),
  },
  strict,
);

const MaintenanceWindow = Type.Object(
  {
    name: Name,
    services: Type.Array(Type.String({ minLength: 1, maxLength: 200 }), { minItems: 1 }),
    start: Type.Optional(Type.String({ maxLength: 64, description: 'A one-off window: ISO 8601 with an offset or Z.' })),
    end: Type.Optional(Type.String({ maxLength: 64 })),
    recurrence: Type.Optional(Type.Object({ time_zone: TimeZone, days: Type.Array(Day, { minItems: 1, maxItems: 7 }), start: HHMM, duration_minutes: Type.Integer({ minimum: 1, maximum: 10080 }) }, strict)),
    page_when_over: Type.Optional(Type.Boolean()),
  },
  strict,
);

export const ConfigDocumentSchema = Type.Object(
  {
    version: Type.Literal(1),
    schedules: Type.Optional(Type.Array(Schedule)),
    services: Type.Optional(Type.Array(Service)),
    webhooks: Type.Optional(Type.Array(Webhook)),
    maintenance_windows: Type.Optional(Type.Array(MaintenanceWindow)),
  },
  { ...strict, title: 'Klaxon configuration', description: 'One organization as code: `klaxon config export|plan|apply`.' },
);
export type ConfigDocument = Static<typeof ConfigDocumentSchema>;
export type ConfigSchedule = Static<typeof Schedule>;
export type ConfigLevel = Static<typeof Level>;
export type ConfigLayer = Static<typeof Layer>;
export type ConfigStep = Static<typeof Step>;
export type ConfigService = Static<typeof Service>;
export type ConfigSource = Static<typeof Source>;
export type ConfigHeartbeat = Static<typeof Heartbeat>;
export type ConfigRoutingRule = Static<typeof RoutingRule>;
export type ConfigWebhook = Static<typeof Webhook>;
export type ConfigWindow = Static<typeof MaintenanceWindow>;

/** The schema as served: a standalone JSON Schema (draft 2020-12) document. */
export function configJsonSchema(): Record<string, unknown> {
  return { $schema: 'https://json-schema.org/draft/2020-12/schema', ...JSON.parse(JSON.stringify(ConfigDocumentSchema)) };
}
