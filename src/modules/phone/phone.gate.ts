import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { conflict } from '../../lib/errors.ts';
import { phoneCountriesOf } from '../org/index.ts';
import { userRepository } from '../user/index.ts';
import { countrySetting } from './phone.repository.ts';
import { allowedCountries, numberHint, regionOf } from './phone.ts';

/**
 * The gate of every SMS and call that is not a page (issue 33 item 2, docs/adr/0705): verification
 * codes and test pages. The person's email must be verified (an unverified account places no call
 * and sends no SMS), and the number's country must be one the organization allows. Both are 409: a
 * state to change (like "verify this number first"), not a permission of the role.
 */
export async function allowedPhoneCountries(db: Kysely<Database>, orgId: string): Promise<string[]> {
  const { setting, firstVerified } = await countrySetting(db, orgId);
  return allowedCountries(phoneCountriesOf(setting), firstVerified);
}

export async function assertVerifiedAccount(db: Kysely<Database>, userId: string): Promise<void> {
  if (!(await userRepository.verifiedUserIds(db, [userId])).length) {
    throw conflict('Verify your email address first (POST /api/me/email with your current address, then POST /api/me/email/verify with the mailed code): an unverified account sends no SMS and places no calls.');
  }
}

export async function assertPhoneCountry(db: Kysely<Database>, orgId: string, e164: string): Promise<void> {
  const allowed = await allowedPhoneCountries(db, orgId);
  const region = regionOf(e164);
  if (region && allowed.includes(region)) return;
  const where = region ? `${numberHint(e164)} is a number of ${region}` : `${numberHint(e164)} belongs to no country (a satellite, international or non-geographic number)`;
  const list = allowed.length ? `only ${allowed.join(', ')}` : 'no country yet';
  throw conflict(
    `${where}, and this organization sends verification codes and test pages to ${list}. ${region ? `An admin can add ${region} to phone_countries with PATCH /api/org/settings.` : 'Use a number of a country the organization allows.'}`,
  );
}

/** Both checks, the account's first. */
export async function assertMayReach(db: Kysely<Database>, q: { orgId: string; userId: string; e164: string }): Promise<void> {
  await assertVerifiedAccount(db, q.userId);
  await assertPhoneCountry(db, q.orgId, q.e164);
}
