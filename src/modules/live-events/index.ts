export { createLiveEventFeed, type LiveEventFeed } from './live-events.service.ts';
export { liveEventRoutes, liveEventSchemas } from './live-events.routes.ts';
export { advanceCursor, isLiveType, sseFrame, GAP_POLLS, MAX_GAPS, type LiveEvent, type TailCursor } from './live-events.ts';
