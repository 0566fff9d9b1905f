// Maintenance windows (issue 36 item 2, PRODUCT.md 11): one-off and weekly, holding paging for their services.
export type { MaintenanceWindowRow, MaintenanceWindowTable } from './maintenance.table.ts';
export { type Occurrence, type WeeklyRecurrence, type WindowSpec, activeUntil, nextStart, occurrencesBetween } from './window.ts';
export { createMaintenanceService, type MaintenanceDecision, type MaintenanceService } from './maintenance.service.ts';
export { maintenanceRoutes, maintenanceSchemas } from './maintenance.routes.ts';
