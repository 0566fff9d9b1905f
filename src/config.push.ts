import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createPrivateKey } from 'node:crypto';
import { resolve } from 'node:path';
import webpush from 'web-push';

/**
 * Push delivery configuration (PRODUCT.md 7.4; docs/adr/0440-push-delivery.md), read by
 * loadConfig from the environment it was given (config.ts stays the only reader of process.env).
 * Each provider is all or nothing: a partial set stops start-up naming what is missing, a bad
 * value names its variable. Unset: that push kind is `not configured`.
 */
export interface ApnsConfig {
  keyId: string;
  teamId: string;
  /** The .p8 PEM text (APNS_KEY holds it, or a path to it). */
  keyPem: string;
  topic: string;
  baseUrl: string;
}
export interface FcmConfig {
  projectId: string;
  clientEmail: string;
  privateKeyPem: string;
  /** FCM_TOKEN_URL, else the service account's token_uri. */
  tokenUrl: string;
  baseUrl: string;
}
export interface VapidConfig {
  publicKey: string;
  privateKey: string;
  subject: string;
  /** Where the keys came from: the environment, or the data folder (generated on first start). */
  source: 'env' | 'generated';
}
export interface PushConfig {
  apns: ApnsConfig | undefined;
  fcm: FcmConfig | undefined;
  webpush: VapidConfig | undefined;
}

type Env = Record<string, string | undefined>;
type Fail = (message: string) => never;

/** The file the generated VAPID keys live in (0600, beside secret.key). */
export const VAPID_FILE = 'vapid.json';

/** Text given inline, or read from the path it names. */
function inlineOrFile(raw: string, name: string, looksInline: (s: string) => boolean, fail: Fail): string {
  if (looksInline(raw)) return raw;
  try {
    return readFileSync(resolve(raw), 'utf8');
  } catch {
    return fail(`${name} must be the text itself or a path to a readable file; "${raw.length > 80 ? `${raw.slice(0, 80)}…` : raw}" is neither`);
  }
}

function baseUrl(raw: string | undefined, dflt: string, name: string, fail: Fail): string {
  const text = raw || dflt;
  try {
    const u = new URL(text);
    if (u.protocol !== 'https:' && u.protocol !== 'http:') throw new Error();
    return text.replace(/\/+$/, '');
  } catch {
    return fail(`${name} must be an http(s) URL, got "${text}"`);
  }
}

function apnsConfig(env: Env, fail: Fail): ApnsConfig | undefined {
  const names = ['APNS_KEY_ID', 'APNS_TEAM_ID', 'APNS_KEY', 'APNS_TOPIC'] as const;
  const set = names.filter((n) => env[n]);
  if (!set.length) return undefined;
  const missing = names.filter((n) => !env[n]);
  if (missing.length) fail(`APNs needs ${missing.join(', ')} as well (set all of ${names.join(', ')}, or none)`);
  if (!/^[A-Z0-9]{10}$/.test(env.APNS_KEY_ID!)) fail(`APNS_KEY_ID must be the 10-character key id Apple shows beside the key, got "${env.APNS_KEY_ID}"`);
  if (!/^[A-Z0-9]{10}$/.test(env.APNS_TEAM_ID!)) fail(`APNS_TEAM_ID must be the 10-character team id, got "${env.APNS_TEAM_ID}"`);
  if (!/^[A-Za-z0-9.-]+$/.test(env.APNS_TOPIC!)) fail(`APNS_TOPIC must be the app's bundle id (e.g. com.example.klaxon), got "${env.APNS_TOPIC}"`);
  const keyPem = inlineOrFile(env.APNS_KEY!, 'APNS_KEY', (s) => s.includes('-----BEGIN'), fail);
  try {
    const k = createPrivateKey(keyPem);
    if (k.asymmetricKeyType !== 'ec' || k.asymmetricKeyDetails?.namedCurve !== 'prime256v1') throw new Error();
  } catch {
    fail('APNS_KEY must be the .p8 signing key from Apple (an EC P-256 private key in PEM), or a path to it');
  }
  return { keyId: env.APNS_KEY_ID!, teamId: env.APNS_TEAM_ID!, keyPem, topic: env.APNS_TOPIC!, baseUrl: baseUrl(env.APNS_BASE_URL, 'https://api.push.apple.com', 'APNS_BASE_URL', fail) };
}

