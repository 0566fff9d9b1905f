import { Type } from 'typebox';

const PriorityEnum = Type.Union(['critical', 'high', 'medium', 'low', 'info'].map((p) => Type.Literal(p)));
const UrgencyEnum = Type.Union([Type.Literal('high'), Type.Literal('low')]);
const Person = Type.Object({ user_id: Type.String(), name: Type.String() });

export const ResponderCreate = Type.Object(
  {
    user_ids: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { maxItems: 50, description: 'Members to page now.' })),
    schedule_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'Page whoever is on call at level 1 of this schedule.' })),
    message: Type.Optional(Type.String({ maxLength: 1000, description: 'Shown in the timeline.' })),
  },
  { $id: 'ResponderCreate', additionalProperties: false, description: 'Send user_ids, schedule_id or both.' },
);

export const RespondersAdded = Type.Object(
  { ok: Type.Literal(true), alert_id: Type.String(), responders: Type.Array(Person), pages: Type.Integer({ description: 'Pages queued (steps skipped for low urgency not counted).' }) },
  { $id: 'RespondersAdded' },
);

export const RoutingPreviewRequest = Type.Object(
  {
    priority: PriorityEnum,
    urgency: Type.Optional(UrgencyEnum),
    at: Type.Optional(Type.String({ maxLength: 40, description: 'The instant to preview (ISO 8601 with an offset or Z); default now.' })),
  },
  { $id: 'RoutingPreviewRequest', additionalProperties: false },
);

export const RoutingPreview = Type.Object(
  {
    at: Type.String(),
    priority: Type.String(),
    urgency: Type.String(),
    schedule_id: Type.Union([Type.String(), Type.Null()]),
    repeat: Type.Integer(),
    paging: Type.String({ enum: ['ok', 'no_schedule', 'nobody_on_call'] }),
    levels: Type.Array(
      Type.Object({
        level: Type.Integer(),
        timeout_minutes: Type.Integer(),
        starts_at: Type.String({ description: 'If nobody acknowledged before.' }),
        users: Type.Array(
          Type.Object({
            user_id: Type.String(), name: Type.String(),
            reachable: Type.Optional(Type.Boolean({ description: "Whether at least one of the level's steps reaches a configured, working destination of the person." })),
            problems: Type.Optional(Type.Array(Type.String(), { description: 'Why each step that cannot reach the person does not ("sms: not configured on this server").' })),
            fallback: Type.Optional(Type.Union([Type.Literal('email'), Type.Null()], { description: 'email: no step reaches the person, so the page goes by email at once.' })),
          }),
        ),
        pages: Type.Array(
          Type.Object({
            user_id: Type.String(), name: Type.String(), channel: Type.String(), delay_seconds: Type.Integer(), at: Type.String(),
            skipped: Type.Optional(Type.String()),
            fallback: Type.Optional(Type.Boolean({ description: 'The email fallback of a person no step reaches.' })),
            held: Type.Optional(Type.String({ description: 'Held by the person\'s quiet hours (low urgency): "held until …: quiet hours".' })),
          }),
        ),
      }),
    ),
    warnings: Type.Array(Type.String(), { description: 'One line per person paged who no step can reach: the email fallback, or unreachable.' }),
  },
  { $id: 'RoutingPreview' },
);

export const notificationSchemas = [ResponderCreate, RespondersAdded, RoutingPreviewRequest, RoutingPreview];
