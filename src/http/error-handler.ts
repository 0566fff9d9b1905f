import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, type FieldProblem, codeToStatus, fromDbConstraint } from '../lib/errors.ts';
import { isStoreUnavailable } from '../db/unavailable.ts';

interface AjvIssue {
  instancePath?: string;
  keyword?: string;
  message?: string;
  params?: Record<string, unknown>;
}

/** A header as users write it (Idempotency-Key, X-Service-Org): Node hands them lower-cased. */
const headerName = (name: string) => name.replace(/(^|-)([a-z])/g, (_m, dash: string, c: string) => dash + c.toUpperCase());

function fieldOf(issue: AjvIssue, context: string | undefined): string {
  const path = (issue.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  const missing = issue.params?.missingProperty as string | undefined;
  const field = [path, missing].filter(Boolean).join('.');
  if (field && context === 'headers') return headerName(field);
  return field || (context === 'body' ? 'body' : (context ?? 'request'));
}

/** The whole request body is of the wrong type (a string, null, a number…), not one of its fields. */
const isBodyType = (issue: AjvIssue, context: string | undefined) => context === 'body' && !issue.instancePath && issue.keyword === 'type';
const BODY_NOT_OBJECT = 'must be a JSON object';

function messageOf(issue: AjvIssue): string {
  const p = issue.params ?? {};
  switch (issue.keyword) {
    case 'required':
      return 'is required';
    case 'enum':
      return `must be one of ${(p.allowedValues as unknown[]).map(String).join(', ')}`;
    case 'const':
      return `must be ${JSON.stringify(p.allowedValue)}`;
    case 'maxLength':
      return `must be at most ${String(p.limit)} characters (Unicode code points)`;
    case 'minLength':
      return Number(p.limit) === 1 ? 'must not be empty' : `must be at least ${String(p.limit)} characters`;
    case 'type':
      return `must be ${String(p.type)}`;
    case 'additionalProperties':
      return `has an unknown field "${String(p.additionalProperty)}"`;
    case 'anyOf':
      return 'does not match any allowed form';
    default:
      return issue.message ?? 'is not valid';
  }
}

/** Turns Fastify/ajv validation output into PRODUCT.md 5 details. anyOf of literals reads as an enum. */
function validationProblems(err: FastifyError & { validation?: AjvIssue[]; validationContext?: string }): FieldProblem[] {
  const issues = err.validation ?? [];
  const byField = new Map<string, FieldProblem>();
  const literals = new Map<string, unknown[]>();
  for (const issue of issues) {
    const field = fieldOf(issue, err.validationContext);
    if (isBodyType(issue, err.validationContext)) {
      byField.set(field, { field, message: BODY_NOT_OBJECT });
      continue;
    }
    if (issue.keyword === 'const') {
      literals.set(field, [...(literals.get(field) ?? []), issue.params?.allowedValue]);
      continue;
    }
    if (issue.keyword === 'anyOf' && literals.has(field)) continue;
    if (!byField.has(field)) byField.set(field, { field, message: messageOf(issue) });
  }
  for (const [field, values] of literals) {
    if (!byField.has(field)) byField.set(field, { field, message: `must be one of ${values.map(String).join(', ')}` });
  }
  return [...byField.values()];
}

/** Maps any thrown error to the one error body (PRODUCT.md 5). Messages of 5xx never leave. */
export function toAppError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  const e = err as FastifyError & { validation?: AjvIssue[]; validationContext?: string; status?: number; type?: string };
  if (e && e.validation) {
    const details = validationProblems(e);
    if (details.length === 1 && details[0]!.field === 'body' && details[0]!.message === BODY_NOT_OBJECT) {
      return new AppError('invalid_request', 'The request body must be a JSON object.', { details });
    }
    return new AppError('invalid_request', details.map((d) => `${d.field} ${d.message}`).join('; ') || 'The request is not valid.', { details });
  }
  switch (e?.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError('unsupported_media_type', 'Send the body as JSON with Content-Type: application/json.');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError('payload_too_large', 'The body is larger than 512 KB; send fewer or smaller alerts per request.');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AppError('invalid_request', 'The body is empty; send a JSON object.', { details: [{ field: 'body', message: 'must be a JSON object' }] });
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new AppError('invalid_request', 'Content-Length does not match the body that was sent.');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new AppError('invalid_request', 'The body is not valid JSON; check quoting and commas.', { details: [{ field: 'body', message: 'must be valid JSON' }] });
  }
  if (e instanceof SyntaxError || e?.type === 'entity.parse.failed') {
    return new AppError('invalid_request', 'The body is not valid JSON; check quoting and commas.', { details: [{ field: 'body', message: 'must be valid JSON' }] });
  }
  if (isStoreUnavailable(err)) {
    return new AppError('service_unavailable', 'The database is not reachable right now. Retry after the indicated delay.', { retryAfterSeconds: 5 });
  }
  const mapped = fromDbConstraint(err);
  if (mapped) return mapped;
  const status = typeof e?.statusCode === 'number' ? e.statusCode : 500;
  if (status === 413) return new AppError('payload_too_large', 'The body is larger than 512 KB.');
  if (status === 415) return new AppError('unsupported_media_type', 'Send the body as JSON with Content-Type: application/json.');
  if (status === 404) return new AppError('not_found', 'No such route.');
  if (status >= 400 && status < 500) return new AppError('invalid_request', 'The request is not valid.');
  return new AppError('internal', 'Something went wrong on our side; it has been logged. Retry shortly.');
}

