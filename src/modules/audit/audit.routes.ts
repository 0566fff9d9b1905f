import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../http/schemas.ts';
import { sendPage } from '../../http/pagination.ts';
import type { AuditService } from './audit.service.ts';
import { AuditEntry, AuditQuerySchema } from './audit.schemas.ts';

export function auditRoutes(deps: { audit: AuditService }): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get('/api/audit', {
      config: { access: { audience: 'D', scope: 'O', permission: 'audit.read' } },
      schema: {
        tags: ['audit'],
        summary: 'The audit log: who changed what, newest first',
        description: 'Filters combine with AND. Every mutation writes one entry in the same transaction as the change.',
        querystring: AuditQuerySchema,
        response: { 200: Type.Array(Type.Ref('AuditEntry')), ...errorResponses() },
      },
      handler: async (req, reply) => sendPage(req, reply, await deps.audit.list(req.actor.orgId, req.query)),
    });
  };
}

export const auditSchemas = [AuditEntry];
