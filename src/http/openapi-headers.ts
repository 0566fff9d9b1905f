/**
 * Headers the OpenAPI document cannot learn from the route schemas: they are set by hooks and the
 * error handler, not by a route's own schema. Added to the generated document in one place so every
 * operation that has them says so (spec 2.2, 4.2; PRODUCT.md 4–6).
 */

interface Operation {
  tags?: string[];
  parameters?: Array<{ in: string; name: string }>;
  responses?: Record<string, { headers?: Record<string, unknown> }>;
  'x-access'?: unknown;
}
interface Document {
  paths?: Record<string, Record<string, Operation>>;
}

const REQUEST_ID = {
  'X-Request-Id': {
    description: 'The id of this request (an incoming X-Request-Id of 1 to 64 characters [A-Za-z0-9._-] is kept); it is in the server log line of the request.',
    schema: { type: 'string' },
  },
};
const RETRY_AFTER = { description: 'Seconds to wait before retrying.', schema: { type: 'integer', minimum: 1 } };
const RECEIPT = {
  'X-Service-Receipt-Id': { description: 'The receipt id of the accepted envelope (receipt_id), unchanged through buffering and retries.', schema: { type: 'string' } },
  'Idempotent-Replayed': { description: 'Present and "true" when this is the stored first response to an earlier request with the same Idempotency-Key.', schema: { type: 'string', enum: ['true'] } },
};
const NEXT_PAGE = {
  'X-Next-Cursor': { description: 'The cursor of the next page; absent on the last page.', schema: { type: 'string' } },
  Link: { description: '`<…>; rel="next"`: the URL of the next page; absent on the last page.', schema: { type: 'string' } },
};
const ORG_PARAMETER = {
  in: 'header',
  name: 'X-Service-Org',
  required: true,
  description: 'The organization acted on (org_…). Missing, malformed or not yours: 403.',
  schema: { type: 'string', pattern: '^org_', maxLength: 64 },
};

export function documentHeaders<T>(doc: T): T {
  for (const ops of Object.values((doc as Document).paths ?? {})) {
    for (const op of Object.values(ops)) {
      const responses = op.responses ?? {};
      const addHeaders = (status: string, headers: Record<string, unknown>) => {
        const r = responses[status];
        if (r) r.headers = { ...r.headers, ...headers };
      };
      // Sent on every response (the onSend hook in src/app.ts).
      for (const status of Object.keys(responses)) addHeaders(status, REQUEST_ID);
      addHeaders('429', { 'Retry-After': RETRY_AFTER });
      addHeaders('503', { 'Retry-After': RETRY_AFTER });
      if (op.tags?.includes('ingest')) addHeaders('202', RECEIPT);
      if (op.parameters?.some((p) => p.in === 'query' && p.name === 'cursor')) addHeaders('200', NEXT_PAGE);
      // Every management route with an access rule names its organization (src/http/auth.ts).
      const access = op['x-access'];
      if (access && typeof access === 'object' && !op.parameters?.some((p) => p.in === 'header' && p.name.toLowerCase() === 'x-service-org')) {
        op.parameters = [...(op.parameters ?? []), ORG_PARAMETER];
      }
    }
  }
  return doc;
}
