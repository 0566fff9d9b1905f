import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type, type Static } from 'typebox';
import { errorResponses } from '../../http/schemas.ts';
import { AppError, forbidden } from '../../lib/errors.ts';
import { validTwilioSignature } from '../../providers/twilio-signature.ts';
import type { PhoneDelivery } from './delivery.service.ts';

export const TestPageRequest = Type.Object(
  {
    channel: Type.Union([Type.Literal('push'), Type.Literal('sms'), Type.Literal('voice'), Type.Literal('email'), Type.Literal('telegram')], { description: 'The channel to test.' }),
    device_id: Type.Optional(Type.String({ maxLength: 64, description: 'push: which of your devices (dev_…).' })),
    phone_number_id: Type.Optional(Type.String({ maxLength: 64, description: 'sms and voice: which of your verified numbers (phn_…).' })),
  },
  { $id: 'TestPageRequest', additionalProperties: false },
);

export const TestPageResult = Type.Object(
  {
    channel: Type.String(),
    status: Type.Union([Type.Literal('sent'), Type.Literal('delivered'), Type.Literal('failed'), Type.Literal('not_configured')], {
      description: 'What the provider answered now: sent (taken by the provider), delivered, failed (why in detail) or not_configured.',
    }),
    detail: Type.Optional(Type.String()),
    provider_message_id: Type.Optional(Type.String()),
  },
  { $id: 'TestPageResult' },
);

export const deliverySchemas = [TestPageRequest, TestPageResult];

/** A Twilio POST: its parameters as sent (for the signature) and by name (first value). */
interface TwilioForm {
  pairs: [string, string][];
  values: Record<string, string>;
}

const TwiML = { 200: Type.String({ description: 'TwiML (text/xml).' }), 403: Type.Ref('ErrorBody'), 404: Type.Ref('ErrorBody') };
const NtfQuery = Type.Object({ ntf: Type.String({ minLength: 1, maxLength: 64, description: 'The page (ntf_…) the callback is about.' }) });

/**
 * Twilio's callbacks (PRODUCT.md 7.4): inbound SMS replies, the call's TwiML and its key press,
 * and status callbacks. Each is checked with X-Twilio-Signature against KLAXON_PUBLIC_URL + the
 * path and query; a bad or missing signature is a 403 and changes nothing. Without Twilio
 * configured they are 404.
 */
export function deliveryRoutes(deps: { phone: PhoneDelivery; publicUrl: string; authToken: string | undefined }): FastifyPluginAsyncTypebox {
  const { phone, publicUrl, authToken } = deps;
  return async (app) => {
    app.post('/api/me/test-page', {
      config: { access: { audience: 'DI', scope: 'O', permission: 'self.write' } },
      schema: {
        tags: ['me'],
        summary: 'Send a test page now through a channel and answer its fate',
        description:
          'sms and voice need `phone_number_id` (a verified number of yours, in a country of the organization\'s `phone_countries`), push needs `device_id`; email goes to your address; telegram goes to your linked Telegram chat (409 when none is linked or it is turned off). ' +
          'Your email address must be verified (409 otherwise). Test SMS and calls count toward the plan and keep the paging throttles (429 with Retry-After), ' +
          'and at most 5 a day per person and 25 per organization go without waiting.',
        body: Type.Ref('TestPageRequest'),
        response: { 200: Type.Ref('TestPageResult'), ...errorResponses(409, 429) },
      },
      handler: async (req) => phone.testPage(req.actor, req.body as Static<typeof TestPageRequest>),
    });

    await app.register(async (tw) => {
      tw.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => {
        const pairs = [...new URLSearchParams(body as string)];
        const values: Record<string, string> = {};
        for (const [k, v] of pairs) if (!(k in values)) values[k] = v;
        done(null, { pairs, values } satisfies TwilioForm);
      });

      /** The signature check every route starts with; the form, once it passed. */
      const signed = (req: FastifyRequest): TwilioForm => {
        if (!authToken) throw new AppError('not_found', 'Twilio is not configured on this server.');
        const body = req.body as Partial<TwilioForm> | undefined;
        const form: TwilioForm = body && Array.isArray(body.pairs) && body.values ? (body as TwilioForm) : { pairs: [], values: {} };
        const sig = req.headers['x-twilio-signature'];
        if (!validTwilioSignature(authToken, `${publicUrl}${req.url}`, form.pairs, typeof sig === 'string' ? sig : undefined)) {
          throw forbidden('The X-Twilio-Signature header does not match this request; nothing was changed.');
        }
        return form;
      };
      const xml = (reply: FastifyReply, body: string) => {
        reply.type('text/xml; charset=utf-8');
        return body;
      };
      const common = { tags: ['providers'], security: [], consumes: ['application/x-www-form-urlencoded'], response: TwiML };

      tw.post('/v1/providers/twilio/sms', {
        schema: { ...common, summary: 'Twilio inbound SMS: a reply code acknowledges (4821) or escalates (4821e) the alerts of the page' },
        handler: async (req, reply) => {
          const form = signed(req);
          return xml(reply, await phone.inboundSms({ from: form.values.From ?? '', body: form.values.Body ?? '', sid: form.values.MessageSid }));
        },
      });
      tw.post('/v1/providers/twilio/voice', {
        schema: { ...common, querystring: NtfQuery, summary: "Twilio voice: the call's TwiML, read with the organization's voice settings" },
        handler: async (req, reply) => {
          signed(req);
          return xml(reply, await phone.voiceCall((req.query as Static<typeof NtfQuery>).ntf));
        },
      });
      tw.post('/v1/providers/twilio/voice/gather', {
        schema: { ...common, querystring: NtfQuery, summary: 'Twilio voice: the key pressed (the acknowledge key or the escalate key of /api/org/voice)' },
        handler: async (req, reply) => {
          const form = signed(req);
          return xml(reply, await phone.voiceKey((req.query as Static<typeof NtfQuery>).ntf, (form.values.Digits ?? '').slice(0, 1), form.values.CallSid));
        },
      });
      tw.post('/v1/providers/twilio/status', {
        schema: { ...common, querystring: NtfQuery, summary: "Twilio status callback: a message's or call's fate updates the page" },
        handler: async (req, reply) => {
          const form = signed(req);
          await phone.status((req.query as Static<typeof NtfQuery>).ntf, form.values);
          return xml(reply, '<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
        },
      });
    });
  };
}
