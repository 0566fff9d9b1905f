import { Type } from 'typebox';

export const PhoneNumberSchema = Type.Object(
  {
    id: Type.String(),
    user_id: Type.String(),
    number: Type.String({ description: 'E.164, e.g. +14155552671.' }),
    label: Type.String(),
    verified: Type.Boolean({ description: 'Paging uses a number only once verified.' }),
    verified_at: Type.Union([Type.String(), Type.Null()]),
    verification_pending: Type.Boolean({ description: 'A code was sent and can still be confirmed.' }),
    disabled_reason: Type.Union([Type.String(), Type.Null()], { description: 'Why paging no longer uses this number (the SMS provider refused it for good: opted out, not a mobile number); verifying it again turns it back on.' }),
    created_at: Type.String(),
    updated_at: Type.String(),
  },
  { $id: 'PhoneNumber' },
);

const Country = Type.String({ minLength: 2, maxLength: 2, description: 'ISO 3166-1 alpha-2 country whose numbering plan a number without + follows.' });

export const PhoneNumberCreate = Type.Object(
  {
    number: Type.String({ minLength: 3, maxLength: 40, description: 'International form (+ and country code), or national form with country.' }),
    country: Type.Optional(Country),
    label: Type.Optional(Type.String({ maxLength: 100 })),
  },
  { $id: 'PhoneNumberCreate' },
);

export const PhoneNumberPatch = Type.Object(
  {
    number: Type.Optional(Type.String({ minLength: 3, maxLength: 40, description: 'A new number must be verified again.' })),
    country: Type.Optional(Country),
    label: Type.Optional(Type.String({ maxLength: 100 })),
  },
  { $id: 'PhoneNumberPatch' },
);

export const VerificationSent = Type.Object(
  {
    ok: Type.Literal(true),
    id: Type.String(),
    expires_at: Type.String({ description: 'The code works until then.' }),
    resend_after: Type.String({ description: 'The earliest time another code can be sent to this number.' }),
  },
  { $id: 'VerificationSent' },
);
