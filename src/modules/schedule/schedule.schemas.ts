import { Type } from 'typebox';

// Shapes of PRODUCT.md 7.1–7.2 (names and fields fixed there). Times are ISO 8601 with an offset or
// Z on the way in and UTC on the way out; local times are "YYYY-MM-DDTHH:MM" and "HH:MM" in the
// schedule's (or the rule's) time zone.

const UserId = Type.String({ minLength: 1, maxLength: 64, description: 'A member of the organization (usr_…).' });
const Clock = Type.String({ pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$', description: 'Local time "HH:MM".' });
const Day = Type.Union(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => Type.Literal(d)));
const Instant = Type.String({ minLength: 1, maxLength: 40, description: 'ISO 8601 with an offset or Z, e.g. 2026-03-08T09:00:00-05:00.' });
const Priority = Type.Union(['critical', 'high', 'medium', 'low', 'info'].map((p) => Type.Literal(p)));
const Urgency = Type.Union([Type.Literal('high'), Type.Literal('low')]);
const TimeZoneName = Type.String({ minLength: 1, maxLength: 64, description: 'IANA time zone, e.g. "Europe/Berlin" or "UTC".' });

const Restriction = Type.Object({
  days: Type.Array(Day, { minItems: 1, maxItems: 7, description: 'Days a window starts on.' }),
  start: Clock,
  end: { ...Clock, description: 'Local time "HH:MM"; at or before start, the window ends the next day (equal: a whole day).' },
});

const Rotation = Type.Object({
  unit: Type.Union([Type.Literal('hour'), Type.Literal('day'), Type.Literal('week'), Type.Literal('month')], { description: 'A calendar unit: a day is a local day (23 or 25 hours across DST), a month a calendar month.' }),
  length: Type.Integer({ minimum: 1, maximum: 1000, description: 'Units per shift.' }),
  handoff_local: Type.String({
    minLength: 1,
    maxLength: 16,
    description: 'A handoff, "YYYY-MM-DDTHH:MM" in the schedule\'s zone; the others follow at local wall-clock time (a time the clock skips: at the end of the gap; a repeated one: its first occurrence).',
  }),
  participants: Type.Array(UserId, { minItems: 1, maxItems: 100, description: 'Members in turn order; one may be listed more than once.' }),
});

const LayerWrite = Type.Object({
  id: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'A layer of this schedule, sent back to keep its place in the rotation.' })),
  name: Type.String({ minLength: 1, maxLength: 100 }),
  precedence: Type.Integer({ minimum: -1000, maximum: 1000, description: 'The highest present layer wins at an instant (ties: all of them).' }),
  rotation: Rotation,
  restrictions: Type.Optional(Type.Array(Restriction, { maxItems: 20, description: 'Local windows in which the layer counts; absent or empty: always.' })),
  effective_from: Type.Optional(Type.Union([Instant, Type.Null()])),
  effective_until: Type.Optional(Type.Union([Instant, Type.Null()])),
  reset_rotation: Type.Optional(Type.Boolean({ description: 'With an id: restart the rotation at handoff_local with the first participant instead of keeping who is on call now.' })),
});

const LevelWrite = Type.Object({
  level: Type.Integer({ minimum: 1, maximum: 10 }),
  timeout_minutes: Type.Integer({ minimum: 1, maximum: 1440, description: 'Unacknowledged this long, the alert escalates to the next level.' }),
  layers: Type.Array(LayerWrite, { minItems: 1, maxItems: 10 }),
});

export const ScheduleWrite = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    description: Type.Optional(Type.String({ maxLength: 2000 })),
    time_zone: TimeZoneName,
    repeat: Type.Optional(Type.Integer({ minimum: 0, maximum: 9, description: 'Times the levels run again from level 1 after the last (default 0).' })),
    levels: Type.Array(LevelWrite, { minItems: 1, maxItems: 10, description: 'Escalation levels 1..N, contiguous.' }),
  },
  { $id: 'ScheduleWrite', description: 'The whole schedule: POST creates it, PUT replaces it.' },
);

const LayerSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  precedence: Type.Integer(),
  rotation: Rotation,
  restrictions: Type.Array(Restriction),
  effective_from: Type.Union([Type.String(), Type.Null()]),
  effective_until: Type.Union([Type.String(), Type.Null()]),
});