export function errorBody(err: AppError) {
  return { ok: false as const, error: { code: err.code, message: err.message, ...(err.details ? { details: err.details } : {}) } };
}

export function sendError(reply: FastifyReply, err: AppError) {
  reply.request.errorCode = err.code; // the request line names it
  if (err.retryAfterSeconds !== undefined) reply.header('retry-after', String(Math.max(1, Math.ceil(err.retryAfterSeconds))));
  return reply.code(codeToStatus[err.code]).type('application/json; charset=utf-8').send(errorBody(err));
}

/** Longest path parameter the router matches; longer ones never reach a route (frameworkError). */
export const MAX_PARAM_LENGTH = 1024;

/**
 * Errors the router raises before any route runs (Fastify's `frameworkErrors`): a malformed
 * percent-encoding in the path, or a path parameter over MAX_PARAM_LENGTH. Without this Fastify
 * answers them with its own body, echoing the path, and no request id.
 */
export function frameworkError(err: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  // No route, so no onSend hook: the request id header is set here.
  reply.header('x-request-id', request.id);
  switch (err.code) {
    case 'FST_ERR_BAD_URL':
      return sendError(reply, new AppError('invalid_request', 'The URL has a malformed percent-encoded path segment; encode each segment (encodeURIComponent).'));
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return sendError(reply, new AppError('invalid_request', `A path segment is longer than ${MAX_PARAM_LENGTH} characters; no id or token is that long.`));
    default:
      return sendError(reply, toAppError(err));
  }
}

/** Answers a request no route took, or returns false to leave it to the JSON 404 (the dashboard's history fallback). */
export type NotFoundPage = (request: FastifyRequest, reply: FastifyReply) => Promise<boolean>;

export function installErrorHandler(app: FastifyInstance, page?: NotFoundPage) {
  app.setErrorHandler((err: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const appErr = toAppError(err);
    if (appErr.code === 'internal') request.log.error({ err }, 'unhandled error');
    else if (appErr.code === 'service_unavailable') request.log.warn({ err: { message: (err as Error).message } }, 'unavailable');
    return sendError(reply, appErr);
  });
  const notFound = (request: FastifyRequest, reply: FastifyReply) =>
    sendError(reply, new AppError('not_found', `No route ${request.method} for this path; see /api/openapi.json.`));
  if (!page) app.setNotFoundHandler(notFound);
  else app.setNotFoundHandler(async (request, reply) => ((await page(request, reply)) ? reply : notFound(request, reply)));
}
