import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type Static } from 'typebox';
import { requestMeta } from '../../http/auth.ts';
import { errorResponses } from '../../http/schemas.ts';
import type { AgreementConsent, AlertSoundPreference, Bootstrap, EmailChangeRequest } from './user.schemas.ts';
import type { ClientInfo, UserService } from './user.service.ts';

const SECURITY = 'An account-security action: only your own session (dashboard or app), signed in or re-authenticated (POST /api/me/reauthenticate) in the last 10 minutes; API keys and agent tokens get 403.';

export function userRoutes(deps: { users: UserService; onClient?: (credentialId: string, client: ClientInfo) => Promise<void> }): FastifyPluginAsyncTypebox {
  const { users } = deps;
  return async (app) => {
    app.get('/api/me', {
      config: { access: { audience: 'DI', scope: 'P', permission: 'read' } },
      schema: { tags: ['me'], summary: 'The signed-in person and their organizations', response: { 200: Type.Ref('Me'), ...errorResponses() } },
      handler: async (req) => users.me(req.actor),
    });
    app.patch('/api/me', {
      config: { access: { audience: 'DI', scope: 'P', permission: 'self.write' } },
      schema: {
        tags: ['me'], summary: 'Set your name, your alert sound per urgency and critical alerts on or off',
        description: 'Fields not sent keep their value. Your name is how timelines, chat messages, pickers and schedules show you ("" shows your email).',
        body: Type.Ref('AlertSoundPreference'), response: { 200: Type.Ref('Me'), ...errorResponses() },
      },
      handler: async (req) => users.updateMe(req.actor, req.body as Static<typeof AlertSoundPreference>, requestMeta(req)),
    });
    app.delete('/api/me', {
      config: { access: { audience: 'DI', scope: 'P', permission: 'read', credential: 'recent' } },
      schema: {
        tags: ['me'], description: SECURITY, summary: 'Delete your account (409 while you are the last owner of an organization: name another owner or delete it first)',
        response: { 200: Type.Ref('Ok'), ...errorResponses(409) },
      },
      handler: async (req) => users.deleteMe(req.actor, requestMeta(req)),
    });
    app.post('/api/me/email', {
      config: { access: { audience: 'D', scope: 'P', permission: 'read', credential: 'recent' } },
      schema: {
        tags: ['me'], description: SECURITY, summary: 'Change your email, or verify your current one: a six-digit code is mailed to the address given',
        body: Type.Ref('EmailChangeRequest'), response: { 200: Type.Ref('EmailChangePending'), ...errorResponses(409, 503) },
      },
      handler: async (req) => users.requestEmailChange(req.actor, req.body as Static<typeof EmailChangeRequest>, requestMeta(req)),
    });
    app.post('/api/me/email/verify', {
      config: { access: { audience: 'D', scope: 'P', permission: 'read', credential: 'session' } },
      schema: {
        tags: ['me'], summary: 'Confirm the new email with the mailed code (expires in 15 minutes, 5 attempts); every other credential of the account ends',
        body: Type.Ref('CodeConfirm'), response: { 200: Type.Ref('EmailChanged'), ...errorResponses(409) },
      },
      handler: async (req) => users.verifyEmailChange(req.actor, (req.body as { code: string }).code, requestMeta(req)),
    });
    app.post('/api/agreements/consent', {
      config: { access: { audience: 'DI', scope: 'P', permission: 'read' } },
      schema: {
        tags: ['agreements'], summary: 'Record that you accepted a document version (time and IP are recorded)',
        body: Type.Ref('AgreementConsent'), response: { 200: Type.Ref('AgreementConsentRecorded'), ...errorResponses() },
      },
      handler: async (req) => users.consent(req.actor, req.body as Static<typeof AgreementConsent>, requestMeta(req)),
    });
    app.post('/api/bootstrap', {
      config: { access: { audience: 'DI', scope: 'P', permission: 'read' } },
      schema: {
        tags: ['me'], summary: 'Everything a dashboard or app needs at start',
        body: Type.Ref('Bootstrap'), response: { 200: Type.Ref('BootstrapResult'), ...errorResponses() },
      },
      handler: async (req) => {
        const client = req.body as Static<typeof Bootstrap>;
        const out = await users.bootstrap(req.actor, client);
        if (deps.onClient) await deps.onClient(req.actor.credentialId, client);
        return out;
      },
    });
  };
}
