import { createHmac, randomInt } from 'node:crypto';

/**
 * Keyed hash (HMAC-SHA256 with a key derived from KLAXON_SECRET_KEY) for short human codes:
 * email codes, recovery codes, session tokens. A stolen table alone cannot be brute-forced
 * offline, yet lookups stay indexable (docs/adr/0300-sign-in-and-sessions.md).
 */
export function createCodeHasher(secretKey: Buffer) {
  const key = createHmac('sha256', secretKey).update('klaxon/people/v1').digest();
  return (purpose: string, value: string): string => createHmac('sha256', key).update(`${purpose}\u0000${value}`).digest('hex');
}
export type CodeHasher = ReturnType<typeof createCodeHasher>;

/** A six-digit code, uniformly random, leading zeros kept. */
export const sixDigitCode = (): string => String(randomInt(0, 1_000_000)).padStart(6, '0');

const BASE32 = '0123456789abcdefghjkmnpqrstvwxyz';
/** A recovery code: 10 Crockford base32 characters (50 bits) as xxxxx-xxxxx. */
export function recoveryCode(): string {
  let s = '';
  for (let i = 0; i < 10; i++) s += BASE32[randomInt(0, 32)];
  return `${s.slice(0, 5)}-${s.slice(5)}`;
}
/** Accepts upper case, spaces and a missing dash; maps look-alikes (o→0, i/l→1). */
export const normalizeRecoveryCode = (raw: string): string => {
  const s = raw.toLowerCase().replace(/[\s-]/g, '').replace(/o/g, '0').replace(/[il]/g, '1');
  return s.length === 10 ? `${s.slice(0, 5)}-${s.slice(5)}` : s;
};

// RFC 8628 6.1: user codes from consonants only, no look-alikes, 8 characters (~34 bits).
const USER_CODE_ALPHABET = 'BCDFGHJKLMNPQRSTVWXZ';
export function userCode(): string {
  let s = '';
  for (let i = 0; i < 8; i++) s += USER_CODE_ALPHABET[randomInt(0, USER_CODE_ALPHABET.length)];
  return `${s.slice(0, 4)}-${s.slice(4)}`;
}
export const normalizeUserCode = (raw: string): string => {
  const s = raw.toUpperCase().replace(/[^A-Z]/g, '');
  return s.length === 8 ? `${s.slice(0, 4)}-${s.slice(4)}` : s;
};
