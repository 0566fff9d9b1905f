import { Type } from 'typebox';

const Client = Type.Union([Type.Literal('dashboard'), Type.Literal('mobile')], {
  description: 'dashboard (default): an HttpOnly cookie session; mobile: a bearer token (kxm_…) in the answer.',
});

export const SignUp = Type.Object(
  {
    email: Type.String({ minLength: 3, maxLength: 254 }),
    password: Type.String({ minLength: 10, maxLength: 1024 }),
    name: Type.Optional(Type.String({ maxLength: 200 })),
    org_name: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'Without invitation_token (KLAXON_SIGNUP=open only): your new organization, of which you are the owner.' })),
    invitation_token: Type.Optional(Type.String({ minLength: 1, maxLength: 128, description: 'The token of the invitation link (kxv_…): the account joins that organization, and the invited address counts as verified.' })),
    client: Type.Optional(Client),
  },
  {
    $id: 'SignUp',
    description: 'KLAXON_SIGNUP decides who may sign up: open (anyone), invite (default: only with an invitation_token), closed (nobody; accounts come from klaxon admin bootstrap).',
  },
);
export const SignIn = Type.Object(
  {
    email: Type.String({ minLength: 3, maxLength: 254 }),
    password: Type.String({ minLength: 1, maxLength: 1024 }),
    totp_code: Type.Optional(Type.String({ maxLength: 12, description: 'Required when two-factor sign-in is on (or recovery_code).' })),
    recovery_code: Type.Optional(Type.String({ maxLength: 32 })),
    client: Type.Optional(Client),
  },
  { $id: 'SignIn' },
);
export const SessionCreated = Type.Object(
  {
    user_id: Type.String(),
    email_verified: Type.Boolean(),
    session_id: Type.String(),
    kind: Type.String({ enum: ['dashboard', 'mobile'] }),
    expires_at: Type.String(),
    memberships: Type.Array(Type.Object({ org_id: Type.String(), org_name: Type.String(), role: Type.String() })),
    token: Type.Optional(Type.String({ description: 'mobile only: the bearer token (kxm_…); shown only here.' })),
    csrf_token: Type.Optional(Type.String({ description: 'dashboard only: echo in X-CSRF-Token on POST/PUT/PATCH/DELETE (also in the kx_csrf cookie).' })),
  },
  { $id: 'SessionCreated' },
);
export const SessionInfo = Type.Object(
  {
    id: Type.String(),
    kind: Type.String({ enum: ['dashboard', 'mobile', 'agent'] }),
    name: Type.String(),
    org_id: Type.Union([Type.String(), Type.Null()]),
    client: Type.Object({}, { additionalProperties: true }),
    created_at: Type.String(),
    last_used_at: Type.Union([Type.String(), Type.Null()]),
    expires_at: Type.String(),
    current: Type.Boolean(),
  },
  { $id: 'SessionInfo' },
);
export const DeviceAuthorizationRequest = Type.Object(
  { client_name: Type.Optional(Type.String({ maxLength: 200, description: 'Shown to the person who approves.' })) },
  { $id: 'DeviceAuthorizationRequest' },
);
export const DeviceAuthorization = Type.Object(
  {
    device_code: Type.String(),
    user_code: Type.String(),
    verification_uri: Type.String(),
    verification_uri_complete: Type.String(),
    expires_in: Type.Integer(),
    interval: Type.Integer(),
  },
  { $id: 'DeviceAuthorization' },
);
export const DeviceTokenRequest = Type.Object(
  {
    grant_type: Type.String({ description: 'urn:ietf:params:oauth:grant-type:device_code' }),
    device_code: Type.String({ minLength: 1, maxLength: 128 }),
  },
  { $id: 'DeviceTokenRequest' },
);
export const DeviceToken = Type.Object(
  {
    access_token: Type.String({ description: 'kxa_…; use as Authorization: Bearer with X-Service-Org = org_id. Shown only here.' }),
    token_type: Type.Literal('Bearer'),
    expires_in: Type.Integer(),
    org_id: Type.String(),
    session_id: Type.String({ description: 'Revoke with DELETE /api/me/sessions/{id}.' }),
  },
  { $id: 'DeviceToken' },
);
export const DeviceGrantDecision = Type.Object(
  { user_code: Type.String({ minLength: 8, maxLength: 16 }), approve: Type.Boolean() },
  { $id: 'DeviceGrantDecision' },
);
export const DeviceGrantDecided = Type.Object(
  { id: Type.String(), client_name: Type.String(), status: Type.String({ enum: ['approved', 'denied'] }), org_id: Type.String() },
  { $id: 'DeviceGrantDecided' },
);
export const TotpSetup = Type.Object(
  { secret: Type.String({ description: 'Base32; shown only here.' }), otpauth_url: Type.String() },
  { $id: 'TotpSetup' },
);
export const TotpStatus = Type.Object(
  { totp_enabled: Type.Boolean(), enabled_at: Type.Optional(Type.String()) },
  { $id: 'TotpStatus' },
);
export const TotpDisable = Type.Object(
  { code: Type.String({ minLength: 6, maxLength: 32, description: 'A current authenticator code or an unused recovery code.' }) },
  { $id: 'TotpDisable' },
);
export const RecoveryCodeStatus = Type.Object(
  { remaining: Type.Integer(), total: Type.Integer(), generated_at: Type.Union([Type.String(), Type.Null()]) },
  { $id: 'RecoveryCodeStatus' },
);
export const RecoveryCodes = Type.Object(
  {
    codes: Type.Array(Type.String(), { description: 'Shown only here; stored hashed. Each works once.' }),
    remaining: Type.Integer(),
    total: Type.Integer(),
    generated_at: Type.String(),
  },
  { $id: 'RecoveryCodes' },
);

