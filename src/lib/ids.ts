import { createHash, randomFillSync } from 'node:crypto';

// Crockford base32: sortable, case-insensitive, no ambiguous letters.
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

let lastMs = 0;
let lastRand: Uint8Array = new Uint8Array(10);

// Random bytes are drawn from the CSPRNG 4 KiB at a time (one call per ~400 ids instead of one per
// id); each id copies its 10 bytes out, so no two ids share any.
const pool = new Uint8Array(4096);
let poolAt = pool.length;
function random10(): Uint8Array {
  if (poolAt + 10 > pool.length) {
    randomFillSync(pool);
    poolAt = 0;
  }
  const out = pool.slice(poolAt, poolAt + 10);
  poolAt += 10;
  return out;
}

/**
 * A time-ordered id (ULID layout: 48-bit milliseconds + 80 random bits, monotonic within a
 * millisecond), so ids sort by creation and serve as stable pagination cursors. Its time is the
 * real clock's, not the injected one (docs/adr/0762-ids-keep-the-real-clock.md): ids are made on two
 * threads (the SQLite thread plans ingest batches), whose order in one millisecond only real time
 * gives. A millisecond that does not move (or moves back) keeps the last one used and counts up in
 * the random bits: unique and in creation order within a thread, and nothing sleeps for ids.
 */
export function ulid(nowMs: number = Date.now()): string {
  let rand: Uint8Array;
  if (nowMs <= lastMs) {
    nowMs = lastMs;
    rand = lastRand.slice();
    for (let i = rand.length - 1; i >= 0; i--) {
      if (rand[i] !== 255) {
        rand[i] = rand[i]! + 1;
        break;
      }
      rand[i] = 0;
    }
  } else {
    rand = random10();
  }
  lastMs = nowMs;
  lastRand = rand;
  return timeChars(nowMs) + randomChars(rand);
}

/** 48-bit milliseconds as 10 characters. */
function timeChars(ms: number): string {
  let time = '';
  let t = ms;
  for (let i = 0; i < 10; i++) {
    time = ALPHABET[t % 32] + time;
    t = Math.floor(t / 32);
  }
  return time;
}

/** 80 bits (10 bytes), big-endian, 5 bits a character (no BigInt: this runs for every id). */
function randomChars(bytes: Uint8Array): string {
  let r = '';
  let acc = 0;
  let nbits = 0;
  for (let i = 0; i < 10; i++) {
    acc = ((acc << 8) | bytes[i]!) & 0xfff;
    nbits += 8;
    while (nbits >= 5) {
      nbits -= 5;
      r += ALPHABET[(acc >> nbits) & 31];
    }
  }
  return r;
}

/**
 * The milliseconds of an id made by `newId` (or `derivedId`), or undefined if `id` is not one.
 */
export function idTimeMs(id: string): number | undefined {
  const at = id.indexOf('_') + 1;
  if (at === 0 || id.length !== at + 26) return undefined;
  let ms = 0;
  for (let i = at; i < at + 10; i++) {
    const v = ALPHABET.indexOf(id[i]!);
    if (v < 0) return undefined;
    ms = ms * 32 + v;
  }
  return ms;
}

/**
 * An id of the same layout as `newId`'s, made from what it names instead of chance: the time
 * part is `ms`, the other 80 bits are the first of SHA-256(`key`). Whoever makes it again from
 * the same (ms, key) gets the same id, so a second write of the same thing conflicts on it
 * (docs/adr/0550-timeline-storage.md).
 */
export function derivedId(prefix: IdPrefix, ms: number, key: string): string {
  return `${prefix}_${timeChars(ms)}${randomChars(createHash('sha256').update(key).digest())}`;
}

export type IdPrefix =
  | 'org' | 'usr' | 'svc' | 'alr' | 'key' | 'int' | 'crd' | 'rcp' | 'evt' | 'log' | 'aud'
  | 'ntf' | 'clm' | 'rsp' // the paging engine: pages, dispatcher claims, responder requests
  | 'ses' | 'inv' | 'dev' | 'phn' | 'sch' | 'ovr' | 'req' | 'cod' | 'pwr'
  | 'dgr' | 'rcv' | 'emc' | 'agr' | 'sif' | 'lyr' | 'cal'
  | 'whk' | 'msg' | 'wat'
  | 'thr' // throttle events (sign-up, SMS verification, invitation mail)
  | 'pga' // page actions: the acknowledge token of one push or email page (issue 22)
  | 'src' | 'dsn' | 'tpg' // SMS reply codes, SMS and voice sends, test pages (issue 22)
  | 'hdn' // handoff notices (issue 35)
  | 'hbt' | 'mnt' // heartbeats, maintenance windows (issue 36)
  | 'tgl'; // Telegram links (issue 37)

export const newId = (prefix: IdPrefix): string => `${prefix}_${ulid()}`;
