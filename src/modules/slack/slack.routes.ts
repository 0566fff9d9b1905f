import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type, type Static } from 'typebox';
import { requestMeta } from '../../http/auth.ts';
import { errorResponses } from '../../http/schemas.ts';
import { SlackConnectionPut, slackSchemaList } from './slack.schemas.ts';
import { COMMANDS_PATH, INTERACTIONS_PATH, type SlackService, type SlackSignedHeaders } from './slack.service.ts';

const admin = { audience: 'DI', scope: 'O', permission: 'config.write' } as const;
const tags = ['chat'];

const signedHeaders = (req: FastifyRequest): SlackSignedHeaders => {
  const h = (name: string) => (typeof req.headers[name] === 'string' ? (req.headers[name] as string) : undefined);
  return { timestamp: h('x-slack-request-timestamp'), signature: h('x-slack-signature') };
};

/** The Slack app (PRODUCT.md 12): its connection and manifest for admins, and Slack's signed callbacks. */
export function slackRoutes(deps: { slack: SlackService }): FastifyPluginAsyncTypebox {
  const { slack } = deps;
  return async (app) => {
    app.get('/api/chat/slack', {
      config: { access: admin },
      schema: { tags, summary: 'The organization\'s Slack app: its workspace, the bot token masked', response: { 200: Type.Ref('SlackConnection'), ...errorResponses() } },
      handler: async (req) => slack.get(req.actor.orgId),
    });
    app.put('/api/chat/slack', {
      config: { access: admin },
      schema: {
        tags,
        summary: 'Connect the organization\'s Slack app (or replace its token and secret)',
        description: 'The bot token is checked with Slack (auth.test) and names the workspace; both are stored sealed. Create the app from GET /api/chat/slack/manifest first.',
        body: Type.Ref('SlackConnectionPut'),
        response: { 200: Type.Ref('SlackConnection'), ...errorResponses(503) },
      },
      handler: async (req) => slack.put(req.actor, req.body as Static<typeof SlackConnectionPut>, requestMeta(req)),
    });
    app.delete('/api/chat/slack', {
      config: { access: admin },
      schema: {
        tags,
        summary: 'Disconnect the Slack app; its channels\' deliveries fail until it is connected again',
        response: { 200: Type.Ref('Ok'), ...errorResponses() },
      },
      handler: async (req) => slack.remove(req.actor, requestMeta(req)),
    });
    app.get('/api/chat/slack/manifest', {
      config: { access: admin },
      schema: {
        tags,
        summary: 'A Slack app manifest naming this instance\'s interactivity and /klaxon command URLs',
        description: 'Paste it at api.slack.com/apps (Create New App, From a manifest), install the app, then connect it with PUT /api/chat/slack.',
        response: { 200: Type.Ref('SlackManifest'), ...errorResponses() },
      },
      handler: async () => slack.manifest(),
    });

    await app.register(async (cb) => {
      // Slack signs the raw body: it is kept as sent and parsed after the check.
      cb.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => done(null, body));
      const common = { tags: ['providers'], security: [], consumes: ['application/x-www-form-urlencoded'] };
      cb.post(INTERACTIONS_PATH, {
        config: { access: 'public' },
        schema: {
          ...common,
          summary: 'Slack interactivity: a button press on an alert message (Acknowledge, Resolve, Escalate)',
          description: 'Checked with X-Slack-Signature (v0, timestamp within 5 minutes; otherwise 401 and nothing changes). Answered at once; the press is acted on as the member whose verified email is the Slack user\'s, and a refusal comes back as an ephemeral message.',
          response: { 200: Type.Null({ description: 'Empty: the press was taken.' }), 401: Type.Ref('ErrorBody'), 400: Type.Ref('ErrorBody') },
        },
        handler: async (req, reply) => {
          await slack.interaction(typeof req.body === 'string' ? req.body : '', signedHeaders(req), requestMeta(req));
          return reply.code(200).send();
        },
      });
      cb.post(COMMANDS_PATH, {
        config: { access: 'public' },
        schema: {
          ...common,
          summary: 'Slack slash command /klaxon: ack or resolve an alert, or who is on call',
          description: '`/klaxon ack <alert id>`, `/klaxon resolve <alert id>`, `/klaxon oncall [schedule]`. Checked with X-Slack-Signature as interactions are; answered as an ephemeral message.',
          response: { 200: Type.Ref('SlackCommandAnswer'), 401: Type.Ref('ErrorBody'), 400: Type.Ref('ErrorBody') },
        },
        handler: async (req) => slack.command(typeof req.body === 'string' ? req.body : '', signedHeaders(req), requestMeta(req)),
      });
    });
  };
}

export const slackSchemas = slackSchemaList;
