/**
 * Every environment variable Klaxon reads, once (docs/adr/0737). From this one list come the
 * README's configuration table (test/integration/cli/env-vars.test.ts checks it, and rewrites it
 * with UPDATE_README=1), the environment section of `klaxon --help` and `klaxon serve --help`, and
 * the names src/config.ts may read: reading a name not listed here throws. Adding a variable is one
 * row here (names, default, meaning, in the README's Markdown), its parsing in src/config.ts, and
 * `UPDATE_README=1 npx vitest run test/integration/cli/env-vars.test.ts`.
 */
export interface EnvVarRow {
  /** The variables this row documents (several when they only make sense together). */
  names: readonly string[];
  /** The default, as the README says it (Markdown). */
  default: string;
  /** What it does (Markdown). */
  meaning: string;
}

export const ENV_VARS: readonly EnvVarRow[] = [
  { names: ['PORT'], default: '`8080`', meaning: 'HTTP port' },
  { names: ['HOST'], default: '`0.0.0.0`', meaning: 'HTTP address' },
  { names: ['DATABASE_URL'], default: '`sqlite:./data/klaxon.db`', meaning: 'a `postgres://` URL selects PostgreSQL (several `klaxon serve` processes may share it)' },
  { names: ['KLAXON_PUBLIC_URL'], default: '`http://localhost:$PORT`', meaning: 'base of ingest URLs' },
  { names: ['KLAXON_SECRET_KEY'], default: 'generated into the data folder', meaning: '32 bytes (hex or base64) that encrypt revealable secrets' },
  { names: ['SMTP_PORT'], default: '`2525`', meaning: 'email ingest listener' },
  { names: ['KLAXON_EMAIL_DOMAIN'], default: '`ingest.localhost`', meaning: 'domain of source email addresses' },
  { names: ['LOG_LEVEL'], default: '`info`', meaning: 'pino level' },
  { names: ['KLAXON_SIGNUP'], default: '`invite`', meaning: 'who may create an account: `open` (anyone, with an organization of their own), `invite` (only people holding an invitation link; the first organization comes from `klaxon admin bootstrap`), `closed` (nobody: accounts come from the operator)' },
  { names: ['KLAXON_TRUSTED_PROXIES'], default: 'unset', meaning: 'comma-separated IPs or CIDR ranges (or `loopback`, `linklocal`, `uniquelocal`) of your reverse proxies: only their `X-Forwarded-For` names the client address (sign-in throttling, audit log); unset, the connection\'s address is the client\'s' },
  { names: ['KLAXON_DATA_DIR'], default: 'the SQLite file\'s folder, or `./data`', meaning: 'local state (files 0600): SQLite file, ingest spool, generated secret key, the outage credential snapshot that lets a restart during a database outage keep signals' },
  { names: ['SMTP_URL'], default: 'unset', meaning: 'outgoing mail relay, `smtp://[user:password@]host:port` or `smtps://…` (invitations, email verification, email pages, and the email fallback of a person no other step reaches); unset: reported as not configured' },
  { names: ['MAIL_FROM'], default: '`Klaxon <no-reply@KLAXON_EMAIL_DOMAIN>`', meaning: 'sender of outgoing mail: an address (`klaxon@example.com`) or a name and an address (`Klaxon <klaxon@example.com>`; quote it in a shell); its domain also ends the Message-ID of email pages' },
  { names: ['TWILIO_BASE_URL', 'TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'], default: 'unset', meaning: 'Twilio-compatible SMS and voice: phone verification, SMS and voice pages, test pages. Point the number\'s incoming-message webhook at `KLAXON_PUBLIC_URL/v1/providers/twilio/sms` (replies with a page\'s code acknowledge or escalate); every callback is checked with `X-Twilio-Signature` against `KLAXON_PUBLIC_URL`, so it must be the URL Twilio calls (docs/adr/0445)' },
  { names: ['TELEGRAM_BOT_TOKEN', 'TELEGRAM_API_URL', 'TELEGRAM_WEBHOOK_SECRET'], default: 'unset; `https://api.telegram.org`; derived from `KLAXON_SECRET_KEY` and the token', meaning: 'Telegram as a person\'s paging channel (docs/telegram.md): the bot\'s token from BotFather, the Bot API\'s base URL, and the secret Telegram sends in `X-Telegram-Bot-Api-Secret-Token` to `KLAXON_PUBLIC_URL/v1/providers/telegram` (`klaxon serve` registers the webhook with `setWebhook`; docs/adr/0835)' },
  { names: ['APNS_KEY_ID', 'APNS_TEAM_ID', 'APNS_KEY', 'APNS_TOPIC', 'APNS_BASE_URL'], default: 'unset; `https://api.push.apple.com`', meaning: 'iOS push (token auth): `APNS_KEY` is the `.p8` PEM text or a path to it; all four or none (docs/adr/0440)' },
  { names: ['FCM_SERVICE_ACCOUNT', 'FCM_BASE_URL', 'FCM_TOKEN_URL'], default: 'unset; `https://fcm.googleapis.com`; the account\'s `token_uri`', meaning: 'Android push (FCM HTTP v1): the service account JSON text or a path to it' },
  { names: ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY', 'VAPID_SUBJECT'], default: 'generated into the data folder (`vapid.json`); `mailto:klaxon@KLAXON_EMAIL_DOMAIN`', meaning: 'browser push (Web Push); subscription endpoints follow `KLAXON_WEBHOOK_ALLOW_PRIVATE`' },
  { names: ['KLAXON_OIDC_ISSUER', 'KLAXON_OIDC_CLIENT_ID', 'KLAXON_OIDC_CLIENT_SECRET', 'KLAXON_OIDC_NAME'], default: 'unset', meaning: 'single sign-on with OpenID Connect: the issuer URL (discovery and keys are read from it), the client registered there (its redirect URI is `KLAXON_PUBLIC_URL/v1/auth/oidc/callback`), and the name on the dashboard\'s "Sign in with …" button; all four or none (docs/sso.md)' },
  { names: ['KLAXON_OIDC_SCOPES', 'KLAXON_OIDC_GROUPS_CLAIM'], default: '`openid email profile`; `groups`', meaning: 'the scopes asked for at sign-in, and the claim whose groups an organization\'s `sso_role_map` reads' },
  { names: ['KLAXON_OIDC_ALLOW_HTTP'], default: '`false`', meaning: '`true` allows an `http://` issuer on a loopback address (tests and local development only); any other issuer must be `https://`' },
  { names: ['BILLING_PROVIDER'], default: '`none`', meaning: '`none` (self-hosted: plan changes apply at once) or `stripe` (then set the `STRIPE_` variables)' },
  { names: ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_TEAM', 'STRIPE_PRICE_BUSINESS', 'STRIPE_API_BASE'], default: 'unset; `https://api.stripe.com`', meaning: 'with `BILLING_PROVIDER=stripe`: the API key, the webhook endpoint\'s signing secret (`whsec_…`), the Team and Business plans\' price ids, and the API\'s base URL' },
  { names: ['KLAXON_SHED_EVENT_LOOP_DELAY_MS', 'KLAXON_SHED_QUEUE_DEPTH'], default: '`250`, `20000`', meaning: 'load shedding: ingest answers 503 + `Retry-After` past these' },
  { names: ['KLAXON_SPOOL_MAX_UNITS'], default: '`1000000`', meaning: 'bound of the local ingest spool (past it: 503)' },
  { names: ['KLAXON_OUTBOX_LEASE_MS'], default: '`30000`', meaning: 'how long a worker\'s claim on an event lasts before another process may take it' },
  { names: ['KLAXON_WEBHOOK_ALLOW_PRIVATE'], default: '`false`', meaning: '`true` lets outbound webhooks and Web Push reach private, loopback, link-local and documentation addresses, `localhost` and this host\'s own addresses (docs/adr/0462, 0716); never this Klaxon\'s own public URL (docs/adr/0715)' },
  { names: ['KLAXON_WEBHOOK_TIMEOUT_MS'], default: '`10000`', meaning: 'the whole time of one webhook attempt' },
  { names: ['KLAXON_WEBHOOK_DNS_SERVER'], default: 'the system resolver', meaning: 'resolve webhook hosts through this DNS server (IP, optional `:port`)' },
  { names: ['KLAXON_HTTP_IDLE_TIMEOUT_MS'], default: '`10000`', meaning: 'a new HTTP connection must send its request headers within this, else `408` and closed (docs/operations.md)' },
  { names: ['KLAXON_HTTP_KEEP_ALIVE_TIMEOUT_MS'], default: '`5000`', meaning: 'an idle keep-alive connection closes after this; behind a load balancer, set it above the balancer\'s idle timeout' },
  { names: ['KLAXON_HTTP_MAX_CONNECTIONS'], default: '`4000`', meaning: 'HTTP connections at once; past it new ones are closed. Keep `ulimit -n` at least this plus 1,000' },
  { names: ['KLAXON_STREAMS_PER_SESSION', 'KLAXON_STREAMS_PER_ORG', 'KLAXON_STREAMS_PER_PROCESS'], default: '`5`, `100`, `500`', meaning: 'open live event streams (`GET /api/events/stream`) per credential, per organization and per process; past one: `429` + `Retry-After`' },
  { names: ['KLAXON_EMAIL_BUNDLE_FROM'], default: '`5`', meaning: 'from how many alerts one person\'s email pages that fall due together go as one mail (PRODUCT.md 7.4); a large number sends one mail per page' },
  { names: ['SLACK_API_URL'], default: '`https://slack.com/api`', meaning: 'the Slack Web API the organizations\' Slack apps are called at (`/api/chat/slack`, `slack_app` destinations, docs/chat.md); tests point it at a fake' },
  { names: ['KLAXON_PAGE_CLAIM_MS'], default: '`30000`', meaning: 'how long the paging dispatcher holds a page while sending; past it the outcome is unknown: push and email are sent again once (same Message-ID and collapse id), SMS and voice are not' },
  { names: ['KLAXON_SELF_HEARTBEAT_URL'], default: 'unset', meaning: 'Klaxon watching itself: a URL of another system (a heartbeat of a second Klaxon, a dead-man\'s-switch service) that the worker GETs each minute while the paging engine\'s last cycle and the time checks\' last run succeeded and the outbox backlog is under its bound; when the pings stop, that system raises the alarm (docs/deploy.md)' },
];

/**
 * Read by src/config.ts but not for operators: process tests move the clock through the first
 * (docs/adr/0422) and make start-up busy with the second (load shedding starts when ready).
 */
export const TEST_ONLY_ENV_VARS: readonly string[] = ['KLAXON_TEST_CLOCK_FILE', 'KLAXON_TEST_STARTUP_BUSY_MS'];

/** Every name src/config.ts may read. */
export const ENV_VAR_NAMES: ReadonlySet<string> = new Set([...ENV_VARS.flatMap((r) => r.names), ...TEST_ONLY_ENV_VARS]);

/** The README's configuration table (Markdown), row for row. */
export function envVarsMarkdown(): string {
  const cell = (s: string) => s.replaceAll('|', '\\|');
  return [
    '| variable | default | meaning |',
    '|---|---|---|',
    ...ENV_VARS.map((r) => `| ${r.names.map((n) => `\`${n}\``).join(', ')} | ${cell(r.default)} | ${cell(r.meaning)} |`),
  ].join('\n');
}

/** The environment section of `klaxon --help` and `klaxon serve --help`: each row, wrapped for a terminal. */
export function envVarsHelp(width = 100): string {
  const plain = (s: string) => s.replaceAll('`', '');
  const wrap = (text: string, indent: string) => {
    const lines: string[] = [];
    let line = '';
    for (const word of text.split(/\s+/)) {
      if (line && indent.length + line.length + 1 + word.length > width) {
        lines.push(indent + line);
        line = word;
      } else line = line ? `${line} ${word}` : word;
    }
    if (line) lines.push(indent + line);
    return lines.join('\n');
  };
  const rows = ENV_VARS.map((r) => `${wrap(`${r.names.join(', ')} (default: ${plain(r.default)})`, '  ')}\n${wrap(plain(r.meaning), '      ')}`);
  return `Environment (also read from .env in the working folder; a bad value stops start-up with a message naming it):\n${rows.join('\n')}`;
}
