// Telegram as a person's paging channel (issue 37, PRODUCT.md 12, docs/adr/0835): the link flow and the bot's webhook.
export { createTelegramService, type TelegramService } from './telegram.service.ts';
export { telegramRoutes } from './telegram.routes.ts';
export { telegramSchemas } from './telegram.schemas.ts';
export * as telegramRepository from './telegram.repository.ts';
export type { TelegramLinkRow } from './telegram.table.ts';
export { type TelegramLinkView, type TelegramUpdate, viewOf, startCodeOf } from './telegram.ts';
