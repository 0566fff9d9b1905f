import { Type } from 'typebox';

const PriorityEnum = Type.Union(['critical', 'high', 'medium', 'low', 'info'].map((p) => Type.Literal(p)));
const UrgencyEnum = Type.Union([Type.Literal('high'), Type.Literal('low')]);

const signalFields = {
  title: Type.Optional(Type.String({ maxLength: 1024, description: 'Short summary; required for a trigger.' })),
  event_key: Type.Optional(Type.String({ maxLength: 255, description: 'Stable id of the condition; required for a resolve. Defaults to the title.' })),
  body: Type.Optional(Type.String({ maxLength: 65536, description: 'Details.' })),
  priority: Type.Optional(PriorityEnum),
  urgency: Type.Optional(UrgencyEnum),
  source: Type.Optional(Type.String({ maxLength: 255 })),
  action: Type.Optional(Type.Union([Type.Literal('trigger'), Type.Literal('resolve')])),
};

/** Spec 2.1 without service_id. Unknown fields are ignored. */
export const NativeSignal = Type.Object(signalFields, {
  $id: 'NativeSignal',
  description: 'A native alert signal. Unknown fields are ignored. service_id must not be sent: the URL selects the service.',
});

/** Spec 2.1 with service_id, for /v1/alerts. */
export const KeyedSignal = Type.Object(
  { service_id: Type.String({ maxLength: 64, description: 'The target service (svc_…).' }), ...signalFields },
  { $id: 'KeyedSignal', description: 'A native alert signal with its target service, for alert-ingest keys.' },
);

export const IngestResponse = Type.Object(
  {
    ok: Type.Literal(true),
    alert_id: Type.Optional(Type.String()),
    deduped: Type.Optional(Type.Boolean()),
    resolved: Type.Optional(Type.Boolean()),
    receipt_id: Type.String(),
    buffered: Type.Optional(Type.Boolean()),
    items: Type.Optional(
      Type.Array(
        Type.Object({
          service_id: Type.String(),
          event_key: Type.String(),
          action: Type.String(),
          alert_id: Type.Optional(Type.String()),
          deduped: Type.Boolean(),
          resolved: Type.Boolean(),
        }),
        { description: 'Vendor batches: the outcome of each item, in order.' },
      ),
    ),
  },
  { $id: 'IngestResponse' },
);

export const AlertChangeResponse = Type.Object(
  {
    ok: Type.Literal(true),
    alert_id: Type.String(),
    status: Type.String(),
    changed: Type.Boolean({ description: 'False when the alert was already in that state.' }),
  },
  { $id: 'AlertChangeResponse' },
);

export const IngestHeaders = Type.Object({
  'idempotency-key': Type.Optional(Type.String({ maxLength: 255, description: 'A retry with the same key and credential within 24 h returns the first response.' })),
});
