export { createApiKeyService, mintKeyTx, mintedThrough, revokeDescendantsTx, liveDescendantsTx, endPersonCredentialsTx, type EndedCredentials, rowToApiKey, KEY_PREFIX, type ApiKeyService, type ApiKeyKind } from './api-key.service.ts';
export { apiKeyRoutes, apiKeySchemas } from './api-key.routes.ts';
export type { ApiKeyRow } from './api-key.table.ts';
