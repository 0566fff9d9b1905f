import { Type } from 'typebox';
import { INGEST_RATE_MAX, RETENTION_MAX_DAYS } from './org.ts';

const RoleSchema = Type.Union([Type.Literal('owner'), Type.Literal('admin'), Type.Literal('responder'), Type.Literal('observer')]);
const UrgencyLit = Type.Union([Type.Literal('high'), Type.Literal('low')]);

export const UrgencyRulesSchema = Type.Object(
  { critical: UrgencyLit, high: UrgencyLit, medium: UrgencyLit, low: UrgencyLit, info: UrgencyLit },
  { description: 'Urgency of a signal that gives a priority but no urgency, per priority.' },
);

const ThrottleList = Type.Array(
  Type.Object({
    window_minutes: Type.Integer({ minimum: 1, maximum: 1440, description: 'A sliding window, in minutes.' }),
    max: Type.Integer({ minimum: 1, maximum: 1000, description: 'At most this many in any such window to one person.' }),
  }, { additionalProperties: false }),
  { minItems: 1, maxItems: 8 },
);
export const PagingThrottlesSchema = Type.Object(
  { sms: ThrottleList, voice: ThrottleList },
  { description: 'SMS and calls to one person: a page over a limit waits until it may go (never dropped), and SMS pages waiting together go as one message.' },
);

const SsoRoleMapSchema = Type.Record(Type.String({ minLength: 1, maxLength: 200 }), Type.Union([Type.Literal('admin'), Type.Literal('responder'), Type.Literal('observer')]), {
  description: 'Identity provider group → role, applied at each single sign-on: a person in a mapped group joins with that role, or a member (other than an owner) gets it; the highest role of their groups wins. Changing it needs an owner.',
  maxProperties: 100,
});

const ChannelState = Type.Union([Type.Literal('configured'), Type.Literal('not_configured')]);

export const OrgSettings = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    time_zone: Type.String({ description: 'IANA time zone name.' }),
    default_urgency_rules: UrgencyRulesSchema,
    retention_days: Type.Integer({ description: 'Days resolved alerts and their timelines are kept.' }),
    ingest_rate_per_minute: Type.Integer({ description: 'Signals a minute each ingest credential may send (bursts up to one minute of it).' }),
    paging_throttles: PagingThrottlesSchema,
    phone_countries: Type.Union([Type.Array(Type.String()), Type.Null()], {
      description: 'Countries (ISO 3166-1 alpha-2) verification SMS and test pages may go to, as an admin set them; null: the default, the country of the first verified number of the organization (none before one).',
    }),
    phone_countries_allowed: Type.Array(Type.String(), {
      description: 'The countries verification SMS and test pages go to now: phone_countries, or its default. Satellite and other non-geographic numbers (+881, +882, +883, +800) never qualify.',
    }),
    person_rules: Type.Boolean({ description: "true (default): each person's notification rules decide how they are paged where they set them; false: the levels' steps decide for everyone." }),
    sso_required: Type.Boolean({ description: 'true: members other than owners may not sign in with a password, only with single sign-on (API keys are unaffected).' }),
    sso_role_map: SsoRoleMapSchema,
    channels: Type.Object(
      { push: ChannelState, sms: ChannelState, voice: ChannelState, email: ChannelState, chat: ChannelState, telegram: ChannelState },
      { description: 'Which paging channels this server can deliver on. A channel without a provider is not_configured: its pages say so in the alert timeline, never dropped silently.' },
    ),
    created_at: Type.String(),
    updated_at: Type.String(),
  },
  { $id: 'OrgSettings' },
);

export const OrgSettingsPatch = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    time_zone: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'IANA time zone name, e.g. Europe/Berlin.' })),
    default_urgency_rules: Type.Optional(UrgencyRulesSchema),
    retention_days: Type.Optional(Type.Integer({ minimum: 1, maximum: RETENTION_MAX_DAYS })),
    ingest_rate_per_minute: Type.Optional(Type.Integer({ minimum: 1, maximum: INGEST_RATE_MAX, description: 'Takes effect on ingest within 5 seconds.' })),
    paging_throttles: Type.Optional(
      Type.Object(
        { sms: Type.Optional(Type.Union([ThrottleList, Type.Null()])), voice: Type.Optional(Type.Union([ThrottleList, Type.Null()])) },
        { additionalProperties: false, description: "Replaces a channel's throttle list; null returns it to the defaults." },
      ),
    ),
    phone_countries: Type.Optional(
      Type.Union([Type.Array(Type.String({ pattern: '^[A-Za-z]{2}$', description: 'ISO 3166-1 alpha-2, e.g. US.' }), { maxItems: 250 }), Type.Null()], {
        description: 'Countries verification SMS and test pages may go to (an empty list: none); null returns to the default (the country of the first verified number).',
      }),
    ),
    person_rules: Type.Optional(Type.Boolean({ description: "false: the levels' steps decide for everyone, whatever each person's notification rules say." })),
    sso_required: Type.Optional(Type.Boolean({ description: 'true needs single sign-on configured on this server; owners may still sign in with a password.' })),
    sso_role_map: Type.Optional(SsoRoleMapSchema),
  },
  { $id: 'OrgSettingsPatch' },
);

const Dtmf = Type.String({ pattern: '^[0-9*#]$', description: 'One telephone key: 0-9, * or #.' });

export const VoiceSettingsSchema = Type.Object(
  {
    voice: Type.Union([Type.Literal('female'), Type.Literal('male')]),
    language: Type.String({ pattern: '^[a-z]{2,3}(-[A-Z]{2})?$', maxLength: 6, description: 'BCP 47 language tag, e.g. en-US.' }),
    repeat_count: Type.Integer({ minimum: 1, maximum: 5, description: 'Times the message is read before the call ends.' }),
    greeting: Type.String({ maxLength: 500, description: 'Spoken before the alert; empty for the built-in greeting.' }),
    ack_key: Dtmf,
    escalate_key: Dtmf,
  },
  { $id: 'VoiceSettings' },
);

export const Member = Type.Object(
  {
    user_id: Type.String(), email: Type.String(), name: Type.String(), role: RoleSchema, joined_at: Type.String(),
    email_verified: Type.Boolean({ description: 'The person proved the address (a mailed code or link, an invitation, or the operator); only then are they paged.' }),
  },
  { $id: 'Member' },
);

export const MemberPatch = Type.Object({ role: RoleSchema }, { $id: 'MemberPatch' });

export const OrgCreate = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    time_zone: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'IANA time zone name (default UTC).' })),
  },
  { $id: 'OrgCreate' },
);

export const OrgCreated = Type.Object(
  {
    ...OrgSettings.properties,
    role: RoleSchema,
    api_key: Type.Optional(Type.Ref('ApiKeyCreated', {
      description: 'Only when the request used a full-product key (bound to its own organization): your key in the new organization, shown once; it dies with the key you used.',
    })),
    how_to_act: Type.String({ description: 'How to act in the new organization with what you have, at once.' }),
  },
  { $id: 'OrgCreated' },
);

export const OrgLeft = Type.Object({ ok: Type.Literal(true), org_id: Type.String() }, { $id: 'OrgLeft' });

export const UserIdParams = Type.Object({ user_id: Type.String({ minLength: 1, maxLength: 64 }) });
