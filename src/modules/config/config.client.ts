import createClient from 'openapi-fetch';
import type { components, paths } from '../../../web/src/api/schema.d.ts';

/**
 * The typed client of the public API that `klaxon config` uses (docs/adr/0850): generated from the
 * OpenAPI document like the dashboard's (web/src/api/schema.d.ts, `npm run web:types`), so a route
 * or field the CLI uses cannot drift from the server without `tsc` failing.
 */
export type Api = components['schemas'];

export interface Target {
  /** KLAXON_URL: the server's base URL. */
  url: string;
  /** KLAXON_API_KEY: a full-product key (kxp_…). */
  apiKey: string;
  /** KLAXON_ORG: the organization (org_…). */
  org: string;
}

/** A call the server refused or that did not reach it; the message never holds a secret. */
export class ApiCallError extends Error {
  constructor(
    message: string,
    readonly status: number | undefined,
  ) {
    super(message);
  }
}

export function apiClient(target: Target) {
  const client = createClient<paths>({
    baseUrl: target.url.replace(/\/+$/, ''),
    headers: { authorization: `Bearer ${target.apiKey}`, 'x-service-org': target.org },
  });
  return client;
}
export type ApiClient = ReturnType<typeof apiClient>;

type Result<T> = { data?: T; error?: unknown; response: Response };

/** The answer's data, or an ApiCallError naming the call and the server's message. */
export async function ok<T>(what: string, call: Promise<Result<T>>): Promise<T> {
  let r: Result<T>;
  try {
    r = await call;
  } catch (err) {
    throw new ApiCallError(`${what}: the server did not answer (${(err as { cause?: { code?: string } }).cause?.code ?? (err as Error).message})`, undefined);
  }
  if (r.response.ok) return r.data as T;
  const body = r.error as { error?: { message?: string; details?: { field: string; message: string }[] } } | undefined;
  const details = body?.error?.details?.map((d) => `${d.field}: ${d.message}`).join('; ');
  throw new ApiCallError(`${what}: ${r.response.status} ${body?.error?.message ?? r.response.statusText}${details ? ` (${details})` : ''}`, r.response.status);
}

/** Every page of a list route (limit 500, following X-Next-Cursor). */
export async function all<T>(what: string, page: (cursor: string | undefined) => Promise<Result<T[]>>): Promise<T[]> {
  const out: T[] = [];
  let cursor: string | undefined;
  for (;;) {
    const p = page(cursor);
    const items = await ok(what, p);
    out.push(...items);
    cursor = (await p).response.headers.get('x-next-cursor') ?? undefined;
    if (!cursor) return out;
  }
}
