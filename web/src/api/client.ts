import createClient, { type Middleware } from 'openapi-fetch';
import type { components, paths } from './schema';

export type Schemas = components['schemas'];
export type Alert = Schemas['Alert'];
export type TimelineEntry = Schemas['TimelineEntry'];
export type Service = Schemas['Service'];
export type Integration = Schemas['Integration'];
export type Me = Schemas['Me'];
export type Role = Me['role'];
export type Membership = Me['memberships'][number];

const ORG_KEY = 'klaxon.org';

/** The organization the dashboard acts in (X-Service-Org); kept per browser. */
export const currentOrg = {
  get: (): string | null => localStorage.getItem(ORG_KEY),
  set: (id: string | null) => (id ? localStorage.setItem(ORG_KEY, id) : localStorage.removeItem(ORG_KEY)),
};

/** The double-submit CSRF token (docs/adr/0300): the readable kx_csrf cookie of the session. */
export function csrfToken(): string | undefined {
  for (const part of document.cookie.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === 'kx_csrf') return decodeURIComponent(v.join('='));
  }
  return undefined;
}

/** Headers every /api call of the dashboard carries. */
export function apiHeaders(method = 'GET'): Record<string, string> {
  const h: Record<string, string> = {};
  const org = currentOrg.get();
  if (org) h['x-service-org'] = org;
  if (method !== 'GET' && method !== 'HEAD') {
    const csrf = csrfToken();
    if (csrf) h['x-csrf-token'] = csrf;
  }
  return h;
}

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
    readonly details: { field: string; message: string }[] = [],
  ) {
    super(message);
  }
}

const listeners = new Set<() => void>();
/** Called when the session ends (a 401 on a signed-in call): the app shows the sign-in page. */
export const onSignedOut = (fn: () => void) => {
  listeners.add(fn);
  return () => {
    listeners.delete(fn);
  };
};

const withCredentials: Middleware = {
  onRequest({ request }) {
    for (const [k, v] of Object.entries(apiHeaders(request.method))) request.headers.set(k, v);
    return request;
  },
  onResponse({ response, request }) {
    if (response.status === 401 && !new URL(request.url).pathname.startsWith('/api/auth/')) for (const fn of listeners) fn();
    return response;
  },
};

/**
 * The document's operations without their required X-Service-Org header parameter: the middleware
 * below sends it on every call, from the organization chosen in the dashboard.
 */
type WithoutOrgHeader<P> = P extends { header: infer H } ? Omit<P, 'header'> & { header?: Omit<H, 'X-Service-Org'> } : P;
type Operation<O> = O extends { parameters: infer P } ? Omit<O, 'parameters'> & { parameters: WithoutOrgHeader<P> } : O;
export type Paths = { [K in keyof paths]: { [M in keyof paths[K]]: Operation<paths[K][M]> } };

export const api = createClient<Paths>({ baseUrl: window.location.origin, credentials: 'same-origin' });
api.use(withCredentials);

type Result<T> = { data?: T; error?: unknown; response: Response };

/** The data of a call, or an ApiError with the server's message (PRODUCT.md 5). */
export async function must<T>(call: Promise<Result<T>>): Promise<T> {
  const { data, error, response } = await call;
  if (response.ok) return data as T;
  const body = (error ?? {}) as { error?: { code?: string; message?: string; details?: { field: string; message: string }[] } };
  throw new ApiError(body.error?.message ?? `The server answered ${response.status}.`, response.status, body.error?.code ?? 'internal', body.error?.details ?? []);
}

/** The next page's cursor of a list answer (PRODUCT.md 6). */
export const nextCursor = (response: Response) => response.headers.get('x-next-cursor') ?? undefined;
