import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses, IdParams } from '../../http/schemas.ts';
import { requestMeta } from '../../http/auth.ts';
import type { RulesInput, RulesService } from './rules.service.ts';

const RuleSchema = Type.Object(
  {
    channel: Type.Union(['push', 'sms', 'voice', 'email', 'telegram'].map((c) => Type.Literal(c))),
    delay_seconds: Type.Integer({ minimum: 0, maximum: 3600, description: 'Counted from when you are paged (at your level, or as a responder).' }),
    contact_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'One of your devices (dev_…) for push or numbers (phn_…) for sms and voice (absent for email and telegram); absent: every working device, your first verified number (the oldest), your sign-in email.' })),
  },
  { $id: 'NotificationRule', additionalProperties: false },
);
const QuietHoursSchema = Type.Object(
  {
    time_zone: Type.String({ minLength: 1, maxLength: 64, description: 'IANA time zone the hours are read in (DST-correct).' }),
    days: Type.Array(Type.Union(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((d) => Type.Literal(d))), { maxItems: 7, description: 'The days the quiet hours start on.' }),
    start: Type.String({ pattern: '^[0-2][0-9]:[0-5][0-9]$', description: 'HH:MM local.' }),
    end: Type.String({ pattern: '^[0-2][0-9]:[0-5][0-9]$', description: 'HH:MM local; at or before start: the next day.' }),
  },
  { $id: 'QuietHours', additionalProperties: false },
);
const rulesFields = {
  high: Type.Array(Type.Ref('NotificationRule'), { maxItems: 10, description: "High urgency; an empty list means the level's steps." }),
  low: Type.Array(Type.Ref('NotificationRule'), { maxItems: 10, description: "Low urgency (sms and voice are skipped: low urgency never rings a phone); an empty list means the level's steps." }),
  quiet_hours: Type.Union([Type.Ref('QuietHours'), Type.Null()], { description: 'Low-urgency pages inside these hours are held until they end; high urgency ignores them.' }),
  handoff_notice_minutes: Type.Union([Type.Integer({ minimum: 0, maximum: 1440 }), Type.Null()], { description: 'That many minutes before each of your on-call shifts starts, one notice (push, else email); null: none.' }),
};
export const NotificationRules = Type.Object(rulesFields, { $id: 'NotificationRules' });
export const NotificationRulesWrite = Type.Object(
  { high: rulesFields.high, low: rulesFields.low, quiet_hours: Type.Optional(rulesFields.quiet_hours), handoff_notice_minutes: Type.Optional(rulesFields.handoff_notice_minutes) },
  { $id: 'NotificationRulesWrite', additionalProperties: false, description: 'The whole document: quiet_hours and handoff_notice_minutes not sent are null.' },
);
export const rulesSchemas = [RuleSchema, QuietHoursSchema, NotificationRules, NotificationRulesWrite];

export function rulesRoutes(deps: { rules: RulesService }): FastifyPluginAsyncTypebox {
  const { rules } = deps;
  return async (app) => {
    app.get('/api/me/notification-rules', {
      config: { access: { audience: 'DI', scope: 'P', permission: 'read' } },
      schema: { tags: ['me'], summary: 'How you are reached: your steps per urgency, quiet hours and handoff notice', response: { 200: Type.Ref('NotificationRules'), ...errorResponses() } },
      handler: async (req) => rules.mine(req.actor),
    });
    app.put('/api/me/notification-rules', {
      config: { access: { audience: 'DI', scope: 'P', permission: 'self.write' } },
      schema: {
        tags: ['me'],
        summary: "Set how you are reached; an empty list means the level's steps",
        description: "Your list for an alert's urgency replaces the level's steps when you are paged (chat steps still come from the level), unless the organization turned person_rules off.",
        body: Type.Ref('NotificationRulesWrite'),
        response: { 200: Type.Ref('NotificationRules'), ...errorResponses() },
      },
      handler: async (req) => rules.put(req.actor, req.body as RulesInput, requestMeta(req)),
    });
    app.get('/api/users/:id/notification-rules', {
      config: { access: { audience: 'DI', scope: 'O', permission: 'config.write' } },
      schema: { tags: ['organization'], summary: "A member's notification rules (admins)", params: IdParams, response: { 200: Type.Ref('NotificationRules'), ...errorResponses() } },
      handler: async (req) => rules.ofMember(req.actor.orgId, req.params.id),
    });
  };
}
