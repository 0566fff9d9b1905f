import { parseArgs } from 'node:util';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { envVarsHelp } from './config.vars.ts';
import { AppError } from './lib/errors.ts';
import { isStoreUnavailable, storeProblem } from './db/unavailable.ts';
import type { Role, startServer } from './server.ts';
import { ROLES } from './lib/actor.ts';
import { PACKAGE_VERSION } from './web/build.ts';
// The server's modules (container, stores, mail) are imported by the command that runs them, as
// `config` always did: usage, --help and a refused option answer without loading the whole app.

const SERVE_USAGE = `Usage: klaxon serve [--role api|worker|all] [--no-migrate]

  run Klaxon: HTTP API and ingest, SMTP ingest, and the outbox worker
  --role api|worker|all   what this process runs (default all)
  --no-migrate            do not apply database migrations at start-up

${envVarsHelp()}`;
const MIGRATE_USAGE = `Usage: klaxon migrate

  apply database migrations`;
const BOOTSTRAP_USAGE = `Usage: klaxon admin bootstrap --org NAME --email EMAIL [--name "YOUR NAME"] [--password PW] [--json]

  create an organization, its owner and two API keys (shown once);
  --name is how timelines, chat messages and schedules show the owner (else by email)`;

const USER_USAGE = `Usage: klaxon admin user <create|reset-password|set-role> ...

  for an operator on the host, when a person cannot get into the dashboard:
  klaxon admin user create --org ORG_ID --email EMAIL [--role ROLE] [--name NAME] [--password PW] [--json]
      a person in an organization (role ${ROLES.join('|')}, default responder); an existing
      account is added to it; without --password one is generated and shown once
  klaxon admin user reset-password --email EMAIL [--password PW] [--json]
      a new password (generated and shown once without --password); every session of the person ends
  klaxon admin user set-role --org ORG_ID --email EMAIL --role ROLE [--json]
      a member's role (the last owner is not demoted)`;
const BACKUP_USAGE = `Usage: klaxon admin backup --to FILE

  copies the SQLite database named by DATABASE_URL into FILE, consistently, while Klaxon runs;
  on PostgreSQL use pg_dump. Keep KLAXON_SECRET_KEY (or <data dir>/secret.key) with the backups.`;
const RESTORE_USAGE = `Usage: klaxon admin restore --from FILE

  replaces the SQLite database named by DATABASE_URL with the backup FILE (the replaced file is
  kept beside it); every Klaxon process using the database must be stopped first. On PostgreSQL
  restore a pg_dump with pg_restore or psql.`;

const MAIL_SINK_USAGE = `Usage: klaxon dev mail-sink [--port 2526] [--host 127.0.0.1]

  an SMTP server that prints every message it receives and sends none on: point SMTP_URL at it
  (SMTP_URL=smtp://127.0.0.1:2526) to see Klaxon's mail (invitations, email pages) on one machine
  --port N       SMTP port (default 2526)
  --host ADDR    address to listen on (default 127.0.0.1; it is no relay: keep it on loopback)`;

const USAGE = `Usage: klaxon <command>

  serve [--role api|worker|all] [--no-migrate]   run Klaxon (HTTP API, ingest, SMTP, worker)
  migrate                                        apply database migrations
  admin bootstrap --org NAME --email EMAIL [--name NAME] [--password PW] [--json]
                                                 create an organization, its owner and two API keys
  admin user create|reset-password|set-role ...  a person's account and role, from the host
  admin backup --to FILE                         copy the live SQLite database (PostgreSQL: pg_dump)
  admin restore --from FILE                      put a backup in place, every server stopped
  --version                                      print Klaxon's version
  dev mail-sink [--port 2526]                    print the mail Klaxon sends (trying it out)
  config export|plan|apply [-f FILE] [--prune]   the organization as code (KLAXON_URL, KLAXON_API_KEY, KLAXON_ORG)

  klaxon <command> --help prints a command's usage.

${envVarsHelp()}`;

/** A command line that parseArgs refused: the message and the command's usage, exit 1. */
class UsageError extends Error {
  constructor(
    message: string,
    readonly usage: string,
  ) {
    super(message);
  }
}

const HELP = { help: { type: 'boolean', short: 'h', default: false } } as const;

