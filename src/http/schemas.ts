import { Type, type TSchema } from 'typebox';
import { ERROR_CODES } from '../lib/errors.ts';

/** Shared TypeBox atoms. Every route declares its request and response schemas with these. */

export const ErrorBody = Type.Object(
  {
    ok: Type.Literal(false),
    error: Type.Object({
      code: Type.Union(ERROR_CODES.map((c) => Type.Literal(c))),
      message: Type.String(),
      details: Type.Optional(Type.Array(Type.Object({ field: Type.String(), message: Type.String() }))),
    }),
  },
  { $id: 'ErrorBody', description: 'An error. `code` names its kind, `message` says what to change, and `details` lists each bad field (`{field, message}`). Quote the X-Request-Id header when reporting a problem.' },
);

export const Ok = Type.Object({ ok: Type.Literal(true) }, { $id: 'Ok' });

/** GET /readyz: a signal sent now would be kept (docs/adr/0102-readiness.md). */
export const Readiness = Type.Object(
  {
    ok: Type.Literal(true),
    store: Type.Union([Type.Literal('reachable'), Type.Literal('unreachable')], { description: 'Whether the database answered; while it does not, signals go to the local spool.' }),
    spool_units: Type.Integer({ description: 'Signals waiting in the local spool for the database.' }),
    ingest: Type.Union([Type.Literal('store'), Type.Literal('spool')], { description: 'Where a signal sent now goes: the database, or the local spool (answered `buffered: true`).' }),
    paging: Type.Union([Type.Literal('running'), Type.Literal('waiting'), Type.Literal('other_processes')], {
      description: 'Whether this process pages now, waits for the database to do so, or leaves paging to worker processes (--role api).',
    }),
    cannot: Type.Array(Type.String(), { description: 'What this process cannot do now, and why (empty when all is well).' }),
  },
  { $id: 'Readiness' },
);

/** A six-digit code sent to prove control of a phone number or email address (spec 4.2 `CodeConfirm`). */
export const CodeConfirm = Type.Object({ code: Type.String({ pattern: '^[0-9]{6}$', description: 'The six-digit code that was sent.' }) }, { $id: 'CodeConfirm' });

/** Any JSON value (the spec's JsonValue). */
export const JsonValue = Type.Unknown({ description: 'Any JSON value' });

export const Id = (prefix: string, description?: string) =>
  Type.String({ pattern: `^${prefix}_[0-9a-z]{26}$`, maxLength: prefix.length + 27, description: description ?? `${prefix}_… id` });

export const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });

export const Name = Type.String({ minLength: 1, maxLength: 200 });

export const ListQuery = {
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 50, description: 'Page size (default 50, at most 500).' })),
  cursor: Type.Optional(Type.String({ maxLength: 512, description: 'The X-Next-Cursor of the previous page, sent with the same filters (the Link header repeats them).' })),
};

export const ReceiptHeader = { 'X-Service-Receipt-Id': Type.String() };

/** The error responses every management route declares (spec 4.2). */
export const errorResponses = (...statuses: number[]): Record<number, TSchema> =>
  Object.fromEntries([400, 401, 403, 404, ...statuses].map((s) => [s, Type.Ref('ErrorBody')]));

export const ORG_HEADER = 'x-service-org';
export const OrgHeaders = Type.Object({
  'x-service-org': Type.Optional(Type.String({ pattern: '^org_', maxLength: 64, description: 'The organization acted on (org_…); required.' })),
});
