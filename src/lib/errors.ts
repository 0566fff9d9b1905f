// One error type with a closed set of codes and one status table (PRODUCT.md 5).
export const ERROR_CODES = [
  'invalid_request',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'payload_too_large',
  'unsupported_media_type',
  'rate_limited',
  'service_unavailable',
  'internal',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const codeToStatus: Record<ErrorCode, number> = {
  invalid_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  service_unavailable: 503,
  internal: 500,
};

export interface FieldProblem {
  field: string;
  message: string;
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details?: FieldProblem[];
  /** Seconds a client should wait before retrying (429, 503). */
  readonly retryAfterSeconds?: number;
  /**
   * A 503 from load shedding: nothing is broken, Klaxon refused work to keep its latency. Routes
   * that speak another service's protocol may answer it as that service throttles (docs/adr/0220).
   */
  readonly shed?: true;

  constructor(code: ErrorCode, message: string, opts: { details?: FieldProblem[]; retryAfterSeconds?: number; shed?: true } = {}) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    if (opts.details) this.details = opts.details;
    if (opts.retryAfterSeconds !== undefined) this.retryAfterSeconds = opts.retryAfterSeconds;
    if (opts.shed) this.shed = true;
  }

  get status(): number {
    return codeToStatus[this.code];
  }
}

export const isAppError = (err: unknown): err is AppError => err instanceof AppError;

export const invalid = (field: string, message: string): AppError =>
  new AppError('invalid_request', `${field}: ${message}`, { details: [{ field, message }] });

export const notFound = (what: string, id?: string): AppError =>
  new AppError('not_found', id ? `${what} "${id}" was not found.` : `${what} was not found.`);

export const unauthorized = (message = 'A valid credential is required.'): AppError =>
  new AppError('unauthorized', message);

export const forbidden = (message: string): AppError => new AppError('forbidden', message);

export const conflict = (message: string): AppError => new AppError('conflict', message);

/**
 * Maps driver constraint violations to readable errors, so the database can hold the invariants
 * while clients still get a 4xx that names the field. Unknown driver errors are rethrown.
 */
const constraintMessages: Record<string, FieldProblem & { code: ErrorCode }> = {
  users_email_unique: { code: 'conflict', field: 'email', message: 'a user with this email already exists' },
  memberships_pkey: { code: 'conflict', field: 'user_id', message: 'the user is already a member' },
};

export function fromDbConstraint(err: unknown): AppError | undefined {
  if (!(err instanceof Error)) return undefined;
  const e = err as Error & { code?: string; constraint?: string };
  const name = e.constraint ?? Object.keys(constraintMessages).find((k) => e.message.includes(k));
  if (name && constraintMessages[name]) {
    const m = constraintMessages[name];
    return new AppError(m.code, `${m.field}: ${m.message}`, { details: [{ field: m.field, message: m.message }] });
  }
  if (isForeignKeyViolation(e)) {
    return new AppError('invalid_request', 'A referenced resource does not exist.');
  }
  // PostgreSQL cannot store a NUL character in text (22021), or in JSON as \u0000 (22P05).
  // Request validation refuses them first (src/http/request-values.ts); this is the backstop.
  if (e.code === '22021' || e.code === '22P05') {
    return new AppError('invalid_request', 'A text value contains the NUL character (U+0000), which cannot be stored; remove it.');
  }
  return undefined;
}

export const isForeignKeyViolation = (err: unknown): boolean => {
  const code = (err as { code?: string })?.code;
  return code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === '23503';
};
