import { Type } from 'typebox';
import { ListQuery } from '../../http/schemas.ts';

const Nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()]);

export const AlertSchema = Type.Object(
  {
    id: Type.String(),
    org_id: Type.String(),
    service_id: Type.String(),
    title: Type.String(),
    body: Type.String(),
    event_key: Type.String(),
    priority: Type.String({ enum: ['critical', 'high', 'medium', 'low', 'info'] }),
    urgency: Type.String({ enum: ['high', 'low'] }),
    status: Type.String({ enum: ['open', 'acknowledged', 'snoozed', 'resolved'] }),
    duplicate_count: Type.Integer({ description: 'Repeat signals joined; 0 for a new alert.' }),
    source: Type.String(),
    created_at: Type.String({ format: 'date-time' }),
    updated_at: Type.String({ format: 'date-time' }),
    last_signal_at: Type.String({ format: 'date-time' }),
    acknowledged_at: Nullable(Type.String()),
    acknowledged_by: Nullable(Type.String()),
    resolved_at: Nullable(Type.String()),
    resolved_by: Nullable(Type.String()),
    snoozed_until: Nullable(Type.String()),
    level: Type.Integer(),
    maintenance_window_id: Nullable(Type.String({ description: 'The maintenance window that kept this alert from paging anyone, or null.' })),
    details: Type.Record(Type.String(), Type.Unknown()),
  },
  { $id: 'Alert' },
);

export const TimelineEntry = Type.Object(
  {
    id: Type.String(),
    alert_id: Type.String(),
    kind: Type.String({ description: 'triggered, repeated, priority_raised, acknowledged, resolved, page_requested, …' }),
    message: Type.String(),
    actor: Type.Object({ type: Type.String(), id: Type.Union([Type.String(), Type.Null()]) }),
    receipt_id: Type.Union([Type.String(), Type.Null()]),
    meta: Type.Record(Type.String(), Type.Unknown()),
    created_at: Type.String(),
  },
  { $id: 'TimelineEntry' },
);

export const AlertListQuery = Type.Object({
  status: Type.Optional(Type.String({ maxLength: 100, description: 'Comma-separated statuses (open, acknowledged, snoozed, resolved), or any. Without it, the alerts that are not resolved.' })),
  service_id: Type.Optional(Type.String({ maxLength: 64 })),
  priority: Type.Optional(Type.String({ maxLength: 100, description: 'Comma-separated priorities.' })),
  urgency: Type.Optional(Type.Union([Type.Literal('high'), Type.Literal('low')])),
  q: Type.Optional(
    Type.String({
      maxLength: 200,
      description:
        'Title search: alerts whose title has, for every word of q, a word that begins with it (`cert exp` finds "Certificate expired"; the order of the words does not matter). ' +
        'Words are runs of letters and digits in any script; spaces, punctuation and symbols separate them (`api-1.example.com` is the words api, 1, example, com). ' +
        'Case and accents do not count (`ecole` finds "École", `strasse` finds "Straße"). The first 16 words of q count, and the first 100 characters of a word. ' +
        'A q without letters or digits filters nothing. Combines with the other filters and the cursor.',
    }),
  ),
  ...ListQuery,
});

export const AlertCreate = Type.Object(
  {
    service_id: Type.String({ maxLength: 64 }),
    title: Type.String({ minLength: 1, maxLength: 1024 }),
    body: Type.Optional(Type.String({ maxLength: 65536 })),
    event_key: Type.Optional(Type.String({ maxLength: 255 })),
    priority: Type.Optional(Type.Union(['critical', 'high', 'medium', 'low', 'info'].map((p) => Type.Literal(p)))),
    urgency: Type.Optional(Type.Union([Type.Literal('high'), Type.Literal('low')])),
  },
  { $id: 'AlertCreate' },
);

export const AlertChange = Type.Object(
  { ok: Type.Literal(true), alert_id: Type.String(), status: Type.String(), changed: Type.Boolean(), alert: Type.Ref('Alert') },
  { $id: 'AlertChange' },
);

const PriorityEnum = Type.Union(['critical', 'high', 'medium', 'low', 'info'].map((p) => Type.Literal(p)));

export const PriorityChange = Type.Object(
  {
    priority: PriorityEnum,
    urgency: Type.Optional(Type.Union([Type.Literal('high'), Type.Literal('low')], { description: "Absent: the organization's default urgency for the priority." })),
  },
  { $id: 'PriorityChange', additionalProperties: false },
);

export const AlertSnooze = Type.Object(
  {
    until: Type.Optional(Type.String({ maxLength: 40, description: 'When the alert is open again and paged: ISO 8601 with an offset or Z, at most 7 days away.' })),
    duration_minutes: Type.Optional(Type.Integer({ minimum: 1, maximum: 10080 })),
  },
  { $id: 'AlertSnooze', additionalProperties: false, description: 'Send until or duration_minutes.' },
);
