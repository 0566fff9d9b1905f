/** An ajv validate function as Fastify calls it (errors on the function, schemaEnv when compiled by ajv). */
export interface ValidateFn {
  (data: unknown, ctx?: unknown): boolean;
  errors?: unknown[] | null;
  schemaEnv?: unknown;
}

const NUL_MESSAGE = 'must not contain the NUL character (U+0000)';
const hasNul = (v: unknown) => typeof v === 'string' && v.includes('\u0000');
const nonFinite = (v: unknown) => typeof v === 'number' && !Number.isFinite(v);

/** The first value in `data` (any depth) that is a string with a NUL character: its JSON pointer. */
function nulAt(data: unknown, path: string, depth = 0): string | undefined {
  if (hasNul(data)) return path;
  if (data === null || typeof data !== 'object' || depth > 32) return undefined;
  for (const [key, value] of Object.entries(data)) {
    const found = nulAt(value, `${path}/${key}`, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

function wrap(validate: ValidateFn, refuse: (data: object) => { instancePath: string; keyword: string; params: object; message: string } | undefined): ValidateFn {
  const wrapped: ValidateFn = (data, ctx) => {
    const ok = validate(data, ctx);
    wrapped.errors = validate.errors;
    if (!ok || data === null || typeof data !== 'object') return ok;
    const issue = refuse(data);
    if (!issue) return ok;
    wrapped.errors = [issue];
    return false;
  };
  if (validate.schemaEnv !== undefined) wrapped.schemaEnv = validate.schemaEnv;
  return wrapped;
}

/**
 * For the path, query string and headers (flat objects; arrays for repeated query keys):
 * - ajv's type coercion turns "Infinity" or "1e309" into a number that is not finite, and then
 *   skips that value's own checks (integer, minimum, maximum): `?limit=Infinity` passed
 *   validation and failed in the database with a 500. It is refused as an integer check would.
 * - A NUL character: no id, token or filter has one, and PostgreSQL cannot take one in text (a
 *   500 there, a lookup that finds nothing on SQLite).
 */
export function refuseOddParameters(validate: ValidateFn): ValidateFn {
  return wrap(validate, (data) => {
    for (const [key, value] of Object.entries(data)) {
      const values = Array.isArray(value) ? value : [value];
      if (values.some(nonFinite)) return { instancePath: `/${key}`, keyword: 'type', params: { type: 'a finite number' }, message: 'must be a finite number' };
      if (values.some(hasNul)) return { instancePath: `/${key}`, keyword: 'nul', params: {}, message: NUL_MESSAGE };
    }
    return undefined;
  });
}

/**
 * For management API bodies: a string with a NUL character is refused wherever it is, on both
 * stores alike (PostgreSQL cannot store one in text). Ingest bodies are not checked here: their
 * text fields are sanitized and their details stored as JSON text, where a NUL is an escape.
 */
export function refuseNulInBody(validate: ValidateFn): ValidateFn {
  return wrap(validate, (data) => {
    const at = nulAt(data, '');
    return at === undefined ? undefined : { instancePath: at, keyword: 'nul', params: {}, message: NUL_MESSAGE };
  });
}
