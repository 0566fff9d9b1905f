import { Type } from 'typebox';

export const ServiceSchema = Type.Object(
  {
    id: Type.String(),
    org_id: Type.String(),
    name: Type.String(),
    description: Type.String(),
    schedule_id: Type.Union([Type.String(), Type.Null()]),
    dedupe_mode: Type.String({ enum: ['event_key_only'] }),
    ack_timeout_minutes: Type.Union([Type.Integer(), Type.Null()], { description: 'An acknowledged alert not resolved within this many minutes is open again and its current level is paged again (timeline "acknowledgement expired", webhook event alert.woken); null: never.' }),
    auto_resolve_minutes: Type.Union([Type.Integer(), Type.Null()], { description: 'An alert with no signal for this many minutes resolves itself (timeline "auto-resolved: no signal for N minutes", webhook event alert.resolved); null: never.' }),
    maintenance: Type.Union([Type.Object({ id: Type.String(), until: Type.String() }), Type.Null()], {
      description: 'The maintenance window holding paging for this service now (its id and when it ends), or null.',
    }),
    created_at: Type.String(),
    updated_at: Type.String(),
    paging: Type.Union([Type.Literal('ok'), Type.Literal('no_schedule'), Type.Literal('nobody_on_call'), Type.Literal('unreachable')], {
      description: 'Whether a high-priority alert would page someone now: ok; no_schedule (no schedule_id and no routing rule picks one); nobody_on_call (no level of the schedule has anyone on call now); unreachable (no one on call now at level 1 is reached by their high-urgency steps: GET /api/schedules/{id}/reachability says why).',
    }),
  },
  { $id: 'Service' },
);

export const ServiceCreate = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    description: Type.Optional(Type.String({ maxLength: 2000 })),
    schedule_id: Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Null()], { description: 'A schedule of the organization (sch_…), or null: the service then pages nobody unless a routing rule picks a schedule.' })),
    dedupe_mode: Type.Optional(Type.Literal('event_key_only')),
    ack_timeout_minutes: Type.Optional(Type.Union([Type.Integer({ minimum: 1, maximum: 1440 }), Type.Null()], { description: 'null or 1 to 1440 minutes: an acknowledged alert not resolved within it is open again and paged again.' })),
    auto_resolve_minutes: Type.Optional(Type.Union([Type.Integer({ minimum: 1, maximum: 43200 }), Type.Null()], { description: 'null or 1 to 43200 minutes: an alert with no signal for that long resolves itself.' })),
  },
  { $id: 'ServiceCreate' },
);

export const ServicePatch = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    description: Type.Optional(Type.String({ maxLength: 2000 })),
    schedule_id: Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Null()])),
    dedupe_mode: Type.Optional(Type.Literal('event_key_only')),
    ack_timeout_minutes: Type.Optional(Type.Union([Type.Integer({ minimum: 1, maximum: 1440 }), Type.Null()], { description: 'null or 1 to 1440 minutes: an acknowledged alert not resolved within it is open again and paged again.' })),
    auto_resolve_minutes: Type.Optional(Type.Union([Type.Integer({ minimum: 1, maximum: 43200 }), Type.Null()], { description: 'null or 1 to 43200 minutes: an alert with no signal for that long resolves itself.' })),
  },
  { $id: 'ServicePatch' },
);

export const ServiceCreated = Type.Object(
  {
    ...ServiceSchema.properties,
    default_integration: Type.Object({
      id: Type.String(),
      type: Type.String(),
      name: Type.String(),
      ingest_url: Type.String({ description: 'A secret: whoever holds it can open alerts on this service.' }),
    }),
  },
  { $id: 'ServiceCreated' },
);
