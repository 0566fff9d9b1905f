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
