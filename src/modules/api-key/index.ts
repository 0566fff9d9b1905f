export { createApiKeyService, mintKeyTx, revokeDescendantsTx, rowToApiKey, KEY_PREFIX, type ApiKeyService, type ApiKeyKind } from './api-key.service.ts';
export { apiKeyRoutes, apiKeySchemas } from './api-key.routes.ts';
export type { ApiKeyRow } from './api-key.table.ts';
