import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { errorResponses } from '../../http/schemas.ts';
import type { UserService } from './user.service.ts';

export const Me = Type.Object(
  {
    user: Type.Object({ id: Type.String(), email: Type.String(), name: Type.String(), created_at: Type.String() }),
    org: Type.Object({ id: Type.String(), name: Type.String(), time_zone: Type.String() }),
    role: Type.String({ enum: ['owner', 'admin', 'responder', 'observer'] }),
    credential: Type.Object({ id: Type.String(), audience: Type.String() }),
    memberships: Type.Array(Type.Object({ org_id: Type.String(), org_name: Type.String(), role: Type.String() })),
  },
  { $id: 'Me' },
);

export function userRoutes(deps: { users: UserService }): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get('/api/me', {
      config: { access: { audience: 'DI', scope: 'P', permission: 'read' } },
      schema: { tags: ['me'], summary: 'The signed-in person and their organizations', response: { 200: Type.Ref('Me'), ...errorResponses() } },
      handler: async (req) => deps.users.me(req.actor),
    });
  };
}
export const userSchemas = [Me];
