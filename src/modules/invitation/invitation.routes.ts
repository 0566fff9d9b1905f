import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type Static } from 'typebox';
import { requestMeta } from '../../http/auth.ts';
import { errorResponses, IdParams, ListQuery } from '../../http/schemas.ts';
import { sendPage } from '../../http/pagination.ts';
import type { InvitationService } from './invitation.service.ts';
import { Invitation, InvitationAccept, InvitationAccepted, InvitationCreate, InvitationCreated, InvitationLookedUp, InvitationLookup } from './invitation.schemas.ts';

export function invitationRoutes(deps: { invitations: InvitationService }): FastifyPluginAsyncTypebox {
  const { invitations } = deps;
  return async (app) => {
    app.post('/api/org/invitations', {
      config: { access: { audience: 'D', scope: 'O', permission: 'members.manage' } },
      schema: {
        tags: ['members'],
        summary: 'Invite a person by email (owner only)',
        description: 'The invitation link is mailed and also returned here, once. A new invitation to the same address replaces the open one.',
        body: Type.Ref('InvitationCreate'),
        response: { 200: Type.Ref('InvitationCreated'), ...errorResponses(409) },
      },
      handler: async (req) => invitations.create(req.actor, req.body as Static<typeof InvitationCreate>, requestMeta(req)),
    });
    app.get('/api/org/invitations', {
      config: { access: { audience: 'D', scope: 'O', permission: 'members.manage' } },
      schema: { tags: ['members'], summary: 'List invitations (never their links)', querystring: Type.Object(ListQuery), response: { 200: Type.Array(Type.Ref('Invitation')), ...errorResponses() } },
      handler: async (req, reply) => sendPage(req, reply, await invitations.list(req.actor.orgId, req.query.limit ?? 50, req.query.cursor)),
    });
    app.delete('/api/org/invitations/:id', {
      config: { access: { audience: 'D', scope: 'O', permission: 'members.manage' } },
      schema: { tags: ['members'], summary: 'Withdraw an invitation; its link stops working', params: IdParams, response: { 200: Type.Ref('Ok'), ...errorResponses(409) } },
      handler: async (req) => invitations.revoke(req.actor, req.params.id, requestMeta(req)),
    });
    app.post('/api/invitations/lookup', {
      config: { access: 'public' },
      schema: {
        tags: ['members'], security: [],
        summary: 'What an invitation link is for, before joining: the invited address, the role, whether it can still be used, and whether that address has an account',
        description: 'The token is the credential (it is the secret of the link); unknown or withdrawn tokens are 404. The organization is named only once you join.',
        body: Type.Ref('InvitationLookup'),
        response: { 200: Type.Ref('InvitationLookedUp'), ...errorResponses() },
      },
      handler: async (req) => invitations.lookup((req.body as Static<typeof InvitationLookup>).token),
    });
    app.post('/api/invitations/accept', {
      config: { access: { audience: 'D', scope: 'P', permission: 'read' } },
      schema: {
        tags: ['members'],
        summary: 'Accept an invitation as the signed-in person it was sent to',
        description: 'X-Service-Org names any organization you already belong to (the credential\'s); the token selects the organization you join.',
        body: Type.Ref('InvitationAccept'),
        response: { 200: Type.Ref('InvitationAccepted'), ...errorResponses(409) },
      },
      handler: async (req) => invitations.accept(req.actor, (req.body as Static<typeof InvitationAccept>).token, requestMeta(req)),
    });
  };
}

export const invitationSchemas = [Invitation, InvitationCreate, InvitationCreated, InvitationAccept, InvitationAccepted, InvitationLookup, InvitationLookedUp];