export const ScheduleSchema = Type.Object(
  {
    id: Type.String(),
    org_id: Type.String(),
    name: Type.String(),
    description: Type.String(),
    time_zone: Type.String(),
    repeat: Type.Integer(),
    levels: Type.Array(Type.Object({ level: Type.Integer(), timeout_minutes: Type.Integer(), layers: Type.Array(LayerSchema) })),
    created_at: Type.String(),
    updated_at: Type.String(),
  },
  { $id: 'Schedule' },
);

export const ScheduleClone = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    time_zone: Type.Optional(TimeZoneName),
    include_overrides: Type.Optional(Type.Boolean({ description: 'Copy the overrides that have not ended (default false).' })),
    include_level_channels: Type.Optional(Type.Boolean({ description: 'Copy the level channels (default true).' })),
  },
  { $id: 'ScheduleClone' },
);

export const ScheduleOverrideCreate = Type.Object(
  {
    level: Type.Integer({ minimum: 1, maximum: 10 }),
    layer_id: Type.Optional(Type.Union([Type.String({ minLength: 1, maxLength: 64 }), Type.Null()], { description: 'Scope to one layer of the level; absent or null: the whole level.' })),
    kind: Type.Union([Type.Literal('add'), Type.Literal('remove'), Type.Literal('replace')], { description: 'replace applies only while remove_user_id would be on call.' }),
    add_user_id: Type.Optional(Type.Union([UserId, Type.Null()])),
    remove_user_id: Type.Optional(Type.Union([UserId, Type.Null()])),
    start: Instant,
    end: Instant,
    note: Type.Optional(Type.String({ maxLength: 500 })),
  },
  { $id: 'ScheduleOverrideCreate' },
);

export const ScheduleOverrideSchema = Type.Object(
  {
    id: Type.String(),
    schedule_id: Type.String(),
    level: Type.Integer(),
    layer_id: Type.Union([Type.String(), Type.Null()]),
    kind: Type.String(),
    add_user_id: Type.Union([Type.String(), Type.Null()]),
    remove_user_id: Type.Union([Type.String(), Type.Null()]),
    start: Type.String(),
    end: Type.String(),
    note: Type.String(),
    created_by: Type.Union([Type.String(), Type.Null()]),
    created_at: Type.String(),
  },
  { $id: 'ScheduleOverride' },
);

export const OnCallSchema = Type.Object(
  {
    at: Type.String(),
    time_zone: Type.String(),
    levels: Type.Array(
      Type.Object({
        level: Type.Integer(),
        users: Type.Array(
          Type.Object({
            user_id: Type.String(),
            name: Type.String(),
            source: Type.Union([Type.Literal('rotation'), Type.Literal('override')]),
            layer_id: Type.Union([Type.String(), Type.Null()]),
            shift_start: Type.String(),
            shift_end: Type.Union([Type.String(), Type.Null()], { description: 'null: beyond the next 120 days.' }),
          }),
        ),
        next_handoff: Type.Union([Type.String(), Type.Null()], { description: 'When who is on call at this level next changes; null: not within 120 days.' }),
      }),
    ),
  },
  { $id: 'OnCall' },
);

export const ShiftSchema = Type.Object(
  {
    level: Type.Integer(),
    user_id: Type.String(),
    layer_id: Type.Union([Type.String(), Type.Null()]),
    source: Type.Union([Type.Literal('rotation'), Type.Literal('override')]),
    start: Type.String(),
    end: Type.String(),
  },
  { $id: 'Shift' },
);

export const ShiftReachSchema = Type.Object(
  {
    level: Type.Integer(),
    user_id: Type.String(),
    name: Type.String(),
    start: Type.String(),
    end: Type.String(),
    reachable: Type.Boolean({ description: 'Whether the person\'s steps for high urgency reach at least one configured, working destination.' }),
    problems: Type.Array(Type.String(), { description: 'Why a step does not reach them ("sms: no verified phone number").' }),
  },
  { $id: 'ShiftReach' },
);

