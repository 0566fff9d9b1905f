import type { Kysely } from 'kysely';

// GET /api/audit filters by actor, action, target type and target id, newest first. Only
// (org_id, id) served that order, so a filter walked the organization's whole audit log (never
// pruned) until it had a page; a rare value read all of it. One (org_id, <field>, id) index per
// filter makes each an index range in list order (docs/adr/0322-org-deletion-and-audit-log.md).
// Audit entries are written by people's and API keys' changes, never by ingest. Frozen.

const INDEXES: Array<[name: string, column: string]> = [
  ['audit_log_org_actor', 'actor_id'],
  ['audit_log_org_action', 'action'],
  ['audit_log_org_target_type', 'target_type'],
  ['audit_log_org_target', 'target_id'],
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, column] of INDEXES) await db.schema.createIndex(name).on('audit_log').columns(['org_id', column, 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [name] of INDEXES) await db.schema.dropIndex(name).execute();
}
