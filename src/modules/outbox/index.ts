export type { OutboxEvent } from './outbox.ts';
export { rowToEvent, backoffMs } from './outbox.ts';
export * as outboxRepository from './outbox.repository.ts';
export type { OutboxEventRow, NewOutboxEventRow } from './outbox.table.ts';
