import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type Static } from 'typebox';
import { requestMeta } from '../../http/auth.ts';
import { errorResponses, IdParams, ListQuery } from '../../http/schemas.ts';
import { sendPage } from '../../http/pagination.ts';
import type { ApiKeyService } from './api-key.service.ts';

const ApiKeySchema = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    kind: Type.String({ enum: ['full_product', 'alert_ingest', 'agent'], description: 'agent: an agent token (kxa_) a member approved; it acts as them here.' }),
    service_ids: Type.Union([Type.Array(Type.String()), Type.Null()]),
    user_id: Type.Union([Type.String(), Type.Null()]),
    secret_hint: Type.String({ description: 'Prefix and last four characters, to recognise a key.' }),
    created_at: Type.String(),
    last_used_at: Type.Union([Type.String(), Type.Null()]),
    expires_at: Type.Optional(Type.String({ description: 'Agent tokens only.' })),
  },
  { $id: 'ApiKey' },
);
const ApiKeyCreate = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    kind: Type.Union([Type.Literal('full_product'), Type.Literal('alert_ingest')]),
    service_ids: Type.Optional(Type.Array(Type.String({ maxLength: 64 }), { maxItems: 500, description: 'alert_ingest only: the services it may address.' })),
  },
  { $id: 'ApiKeyCreate' },
);
const ApiKeyCreated = Type.Object(
  { ...ApiKeySchema.properties, secret: Type.String({ description: 'Shown only in this response; stored hashed.' }) },
  { $id: 'ApiKeyCreated' },
);

export function apiKeyRoutes(deps: { apiKeys: ApiKeyService }): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get('/api/keys', {
      config: { access: { audience: 'DI', scope: 'O', permission: 'read' } },
      schema: { tags: ['keys'], summary: 'List API keys and agent tokens (never their secrets)', querystring: Type.Object(ListQuery), response: { 200: Type.Array(Type.Ref('ApiKey')), ...errorResponses() } },
      handler: async (req, reply) => sendPage(req, reply, await deps.apiKeys.list(req.actor.orgId, req.query.limit ?? 50, req.query.cursor)),
    });
    app.post('/api/keys', {
      config: { access: { audience: 'DI', scope: 'O', permission: 'config.write' } },
      schema: { tags: ['keys'], summary: 'Create an API key; its secret is shown once', body: Type.Ref('ApiKeyCreate'), response: { 200: Type.Ref('ApiKeyCreated'), ...errorResponses() } },
      handler: async (req) => deps.apiKeys.create(req.actor, req.body as Static<typeof ApiKeyCreate>, requestMeta(req)),
    });
    app.delete('/api/keys/:id', {
      config: { access: { audience: 'DI', scope: 'O', permission: 'config.write' } },
      schema: { tags: ['keys'], summary: 'Revoke an API key, or an agent token (its ses_ id)', params: IdParams, response: { 200: Type.Ref('Ok'), ...errorResponses() } },
      handler: async (req) => deps.apiKeys.revoke(req.actor, req.params.id, requestMeta(req)),
    });
  };
}

/** What ending a person's credentials ended (a password reset, an email change; docs/adr/0710). */
const EndedCredentials = Type.Object(
  {
    sessions: Type.Integer({ description: 'Dashboard and app sessions signed out.' }),
    agent_tokens: Type.Integer({ description: 'Agent tokens (kxa_) revoked.' }),
    api_keys: Type.Integer({ description: 'Full-product keys (kxp_) of the person, in every organization, revoked with the keys minted through them.' }),
    devices: Type.Integer({ description: 'Devices removed: they stop receiving pages until an app registers again.' }),
  },
  { $id: 'EndedCredentials' },
);

export const apiKeySchemas = [ApiKeySchema, ApiKeyCreate, ApiKeyCreated, EndedCredentials];
