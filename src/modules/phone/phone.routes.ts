import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type Static } from 'typebox';
import { requestMeta } from '../../http/auth.ts';
import { CodeConfirm, errorResponses, IdParams, ListQuery } from '../../http/schemas.ts';
import { sendPage } from '../../http/pagination.ts';
import type { PhoneService } from './phone.service.ts';
import { PhoneNumberCreate, PhoneNumberPatch, PhoneNumberSchema, VerificationSent } from './phone.schemas.ts';

export function phoneRoutes(deps: { phones: PhoneService }): FastifyPluginAsyncTypebox {
  const { phones } = deps;
  return async (app) => {
    app.get('/api/phone-numbers', {
      config: { access: { audience: 'DI', scope: 'O', permission: 'read' } },
      schema: { tags: ['phone numbers'], summary: 'List your phone numbers in this organization', querystring: Type.Object(ListQuery), response: { 200: Type.Array(Type.Ref('PhoneNumber')), ...errorResponses() } },
      handler: async (req, reply) => sendPage(req, reply, await phones.list(req.actor, req.query.limit ?? 50, req.query.cursor)),
    });
    app.post('/api/phone-numbers', {
      config: { access: { audience: 'DI', scope: 'O', permission: 'self.write' } },
      schema: { tags: ['phone numbers'], summary: 'Add a phone number (unverified until confirmed)', body: Type.Ref('PhoneNumberCreate'), response: { 200: Type.Ref('PhoneNumber'), ...errorResponses(409) } },
      handler: async (req) => phones.create(req.actor, req.body as Static<typeof PhoneNumberCreate>, requestMeta(req)),
    });
    app.patch('/api/phone-numbers/:id', {
      config: { access: { audience: 'DI', scope: 'O', permission: 'self.write' } },
      schema: { tags: ['phone numbers'], summary: 'Change the label or the number (a new number needs verifying again)', params: IdParams, body: Type.Ref('PhoneNumberPatch'), response: { 200: Type.Ref('PhoneNumber'), ...errorResponses(409) } },
      handler: async (req) => phones.update(req.actor, req.params.id, req.body as Static<typeof PhoneNumberPatch>, requestMeta(req)),
    });
    app.delete('/api/phone-numbers/:id', {
      config: { access: { audience: 'DI', scope: 'O', permission: 'self.write' } },
      schema: { tags: ['phone numbers'], summary: 'Remove one of your phone numbers', params: IdParams, response: { 200: Type.Ref('Ok'), ...errorResponses() } },
      handler: async (req) => phones.remove(req.actor, req.params.id, requestMeta(req)),
    });
    app.post('/api/phone-numbers/:id/verify', {
      config: { access: { audience: 'DI', scope: 'O', permission: 'self.write' } },
      schema: {
        tags: ['phone numbers'],
        summary: 'Send a six-digit code by SMS (one a minute, five an hour per number; counts toward the plan\'s SMS)',
        description: 'Only from an account whose email address is verified, and only to a number of a country the organization allows (`phone_countries` of /api/org/settings); 409 otherwise.',
        params: IdParams,
        response: { 200: Type.Ref('VerificationSent'), ...errorResponses(409, 429, 503) },
      },
      handler: async (req) => phones.sendCode(req.actor, req.params.id, requestMeta(req)),
    });
    app.post('/api/phone-numbers/:id/verify/confirm', {
      config: { access: { audience: 'DI', scope: 'O', permission: 'self.write' } },
      schema: {
        tags: ['phone numbers'],
        summary: 'Confirm the code: the number is then verified and used for paging',
        params: IdParams,
        body: Type.Ref('CodeConfirm'),
        response: { 200: Type.Ref('PhoneNumber'), ...errorResponses(409) },
      },
      handler: async (req) => phones.confirmCode(req.actor, req.params.id, (req.body as Static<typeof CodeConfirm>).code, requestMeta(req)),
    });
  };
}

export const phoneSchemas = [PhoneNumberSchema, PhoneNumberCreate, PhoneNumberPatch, VerificationSent];