const Step = Type.Object({
  channel: Type.Union(['push', 'sms', 'voice', 'email', 'chat', 'telegram'].map((c) => Type.Literal(c))),
  delay_seconds: Type.Integer({ minimum: 0, maximum: 86_400, description: 'From the start of the level; shorter than the level\'s timeout.' }),
  destination_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'A chat step\'s webhook destination (whk_…); only chat steps name one.' })),
});

export const LevelChannels = Type.Object(
  {
    entries: Type.Array(Type.Object({ level: Type.Integer({ minimum: 1, maximum: 10 }), priority: Priority, steps: Type.Array(Step, { maxItems: 10 }) }), { maxItems: 50 }),
  },
  { $id: 'LevelChannels', description: 'Replaces every entry; pairs not sent go back to the defaults.' },
);

export const LevelChannelEntry = Type.Object(
  {
    level: Type.Integer(),
    priority: Type.String(),
    steps: Type.Array(Type.Object({ channel: Type.String(), delay_seconds: Type.Integer(), destination_id: Type.Optional(Type.String()) })),
    default: Type.Boolean({ description: 'True when the pair is not set and the defaults apply (critical and high: push at 0 s, sms at 60 s, voice at 120 s; medium and low: push and email at 0 s; info: email at 0 s); steps are those that apply at this level.' }),
    left_out: Type.Optional(
      Type.Array(Type.Object({ channel: Type.String(), delay_seconds: Type.Integer() }), {
        description: "Default steps left out because their delay is not shorter than the level's timeout; absent when none are.",
      }),
    ),
  },
  { $id: 'LevelChannelEntry' },
);

const TimeWindow = Type.Object({ time_zone: TimeZoneName, days: Type.Array(Day, { minItems: 1, maxItems: 7 }), start: Clock, end: Clock });

const RoutingRuleWrite = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 100 }),
  priorities: Type.Optional(Type.Union([Type.Array(Priority, { minItems: 1, maxItems: 5 }), Type.Null()])),
  urgencies: Type.Optional(Type.Union([Type.Array(Urgency, { minItems: 1, maxItems: 2 }), Type.Null()])),
  time_window: Type.Optional(Type.Union([TimeWindow, Type.Null()])),
  schedule_id: Type.String({ minLength: 1, maxLength: 64 }),
});

export const ServiceRoutingWrite = Type.Object(
  { rules: Type.Array(RoutingRuleWrite, { maxItems: 50, description: 'In order; the first that matches picks the schedule, else the service\'s schedule_id.' }) },
  { $id: 'ServiceRoutingWrite' },
);

export const ServiceRoutingSchema = Type.Object(
  {
    service_id: Type.String(),
    rules: Type.Array(
      Type.Object({
        name: Type.String(),
        priorities: Type.Union([Type.Array(Type.String()), Type.Null()]),
        urgencies: Type.Union([Type.Array(Type.String()), Type.Null()]),
        time_window: Type.Union([Type.Object({ time_zone: Type.String(), days: Type.Array(Type.String()), start: Type.String(), end: Type.String() }), Type.Null()]),
        schedule_id: Type.String(),
      }),
    ),
    updated_at: Type.String(),
  },
  { $id: 'ServiceRouting' },
);

export const CalendarFeedCreate = Type.Object(
  { name: Type.Optional(Type.String({ maxLength: 100, description: 'A label for the feed, e.g. the calendar app using it.' })) },
  { $id: 'CalendarFeedCreate' },
);
export const CalendarFeedSchema = Type.Object(
  { id: Type.String(), name: Type.String(), created_at: Type.String(), last_used_at: Type.Union([Type.String(), Type.Null()]) },
  { $id: 'CalendarFeed' },
);
export const CalendarFeedCreated = Type.Object(
  {
    ...CalendarFeedSchema.properties,
    url: Type.String({ description: 'A secret: whoever holds it can read your shifts. Shown only here; delete the feed to revoke it.' }),
  },
  { $id: 'CalendarFeedCreated' },
);

export const scheduleSchemas = [
  ScheduleWrite, ScheduleSchema, ScheduleClone, ScheduleOverrideCreate, ScheduleOverrideSchema, OnCallSchema, ShiftSchema, ShiftReachSchema,
  LevelChannels, LevelChannelEntry, ServiceRoutingWrite, ServiceRoutingSchema, CalendarFeedCreate, CalendarFeedSchema, CalendarFeedCreated,
];