/** Runs a command's parseArgs (strict: an unknown option or argument throws) as a UsageError. */
function parsing<T>(usage: string, parse: () => T): T {
  try {
    return parse();
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    if (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS_')) throw new UsageError((err as Error).message, usage);
    throw err;
  }
}

/** Prints a command's usage for --help (exit 0). */
function helped(values: { help?: unknown }, usage: string): boolean {
  if (values.help) console.log(usage);
  return values.help === true;
}

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    if (command === '--version' || command === '-v' || command === 'version') {
      console.log(PACKAGE_VERSION);
      return 0;
    }
    if (command === 'serve') return await serve(rest);
    if (command === 'admin' && rest[0] === 'user') return await adminUser(rest.slice(1));
    if (command === 'admin' && rest[0] === 'backup') return await backup(rest.slice(1));
    if (command === 'admin' && rest[0] === 'restore') return await restore(rest.slice(1));
    if (command === 'migrate') return await migrate(rest);
    if (command === 'admin' && rest[0] === 'bootstrap') return await bootstrap(rest.slice(1));
    if (command === 'dev' && rest[0] === 'mail-sink') return await mailSink(rest.slice(1));
    if (command === 'config') return await config(rest);
    if (command === 'dev' && (rest[0] === '--help' || rest[0] === '-h')) {
      console.log(MAIL_SINK_USAGE);
      return 0;
    }
    if (command === 'admin' && (rest[0] === '--help' || rest[0] === '-h')) {
      console.log(`${BOOTSTRAP_USAGE}\n\n${USER_USAGE}\n\n${BACKUP_USAGE}\n\n${RESTORE_USAGE}`);
      return 0;
    }
    if (command === undefined || command === 'help' || command === '--help' || command === '-h') {
      console.log(USAGE);
      return command === undefined ? 1 : 0;
    }
    console.error(`klaxon: unknown command "${argv.join(' ')}"\n\n${USAGE}`);
    return 1;
  } catch (err) {
    if (err instanceof UsageError) {
      console.error(`klaxon: ${err.message}\n\n${err.usage}`);
      return 1;
    }
    if (err instanceof ConfigError || err instanceof AppError) {
      console.error(`klaxon: ${err.message}`);
      return 1;
    }
    const e = err as { code?: string; address?: string; port?: number };
    if (e.code === 'EADDRINUSE' || e.code === 'EACCES') {
      console.error(`klaxon: cannot listen on ${e.address ?? ''}:${e.port ?? ''} (${e.code}); set PORT or SMTP_PORT to a free port`);
      return 1;
    }
    if (isStoreUnavailable(err)) {
      console.error(`klaxon: cannot use the database named by DATABASE_URL (${storeProblem(err)}); check DATABASE_URL and that its server is running and reachable`);
      return 1;
    }
    throw err;
  }
}

async function serve(args: string[]): Promise<number> {
  const { values } = parsing(SERVE_USAGE, () =>
    parseArgs({ args, options: { ...HELP, role: { type: 'string', default: 'all' }, 'no-migrate': { type: 'boolean', default: false } } }),
  );
  if (helped(values, SERVE_USAGE)) return 0;
  if (!['api', 'worker', 'all'].includes(values.role!)) throw new ConfigError(`--role must be api, worker or all, got "${values.role}"`);
  const config = loadConfig();
  // Listened for before start-up: the server answers /healthz before it has finished starting, and
  // a SIGTERM then (an orchestrator's quick stop) must still shut it down gracefully, not kill it.
  let requested: string | undefined;
  let exitCode = 0;
  let stop: ((signal: string) => void) | undefined;
  const onSignal = (signal: string) => (stop ? stop(signal) : (requested ??= signal));
  const onTerm = () => onSignal('SIGTERM');
  const onInt = () => onSignal('SIGINT');
  process.once('SIGTERM', onTerm);
  process.once('SIGINT', onInt);
  const { startServer } = await import('./server.ts');
  let server: Awaited<ReturnType<typeof startServer>>;
  try {
    server = await startServer(config, {
      role: values.role as Role,
      migrate: !values['no-migrate'],
      // Started during an outage, the store then answered but cannot be used (a failed migration,
      // another KLAXON_SECRET_KEY): stop as a start-up with it would have, with one line and exit 1.
      onFatal: (err) => {
        console.error(`klaxon: ${(err as Error)?.message ?? String(err)}`);
        exitCode = 1;
        onSignal('fatal');
      },
    });
  } catch (err) {
    // Start-up failed and closed what it had started: nothing is left to stop.
    process.off('SIGTERM', onTerm);
    process.off('SIGINT', onInt);
    throw err;
  }
  await new Promise<void>((resolve) => {
    let closing = false;
    stop = (signal: string) => {
      if (closing) return;
      closing = true;
      server.logger.info({ signal }, 'shutting down: finishing in-flight work');
      const force = setTimeout(() => process.exit(1), 30_000);
      force.unref();
      server.close().then(resolve, (err) => {
        server.logger.error({ err }, 'shutdown failed');
        resolve();
      });
    };
    if (requested) stop(requested);
  });
  return exitCode;
}

