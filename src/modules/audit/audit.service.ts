import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { decodeCursor, filteredScope, idPosition, pageOf } from '../../lib/cursor.ts';
import { invalid } from '../../lib/errors.ts';
import * as repo from './audit.repository.ts';
import type { AuditLogRow } from './audit.table.ts';

export const rowToAudit = (r: AuditLogRow) => ({
  id: r.id,
  actor_type: r.actor_type,
  actor_id: r.actor_id,
  action: r.action,
  target_type: r.target_type,
  target_id: r.target_id,
  changes: JSON.parse(r.changes) as Record<string, unknown>,
  ip: r.ip,
  request_id: r.request_id,
  created_at: r.created_at,
});

export interface AuditQuery {
  actor_id?: string | undefined;
  action?: string | undefined;
  target_type?: string | undefined;
  target_id?: string | undefined;
  since?: string | undefined;
  until?: string | undefined;
  limit?: number | undefined;
  cursor?: string | undefined;
}

/** A time filter: any ISO 8601 date-time, compared as UTC. */
function instant(field: string, v: string | undefined): string | undefined {
  if (v === undefined) return undefined;
  // An unencoded "+" of an offset arrives as a space in a query string.
  v = v.replace(/ (\d{2}:?\d{2})$/, '+$1');
  const ms = Date.parse(v);
  if (!/^\d{4}-\d{2}-\d{2}(T|$)/.test(v) || Number.isNaN(ms)) throw invalid(field, 'must be an ISO 8601 date-time such as 2026-03-01T10:00:00Z');
  return new Date(ms).toISOString();
}

export function createAuditService(deps: { db: Kysely<Database> }) {
  const { db } = deps;
  return {
    /** GET /api/audit: the organization's entries, newest first. */
    async list(orgId: string, q: AuditQuery) {
      const since = instant('since', q.since);
      const until = instant('until', q.until);
      if (since && until && since >= until) throw invalid('until', 'must be later than since');
      const limit = q.limit ?? 50;
      const scope = filteredScope(orgId, { actor_id: q.actor_id, action: q.action, target_type: q.target_type, target_id: q.target_id, since, until });
      const before = decodeCursor(q.cursor, scope, idPosition('aud'));
      const rows = await repo.listAudit(
        db,
        orgId,
        { actorId: q.actor_id, action: q.action, targetType: q.target_type, targetId: q.target_id, since, until },
        before,
        limit + 1,
      );
      const { rows: page, nextCursor } = pageOf(rows, limit, scope, (last) => last.id);
      return { items: page.map(rowToAudit), nextCursor };
    },
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
