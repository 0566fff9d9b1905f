/** An ajv validate function as Fastify calls it (errors on the function, schemaEnv when compiled by ajv). */
export interface ValidateFn {
  (data: unknown, ctx?: unknown): boolean;
  errors?: unknown[] | null;
  schemaEnv?: unknown;
}

/**
 * What is wrong with a string neither store keeps as sent, if anything: a NUL character
 * (PostgreSQL cannot store one in text), or a lone UTF-16 surrogate (JSON allows `"\ud800"`, UTF-8
 * cannot hold it: PostgreSQL stores U+FFFD, SQLite bytes that read back as three U+FFFD, so two
 * names could be one name on one store and two on the other).
 */
const unstorable = (v: unknown): string | undefined => {
  if (typeof v !== 'string') return undefined;
  if (v.includes('\u0000')) return 'must not contain the NUL character (U+0000)';
  if (!v.isWellFormed()) return 'must be valid Unicode text: it holds a lone UTF-16 surrogate (an unpaired \\ud800–\\udfff escape)';
  return undefined;
};
const nonFinite = (v: unknown) => typeof v === 'number' && !Number.isFinite(v);

/** The first string in `data` (any depth) neither store keeps as sent: its JSON pointer and why. */
function unstorableAt(data: unknown, path: string, depth = 0): { at: string; message: string } | undefined {
  const message = unstorable(data);
  if (message) return { at: path, message };
  if (data === null || typeof data !== 'object' || depth > 32) return undefined;
  for (const [key, value] of Object.entries(data)) {
    const found = unstorableAt(value, `${path}/${key}`, depth + 1);
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
 *   500 there, a lookup that finds nothing on SQLite). A lone surrogate likewise (see unstorable).
 */
export function refuseOddParameters(validate: ValidateFn): ValidateFn {
  return wrap(validate, (data) => {
    for (const [key, value] of Object.entries(data)) {
      const values = Array.isArray(value) ? value : [value];
      if (values.some(nonFinite)) return { instancePath: `/${key}`, keyword: 'type', params: { type: 'a finite number' }, message: 'must be a finite number' };
      for (const v of values) {
        const message = unstorable(v);
        if (message) return { instancePath: `/${key}`, keyword: 'text', params: {}, message };
      }
    }
    return undefined;
  });
}

/**
 * For management API bodies: a string neither store keeps as sent (a NUL character, a lone
 * surrogate) is refused wherever it is, on both stores alike. Ingest bodies are not checked here:
 * a signal's text fields are made storable (storableText) rather than the signal refused, and its
 * details are stored as JSON text, where either is an escape.
 */
export function refuseUnstorableText(validate: ValidateFn): ValidateFn {
  return wrap(validate, (data) => {
    const found = unstorableAt(data, '');
    return found && { instancePath: found.at, keyword: 'text', params: {}, message: found.message };
  });
}
