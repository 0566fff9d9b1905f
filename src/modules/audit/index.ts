export { recordAudit, type AuditEntry, type RequestMeta } from './audit.repository.ts';
export type { AuditLogRow } from './audit.table.ts';
