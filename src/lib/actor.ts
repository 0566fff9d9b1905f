/** Who did something: passed explicitly to services, written to timelines and the audit log. */
export type Actor =
  | { type: 'user'; id: string; orgId: string; role: Role; credentialId: string; audience: Audience; credentialKind?: CredentialKind }
  | { type: 'api_key'; id: string; orgId: string }
  | { type: 'integration'; id: string; orgId: string }
  | { type: 'system'; id: null };

export type Role = 'owner' | 'admin' | 'responder' | 'observer';
export const ROLES: readonly Role[] = ['owner', 'admin', 'responder', 'observer'];
/** What the person used: an API key (kxp_), or a session: dashboard cookie, mobile app (kxm_), agent token (kxa_). */
export type CredentialKind = 'api_key' | 'dashboard' | 'mobile' | 'agent';
/** D = dashboard (cookie session, API key, agent grant), I = mobile app session. */
export type Audience = 'D' | 'I';

export const systemActor: Actor = { type: 'system', id: null };
export const actorId = (a: Actor): string | null => a.id;
