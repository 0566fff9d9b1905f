import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';

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
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Durable ingest (docs/adr/0100, 0101): load shedding, spool bound, outbox lease. */
  shedEventLoopDelayMs: number;
  shedQueueDepth: number;
  spoolMaxUnits: number;
  outboxLeaseMs: number;
}

export class ConfigError extends Error {}

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
  env: Record<string, string | undefined> = process.env,
  opts: { readDotEnv?: boolean; generateSecret?: boolean } = {},
): Config {
  if (opts.readDotEnv !== false && env === process.env && existsSync('.env')) {
    process.loadEnvFile('.env');
  }
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
      secretKey = decodeKey(readFileSync(file, 'utf8'), `KLAXON_SECRET_KEY (from ${file})`);
    } else {
      mkdirSync(dataDir, { recursive: true });
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
  return {
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
    logLevel,
    shedEventLoopDelayMs: positiveInt(env, 'KLAXON_SHED_EVENT_LOOP_DELAY_MS', 250),
    shedQueueDepth: positiveInt(env, 'KLAXON_SHED_QUEUE_DEPTH', 20_000),
    spoolMaxUnits: positiveInt(env, 'KLAXON_SPOOL_MAX_UNITS', 1_000_000),
    outboxLeaseMs: positiveInt(env, 'KLAXON_OUTBOX_LEASE_MS', 30_000),
  };
}