async function migrate(args: string[]): Promise<number> {
  const { values } = parsing(MIGRATE_USAGE, () => parseArgs({ args, options: HELP }));
  if (helped(values, MIGRATE_USAGE)) return 0;
  const config = loadConfig();
  const [{ connectDb }, { migrateToLatest }] = await Promise.all([import('./db/connect.ts'), import('./db/migrator.ts')]);
  const store = connectDb({ dialect: config.dialect, sqlitePath: config.sqlitePath, databaseUrl: config.databaseUrl });
  try {
    const applied = await migrateToLatest(store.db);
    console.log(applied.length ? `applied: ${applied.join(', ')}` : 'database is up to date');
    return 0;
  } finally {
    await store.close();
  }
}

async function bootstrap(args: string[]): Promise<number> {
  const { values } = parsing(BOOTSTRAP_USAGE, () =>
    parseArgs({ args, options: { ...HELP, org: { type: 'string' }, email: { type: 'string' }, name: { type: 'string' }, password: { type: 'string' }, json: { type: 'boolean', default: false } } }),
  );
  if (helped(values, BOOTSTRAP_USAGE)) return 0;
  if (!values.org || !values.email) {
    console.error(`klaxon admin bootstrap: --org NAME and --email EMAIL are required\n\n${BOOTSTRAP_USAGE}`);
    return 1;
  }
  const out = await bootstrapOrganization(loadConfig(), { orgName: values.org, email: values.email, name: values.name, password: values.password });
  if (values.json) console.log(JSON.stringify(out));
  else {
    console.log(`organization  ${out.org_id}\nowner         ${out.user_id}\napi_key       ${out.api_key}\ningest_key    ${out.ingest_key}\n\nThe keys are shown only now; store them safely.`);
  }
  return 0;
}

/**
 * What `klaxon admin bootstrap` does with its configuration: migrate, check the secret key, create
 * the organization, close. Exported for the process tests, which bootstrap the store a server
 * they start will use without paying a second process start (docs/adr/0776).
 */
export async function bootstrapOrganization(config: Config, input: { orgName: string; email: string; name?: string; password?: string }) {
  const { createContainer, migrateToLatest, verifySecretKey } = await serverModules();
  const container = createContainer({ config });
  try {
    await migrateToLatest(container.db);
    await verifySecretKey(container.db, container.box, container.clock.now().toISOString());
    return await container.services.orgs.bootstrap(input);
  } finally {
    await container.close();
  }
}

/** What bootstrap and admin user open a store with. */
async function serverModules() {
  const [{ createContainer }, { migrateToLatest }, { verifySecretKey }] = await Promise.all([import('./container.ts'), import('./db/migrator.ts'), import('./db/secret-key-check.ts')]);
  return { createContainer, migrateToLatest, verifySecretKey };
}

/** `klaxon admin user create|reset-password|set-role` (PRODUCT.md 15, docs/adr/0861). */
async function adminUser(args: string[]): Promise<number> {
  const [action, ...rest] = args;
  if (action === undefined || action === '--help' || action === '-h') {
    console.log(USER_USAGE);
    return action === undefined ? 1 : 0;
  }
  if (!['create', 'reset-password', 'set-role'].includes(action)) throw new UsageError(`unknown admin user command "${action}"`, USER_USAGE);
  const { values } = parsing(USER_USAGE, () =>
    parseArgs({
      args: rest,
      options: { ...HELP, org: { type: 'string' }, email: { type: 'string' }, role: { type: 'string' }, name: { type: 'string' }, password: { type: 'string' }, json: { type: 'boolean', default: false } },
    }),
  );
  if (helped(values, USER_USAGE)) return 0;
  const need = action === 'reset-password' ? ['email'] : action === 'set-role' ? ['org', 'email', 'role'] : ['org', 'email'];
  const missing = need.filter((k) => !values[k as keyof typeof values]);
  if (missing.length) throw new UsageError(`admin user ${action} needs ${missing.map((k) => `--${k}`).join(', ')}`, USER_USAGE);
  const config = loadConfig();
  const { createContainer, migrateToLatest, verifySecretKey } = await serverModules();
  const container = createContainer({ config });
  try {
    await migrateToLatest(container.db);
    await verifySecretKey(container.db, container.box, container.clock.now().toISOString());
    const { createOperatorAccounts } = await import('./modules/session/index.ts');
    const accounts = createOperatorAccounts({ db: container.db, clock: container.clock });
    let out: Record<string, unknown>;
    if (action === 'create') {
      out = await accounts.create({ orgId: values.org!, email: values.email!, name: values.name, role: values.role ?? 'responder', password: values.password });
    } else if (action === 'reset-password') {
      out = await accounts.resetPassword({ email: values.email!, password: values.password });
    } else {
      out = await accounts.setRole({ orgId: values.org!, email: values.email!, role: values.role! });
    }
    if (values.json) console.log(JSON.stringify(out));
    else {
      for (const [k, v] of Object.entries(out)) if (v !== null && v !== undefined) console.log(`${k.padEnd(16)}${String(v)}`);
      if (typeof out.password === 'string' && !values.password) console.log('\nThe password is shown only now; give it to the person safely.');
    }
    return 0;
  } finally {
    await container.close();
  }
}

