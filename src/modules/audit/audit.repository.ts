import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { Actor } from '../../lib/actor.ts';
import { newId } from '../../lib/ids.ts';

/** Where a change came from, for the audit log. */
export interface RequestMeta {
  ip: string | null;
  requestId: string | null;
}

export interface AuditEntry {
  orgId: string | null;
  actor: Actor;
  action: string;
  targetType?: string;
  targetId?: string;
  /** Changed fields. Never secrets: callers pass names and safe values only. */
  changes?: Record<string, unknown>;
  meta: RequestMeta;
  now: string;
}

/** Written in the caller's transaction, so an audited change and its entry commit together. */
export async function recordAudit(db: Kysely<Database>, e: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      id: newId('aud'),
      org_id: e.orgId,
      actor_type: e.actor.type,
      actor_id: e.actor.id,
      action: e.action,
      target_type: e.targetType ?? null,
      target_id: e.targetId ?? null,
      changes: JSON.stringify(e.changes ?? {}),
      ip: e.meta.ip,
      request_id: e.meta.requestId,
      created_at: e.now,
    })
    .execute();
}

export interface AuditFilter {
  actorId?: string | undefined;
  action?: string | undefined;
  targetType?: string | undefined;
  targetId?: string | undefined;
  /** Inclusive lower bound on created_at (ISO 8601 UTC). */
  since?: string | undefined;
  /** Exclusive upper bound on created_at. */
  until?: string | undefined;
}

/** Newest first; `beforeId` is the last id of the previous page. */
export async function listAudit(db: Kysely<Database>, orgId: string, f: AuditFilter, beforeId: string | undefined, limit: number) {
  return listAuditQuery(db, orgId, f, beforeId, limit).execute();
}

/**
 * The query behind listAudit. Each of the actor, action and target filters has an (org_id, field, id)
 * index, so a filtered page is one index range in list order, not a walk of the organization's log
 * (its plan is tested: test/integration/orgs/audit-plan.test.ts).
 */
export function listAuditQuery(db: Kysely<Database>, orgId: string, f: AuditFilter, beforeId: string | undefined, limit: number) {
  return db
    .selectFrom('audit_log')
    .selectAll()
    .where('org_id', '=', orgId)
    .$if(f.actorId !== undefined, (q) => q.where('actor_id', '=', f.actorId!))
    .$if(f.action !== undefined, (q) => q.where('action', '=', f.action!))
    .$if(f.targetType !== undefined, (q) => q.where('target_type', '=', f.targetType!))
    .$if(f.targetId !== undefined, (q) => q.where('target_id', '=', f.targetId!))
    .$if(f.since !== undefined, (q) => q.where('created_at', '>=', f.since!))
    .$if(f.until !== undefined, (q) => q.where('created_at', '<', f.until!))
    .$if(beforeId !== undefined, (q) => q.where('id', '<', beforeId!))
    .orderBy('id', 'desc')
    .limit(limit);
}
