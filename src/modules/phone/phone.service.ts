import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { UserActor } from '../../lib/actor.ts';
import type { Clock } from '../../lib/clock.ts';
import { decodeCursor, idPosition, pageOf } from '../../lib/cursor.ts';
import { AppError, conflict, invalid, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { safeEqual } from '../../lib/secrets.ts';
import type { SmsSender } from '../../providers/sms.ts';
import { SmsError } from '../../providers/sms.ts';
import { recordAudit, type RequestMeta } from '../audit/index.ts';
import type { BillingService } from '../billing/index.ts';
import type { ActionThrottle } from '../throttle/index.ts';
import * as repo from './phone.repository.ts';
import { assertMayReach } from './phone.gate.ts';
import {
  CODE_MAX_ATTEMPTS, CODE_TTL_MS, SEND_MAX_PER_WINDOW, SEND_MIN_INTERVAL_MS, SEND_WINDOW_MS,
  hashCode, newCode, numberHint, rowToPhoneNumber, toE164,
} from './phone.ts';
import type { PhoneNumberRow } from './phone.table.ts';

export interface PhoneNumberCreateInput {
  number: string;
  country?: string | undefined;
  label?: string | undefined;
}
export interface PhoneNumberPatchInput {
  number?: string | undefined;
  country?: string | undefined;
  label?: string | undefined;
}

const taken = (e164: string) => conflict(`You already added ${e164}; verify or change that entry instead.`);
const isUniqueViolation = (e: unknown) => {
  const err = e as { code?: string; message?: string };
  return err.code === '23505' || err.code === 'SQLITE_CONSTRAINT_UNIQUE' || /phone_numbers_owner_e164_unique/.test(err.message ?? '');
};

export function createPhoneService(deps: {
  db: Kysely<Database>;
  clock: Clock;
  sms: SmsSender;
  billing: Pick<BillingService, 'consume' | 'release'>;
  /** Keys the HMAC of verification codes (derived from KLAXON_SECRET_KEY). */
  codeKey: Buffer;
  /** Verification codes counted per number, person and organization (issue 19 item 7, docs/adr/0537). */
  throttle?: Pick<ActionThrottle, 'smsVerification' | 'release'>;
}) {
  const { db, clock, sms, billing, codeKey } = deps;

  const own = async (q: Kysely<Database>, actor: UserActor, id: string): Promise<PhoneNumberRow> => {
    const row = await repo.findOwn(q, actor.orgId, actor.id, id);
    if (!row) throw notFound('Phone number', id);
    return row;
  };

  return {
    async create(actor: UserActor, input: PhoneNumberCreateInput, meta: RequestMeta) {
      const e164 = toE164(input.number, input.country);
      const now = clock.now().toISOString();
      const row: PhoneNumberRow = {
        id: newId('phn'), org_id: actor.orgId, user_id: actor.id, e164, label: input.label ?? '',
        verified_at: null, code_hash: null, code_expires_at: null, code_attempts: 0, disabled_reason: null, disabled_at: null, created_at: now, updated_at: now,
      };
      try {
        return await db.transaction().execute(async (trx) => {
          if (await repo.findByE164(trx, actor.orgId, actor.id, e164)) throw taken(e164);
          await repo.insertPhoneNumber(trx, row);
          await recordAudit(trx, { orgId: actor.orgId, actor, action: 'phone_number.create', targetType: 'phone_number', targetId: row.id, changes: { number: numberHint(e164), label: row.label }, meta, now });
          return rowToPhoneNumber(row);
        });
      } catch (e) {
        if (isUniqueViolation(e)) throw taken(e164);
        throw e;
      }
    },

    async list(actor: UserActor, limit: number, cursor?: string) {
      const after = decodeCursor(cursor, `${actor.orgId}/${actor.id}`, idPosition('phn'));
      const rows = await repo.listOwn(db, actor.orgId, actor.id, after, limit + 1);
      const { rows: page, nextCursor } = pageOf(rows, limit, `${actor.orgId}/${actor.id}`, (last) => last.id);
      return { items: page.map(rowToPhoneNumber), nextCursor };
    },

    /** Changing the number itself drops its verification: the new one must be verified again. */
    async update(actor: UserActor, id: string, input: PhoneNumberPatchInput, meta: RequestMeta) {
      if (input.country !== undefined && input.number === undefined) throw invalid('country', 'is only read together with number');
      const e164 = input.number !== undefined ? toE164(input.number, input.country) : undefined;
      const now = clock.now().toISOString();
      try {
        return await db.transaction().execute(async (trx) => {
          const row = await own(trx, actor, id);
          const numberChanged = e164 !== undefined && e164 !== row.e164;
          if (numberChanged && (await repo.findByE164(trx, actor.orgId, actor.id, e164))) throw taken(e164);
          const set = {
            ...(input.label !== undefined ? { label: input.label } : {}),
            ...(numberChanged ? { e164, verified_at: null, code_hash: null, code_expires_at: null, code_attempts: 0, disabled_reason: null, disabled_at: null } : {}),
            updated_at: now,
          };
          await repo.updatePhoneNumber(trx, id, set);
          await recordAudit(trx, {
            orgId: actor.orgId, actor, action: 'phone_number.update', targetType: 'phone_number', targetId: id,
            changes: { ...(input.label !== undefined ? { label: input.label } : {}), ...(numberChanged ? { number: numberHint(e164), verified: false } : {}) }, meta, now,
          });
          return rowToPhoneNumber({ ...row, ...set });
        });
      } catch (e) {
        if (isUniqueViolation(e) && e164) throw taken(e164);
        throw e;
      }
    },

    async remove(actor: UserActor, id: string, meta: RequestMeta) {
      const now = clock.now().toISOString();
      await db.transaction().execute(async (trx) => {
        const row = await own(trx, actor, id);
        await repo.deletePhoneNumber(trx, id);
        await recordAudit(trx, { orgId: actor.orgId, actor, action: 'phone_number.delete', targetType: 'phone_number', targetId: id, changes: { number: numberHint(row.e164) }, meta, now });
      });
      return { ok: true as const };
    },

    /**
     * Sends a verification code by SMS. The code's HMAC, the send record and the SMS usage are
     * committed first; the SMS goes out after the commit (no network inside a transaction).
     */
    async sendCode(actor: UserActor, id: string, meta: RequestMeta) {
      // Another organization's (or person's) number is 404 before any other answer (PRODUCT.md 2).
      const mine = await own(db, actor, id);
      if (!sms.configured) {
        throw conflict('SMS is not configured on this server, so numbers cannot be verified; the operator sets TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM (and TWILIO_BASE_URL for a Twilio-compatible provider).');
      }
      // An unverified account sends nothing; only to countries the organization allows (issue 33 item 2, docs/adr/0705).
      if (!mine.verified_at || mine.disabled_at) await assertMayReach(db, { orgId: actor.orgId, userId: actor.id, e164: mine.e164 });
      // Per number, person and organization a day (issue 19 item 7); a code that did not go out gives its count back.
      const held = deps.throttle && !mine.verified_at ? await deps.throttle.smsVerification({ e164: mine.e164, userId: actor.id, orgId: actor.orgId }) : [];
      const giveBack = async () => {
        if (held.length) await deps.throttle!.release(held);
      };
      const nowDate = clock.now();
      const now = nowDate.toISOString();
      const code = newCode();
      const sendId = newId('cod');
      const expiresAt = new Date(nowDate.getTime() + CODE_TTL_MS).toISOString();
      const { row, periodStart } = await db.transaction().execute(async (trx) => {
        const row = await own(trx, actor, id);
        if (row.verified_at && !row.disabled_at) throw conflict(`${row.e164} is already verified.`);
        const recent = await repo.sendsSince(trx, row.e164, new Date(nowDate.getTime() - SEND_WINDOW_MS).toISOString());
        const last = recent[0];
        if (last && nowDate.getTime() - new Date(last).getTime() < SEND_MIN_INTERVAL_MS) {
          const wait = Math.ceil((SEND_MIN_INTERVAL_MS - (nowDate.getTime() - new Date(last).getTime())) / 1000);
          throw new AppError('rate_limited', `A code was sent to this number less than a minute ago; wait ${wait} s before asking for another.`, { retryAfterSeconds: wait });
        }
        if (recent.length >= SEND_MAX_PER_WINDOW) {
          const oldest = recent[recent.length - 1]!;
          const wait = Math.ceil((new Date(oldest).getTime() + SEND_WINDOW_MS - nowDate.getTime()) / 1000);
          throw new AppError('rate_limited', `${SEND_MAX_PER_WINDOW} codes were sent to this number in the last hour; wait ${Math.ceil(wait / 60)} min before asking for another.`, { retryAfterSeconds: wait });
        }
        const { periodStart } = await billing.consume(actor.orgId, 'sms', 1, trx);
        await repo.insertSend(trx, { id: sendId, e164: row.e164, phone_number_id: row.id, sent_at: now });
        await repo.updatePhoneNumber(trx, row.id, { code_hash: hashCode(codeKey, row.id, code), code_expires_at: expiresAt, code_attempts: 0, updated_at: now });
        await recordAudit(trx, { orgId: actor.orgId, actor, action: 'phone_number.verification_sent', targetType: 'phone_number', targetId: row.id, changes: { number: numberHint(row.e164) }, meta, now });
        return { row, periodStart };
      }).catch(async (err: unknown) => {
        await giveBack();
        throw err;
      });
      try {
        await sms.send(row.e164, `Your Klaxon verification code is ${code}. It expires in 10 minutes.`);
      } catch (e) {
        const err = e instanceof SmsError ? e : new SmsError('The SMS provider failed.', 'unavailable');
        // Nothing was delivered on a refusal: give back the SMS and the send slot.
        if (err.kind === 'refused') {
          await billing.release(actor.orgId, 'sms', 1, periodStart);
          await repo.deleteSend(db, sendId);
          await giveBack();
          throw new AppError('invalid_request', `${err.message} Check that ${row.e164} can receive SMS.`, { details: [{ field: 'number', message: 'the SMS provider refused to send to it' }] });
        }
        throw new AppError('service_unavailable', `${err.message} Ask for a new code in a minute.`, { retryAfterSeconds: 60 });
      }
      return { ok: true as const, id: row.id, expires_at: expiresAt, resend_after: new Date(nowDate.getTime() + SEND_MIN_INTERVAL_MS).toISOString() };
    },

    /** Checks a code: five wrong tries or ten minutes end it; a right one verifies the number. */
    async confirmCode(actor: UserActor, id: string, code: string, meta: RequestMeta) {
      const nowDate = clock.now();
      const now = nowDate.toISOString();
      const outcome = await db.transaction().execute(async (trx) => {
        const row = await own(trx, actor, id);
        if (row.verified_at && !row.disabled_at) throw conflict(`${row.e164} is already verified.`);
        if (!row.code_hash || !row.code_expires_at) throw conflict('No code is pending for this number; ask for one with POST /api/phone-numbers/{id}/verify.');
        if (nowDate.getTime() >= new Date(row.code_expires_at).getTime()) {
          await repo.updatePhoneNumber(trx, id, { code_hash: null, code_expires_at: null, code_attempts: 0, updated_at: now });
          return { kind: 'expired' as const };
        }
        if (row.code_attempts >= CODE_MAX_ATTEMPTS) return { kind: 'exhausted' as const };
        if (!safeEqual(hashCode(codeKey, id, code), row.code_hash)) {
          const attempts = row.code_attempts + 1;
          const set = attempts >= CODE_MAX_ATTEMPTS ? { code_hash: null, code_expires_at: null, code_attempts: 0 } : { code_attempts: attempts };
          await repo.updatePhoneNumber(trx, id, { ...set, updated_at: now });
          await recordAudit(trx, { orgId: actor.orgId, actor, action: 'phone_number.verification_failed', targetType: 'phone_number', targetId: id, changes: { attempts }, meta, now });
          return { kind: 'wrong' as const, left: CODE_MAX_ATTEMPTS - attempts };
        }
        const set = { verified_at: now, code_hash: null, code_expires_at: null, code_attempts: 0, disabled_reason: null, disabled_at: null, updated_at: now };
        await repo.updatePhoneNumber(trx, id, set);
        await recordAudit(trx, { orgId: actor.orgId, actor, action: 'phone_number.verify', targetType: 'phone_number', targetId: id, changes: { number: numberHint(row.e164) }, meta, now });
        return { kind: 'verified' as const, number: rowToPhoneNumber({ ...row, ...set }) };
      });
      // Failed tries are committed above, then refused here.
      switch (outcome.kind) {
        case 'verified':
          return outcome.number;
        case 'expired':
          throw invalid('code', 'has expired (codes last 10 minutes); ask for a new one');
        case 'exhausted':
          throw invalid('code', 'too many wrong tries; ask for a new code');
        case 'wrong':
          throw invalid('code', outcome.left > 0 ? `is not the code that was sent; ${outcome.left} tries left` : 'is not the code that was sent, and that was the last try; ask for a new code');
      }
    },

    /** The numbers paging may use for a person: verified ones only. */
    async pageableNumbers(orgId: string, userId: string): Promise<string[]> {
      return (await repo.listVerified(db, orgId, userId)).map((r) => r.e164);
    },
  };
}
export type PhoneService = ReturnType<typeof createPhoneService>;
