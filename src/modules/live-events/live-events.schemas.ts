import { Type } from 'typebox';

export const LiveEventSchema = Type.Object(
  {
    id: Type.Integer({ description: 'Increasing; send the last one seen as Last-Event-ID (stream) or cursor (JSON) to resume.' }),
    type: Type.String({ description: 'alert.triggered, alert.acknowledged, alert.resolved, …' }),
    alert_id: Type.Union([Type.String(), Type.Null()]),
    created_at: Type.String(),
  },
  { $id: 'LiveEvent', description: 'An alert of the organization changed: fetch it again. No alert data rides along.' },
);

export const LiveEventsQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 50, description: 'JSON form: page size (default 50, at most 500).' })),
  cursor: Type.Optional(Type.String({ pattern: '^[0-9]{1,15}$', description: 'JSON form: the id of the last event seen (X-Next-Cursor); events after it.' })),
});

export const LiveEventsHeaders = Type.Object({
  'last-event-id': Type.Optional(Type.String({ pattern: '^[0-9]{1,15}$', description: 'Stream form: resume after this event id.' })),
});
