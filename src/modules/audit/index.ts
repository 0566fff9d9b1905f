export { recordAudit, type AuditEntry, type RequestMeta } from './audit.repository.ts';
export { createAuditService, rowToAudit, type AuditService } from './audit.service.ts';
export { auditRoutes, auditSchemas } from './audit.routes.ts';
export type { AuditLogRow } from './audit.table.ts';
