import { Type } from 'typebox';

/**
 * Documentation of the PagerDuty-compatible wire shapes. The body is validated by parseEventV2 /
 * parseEventV1, not ajv, so errors carry PagerDuty's reason strings and nothing is coerced.
 */
const Image = Type.Object({ src: Type.String(), href: Type.Optional(Type.String()), alt: Type.Optional(Type.String()) });
const Link = Type.Object({ href: Type.String(), text: Type.Optional(Type.String()) });

export const EventsV2Event = Type.Object(
  {
    routing_key: Type.String({ minLength: 32, maxLength: 32, description: 'The 32-character routing key of an events_v2 source (a secret).' }),
    event_action: Type.Union([Type.Literal('trigger'), Type.Literal('acknowledge'), Type.Literal('resolve')]),
    dedup_key: Type.Optional(Type.String({ maxLength: 255, description: 'Case-sensitive and kept as sent. Generated and returned when absent on a trigger; required otherwise.' })),
    payload: Type.Optional(
      Type.Object(
        {
          summary: Type.String({ maxLength: 1024, description: 'Becomes the alert title; at most 1024 Unicode code points.' }),
          source: Type.String(),
          severity: Type.Union(['critical', 'error', 'warning', 'info'].map((s) => Type.Literal(s)), {
            description: 'Priority: critical→critical, error→high, warning→medium, info→info.',
          }),
          timestamp: Type.Optional(Type.String({ description: 'ISO 8601; an offset without a colon (+0000) is accepted.' })),
          component: Type.Optional(Type.String()),
          group: Type.Optional(Type.String()),
          class: Type.Optional(Type.String()),
          custom_details: Type.Optional(Type.Unknown({ description: 'Free-form; becomes the alert body.' })),
        },
        { additionalProperties: true, description: 'Required for trigger; accepted and ignored on acknowledge and resolve.' },
      ),
    ),
    images: Type.Optional(Type.Array(Image)),
    links: Type.Optional(Type.Array(Link)),
    client: Type.Optional(Type.String()),
    client_url: Type.Optional(Type.String()),
  },
  { $id: 'EventsV2Event', additionalProperties: true, description: 'A PagerDuty Events API v2 event (at most 512 KB). Any Authorization header is ignored.' },
);

export const EventsV2Accepted = Type.Object(
  { status: Type.Literal('success'), message: Type.String(), dedup_key: Type.String() },
  { $id: 'EventsV2Accepted', description: 'The standard v2 response; the receipt is in the X-Service-Receipt-Id header.' },
);

export const EventsV2Error = Type.Object(
  { status: Type.String(), message: Type.String(), errors: Type.Optional(Type.Array(Type.String())) },
  { $id: 'EventsV2Error', description: 'PagerDuty-style error: "invalid event" (400), "Unrecognized object" (400), and the same shape for 413, 429 and 503.' },
);

export const EventsV1Event = Type.Object(
  {
    service_key: Type.String({ minLength: 32, maxLength: 32, description: 'The routing key of an events_v2 source.' }),
    event_type: Type.Union([Type.Literal('trigger'), Type.Literal('acknowledge'), Type.Literal('resolve')]),
    incident_key: Type.Optional(Type.String({ maxLength: 255 })),
    description: Type.Optional(Type.String({ maxLength: 1024, description: 'Required for trigger; becomes the alert title.' })),
    details: Type.Optional(Type.Unknown()),
    client: Type.Optional(Type.String()),
    client_url: Type.Optional(Type.String()),
    contexts: Type.Optional(Type.Array(Type.Object({}, { additionalProperties: true }))),
  },
  { $id: 'EventsV1Event', additionalProperties: true, description: 'A legacy PagerDuty Events API v1 event.' },
);

export const EventsV1Accepted = Type.Object(
  { status: Type.Literal('success'), message: Type.String(), incident_key: Type.String() },
  { $id: 'EventsV1Accepted' },
);

export const eventsV2Schemas = [EventsV2Event, EventsV2Accepted, EventsV2Error, EventsV1Event, EventsV1Accepted];
