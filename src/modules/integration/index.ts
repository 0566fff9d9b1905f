export { createIntegrationService, type IntegrationService, type CredentialView } from './integration.service.ts';
export {
  type IngestTarget, type RoutingRule, routeByAttributes, credentialKindFor, DIRECT_TYPES, VENDOR_TYPES, INTEGRATION_TYPES,
} from './integration.ts';
export type { IntegrationType, CredentialKind, IntegrationRow } from './integration.table.ts';
