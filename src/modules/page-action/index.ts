// Acknowledge from the page itself: push action tokens and email links (issue 22, docs/adr/0441).
export { createPageActionService, type PageActionService } from './page-action.service.ts';
export { pageActionRoutes } from './page-action.routes.ts';
export { pageActionSchemas } from './page-action.schemas.ts';
export { ACTION_TOKEN_PREFIX, ACTION_TTL_MS, PAGE_STYLE, actionTokenFor } from './page-action.ts';
export type { PageActionRow } from './page-action.table.ts';