/** `klaxon admin backup --to FILE` (docs/adr/0862). */
async function backup(args: string[]): Promise<number> {
  const { values } = parsing(BACKUP_USAGE, () => parseArgs({ args, options: { ...HELP, to: { type: 'string' } } }));
  if (helped(values, BACKUP_USAGE)) return 0;
  if (!values.to) throw new UsageError('admin backup needs --to FILE', BACKUP_USAGE);
  const config = loadConfig();
  if (config.dialect === 'postgres') {
    console.error('klaxon: the store is PostgreSQL: back it up with pg_dump, e.g. pg_dump --format=custom --file=klaxon.dump "$DATABASE_URL"');
    return 1;
  }
  const { backupSqlite } = await import('./db/backup.ts');
  const started = Date.now();
  const out = await backupSqlite(config.sqlitePath, values.to);
  console.log(`backed up ${config.sqlitePath} to ${out.path} (${out.pages} pages) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return 0;
}

/** `klaxon admin restore --from FILE` (docs/adr/0862). */
async function restore(args: string[]): Promise<number> {
  const { values } = parsing(RESTORE_USAGE, () => parseArgs({ args, options: { ...HELP, from: { type: 'string' } } }));
  if (helped(values, RESTORE_USAGE)) return 0;
  if (!values.from) throw new UsageError('admin restore needs --from FILE', RESTORE_USAGE);
  const config = loadConfig();
  if (config.dialect === 'postgres') {
    console.error('klaxon: the store is PostgreSQL: restore a pg_dump with pg_restore (or psql for a plain dump), every Klaxon process stopped, e.g. pg_restore --clean --dbname="$DATABASE_URL" klaxon.dump');
    return 1;
  }
  const { restoreSqlite } = await import('./db/backup.ts');
  const out = await restoreSqlite(values.from, config.sqlitePath, new Date());
  console.log(`restored ${values.from} into ${config.sqlitePath}${out.replaced ? `; the database it replaced is kept as ${out.replaced}` : ''}`);
  return 0;
}

/** `klaxon config export|plan|apply` (PRODUCT.md 14, docs/adr/0850): a client of a running server. */
async function config(args: string[]): Promise<number> {
  const { CONFIG_USAGE, runConfig } = await import('./modules/config/config.cli.ts');
  const { values, positionals } = parsing(CONFIG_USAGE, () =>
    parseArgs({ args, allowPositionals: true, options: { ...HELP, file: { type: 'string', short: 'f' }, prune: { type: 'boolean', default: false } } }),
  );
  if (helped(values, CONFIG_USAGE)) return 0;
  const [sub, ...extra] = positionals;
  if (!sub) throw new UsageError('config needs one of export, plan, apply', CONFIG_USAGE);
  const stray = ['export', 'plan', 'apply'].includes(sub) ? extra[0] : sub;
  if (stray !== undefined) throw new UsageError(`Unexpected argument '${stray}': config takes export, plan or apply`, CONFIG_USAGE);
  if (sub === 'export' && values.prune) throw new UsageError('--prune goes with plan or apply', CONFIG_USAGE);
  return runConfig(sub, { file: values.file, prune: values.prune! }, { out: (t) => console.log(t), err: (t) => console.error(t), env: process.env });
}

/** `klaxon dev mail-sink`: prints every message until SIGINT or SIGTERM (docs/adr/0735). */
async function mailSink(args: string[]): Promise<number> {
  const { values } = parsing(MAIL_SINK_USAGE, () =>
    parseArgs({ args, options: { ...HELP, port: { type: 'string', default: '2526' }, host: { type: 'string', default: '127.0.0.1' } } }),
  );
  if (helped(values, MAIL_SINK_USAGE)) return 0;
  const port = Number(values.port);
  if (!/^\d+$/.test(values.port!) || port > 65535) throw new UsageError(`--port must be a port number between 0 and 65535, got "${values.port}"`, MAIL_SINK_USAGE);
  const { startMailSink } = await import('./modules/mail/index.ts');
  const sink = await startMailSink({ host: values.host!, port, out: (text) => console.log(text) }).catch((err: { code?: string }) => {
    if (err.code === 'EADDRINUSE' || err.code === 'EACCES' || err.code === 'EADDRNOTAVAIL') throw new UsageError(`cannot listen on ${values.host}:${port} (${err.code}); choose another --port or --host`, MAIL_SINK_USAGE);
    throw err;
  });
  console.log(`mail sink listening on smtp://${sink.host}:${sink.port} (Ctrl-C stops it); start Klaxon with SMTP_URL=smtp://${sink.host}:${sink.port}`);
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await sink.close();
  return 0;
}
