import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { type Actor, personName } from '../../lib/actor.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError, conflict } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { hashSecret } from '../../lib/secrets.ts';
import { type AlertService, insertLogRows } from '../alert/index.ts';
import type { RequestMeta } from '../audit/index.ts';
import { ACTION_TTL_MS, actionTokenFor, looksLikeActionToken, tokenState, type TokenState } from './page-action.ts';
import * as repo from './page-action.repository.ts';

const VIA = { push: 'a push notification', email: 'the email link' } as const;

const invalidToken = () => new AppError('not_found', 'This acknowledge link is not valid. Open the alert in Klaxon to acknowledge it.');

/**
 * Acknowledge from the page itself (PRODUCT.md 7.3; docs/adr/0441): the dispatcher issues a
 * page's token just before it sends the push or the email; the token's holder acknowledges the
 * alert once, as the paged person, with no session. Used or expired, it is refused.
 */
export function createPageActionService(deps: { db: Kysely<Database>; clock: Clock; secretKey: Buffer; publicUrl: string; alerts: Pick<AlertService, 'ack'> }) {
  const { db, clock } = deps;
  const key = Buffer.from(deps.secretKey);

  async function find(token: string) {
    if (!looksLikeActionToken(token)) return undefined;
    return repo.findByHash(db, hashSecret(token));
  }

  return {
    /** The token and link of one page (the same ones again for a page sent again). */
    async issue(page: { id: string; org_id: string; alert_id: string; user_id: string; channel: 'push' | 'email' }): Promise<{ token: string; url: string }> {
      const token = actionTokenFor(key, page.id);
      const now = clock.now();
      await repo.ensureAction(db, {
        id: newId('pga'), token_hash: hashSecret(token), org_id: page.org_id, alert_id: page.alert_id, notification_id: page.id, user_id: page.user_id,
        channel: page.channel, expires_at: new Date(now.getTime() + ACTION_TTL_MS[page.channel]).toISOString(), used_at: null, created_at: now.toISOString(),
      });
      return { token, url: `${deps.publicUrl}/v1/page-actions/${token}` };
    },

    /** What the confirmation page shows (GET): it changes nothing. */
    async preview(token: string): Promise<{ state: TokenState; alertTitle: string; alertUrl: string; alertStatus: string | null; acknowledgedBy: string | null } | undefined> {
      const row = await find(token);
      if (!row) return undefined;
      const alert = await db
        .selectFrom('alerts')
        .leftJoin('users', 'users.id', 'alerts.acknowledged_by')
        .select(['alerts.title', 'alerts.status', 'users.name', 'users.email'])
        .where('alerts.id', '=', row.alert_id)
        .executeTakeFirst();
      return {
        state: tokenState(row, clock.now()), alertTitle: alert?.title ?? 'a removed alert', alertUrl: `${deps.publicUrl}/alerts/${row.alert_id}`,
        alertStatus: alert?.status ?? null, acknowledgedBy: alert?.email ? personName({ name: alert.name, email: alert.email }) : null,
      };
    },

    /**
     * POST: acknowledges the token's alert as its person, once. The alert already acknowledged
     * (by anyone) answers `changed: false`; a token used or expired is a 409, an unknown one a 404.
     */
    async acknowledge(token: string, meta: RequestMeta) {
      const row = await find(token);
      if (!row) throw invalidToken();
      const now = clock.now();
      const state = tokenState(row, now);
      if (state === 'used') throw conflict('This acknowledge link was already used. Open the alert in Klaxon to see who acknowledged it.');
      if (state === 'expired') throw conflict('This acknowledge link has expired. Open the alert in Klaxon to acknowledge it.');
      const member = await db.selectFrom('memberships').select('role').where('org_id', '=', row.org_id).where('user_id', '=', row.user_id).executeTakeFirst();
      // A person no longer in the organization acts on nothing there.
      if (!member) throw invalidToken();
      const nowIso = now.toISOString();
      if (!(await repo.markUsed(db, row.id, nowIso))) throw conflict('This acknowledge link was already used. Open the alert in Klaxon to see who acknowledged it.');
      const actor: Actor = { type: 'user', id: row.user_id, orgId: row.org_id, role: member.role, credentialId: row.id, audience: 'I' };
      let result;
      try {
        result = await deps.alerts.ack(actor, row.org_id, row.alert_id, null, meta);
      } catch (err) {
        // Nothing was acknowledged: the token stays usable.
        await db.updateTable('page_actions').set({ used_at: null }).where('id', '=', row.id).execute();
        throw err;
      }
      const person = await db.selectFrom('users').select(['name', 'email']).where('id', '=', row.user_id).executeTakeFirst();
      const who = person ? personName(person) : 'a member';
      await insertLogRows(db, [{
        id: newId('log'), alert_id: row.alert_id, kind: 'acknowledged_via', actor_type: 'user', actor_id: row.user_id, event_id: null, receipt_id: null,
        message: result.changed ? `${who} acknowledged from ${VIA[row.channel]}` : `${who} used the acknowledge action of ${VIA[row.channel]}; the alert was already ${result.status}`,
        meta: JSON.stringify({ channel: row.channel, notification_id: row.notification_id, changed: result.changed }), created_at: nowIso,
      }]);
      return { ok: true as const, alert_id: row.alert_id, status: result.status ?? 'acknowledged', changed: result.changed, via: row.channel };
    },
  };
}
export type PageActionService = ReturnType<typeof createPageActionService>;
