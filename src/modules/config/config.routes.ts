import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { configJsonSchema } from './config.schemas.ts';

/** GET /api/config-schema.json: the configuration document's JSON Schema (PRODUCT.md 14), public like the OpenAPI document. */
export const configRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const schema = configJsonSchema();
  app.get(
    '/api/config-schema.json',
    {
      config: { access: 'public' },
      schema: {
        tags: ['operations'],
        summary: 'JSON Schema of the configuration document',
        description:
          'The JSON Schema (draft 2020-12) of the YAML document that `klaxon config export` writes and `klaxon config plan|apply` read: services, schedules, webhooks and maintenance windows of one organization, matched by name. Point an editor at it to complete and check the file.',
        security: [],
        response: { 200: Type.Object({}, { additionalProperties: true }) },
      },
    },
    async () => schema,
  );
};
