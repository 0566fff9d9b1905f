import { Type } from 'typebox';

const RoleSchema = Type.Union([Type.Literal('owner'), Type.Literal('admin'), Type.Literal('responder'), Type.Literal('observer')]);

export const Invitation = Type.Object(
  {
    id: Type.String(),
    email: Type.String(),
    role: RoleSchema,
    status: Type.Union([Type.Literal('pending'), Type.Literal('accepted'), Type.Literal('revoked'), Type.Literal('expired')]),
    mail_status: Type.Union([Type.Literal('pending'), Type.Literal('sent'), Type.Literal('not_configured'), Type.Literal('failed')], {
      description: 'not_configured: no mailer is set up; share the link from the create response yourself.',
    }),
    invited_by: Type.Union([Type.String(), Type.Null()]),
    created_at: Type.String(),
    expires_at: Type.String(),
    accepted_at: Type.Union([Type.String(), Type.Null()]),
    accepted_by: Type.Union([Type.String(), Type.Null()]),
  },
  { $id: 'Invitation' },
);

export const InvitationCreate = Type.Object(
  { email: Type.String({ minLength: 3, maxLength: 254 }), role: RoleSchema },
  { $id: 'InvitationCreate' },
);

export const InvitationCreated = Type.Object(
  {
    ...Invitation.properties,
    invitation_url: Type.String({ description: 'A secret: whoever holds it can create the account for the invited email (or sign in as it) and join. Shown only in this response; valid 7 days, once.' }),
  },
  { $id: 'InvitationCreated' },
);

export const InvitationAccept = Type.Object(
  { token: Type.String({ minLength: 1, maxLength: 128, description: 'The token query parameter of the invitation link (kxv_…).' }) },
  { $id: 'InvitationAccept' },
);

export const InvitationLookup = Type.Object(
  { token: Type.String({ minLength: 1, maxLength: 128, description: 'The token query parameter of the invitation link (kxv_…).' }) },
  { $id: 'InvitationLookup' },
);

export const InvitationLookedUp = Type.Object(
  {
    email: Type.String({ description: 'The invited address: the account that joins is this one.' }),
    role: RoleSchema,
    status: Type.Union([Type.Literal('pending'), Type.Literal('accepted'), Type.Literal('expired')], {
      description: 'Only a pending invitation can be accepted; accepted (used) and expired ones need a new invitation.',
    }),
    expires_at: Type.String(),
    account_exists: Type.Boolean({ description: 'An account with the invited address exists: sign in as it and accept; otherwise create it with the token (POST /api/auth/sign-up).' }),
  },
  { $id: 'InvitationLookedUp' },
);

export const InvitationAccepted = Type.Object(
  { org_id: Type.String(), org_name: Type.String(), role: RoleSchema },
  { $id: 'InvitationAccepted' },
);
