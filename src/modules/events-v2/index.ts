export { createEventsV2Service, type EventsV2Service } from './events-v2.service.ts';
export { eventsV2Routes } from './events-v2.routes.ts';
export { eventsV2Schemas } from './events-v2.schemas.ts';
export { EventsApiError, parseEventV1, parseEventV2, SEVERITY_PRIORITY } from './events-v2.ts';
