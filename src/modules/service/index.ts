export { createServiceService, rowToService, type ServiceMaintenance, type ServiceService } from './service.service.ts';
export { serviceRoutes, serviceSchemas } from './service.routes.ts';
export * as serviceRepository from './service.repository.ts';
export type { ServiceRow } from './service.table.ts';
