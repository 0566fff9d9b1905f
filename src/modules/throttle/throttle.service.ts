import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import * as repo from './throttle.repository.ts';
import { ACTION_THROTTLES, type ThrottleCheck, LONGEST_WINDOW_MS, firstWait } from './throttle.ts';

/**
 * Counted actions (docs/adr/0537). `take` writes the action's rows first (committed at once, so
 * parallel attempts in any process see each other), then counts only the rows before its own: of N
 * parallel attempts, at most the free ones go. Refused: the rows are removed and a 429 with
 * Retry-After says what was too much. An action that then fails gives its rows back (`release`):
 * only what was done counts.
 */
export function createActionThrottle(deps: { db: Kysely<Database>; clock: Clock }) {
  const { db, clock } = deps;
  const T = ACTION_THROTTLES;
  const api = {
    async take(checks: ThrottleCheck[]): Promise<string[]> {
      if (!checks.length) return [];
      const now = clock.now();
      const iso = now.toISOString();
      await repo.pruneBefore(db, new Date(now.getTime() - LONGEST_WINDOW_MS).toISOString());
      const rows = checks.map((c) => ({ id: newId('thr'), action: c.action, subject: c.subject, created_at: iso }));
      await repo.insertEvents(db, rows);
      const counts = await Promise.all(checks.map((c, i) => repo.countSince(db, c.action, c.subject, new Date(now.getTime() - c.rule.windowMs).toISOString(), rows[i]!.id)));
      const refused = firstWait(checks, counts, now.getTime());
      if (refused) {
        await repo.deleteEvents(db, rows.map((r) => r.id));
        throw new AppError('rate_limited', refused.check.message, { retryAfterSeconds: Math.max(1, Math.ceil(refused.waitMs / 1000)) });
      }
      return rows.map((r) => r.id);
    },
    async release(ids: string[]): Promise<void> {
      await repo.deleteEvents(db, ids);
    },

    /** A sign-up that creates an organization, from a client address (KLAXON_TRUSTED_PROXIES decides which). */
    signUp: (ip: string) =>
      api.take([{
        action: 'sign_up.address', subject: ip, rule: T.signUpAddress,
        message: 'Too many organizations were created from this address today; wait before signing up again (Retry-After), or ask an owner of an existing organization to invite you.',
      }]),

    /** An RFC 8628 device code asked for from a client address (POST /api/auth/device/code). */
    deviceCode: (ip: string) =>
      api.take([{
        action: 'device_code.address', subject: ip, rule: T.deviceCodeAddress,
        message: 'Too many device codes were asked for from this address in the last hour; wait before asking again (Retry-After), and finish or reuse a pending one.',
      }]),

        /** An SMS verification code to a number of a person of an organization. */
    smsVerification: (q: { e164: string; userId: string; orgId: string }) =>
      api.take([
        { action: 'sms_verification.number', subject: q.e164, rule: T.smsNumberDay, message: 'Too many verification codes were sent to this number today; wait before asking for another (Retry-After).' },
        { action: 'sms_verification.person', subject: q.userId, rule: T.smsPersonDay, message: 'You asked for too many verification codes today; wait before asking for another (Retry-After), or use a code already sent.' },
        { action: 'sms_verification.org', subject: q.orgId, rule: T.smsOrgDay, message: 'This organization asked for too many SMS verification codes today; wait before asking for another (Retry-After).' },
      ]),

    /** An SMS or voice test page of a person of an organization (docs/adr/0705). */
    testPage: (q: { channel: 'sms' | 'voice'; userId: string; orgId: string }) =>
      api.take([
        { action: 'test_page.person', subject: q.userId, rule: T.testPagePersonDay, message: `You sent ${T.testPagePersonDay.free} or more SMS and voice test pages today; wait before sending another (Retry-After).` },
        { action: 'test_page.org', subject: q.orgId, rule: T.testPageOrgDay, message: `This organization sent ${T.testPageOrgDay.free} or more SMS and voice test pages today; wait before sending another (Retry-After).` },
      ]),

    /**
     * A reply code tried from a number (docs/adr/0706): refused (429) while the number must wait
     * after too many wrong codes; `answer` is false once past the free tries (those get no SMS back).
     * The caller releases the row when the code was right: only wrong codes count.
     */
    async smsReplyTry(e164: string): Promise<{ ids: string[]; answer: boolean }> {
      const rule = T.smsReplyWrongHour;
      const ids = await api.take([{ action: 'sms_reply.wrong', subject: e164, rule, message: 'Too many wrong reply codes from this number.' }]);
      const now = clock.now();
      const { n } = await repo.countSince(db, 'sms_reply.wrong', e164, new Date(now.getTime() - rule.windowMs).toISOString(), ids[0]!);
      return { ids, answer: n < rule.free };
    },

    /** An invitation mail from an inviter of an organization. */
    invitationMail: (q: { orgId: string; inviterId: string }) =>
      api.take([
        { action: 'invitation.inviter.hour', subject: q.inviterId, rule: T.inviterHour, message: `You sent ${T.inviterHour.free} or more invitations in the last hour; wait before inviting more (Retry-After).` },
        { action: 'invitation.org.hour', subject: q.orgId, rule: T.orgHour, message: `This organization sent ${T.orgHour.free} or more invitations in the last hour; wait before inviting more (Retry-After).` },
        { action: 'invitation.inviter.day', subject: q.inviterId, rule: T.inviterDay, message: `You sent ${T.inviterDay.free} or more invitations today; wait before inviting more (Retry-After).` },
        { action: 'invitation.org.day', subject: q.orgId, rule: T.orgDay, message: `This organization sent ${T.orgDay.free} or more invitations today; wait before inviting more (Retry-After).` },
      ]),
  };
  return api;
}
export type ActionThrottle = ReturnType<typeof createActionThrottle>;