function fcmConfig(env: Env, fail: Fail): FcmConfig | undefined {
  if (!env.FCM_SERVICE_ACCOUNT) {
    if (env.FCM_BASE_URL || env.FCM_TOKEN_URL) fail('FCM_BASE_URL and FCM_TOKEN_URL need FCM_SERVICE_ACCOUNT (the service account JSON or a path to it)');
    return undefined;
  }
  const text = inlineOrFile(env.FCM_SERVICE_ACCOUNT, 'FCM_SERVICE_ACCOUNT', (s) => s.trimStart().startsWith('{'), fail);
  let sa: { project_id?: unknown; client_email?: unknown; private_key?: unknown; token_uri?: unknown };
  try {
    sa = JSON.parse(text) as typeof sa;
  } catch {
    return fail('FCM_SERVICE_ACCOUNT must be a Firebase service account key (JSON); it does not parse as JSON');
  }
  const missing = (['project_id', 'client_email', 'private_key'] as const).filter((k) => typeof sa[k] !== 'string' || !sa[k]);
  if (missing.length) fail(`FCM_SERVICE_ACCOUNT lacks ${missing.join(', ')}: download a new key from the Firebase console (Service accounts)`);
  try {
    const k = createPrivateKey(sa.private_key as string);
    if (k.asymmetricKeyType !== 'rsa') throw new Error();
  } catch {
    fail('FCM_SERVICE_ACCOUNT private_key must be an RSA private key in PEM');
  }
  const dfltToken = typeof sa.token_uri === 'string' && sa.token_uri ? sa.token_uri : 'https://oauth2.googleapis.com/token';
  return {
    projectId: sa.project_id as string,
    clientEmail: sa.client_email as string,
    privateKeyPem: sa.private_key as string,
    tokenUrl: baseUrl(env.FCM_TOKEN_URL, dfltToken, 'FCM_TOKEN_URL', fail),
    baseUrl: baseUrl(env.FCM_BASE_URL, 'https://fcm.googleapis.com', 'FCM_BASE_URL', fail),
  };
}

function vapidSubject(env: Env, emailDomain: string, fail: Fail): string {
  const s = env.VAPID_SUBJECT || `mailto:klaxon@${emailDomain}`;
  if (!/^mailto:[^@\s]+@[^@\s]+$/.test(s) && !/^https:\/\/\S+$/.test(s)) fail(`VAPID_SUBJECT must be a mailto: address or an https: URL, got "${s}"`);
  return s;
}

function vapidConfig(env: Env, dataDir: string, emailDomain: string, generate: boolean, fail: Fail): VapidConfig | undefined {
  if (env.VAPID_PUBLIC_KEY || env.VAPID_PRIVATE_KEY) {
    if (!env.VAPID_PUBLIC_KEY || !env.VAPID_PRIVATE_KEY) fail('Web Push needs VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY together (or neither: they are generated into the data folder)');
    const pub = Buffer.from(env.VAPID_PUBLIC_KEY!, 'base64url');
    const priv = Buffer.from(env.VAPID_PRIVATE_KEY!, 'base64url');
    if (pub.length !== 65 || pub[0] !== 4) fail('VAPID_PUBLIC_KEY must be an uncompressed P-256 public key, URL-safe base64 (87 characters; npx web-push generate-vapid-keys)');
    if (priv.length !== 32) fail('VAPID_PRIVATE_KEY must be a P-256 private key, 32 bytes in URL-safe base64 (43 characters)');
    return { publicKey: env.VAPID_PUBLIC_KEY!, privateKey: env.VAPID_PRIVATE_KEY!, subject: vapidSubject(env, emailDomain, fail), source: 'env' };
  }
  if (!generate) return undefined;
  // Generated once into the data folder, private like secret.key (docs/adr/0510), so a browser can
  // receive pages with nothing to configure; the same keys on every start keep subscriptions valid.
  const file = resolve(dataDir, VAPID_FILE);
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    const keys = webpush.generateVAPIDKeys();
    try {
      writeFileSync(file, JSON.stringify({ publicKey: keys.publicKey, privateKey: keys.privateKey }) + '\n', { mode: 0o600, flag: 'wx' });
    } catch (err) {
      // Another process of the same folder wrote it first: theirs is read below.
      if ((err as { code?: string }).code !== 'EEXIST') throw err;
    }
  } else if (statSync(file).mode & 0o077) chmodSync(file, 0o600);
  let keys: { publicKey?: unknown; privateKey?: unknown };
  try {
    keys = JSON.parse(readFileSync(file, 'utf8')) as typeof keys;
  } catch {
    return fail(`${file} (the generated VAPID keys) is not valid JSON: remove it to generate new keys, or set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY`);
  }
  if (typeof keys.publicKey !== 'string' || typeof keys.privateKey !== 'string') fail(`${file} lacks publicKey or privateKey: remove it to generate new keys`);
  return { publicKey: keys.publicKey as string, privateKey: keys.privateKey as string, subject: vapidSubject(env, emailDomain, fail), source: 'generated' };
}

export function pushConfig(env: Env, o: { dataDir: string; emailDomain: string; generate: boolean; fail: Fail }): PushConfig {
  return { apns: apnsConfig(env, o.fail), fcm: fcmConfig(env, o.fail), webpush: vapidConfig(env, o.dataDir, o.emailDomain, o.generate, o.fail) };
}
