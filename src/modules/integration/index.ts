export {
  createIntegrationService, parseVendorPayload, rowToIntegration, ROTATE_GRACE_MS, REPLACE_GRACE_MS,
  type IntegrationService, type CredentialView, type IntegrationView,
} from './integration.service.ts';
export {
  type IngestTarget, type RoutingRule, routeByAttributes, matchingRule, credentialKindFor, DIRECT_TYPES, VENDOR_TYPES, INTEGRATION_TYPES,
} from './integration.ts';
export type { IntegrationType, CredentialKind, IntegrationRow } from './integration.table.ts';
export { integrationRoutes, integrationSchemas } from './integration.routes.ts';
export { type VendorItem } from './integration.vendors.ts';
export { createMappingSandbox, type MappingSandbox } from './mapping.sandbox.ts';
