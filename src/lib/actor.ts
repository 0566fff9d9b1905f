/** Who did something: passed explicitly to services, written to timelines and the audit log. */
export type Actor =
  | { type: 'user'; id: string; orgId: string; role: Role; credentialId: string; audience: Audience; credentialKind?: CredentialKind; name?: string }
  | { type: 'api_key'; id: string; orgId: string; name?: string }
  | { type: 'integration'; id: string; orgId: string; name?: string }
  | { type: 'system'; id: null };

/** A person acting through a credential in an organization: what the access check gives a route (`src/http/auth.ts`). */
export type UserActor = Extract<Actor, { type: 'user' }>;

/**
 * Who did something, as a timeline says it to people: a source or key by its name, a person by
 * name (or email), never by id (issue 18 item 10). The id stays in the entry's `actor` field.
 * `name` is what the caller knew; without it (a unit spooled by an older release), the id.
 */
export function actorLabel(a: Actor): string {
  switch (a.type) {
    case 'system':
      return 'Klaxon';
    case 'integration':
      return a.name ? `source "${a.name}"` : `source ${a.id}`;
    case 'api_key':
      return a.name ? `API key "${a.name}"` : `API key ${a.id}`;
    case 'user':
      return a.name || `user ${a.id}`;
  }
}

/**
 * A person as people read them, in timelines, chat messages, pickers and schedules: their name, or
 * their email while they have set none (issue 34 item 5). The one rule; SQL that cannot call it
 * (the stop statements, src/modules/paging/stop.ts actorNameSql) say the same with
 * `coalesce(nullif(trim(name), ''), email)` (test/unit/actor-name.test.ts holds them to one answer).
 */
export const personName = (u: { name?: string | null | undefined; email: string }): string => u.name?.trim() || u.email;

/**
 * Whoever acted, as a timeline line names them after "by": a person by name, `source <name>`,
 * `API key <name>`, Klaxon itself; `unknown` when the name could not be read (the one wording of
 * alert operations and of stopped pages).
 */
export function actorTitle(type: string, name: string | null | undefined, unknown = 'Klaxon'): string {
  if (type === 'system') return 'Klaxon';
  if (!name) return unknown;
  return type === 'integration' ? `source ${name}` : type === 'api_key' ? `API key ${name}` : name;
}

/** The longest name a person may set (code points), as sign-up has always allowed. */
export const PERSON_NAME_MAX = 200;

export type Role = 'owner' | 'admin' | 'responder' | 'observer';
export const ROLES: readonly Role[] = ['owner', 'admin', 'responder', 'observer'];
/** What the person used: an API key (kxp_), or a session: dashboard cookie, mobile app (kxm_), agent token (kxa_). */
export type CredentialKind = 'api_key' | 'dashboard' | 'mobile' | 'agent';
/** D = dashboard (cookie session, API key, agent grant), I = mobile app session. */
export type Audience = 'D' | 'I';

export const systemActor: Actor = { type: 'system', id: null };
export const actorId = (a: Actor): string | null => a.id;
