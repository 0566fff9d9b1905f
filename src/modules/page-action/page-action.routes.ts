import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { requestMeta } from '../../http/auth.ts';
import { errorResponses } from '../../http/schemas.ts';
import { isAppError } from '../../lib/errors.ts';
import { PAGE_SECURITY_HEADERS, serverPageCsp } from '../../http/security-headers.ts';
import { PAGE_STYLE, actionPage } from './page-action.ts';
import { ActionTokenParams } from './page-action.schemas.ts';
import type { PageActionService } from './page-action.service.ts';

const Html = Type.String({ description: 'An HTML page' });

/**
 * Every answer of these routes (the page, the form's answer, the app's JSON): a strict CSP (no
 * script, no source, its one inline style by hash, forms to itself), never framed: the page is
 * one click from acknowledging (issue 33; docs/adr/0441). No referrer: the URL holds the token.
 */
const PAGE_HEADERS = { ...PAGE_SECURITY_HEADERS, 'referrer-policy': 'no-referrer', 'content-security-policy': serverPageCsp([PAGE_STYLE]) };

/**
 * Acknowledge from the page (docs/adr/0441): no credential but the token. GET shows a confirmation
 * page and changes nothing (mail scanners follow links); POST acknowledges: JSON for the app and
 * the service worker, an HTML page for the email page's button (a form post).
 */
export function pageActionRoutes(deps: { actions: PageActionService }): FastifyPluginAsyncTypebox {
  const { actions } = deps;
  return async (app) => {
    app.addHook('onRequest', (_req, reply, done) => {
      reply.headers(PAGE_HEADERS);
      done();
    });
    // The confirmation page's button posts an empty form: accepted here, on these routes only.
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_req, _body, done) => done(null, undefined));

    app.get('/v1/page-actions/:token', {
      config: { access: 'public' },
      schema: {
        tags: ['paging'], summary: 'The confirmation page an email acknowledge link opens (changes nothing)', security: [], params: ActionTokenParams,
        response: { 200: Html, 404: Html, 409: Html },
      },
      handler: async (req, reply) => {
        const p = await actions.preview(req.params.token);
        reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').header('x-robots-tag', 'noindex');
        if (!p) return reply.code(404).send(actionPage({ heading: 'Link not valid', text: 'This acknowledge link is not valid. Open the alert in Klaxon to acknowledge it.', tone: 'stop' }));
        if (p.state !== 'usable') {
          const text = p.state === 'used' ? 'This acknowledge link was already used.' : 'This acknowledge link has expired.';
          return reply.code(409).send(actionPage({ heading: p.alertTitle, text, tone: 'stop', alertUrl: p.alertUrl }));
        }
        // The alert moved on since the page was sent: say so instead of asking (issue 34 item 7).
        if (p.alertStatus === 'resolved') {
          return reply.send(actionPage({ heading: p.alertTitle, text: 'Nothing to acknowledge: this alert is already resolved.', tone: 'done', alertUrl: p.alertUrl }));
        }
        if (p.alertStatus === 'acknowledged') {
          const who = p.acknowledgedBy ? `${p.acknowledgedBy} already acknowledged this alert.` : 'this alert is already acknowledged.';
          return reply.send(actionPage({ heading: p.alertTitle, text: `Nothing to acknowledge: ${who}`, tone: 'done', alertUrl: p.alertUrl }));
        }
        return reply.send(actionPage({
          heading: p.alertTitle, text: 'Acknowledge this alert? Its pending pages stop, to you and to the next levels.',
          button: { label: 'Acknowledge' }, alertUrl: p.alertUrl,
        }));
      },
    });

    app.post('/v1/page-actions/:token', {
      config: { access: 'public' },
      schema: {
        tags: ['paging'], summary: 'Acknowledge the alert a push or email page is about, with its single-use action token', security: [], params: ActionTokenParams,
        response: { 200: Type.Ref('PageActionResult'), ...errorResponses(409) },
      },
      handler: async (req, reply) => {
        const form = String(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
        if (!form) return actions.acknowledge(req.params.token, requestMeta(req));
        // The email page's button: answer a page, not JSON.
        reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
        try {
          const r = await actions.acknowledge(req.params.token, requestMeta(req));
          const p = await actions.preview(req.params.token);
          return reply.send(actionPage({ heading: p?.alertTitle ?? 'Alert', text: r.changed ? 'Acknowledged. Its pending pages are stopped.' : `Nothing to do: the alert is already ${r.status}.`, tone: 'done', alertUrl: p?.alertUrl }));
        } catch (err) {
          if (!isAppError(err)) throw err;
          return (reply as unknown as { code(n: number): { send(p: string): unknown } }).code(err.code === 'not_found' ? 404 : 409).send(actionPage({ heading: 'Not acknowledged', text: err.message, tone: 'stop' }));
        }
      },
    });
  };
}
