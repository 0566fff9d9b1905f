import { createHmac, randomInt } from 'node:crypto';
import { type CountryCode, isSupportedCountry, parsePhoneNumber, parsePhoneNumberWithError, ParseError } from 'libphonenumber-js/max';
import { invalid } from '../../lib/errors.ts';
import type { PhoneNumberRow } from './phone.table.ts';

export const CODE_TTL_MS = 10 * 60_000;
export const CODE_MAX_ATTEMPTS = 5;
/** Per destination number: one send a minute and five an hour (docs/adr/0342-phone-verification.md). */
export const SEND_MIN_INTERVAL_MS = 60_000;
export const SEND_WINDOW_MS = 60 * 60_000;
export const SEND_MAX_PER_WINDOW = 5;

/**
 * Parses a phone number to E.164 with libphonenumber-js (full metadata, so validity is checked
 * per numbering plan). Without a leading + the `country` (ISO 3166 alpha-2) says whose plan.
 */
export function toE164(raw: string, country?: string): string {
  if (country !== undefined && !isSupportedCountry(country.toUpperCase())) {
    throw invalid('country', `"${country}" is not a supported ISO 3166-1 alpha-2 country code`);
  }
  try {
    const p = parsePhoneNumberWithError(raw, country ? { defaultCountry: country.toUpperCase() as CountryCode } : undefined);
    if (!p.isValid()) throw invalid('number', 'is not a valid phone number for its country; check the digits');
    return p.number;
  } catch (e) {
    if (e instanceof ParseError) {
      const why = e.message === 'INVALID_COUNTRY' ? 'needs the international form (+ and country code) or a country' : 'is not a phone number';
      throw invalid('number', why);
    }
    throw e;
  }
}

/**
 * The country of a number (docs/adr/0705): its region by libphonenumber-js (full metadata), an ISO
 * 3166-1 alpha-2 code such as US, CA or GG. Numbers of non-geographic calling codes (+881 and +8816
 * satellite phones, +882/+883 international networks, +800 freephone, +979 premium) and numbers the
 * metadata cannot place have none: no organization's list can allow them.
 */
export function regionOf(e164: string): string | undefined {
  try {
    return parsePhoneNumber(e164).country ?? undefined;
  } catch {
    return undefined;
  }
}

/**
 * The countries verification SMS and test pages may go to: the organization's `phone_countries`
 * when an admin set it (parsed by the org module's `phoneCountriesOf`), else the country of its
 * first verified number, else none.
 */
export function allowedCountries(setting: readonly string[] | null, firstVerified: string | undefined): string[] {
  if (setting) return [...setting];
  const region = firstVerified ? regionOf(firstVerified) : undefined;
  return region ? [region] : [];
}

/** What a list shows of a number the person owns: all of it (it is theirs), plus a hint for logs. */
export const numberHint = (e164: string): string => `…${e164.slice(-4)}`;

export const newCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** Codes are six digits: stored as an HMAC keyed by the server secret, never in the clear. */
export const hashCode = (key: Buffer, phoneId: string, code: string): string => createHmac('sha256', key).update(`${phoneId}:${code}`).digest('hex');

export const rowToPhoneNumber = (r: Omit<PhoneNumberRow, 'disabled_reason' | 'disabled_at'> & { disabled_reason?: string | null; disabled_at?: string | null }) => ({
  id: r.id,
  user_id: r.user_id,
  number: r.e164,
  label: r.label,
  verified: r.verified_at !== null,
  verified_at: r.verified_at,
  verification_pending: r.code_hash !== null,
  disabled_reason: r.disabled_reason ?? null,
  created_at: r.created_at,
  updated_at: r.updated_at,
});
export type PhoneNumber = ReturnType<typeof rowToPhoneNumber>;