export const Reauthenticate = Type.Object(
  {
    password: Type.Optional(Type.String({ minLength: 1, maxLength: 1024 })),
    totp_code: Type.Optional(Type.String({ maxLength: 12, description: 'Instead of the password, when two-factor sign-in is on.' })),
    recovery_code: Type.Optional(Type.String({ maxLength: 32 })),
  },
  { $id: 'Reauthenticate', description: 'One of password, totp_code or recovery_code.' },
);
export const Reauthenticated = Type.Object(
  {
    session_id: Type.String(),
    method: Type.String({ enum: ['password', 'totp', 'recovery_code'] }),
    valid_until: Type.String({ description: 'Account-security actions are open to this session until then.' }),
  },
  { $id: 'Reauthenticated' },
);
export const PasswordChange = Type.Object(
  { password: Type.String({ minLength: 10, maxLength: 1024, description: 'The new password.' }) },
  { $id: 'PasswordChange' },
);
export const PasswordChanged = Type.Object(
  { ok: Type.Literal(true), ended_sessions: Type.Integer({ description: 'Your other sessions, signed out.' }) },
  { $id: 'PasswordChanged' },
);

export const PasswordResetDone = Type.Object(
  {
    ok: Type.Literal(true),
    ended_sessions: Type.Integer({ description: 'Sessions and agent tokens ended (also counted in ended).' }),
    ended: Type.Ref('EndedCredentials', { description: 'Every credential the account held ended: whoever held one is out.' }),
  },
  { $id: 'PasswordResetDone' },
);
export const PasswordResetRequest = Type.Object({ email: Type.String({ minLength: 3, maxLength: 254 }) }, { $id: 'PasswordResetRequest' });
export const PasswordResetRequested = Type.Object({ ok: Type.Literal(true), message: Type.String() }, { $id: 'PasswordResetRequested' });
export const PasswordReset = Type.Object(
  {
    token: Type.String({ minLength: 1, maxLength: 128, description: 'The token query parameter of the mailed link (kxr_…).' }),
    password: Type.String({ minLength: 10, maxLength: 1024, description: 'The new password.' }),
  },
  { $id: 'PasswordReset' },
);

export const sessionSchemas = [
  PasswordResetRequest, PasswordResetRequested, PasswordReset, PasswordResetDone,
  Reauthenticate, Reauthenticated, PasswordChange, PasswordChanged,
  SignUp, SignIn, SessionCreated, SessionInfo, DeviceAuthorizationRequest, DeviceAuthorization, DeviceTokenRequest, DeviceToken,
  DeviceGrantDecision, DeviceGrantDecided, TotpSetup, TotpStatus, TotpDisable, RecoveryCodeStatus, RecoveryCodes,
];
