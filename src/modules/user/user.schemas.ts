import { Type } from 'typebox';

const SoundName = Type.String({ pattern: '^[a-z0-9_.-]{1,64}$', description: 'A sound name of the app (e.g. klaxon, chime, silent).' });

/**
 * PATCH /api/me (spec 4.2 names this body AlertSoundPreference): your name, how the app sounds an
 * alert, per urgency, and whether critical alerts break through. Fields not sent keep their value.
 */
export const AlertSoundPreference = Type.Object(
  {
    name: Type.Optional(Type.String({
      maxLength: 200,
      description: 'Your name, as timelines, chat messages, pickers and schedules show you; "" shows your email instead. One line, at most 200 characters.',
    })),
    sounds: Type.Optional(Type.Object({ high: Type.Optional(SoundName), low: Type.Optional(SoundName) }, { additionalProperties: false })),
    critical_alerts: Type.Optional(Type.Boolean({ description: 'High urgency as iOS critical alerts / Android alarm channel.' })),
  },
  { $id: 'AlertSoundPreference' },
);
export const AlertSound = Type.Object(
  { sounds: Type.Object({ high: Type.String(), low: Type.String() }), critical_alerts: Type.Boolean() },
  { $id: 'AlertSound' },
);
export const DEFAULT_ALERT_SOUND = { sounds: { high: 'klaxon', low: 'chime' }, critical_alerts: true };

export const Me = Type.Object(
  {
    user: Type.Object({
      id: Type.String(), email: Type.String(), name: Type.String(), created_at: Type.String(),
      email_verified: Type.Boolean(), totp_enabled: Type.Boolean(),
    }),
    org: Type.Object({ id: Type.String(), name: Type.String(), time_zone: Type.String() }),
    role: Type.String({ enum: ['owner', 'admin', 'responder', 'observer'] }),
    credential: Type.Object({ id: Type.String(), audience: Type.String() }),
    memberships: Type.Array(Type.Object({ org_id: Type.String(), org_name: Type.String(), role: Type.String() })),
    alert_sound: Type.Ref('AlertSound'),
  },
  { $id: 'Me' },
);

export const EmailChangeRequest = Type.Object({ email: Type.String({ minLength: 3, maxLength: 254 }) }, { $id: 'EmailChangeRequest' });
export const EmailChangePending = Type.Object(
  { email: Type.String({ description: 'The new address; a six-digit code was mailed to it.' }), expires_at: Type.String(), attempts_allowed: Type.Integer() },
  { $id: 'EmailChangePending' },
);
export const EmailChanged = Type.Object(
  {
    email: Type.String(),
    email_verified: Type.Literal(true),
    ended: Type.Ref('EndedCredentials', { description: 'Every other credential of the account ended (this session stays).' }),
  },
  { $id: 'EmailChanged' },
);

export const AGREEMENT_KINDS = ['terms', 'privacy', 'dpa'] as const;
export const AgreementConsent = Type.Object(
  {
    kind: Type.Union(AGREEMENT_KINDS.map((k) => Type.Literal(k)), { description: 'terms of service, privacy policy or data processing agreement' }),
    version: Type.String({ minLength: 1, maxLength: 40, pattern: '^[A-Za-z0-9._-]+$' }),
  },
  { $id: 'AgreementConsent' },
);
export const AgreementConsentRecorded = Type.Object(
  { id: Type.String(), kind: Type.String(), version: Type.String(), accepted_at: Type.String(), ip: Type.Union([Type.String(), Type.Null()]) },
  { $id: 'AgreementConsentRecorded' },
);

export const Bootstrap = Type.Object(
  {
    platform: Type.Union([Type.Literal('web'), Type.Literal('ios'), Type.Literal('android')]),
    app_version: Type.String({ minLength: 1, maxLength: 40 }),
    time_zone: Type.String({ minLength: 1, maxLength: 64, description: 'IANA time zone, e.g. Europe/Berlin.' }),
    locale: Type.String({ minLength: 2, maxLength: 35, description: 'BCP 47 tag, e.g. en-US.' }),
  },
  { $id: 'Bootstrap' },
);
export const BootstrapResult = Type.Object(
  {
    me: Type.Ref('Me'),
    org: Type.Object({
      id: Type.String(), name: Type.String(), time_zone: Type.String(),
      settings: Type.Object({ time_zone: Type.String(), ingest_rate_per_minute: Type.Integer() }, { additionalProperties: true }),
    }),
    plan: Type.Union([Type.String(), Type.Null()], { description: 'null until billing is set up on this server.' }),
    entitlements: Type.Union([Type.Object({}, { additionalProperties: true }), Type.Null()]),
    agreements: Type.Array(Type.Object({ kind: Type.String(), version: Type.String(), accepted_at: Type.String() })),
    client: Type.Ref('Bootstrap'),
    server_time: Type.String(),
  },
  { $id: 'BootstrapResult' },
);

export const userSchemas = [
  AlertSoundPreference, AlertSound, Me, EmailChangeRequest, EmailChangePending, EmailChanged, AgreementConsent, AgreementConsentRecorded, Bootstrap, BootstrapResult,
];
