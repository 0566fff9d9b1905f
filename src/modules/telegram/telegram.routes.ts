import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { requestMeta } from '../../http/auth.ts';
import { errorResponses } from '../../http/schemas.ts';
import { AppError } from '../../lib/errors.ts';
import type { TelegramService } from './telegram.service.ts';
import type { TelegramUpdate } from './telegram.ts';

/**
 * Telegram (PRODUCT.md 12): a person links their chat (`/api/me/telegram`), and the bot's webhook
 * (`/v1/providers/telegram`) takes the Start that binds it and the page buttons' presses. The
 * webhook is checked with X-Telegram-Bot-Api-Secret-Token before its body is read: a wrong or
 * missing one is a 401 and changes nothing.
 */
export function telegramRoutes(deps: { telegram: TelegramService }): FastifyPluginAsyncTypebox {
  const { telegram } = deps;
  return async (app) => {
    app.get('/api/me/telegram', {
      config: { access: { audience: 'DI', scope: 'P', permission: 'read' } },
      schema: {
        tags: ['me'],
        summary: 'Your Telegram link: whether pages by telegram reach your chat, and why not',
        response: { 200: Type.Ref('TelegramLink'), ...errorResponses() },
      },
      handler: async (req) => telegram.status(req.actor),
    });
    app.post('/api/me/telegram', {
      config: { access: { audience: 'DI', scope: 'P', permission: 'self.write' } },
      schema: {
        tags: ['me'],
        summary: 'Make a one-time t.me link that binds the Telegram chat which opens it to you',
        description: 'Open the link in Telegram and press Start: the bot links that private chat to your account, and `telegram` steps of notification rules and levels page it with Acknowledge and Escalate buttons. ' +
          'The link works once, for 15 minutes; a new one replaces it. Linking again (also after the chat was disabled) binds the chat that opens the new link. 409 when Telegram is not configured on this server.',
        response: { 200: Type.Ref('TelegramLinkCreated'), ...errorResponses(409, 503) },
      },
      handler: async (req) => telegram.createLink(req.actor, requestMeta(req)),
    });
    app.delete('/api/me/telegram', {
      config: { access: { audience: 'DI', scope: 'P', permission: 'self.write' } },
      schema: { tags: ['me'], summary: 'Unlink your Telegram chat: pages by telegram stop at once', response: { 200: Type.Ref('Ok'), ...errorResponses() } },
      handler: async (req) => telegram.unlink(req.actor, requestMeta(req)),
    });
    app.post('/v1/providers/telegram', {
      // The secret before the body: a request without it learns nothing from validation.
      onRequest: async (req) => {
        if (!telegram.configured()) throw new AppError('not_found', 'Telegram is not configured on this server.');
        const given = req.headers['x-telegram-bot-api-secret-token'];
        if (!telegram.secretMatches(typeof given === 'string' ? given : undefined)) {
          throw new AppError('unauthorized', 'The X-Telegram-Bot-Api-Secret-Token header does not match; nothing was changed.');
        }
      },
      schema: {
        tags: ['providers'],
        summary: 'The Telegram bot\'s webhook: Start with a link code binds a chat; Acknowledge and Escalate buttons act on the alert of the page',
        description: 'Telegram posts each Update here with the secret token set by setWebhook (`klaxon serve` registers it). A press acts as the Klaxon person whose chat it is, only on their own page; an update Telegram delivers twice acts once.',
        security: [],
        body: Type.Ref('TelegramUpdate'),
        response: { 200: Type.Ref('Ok'), 400: Type.Ref('ErrorBody'), 401: Type.Ref('ErrorBody'), 404: Type.Ref('ErrorBody') },
      },
      handler: async (req) => {
        await telegram.handleUpdate(req.body as TelegramUpdate);
        return { ok: true as const };
      },
    });
  };
}
