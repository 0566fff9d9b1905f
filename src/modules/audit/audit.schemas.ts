import { Type } from 'typebox';
import { ListQuery } from '../../http/schemas.ts';

export const AuditEntry = Type.Object(
  {
    id: Type.String({ description: 'aud_… id; ids sort by time.' }),
    actor_type: Type.String({ enum: ['user', 'api_key', 'integration', 'system'] }),
    actor_id: Type.Union([Type.String(), Type.Null()], { description: 'usr_… for people (whatever credential they used); null for the system.' }),
    action: Type.String({ description: 'noun.verb, e.g. service.create, org_settings.update, member.role_change.' }),
    target_type: Type.Union([Type.String(), Type.Null()]),
    target_id: Type.Union([Type.String(), Type.Null()]),
    changes: Type.Object({}, { additionalProperties: true, description: 'Changed fields and their new values. Secrets never appear here.' }),
    ip: Type.Union([Type.String(), Type.Null()]),
    request_id: Type.Union([Type.String(), Type.Null()], { description: 'The X-Request-Id of the request that made the change.' }),
    created_at: Type.String(),
  },
  { $id: 'AuditEntry' },
);

export const AuditQuerySchema = Type.Object({
  actor_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'Only entries by this actor (usr_…).' })),
  action: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'Only this action, e.g. member.remove.' })),
  target_type: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'Only this kind of target, e.g. service.' })),
  target_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'Only entries about this target id.' })),
  since: Type.Optional(Type.String({ maxLength: 40, description: 'Entries at or after this ISO 8601 time.' })),
  until: Type.Optional(Type.String({ maxLength: 40, description: 'Entries before this ISO 8601 time.' })),
  ...ListQuery,
});
