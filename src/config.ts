import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { type PushConfig, pushConfig } from './config.push.ts';
import { dirname, resolve } from 'node:path';
import { createHmac, randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { readTestClockOffset } from './lib/test-clock.ts';
import { ENV_VAR_NAMES } from './config.vars.ts';

/** The one place that reads process.env (PRODUCT.md 1). */
export interface Config {
  port: number;
  host: string;
  databaseUrl: string;
  dialect: 'sqlite' | 'postgres';
  /** SQLite file path when dialect is sqlite. */
  sqlitePath: string;
  /** Folder for local state: the SQLite file, the ingest spool, a generated secret key. */
  dataDir: string;
  publicUrl: string;
  secretKey: Buffer;
  smtpPort: number;
  emailDomain: string;
  /** Outgoing mail (verification codes): smtp(s)://[user:pass@]host:port from SMTP_URL; undefined = not configured. */
  smtpUrl: string | undefined;
  mailFrom: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Twilio-compatible SMS provider; undefined when not configured (SMS is then refused, never dropped). */
  sms: SmsConfig | undefined;
  /** Telegram bot (PRODUCT.md 12, docs/adr/0835); undefined when TELEGRAM_BOT_TOKEN is unset (the channel is then not configured). */
  telegram: TelegramConfig | undefined;
  billing: BillingConfig;
  /** Who may create an account (PRODUCT.md 1): anyone, invited people only (default), or nobody. */
  signup: SignupMode;
  /**
   * Addresses (IPs, CIDR ranges, or loopback|linklocal|uniquelocal) of reverse proxies whose
   * X-Forwarded-For is believed (KLAXON_TRUSTED_PROXIES); empty: the socket's address is the client's.
   */
  trustedProxies: string[];
  /** Durable ingest (docs/adr/0100, 0101): load shedding, spool bound, outbox lease. */
  shedEventLoopDelayMs: number;
  shedQueueDepth: number;
  spoolMaxUnits: number;
  outboxLeaseMs: number;
  /** How long the dispatcher holds a page while sending (issue 21): past it, its outcome is unknown. */
  pageClaimMs: number;
  /** From how many alerts a person's email pages of one dispatcher round go as one mail. */
  emailBundleFrom: number;
  /** Outbound webhooks (docs/adr/0462-webhook-ssrf.md). */
  webhooks: WebhookConfig;
  /** SLACK_API_URL: the Slack Web API base (PRODUCT.md 12), without a trailing slash. */
  slackApiUrl: string;
  /** Push providers: APNs, FCM, Web Push (src/config.push.ts, docs/adr/0440). */
  push: PushConfig;
  /** Bounds on HTTP connections (docs/adr/0700-connection-and-stream-bounds.md). */
  http: HttpLimits;
  /** Bounds on live event streams (docs/adr/0700-connection-and-stream-bounds.md). */
  liveStreams: LiveStreamLimits;
  /** KLAXON_SELF_HEARTBEAT_URL: pinged each minute while the engine runs (src/jobs/self-heartbeat.job.ts); undefined = off. */
  selfHeartbeatUrl: string | undefined;
  /** Single sign-on with OpenID Connect (PRODUCT.md 13, docs/adr/0840); undefined when KLAXON_OIDC_ISSUER is unset. */
  oidc: OidcConfig | undefined;
  /** KLAXON_TEST_CLOCK_FILE: process tests move the clock through this file (docs/adr/0422); never set in production. */
  testClockFile?: string | undefined;
  /**
   * KLAXON_TEST_STARTUP_BUSY_MS: start-up keeps the event loop busy this long before it is ready,
   * as heavy start-up work would (the load-shedding start-up test); 0, never set in production.
   */
  testStartupBusyMs?: number;
}

export interface HttpLimits {
  /** KLAXON_HTTP_IDLE_TIMEOUT_MS: a connection silent this long closes; a request's headers must arrive within it. */
  idleTimeoutMs: number;
  /** KLAXON_HTTP_KEEP_ALIVE_TIMEOUT_MS: an idle keep-alive connection closes after this long. */
  keepAliveTimeoutMs: number;
  /** KLAXON_HTTP_MAX_CONNECTIONS: connections at once; past it new ones are closed at once. */
  maxConnections: number;
}

export interface LiveStreamLimits {
  /** KLAXON_STREAMS_PER_SESSION: open live event streams of one credential (session or key). */
  perSession: number;
  /** KLAXON_STREAMS_PER_ORG: open live event streams of one organization in this process. */
  perOrg: number;
  /** KLAXON_STREAMS_PER_PROCESS: open live event streams of this process. */
  perProcess: number;
}

export interface WebhookConfig {
  /** KLAXON_WEBHOOK_ALLOW_PRIVATE=true lets webhooks reach private, loopback and link-local addresses. */
  allowPrivate: boolean;
  /** KLAXON_WEBHOOK_TIMEOUT_MS: one attempt's whole time (default 10 s). */
  timeoutMs: number;
  /** KLAXON_WEBHOOK_DNS_SERVER (host or host:port): resolve webhook hosts there instead of the system resolver. */
  dnsServer: string | undefined;
}

export interface OidcConfig {
  /** KLAXON_OIDC_ISSUER: the issuer URL; discovery is read from its /.well-known/openid-configuration. */
  issuer: URL;
  clientId: string;
  clientSecret: string;
  /** KLAXON_OIDC_NAME: the button says "Sign in with {name}". */
  name: string;
  /** KLAXON_OIDC_SCOPES, default `openid email profile`. */
  scopes: string;
  /** KLAXON_OIDC_GROUPS_CLAIM, default `groups`: the claim sso_role_map reads. */
  groupsClaim: string;
  /**
   * KLAXON_OIDC_ALLOW_HTTP=true: an http:// issuer is allowed, and only on a loopback address
   * (tests and local development). Off by default: openid-client refuses plain HTTP otherwise.
   */
  allowHttp: boolean;
}

export interface SmsConfig {
  baseUrl: string;
  accountSid: string;
  authToken: string;
  from: string;
}

/** `none`: self-hosted, plan changes apply at once. `stripe`: subscriptions through Stripe. */
export type BillingConfig =
  | { provider: 'none' }
  | { provider: 'stripe'; secretKey: string; webhookSecret: string; apiBase: URL; prices: { team: string; business: string } };

export const SIGNUP_MODES = ['open', 'invite', 'closed'] as const;
export type SignupMode = (typeof SIGNUP_MODES)[number];

export class ConfigError extends Error {}

/** MAIL_FROM: `local@domain`, or `Name <local@domain>` (the name may be quoted). */
const MAIL_FROM_FORM = /^(?:[^<>@]*<[^\s<>@]+@[A-Za-z0-9.-]+>|[^\s<>@"]+@[A-Za-z0-9.-]+)$/;

/**
 * The environment as loadConfig reads it: a name missing from ENV_VARS (src/config.vars.ts) throws,
 * so no variable is read that the README's table and --help do not list.
 */
function declaredOnly(env: Record<string, string | undefined>): Record<string, string | undefined> {
  return new Proxy(env, {
    get(target, name) {
      if (typeof name === 'string' && !ENV_VAR_NAMES.has(name)) {
        throw new Error(`src/config.ts reads ${name}, which ENV_VARS in src/config.vars.ts does not list: add its row there`);
      }
      return Reflect.get(target, name);
    },
  });
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

function port(env: Record<string, string | undefined>, name: string, dflt: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return dflt;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > 65535) {
    throw new ConfigError(`${name} must be a port number between 0 and 65535, got "${raw}"`);
  }
  return n;
}

function positiveInt(env: Record<string, string | undefined>, name: string, dflt: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return dflt;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new ConfigError(`${name} must be a positive whole number, got "${raw}"`);
  return n;
}

function decodeKey(raw: string, name: string): Buffer {
  const trimmed = raw.trim();
  const buf = /^[0-9a-fA-F]{64}$/.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64');
  if (buf.length !== 32) {
    throw new ConfigError(`${name} must be 32 bytes, as 64 hex characters or base64 (e.g. openssl rand -hex 32)`);
  }
  return buf;
}

/**
 * Parses the environment. `.env` in the working directory is read first when present; real
 * environment variables win. With `generateSecret`, a missing KLAXON_SECRET_KEY is created in the
 * data folder (mode 0600) on first start and reused after.
 */
export function loadConfig(
  given: Record<string, string | undefined> = process.env,
  opts: { readDotEnv?: boolean; generateSecret?: boolean } = {},
): Config {
  if (opts.readDotEnv !== false && given === process.env && existsSync('.env')) {
    process.loadEnvFile('.env');
  }
  const env = declaredOnly(given);
  const p = port(env, 'PORT', 8080);
  const host = env.HOST || '0.0.0.0';
  const databaseUrl = env.DATABASE_URL || 'sqlite:./data/klaxon.db';
  let dialect: Config['dialect'];
  let sqlitePath = '';
  if (databaseUrl.startsWith('postgres://') || databaseUrl.startsWith('postgresql://')) {
    dialect = 'postgres';
  } else if (databaseUrl.startsWith('sqlite:')) {
    dialect = 'sqlite';
    sqlitePath = databaseUrl.slice('sqlite:'.length).replace(/^\/\//, '');
    if (!sqlitePath) throw new ConfigError('DATABASE_URL "sqlite:" needs a file path, e.g. sqlite:./data/klaxon.db');
  } else {
    throw new ConfigError('DATABASE_URL must start with sqlite: or postgres://');
  }
  const dataDir = resolve(env.KLAXON_DATA_DIR || (dialect === 'sqlite' ? dirname(resolve(sqlitePath)) : './data'));
  let publicUrl = env.KLAXON_PUBLIC_URL || `http://localhost:${p}`;
  try {
    const u = new URL(publicUrl);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error();
    publicUrl = publicUrl.replace(/\/+$/, '');
  } catch {
    throw new ConfigError(`KLAXON_PUBLIC_URL must be an http(s) URL, got "${publicUrl}"`);
  }
  let secretKey: Buffer;
  if (env.KLAXON_SECRET_KEY) {
    secretKey = decodeKey(env.KLAXON_SECRET_KEY, 'KLAXON_SECRET_KEY');
  } else if (opts.generateSecret !== false) {
    const file = resolve(dataDir, 'secret.key');
    if (existsSync(file)) {
      // An older version, or a copy, may have left it readable by others (docs/adr/0510).
      if (statSync(file).mode & 0o077) chmodSync(file, 0o600);
      secretKey = decodeKey(readFileSync(file, 'utf8'), `KLAXON_SECRET_KEY (from ${file})`);
    } else {
      mkdirSync(dataDir, { recursive: true, mode: 0o700 }); // private: docs/adr/0510
      writeFileSync(file, randomBytes(32).toString('hex') + '\n', { mode: 0o600, flag: 'wx' });
      secretKey = decodeKey(readFileSync(file, 'utf8'), 'KLAXON_SECRET_KEY');
    }
  } else {
    throw new ConfigError('KLAXON_SECRET_KEY is required');
  }
  const logLevel = (env.LOG_LEVEL || 'info') as Config['logLevel'];
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${env.LOG_LEVEL}"`);
  }
  const emailDomain = env.KLAXON_EMAIL_DOMAIN || 'ingest.localhost';
  if (!/^[a-z0-9.-]+$/i.test(emailDomain)) {
    throw new ConfigError(`KLAXON_EMAIL_DOMAIN must be a domain name, got "${emailDomain}"`);
  }
  const smtpUrl = env.SMTP_URL || undefined;
  if (smtpUrl) {
    let ok = false;
    try {
      const u = new URL(smtpUrl);
      ok = (u.protocol === 'smtp:' || u.protocol === 'smtps:') && !!u.hostname;
    } catch {
      ok = false;
    }
    if (!ok) throw new ConfigError('SMTP_URL must be smtp://[user:password@]host:port or smtps://…, e.g. smtp://mail.example.com:587');
  }
  const mailFrom = env.MAIL_FROM || `Klaxon <no-reply@${emailDomain}>`;
  if (!MAIL_FROM_FORM.test(mailFrom)) {
    throw new ConfigError(`MAIL_FROM must be an address (klaxon@example.com) or a name and an address (Klaxon <klaxon@example.com>), got "${mailFrom}"`);
  }
  const signup = (env.KLAXON_SIGNUP || 'invite') as SignupMode;
  if (!SIGNUP_MODES.includes(signup)) {
    throw new ConfigError(`KLAXON_SIGNUP must be one of ${SIGNUP_MODES.join(', ')}, got "${env.KLAXON_SIGNUP}"`);
  }
  return {
    signup,
    trustedProxies: trustedProxies(env.KLAXON_TRUSTED_PROXIES),
    sms: smsConfig(env),
    telegram: telegramConfig(env, secretKey),
    billing: billingConfig(env),
    port: p,
    host,
    databaseUrl,
    dialect,
    sqlitePath,
    dataDir,
    publicUrl,
    secretKey,
    smtpPort: port(env, 'SMTP_PORT', 2525),
    emailDomain,
    smtpUrl,
    mailFrom,
    logLevel,
    shedEventLoopDelayMs: positiveInt(env, 'KLAXON_SHED_EVENT_LOOP_DELAY_MS', 250),
    shedQueueDepth: positiveInt(env, 'KLAXON_SHED_QUEUE_DEPTH', 20_000),
    spoolMaxUnits: positiveInt(env, 'KLAXON_SPOOL_MAX_UNITS', 1_000_000),
    outboxLeaseMs: positiveInt(env, 'KLAXON_OUTBOX_LEASE_MS', 30_000),
    webhooks: webhookConfig(env),
    slackApiUrl: httpUrl(env.SLACK_API_URL || 'https://slack.com/api', 'SLACK_API_URL').toString().replace(/\/+$/, ''),
    pageClaimMs: positiveInt(env, 'KLAXON_PAGE_CLAIM_MS', 30_000),
    emailBundleFrom: positiveInt(env, 'KLAXON_EMAIL_BUNDLE_FROM', 5),
    push: pushConfig(env, { dataDir, emailDomain, generate: opts.generateSecret !== false, fail: (m) => { throw new ConfigError(m); } }),
    testClockFile: testClockFile(env),
    testStartupBusyMs: positiveInt(env, 'KLAXON_TEST_STARTUP_BUSY_MS', 0),
    selfHeartbeatUrl: selfHeartbeatUrl(env.KLAXON_SELF_HEARTBEAT_URL),
    oidc: oidcConfig(env),
    http: {
      idleTimeoutMs: positiveInt(env, 'KLAXON_HTTP_IDLE_TIMEOUT_MS', 10_000),
      keepAliveTimeoutMs: positiveInt(env, 'KLAXON_HTTP_KEEP_ALIVE_TIMEOUT_MS', 5_000),
      maxConnections: positiveInt(env, 'KLAXON_HTTP_MAX_CONNECTIONS', 4_000),
    },
    liveStreams: {
      perSession: positiveInt(env, 'KLAXON_STREAMS_PER_SESSION', 5),
      perOrg: positiveInt(env, 'KLAXON_STREAMS_PER_ORG', 100),
      perProcess: positiveInt(env, 'KLAXON_STREAMS_PER_PROCESS', 500),
    },
  };
}

/** KLAXON_TEST_CLOCK_FILE: an absolute path to a test clock file (src/lib/test-clock.ts), checked now. */
function testClockFile(env: Record<string, string | undefined>): string | undefined {
  const path = env.KLAXON_TEST_CLOCK_FILE;
  if (!path) return undefined;
  if (!path.startsWith('/')) throw new ConfigError(`KLAXON_TEST_CLOCK_FILE must be an absolute path, got "${path}"; it is for tests only: unset it`);
  try {
    readTestClockOffset(path);
  } catch (err) {
    throw new ConfigError(`KLAXON_TEST_CLOCK_FILE (${path}) is not a test clock file: ${(err as Error).message}; it is for tests only: unset it`);
  }
  return path;
}

function webhookConfig(env: Record<string, string | undefined>): WebhookConfig {
  const allow = (env.KLAXON_WEBHOOK_ALLOW_PRIVATE || 'false').toLowerCase();
  if (allow !== 'true' && allow !== 'false') throw new ConfigError(`KLAXON_WEBHOOK_ALLOW_PRIVATE must be true or false, got "${env.KLAXON_WEBHOOK_ALLOW_PRIVATE}"`);
  const dnsServer = env.KLAXON_WEBHOOK_DNS_SERVER || undefined;
  if (dnsServer !== undefined && !/^(\[[0-9a-fA-F:.]+\]|[0-9.]+|[0-9a-fA-F:]+)(:\d{1,5})?$/.test(dnsServer)) {
    throw new ConfigError(`KLAXON_WEBHOOK_DNS_SERVER must be an IP address with an optional port (e.g. 10.0.0.2 or 10.0.0.2:53), got "${dnsServer}"`);
  }
  return { allowPrivate: allow === 'true', timeoutMs: positiveInt(env, 'KLAXON_WEBHOOK_TIMEOUT_MS', 10_000), dnsServer };
}

const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** KLAXON_TRUSTED_PROXIES: comma-separated IPs or CIDR ranges, or the names of proxy-addr's ranges. */
function trustedProxies(raw: string | undefined): string[] {
  if (!raw || !raw.trim()) return [];
  const entries = raw.split(',').map((e) => e.trim()).filter(Boolean);
  for (const e of entries) {
    const [addr, bits, extra] = e.split('/');
    const family = isIP(addr ?? '');
    const bitsOk = bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 6 ? 128 : 32));
    if (!PROXY_NAMES.includes(e) && (family === 0 || !bitsOk || extra !== undefined)) {
      throw new ConfigError(`KLAXON_TRUSTED_PROXIES must list IP addresses or CIDR ranges (or loopback, linklocal, uniquelocal), comma-separated; "${e}" is none of these`);
    }
  }
  return entries;
}

/** KLAXON_SELF_HEARTBEAT_URL: an http(s) URL; it may carry a token, so an error does not repeat it. */
function selfHeartbeatUrl(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  try {
    const u = new URL(raw);
    if (u.protocol === 'http:' || u.protocol === 'https:') return u.toString();
  } catch {
    // said below
  }
  throw new ConfigError('KLAXON_SELF_HEARTBEAT_URL must be an http(s) URL');
}

function httpUrl(raw: string, name: string): URL {
  try {
    const u = new URL(raw);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error();
    return u;
  } catch {
    throw new ConfigError(`${name} must be an http(s) URL, got "${raw}"`);
  }
}

export interface TelegramConfig {
  botToken: string;
  /** The Bot API's base URL without a trailing slash (TELEGRAM_API_URL; tests point it at a fake). */
  apiUrl: string;
  /** What Telegram must send in X-Telegram-Bot-Api-Secret-Token (1–256 of A–Z a–z 0–9 _ -). */
  webhookSecret: string;
}

function telegramConfig(env: Record<string, string | undefined>, secretKey: Buffer): TelegramConfig | undefined {
  const botToken = env.TELEGRAM_BOT_TOKEN?.trim();
  if (!botToken) return undefined;
  if (!/^\d+:[A-Za-z0-9_-]+$/.test(botToken)) throw new ConfigError('TELEGRAM_BOT_TOKEN must be the token BotFather gave (digits, a colon, then letters, digits, _ and -)');
  const apiUrl = httpUrl(env.TELEGRAM_API_URL || 'https://api.telegram.org', 'TELEGRAM_API_URL').toString().replace(/\/+$/, '');
  const given = env.TELEGRAM_WEBHOOK_SECRET?.trim();
  if (given && !/^[A-Za-z0-9_-]{1,256}$/.test(given)) throw new ConfigError('TELEGRAM_WEBHOOK_SECRET must be 1–256 characters of A–Z, a–z, 0–9, _ and -');
  // Derived: stable across restarts and processes, never the token itself.
  const webhookSecret = given || createHmac('sha256', secretKey).update(`telegram-webhook|${botToken}`).digest('base64url');
  return { botToken, apiUrl, webhookSecret };
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** KLAXON_OIDC_*: all of issuer, client id, client secret and name, or none (PRODUCT.md 13). */
function oidcConfig(env: Record<string, string | undefined>): OidcConfig | undefined {
  const names = ['KLAXON_OIDC_ISSUER', 'KLAXON_OIDC_CLIENT_ID', 'KLAXON_OIDC_CLIENT_SECRET', 'KLAXON_OIDC_NAME'] as const;
  const given = names.filter((n) => env[n]);
  if (given.length === 0) return undefined;
  const missing = names.filter((n) => !env[n]);
  if (missing.length) throw new ConfigError(`Single sign-on needs ${missing.join(', ')} as well (set all of ${names.join(', ')}, or none)`);
  const issuer = httpUrl(env.KLAXON_OIDC_ISSUER!, 'KLAXON_OIDC_ISSUER');
  const allow = (env.KLAXON_OIDC_ALLOW_HTTP || 'false').toLowerCase();
  if (allow !== 'true' && allow !== 'false') throw new ConfigError(`KLAXON_OIDC_ALLOW_HTTP must be true or false, got "${env.KLAXON_OIDC_ALLOW_HTTP}"`);
  if (issuer.protocol === 'http:') {
    if (allow !== 'true') throw new ConfigError(`KLAXON_OIDC_ISSUER must be an https:// URL, got "${env.KLAXON_OIDC_ISSUER}" (KLAXON_OIDC_ALLOW_HTTP=true allows http:// on a loopback address, for tests only)`);
    if (!LOOPBACK_HOSTS.has(issuer.hostname)) throw new ConfigError(`KLAXON_OIDC_ALLOW_HTTP=true allows an http:// issuer only on a loopback address (127.0.0.1, [::1], localhost), got "${issuer.hostname}"`);
  }
  const scopes = (env.KLAXON_OIDC_SCOPES || 'openid email profile').trim().split(/\s+/);
  if (!scopes.includes('openid')) throw new ConfigError(`KLAXON_OIDC_SCOPES must include openid, got "${env.KLAXON_OIDC_SCOPES}"`);
  const groupsClaim = (env.KLAXON_OIDC_GROUPS_CLAIM || 'groups').trim();
  if (!/^[\w.:/-]{1,200}$/.test(groupsClaim)) throw new ConfigError(`KLAXON_OIDC_GROUPS_CLAIM must be a claim name, got "${env.KLAXON_OIDC_GROUPS_CLAIM}"`);
  return {
    issuer, clientId: env.KLAXON_OIDC_CLIENT_ID!, clientSecret: env.KLAXON_OIDC_CLIENT_SECRET!, name: env.KLAXON_OIDC_NAME!.trim().slice(0, 60),
    scopes: scopes.join(' '), groupsClaim, allowHttp: allow === 'true',
  };
}

function smsConfig(env: Record<string, string | undefined>): SmsConfig | undefined {
  const names = ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'] as const;
  const given = names.filter((n) => env[n]);
  if (given.length === 0) return undefined;
  const missing = names.filter((n) => !env[n]);
  if (missing.length) throw new ConfigError(`SMS needs ${missing.join(', ')} as well (set all of ${names.join(', ')}, or none)`);
  const baseUrl = httpUrl(env.TWILIO_BASE_URL || 'https://api.twilio.com', 'TWILIO_BASE_URL').toString().replace(/\/+$/, '');
  return { baseUrl, accountSid: env.TWILIO_ACCOUNT_SID!, authToken: env.TWILIO_AUTH_TOKEN!, from: env.TWILIO_FROM! };
}

function billingConfig(env: Record<string, string | undefined>): BillingConfig {
  const provider = env.BILLING_PROVIDER || 'none';
  if (provider === 'none') return { provider: 'none' };
  if (provider !== 'stripe') throw new ConfigError(`BILLING_PROVIDER must be none or stripe, got "${provider}"`);
  const need = ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_TEAM', 'STRIPE_PRICE_BUSINESS'] as const;
  const missing = need.filter((n) => !env[n]);
  if (missing.length) throw new ConfigError(`BILLING_PROVIDER=stripe needs ${missing.join(', ')}`);
  if (!env.STRIPE_WEBHOOK_SECRET!.startsWith('whsec_')) throw new ConfigError('STRIPE_WEBHOOK_SECRET must be the endpoint signing secret (whsec_…)');
  return {
    provider: 'stripe',
    secretKey: env.STRIPE_SECRET_KEY!,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET!,
    apiBase: httpUrl(env.STRIPE_API_BASE || 'https://api.stripe.com', 'STRIPE_API_BASE'),
    prices: { team: env.STRIPE_PRICE_TEAM!, business: env.STRIPE_PRICE_BUSINESS! },
  };
}
