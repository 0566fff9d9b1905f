import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type Static } from 'typebox';
import { requestMeta } from '../../http/auth.ts';
import { errorResponses, ListQuery } from '../../http/schemas.ts';
import { sendPage } from '../../http/pagination.ts';
import type { OrgManagementService } from './org.service.ts';
import { Member, MemberPatch, OrgCreate, OrgCreated, OrgLeft, OrgSettings, OrgSettingsPatch, UserIdParams, VoiceSettingsSchema } from './org.schemas.ts';

export function orgRoutes(deps: { orgs: OrgManagementService }): FastifyPluginAsyncTypebox {
  const { orgs } = deps;
  return async (app) => {
    app.post('/api/orgs', {
      config: { access: { audience: 'D', scope: 'P', permission: 'read' } },
      schema: {
        tags: ['organization'], summary: 'Create another organization with you as its owner; the answer says how to act in it at once',
        description: 'With a session: use it with X-Service-Org set to the new id. With a full-product key: the answer carries your key in the new organization (api_key, shown once). Agent tokens get 403.',
        body: Type.Ref('OrgCreate'), response: { 200: Type.Ref('OrgCreated'), ...errorResponses() },
      },
      handler: async (req) => orgs.createOrg(req.actor, req.body as Static<typeof OrgCreate>, requestMeta(req)),
    });
    app.delete('/api/org', {
      // Irreversible: the owner's own session, proven in the last ten minutes, as DELETE /api/me
      // (issue 33 item 5, docs/adr/0533, 0711); never an API key or agent token.
      config: { access: { audience: 'DI', scope: 'O', permission: 'org.delete', credential: 'recent' } },
      schema: {
        tags: ['organization'],
        summary: 'Delete the organization and everything in it (owner only, own recently proven session)',
        description:
          'Services, sources, alerts, API keys and memberships are deleted; every credential of the organization stops working at once. ' +
          'Needs your own signed-in session, proven in the last ten minutes (sign in, or POST /api/me/reauthenticate): an API key or agent token gets 403.',
        response: { 200: Type.Ref('Ok'), ...errorResponses() },
      },
      handler: async (req) => orgs.deleteOrg(req.actor, requestMeta(req)),
    });
    app.post('/api/org/leave', {
      config: { access: { audience: 'D', scope: 'O', permission: 'read' } },
      schema: {
        tags: ['organization'],
        summary: 'Leave the organization',
        description: 'Your full-product keys and agent tokens in it stop working. The last owner cannot leave (409): name another owner first, or delete the organization.',
        response: { 200: Type.Ref('OrgLeft'), ...errorResponses(409) },
      },
      handler: async (req) => orgs.leave(req.actor, requestMeta(req)),
    });
    app.get('/api/org/settings', {
      config: { access: { audience: 'DI', scope: 'O', permission: 'read' } },
      schema: { tags: ['organization'], summary: 'Organization settings', response: { 200: Type.Ref('OrgSettings'), ...errorResponses() } },
      handler: async (req) => orgs.getSettings(req.actor.orgId),
    });
    app.patch('/api/org/settings', {
      config: { access: { audience: 'DI', scope: 'O', permission: 'config.write' } },
      schema: { tags: ['organization'], summary: 'Change organization settings', body: Type.Ref('OrgSettingsPatch'), response: { 200: Type.Ref('OrgSettings'), ...errorResponses() } },
      handler: async (req) => orgs.patchSettings(req.actor, req.body as Static<typeof OrgSettingsPatch>, requestMeta(req)),
    });
    app.get('/api/org/voice', {
      config: { access: { audience: 'D', scope: 'O', permission: 'read' } },
      schema: { tags: ['organization'], summary: 'Voice call settings', response: { 200: Type.Ref('VoiceSettings'), ...errorResponses() } },
      handler: async (req) => orgs.getVoice(req.actor.orgId),
    });
    app.put('/api/org/voice', {
      config: { access: { audience: 'D', scope: 'O', permission: 'config.write' } },
      schema: { tags: ['organization'], summary: 'Replace voice call settings', body: Type.Ref('VoiceSettings'), response: { 200: Type.Ref('VoiceSettings'), ...errorResponses() } },
      handler: async (req) => orgs.putVoice(req.actor, req.body as Static<typeof VoiceSettingsSchema>, requestMeta(req)),
    });
    app.get('/api/org/members', {
      config: { access: { audience: 'DI', scope: 'O', permission: 'read' } },
      schema: { tags: ['members'], summary: 'List members and their roles', querystring: Type.Object(ListQuery), response: { 200: Type.Array(Type.Ref('Member')), ...errorResponses() } },
      handler: async (req, reply) => sendPage(req, reply, await orgs.listMembers(req.actor.orgId, req.query.limit ?? 50, req.query.cursor)),
    });
    app.patch('/api/org/members/:user_id', {
      config: { access: { audience: 'D', scope: 'O', permission: 'members.manage' } },
      schema: {
        tags: ['members'],
        summary: "Change a member's role (owner only)",
        params: UserIdParams,
        body: Type.Ref('MemberPatch'),
        response: { 200: Type.Ref('Member'), ...errorResponses(409) },
      },
      handler: async (req) => orgs.changeRole(req.actor, req.params.user_id, (req.body as Static<typeof MemberPatch>).role, requestMeta(req)),
    });
    app.delete('/api/org/members/:user_id', {
      config: { access: { audience: 'D', scope: 'O', permission: 'members.manage' } },
      schema: {
        tags: ['members'],
        summary: 'Remove a member (owner only); their full-product keys stop working',
        params: UserIdParams,
        response: { 200: Type.Ref('Ok'), ...errorResponses(409) },
      },
      handler: async (req) => orgs.removeMember(req.actor, req.params.user_id, requestMeta(req)),
    });
  };
}

export const orgSchemas = [OrgSettings, OrgSettingsPatch, VoiceSettingsSchema, Member, MemberPatch, OrgCreate, OrgCreated, OrgLeft];
