// Heartbeats (issue 36 item 1, PRODUCT.md 11): a dead man's switch per service.
export type { HeartbeatRow, HeartbeatTable } from './heartbeat.table.ts';
export { type HeartbeatStatus, deadlineAfter, fireAt, isDue, statusOf } from './heartbeat.ts';
export { createHeartbeatService, eventKeyOf, missedTitle, type HeartbeatService } from './heartbeat.service.ts';
export { createHeartbeatJob } from './heartbeat.job.ts';
export { heartbeatRoutes, heartbeatPingRoutes, heartbeatSchemas } from './heartbeat.routes.ts';
