import { type Kysely, sql } from 'kysely';
import type { SchemaSnapshot } from './schema.ts';

// Representative rows for every table, written through whichever version of the schema a
// database is at: a row keeps only the columns its table has then. Values differ from every
// column default, so a migration that rewrote or reset one would show. Rows are listed parents
// first (foreign keys are on); `outbox_events.id` is the store's, so its row has none.

const T0 = '2026-03-01T10:00:00.000Z';
const T1 = '2026-03-01T10:05:00.000Z';
const T2 = '2099-01-01T00:00:00.000Z';

/** Filled in once the outbox event has its id. */
const OUTBOX_ID = Symbol('outbox id');

type SeedValue = string | number | null | typeof OUTBOX_ID;

const SEED_ROWS: Array<[table: string, row: Record<string, SeedValue>]> = [
  ['organizations', {
    id: 'org_m1', name: 'Acme', time_zone: 'Europe/Paris', ingest_rate_per_minute: 600, created_at: T0, updated_at: T1,
    default_urgency_rules: '{"critical":"high","info":"high"}', retention_days: 90, voice_settings: '{"voice":"male"}',
    paging_throttles: '{"sms":[{"window_minutes":1,"max":2}]}', phone_countries: '["US","CA"]', person_rules: 0,
    sso_required: 1, sso_role_map: '{"ops":"responder"}',
  }],
  ['users', {
    id: 'usr_m1', email: 'ada@example.com', name: 'Ada', password_hash: 'scrypt$salt$hash', created_at: T0, updated_at: T1,
    totp_secret_sealed: 'sealed-totp', totp_pending_sealed: null, totp_enabled_at: T1, alert_sound: '{"name":"bell"}', email_verified_at: T1,
  }],
  ['memberships', { org_id: 'org_m1', user_id: 'usr_m1', role: 'owner', created_at: T0 }],
  ['api_keys', {
    id: 'key_m1', org_id: 'org_m1', user_id: 'usr_m1', kind: 'full_product', name: 'ci', secret_hash: 'h_key', secret_hint: 'kx_…abcd',
    service_ids: '["svc_m1"]', created_at: T0, last_used_at: T1, revoked_at: null,
  }],
  ['services', {
    id: 'svc_m1', org_id: 'org_m1', name: 'api', description: 'The public API', schedule_id: 'sch_m1', dedupe_mode: 'event_key_only', created_at: T0, updated_at: T1,
    ack_timeout_minutes: 30, auto_resolve_minutes: 1440,
  }],
  ['integrations', {
    id: 'int_m1', org_id: 'org_m1', type: 'webhook', name: 'hook', service_id: 'svc_m1', fallback_service_id: null,
    routing_rules: '[]', mapping: null, enabled: 0, created_at: T0, updated_at: T1,
  }],
  ['integrations', {
    id: 'int_m2', org_id: 'org_m1', type: 'alertmanager', name: 'prom', service_id: null, fallback_service_id: 'svc_m1',
    routing_rules: '[{"if":"team = \'db\'","service_id":"svc_m1"}]', mapping: '{"title":"$.labels.alertname"}', enabled: 1, created_at: T0, updated_at: T1,
  }],
  ['integration_credentials', {
    id: 'crd_m1', integration_id: 'int_m1', kind: 'url_token', secret_hash: 'h_crd', secret_sealed: 'sealed-crd', created_at: T0, expires_at: T2, revoked_at: null,
  }],
  ['alerts', {
    id: 'alr_m1', org_id: 'org_m1', service_id: 'svc_m1', title: 'CPU high', title_words: 'cpu high', body: '95 % on db-1', event_key: 'cpu', priority: 2, urgency: 'high',
    status: 'acknowledged', duplicate_count: 3, source: 'prometheus', details: '{"host":"db-1"}', level: 2, integration_id: 'int_m1',
    created_at: T0, updated_at: T1, last_signal_at: T1, acknowledged_at: T1, acknowledged_by: 'usr_m1', resolved_at: null, resolved_by: null, snoozed_until: null,
    maintenance_window_id: 'mnt_m1',
  }],
  // A resolved alert with the same event key: the open-dedupe index must not catch it.
  ['alerts', {
    id: 'alr_m2', org_id: 'org_m1', service_id: 'svc_m1', title: 'CPU high', title_words: 'cpu high', body: '', event_key: 'cpu', priority: 5, urgency: 'low',
    status: 'resolved', duplicate_count: 0, source: '', details: '{}', level: 1, integration_id: null,
    created_at: T0, updated_at: T1, last_signal_at: T0, acknowledged_at: null, acknowledged_by: null, resolved_at: T1, resolved_by: 'usr_m1', snoozed_until: null,
  }],
  ['outbox_events', {
    org_id: 'org_m1', type: 'alert.triggered', alert_id: 'alr_m1', payload: '{"alert_id":"alr_m1"}', created_at: T0, available_at: T1,
    attempts: 2, lease_owner: 'worker-1', lease_until: T1, processed_at: null, last_error: 'timeout',
  }],
  // A template no entry below names (entries of interned kinds written before 2026-11-28T010000
  // are converted by it; written after, these two stay inline: template_id null).
  ['alert_log_templates', {
    id: 4503599627370000, kind: 'resolved', actor_type: 'api_key', actor_id: 'key_m1', message: 'Resolved by API key ci', meta: '{"via":"api"}',
  }],
  ['alert_log', {
    id: 'log_m1', alert_id: 'alr_m1', kind: 'triggered', message: 'Triggered by hook', actor_type: 'integration', actor_id: 'int_m1',
    event_id: OUTBOX_ID, receipt_id: 'rcp_m1', meta: '{"dedup":false}', created_at: T0, template_id: null,
  }],
  ['alert_log', {
    id: 'log_m2', alert_id: 'alr_m1', kind: 'acknowledged', message: 'Acknowledged by Ada', actor_type: 'user', actor_id: 'usr_m1',
    event_id: null, receipt_id: null, meta: '{}', created_at: T1, template_id: null,
  }],
  // An unresolved alert's word (docs/adr/0781); PostgreSQL's insert trigger writes alr_m1's own
  // words, so the seed names another (as a file restored from elsewhere might hold).
  ['alert_list_words', { org_id: 'org_m1', word: 'db', status: 'acknowledged', priority: 2, alert_id: 'alr_m1' }],
  // Empty outside a SQLite ingest batch (migration 2026-11-29T040000); a mark above every alert
  // leaves the title search triggers as they are.
  ['alert_words_batch', { id: 1, after_rowid: 4503599627370496 }],
  ['receipts', {
    id: 'rcp_m1', org_id: 'org_m1', credential_id: 'crd_m1', idempotency_key: 'idem-1', status_code: 202, response: '{"status":"success"}', created_at: T0,
  }],
  ['audit_log', {
    id: 'aud_m1', org_id: 'org_m1', actor_type: 'user', actor_id: 'usr_m1', action: 'service.create', target_type: 'service', target_id: 'svc_m1',
    changes: '{"name":"api"}', ip: '203.0.113.7', request_id: 'req-1', created_at: T0,
  }],
  ['sessions', {
    id: 'ses_m1', user_id: 'usr_m1', kind: 'agent', org_id: 'org_m1', token_hash: 'h_ses', name: 'laptop', client: '{"ua":"klaxon-cli"}',
    ip: '203.0.113.7', created_at: T0, last_used_at: T1, expires_at: T2, revoked_at: null,
  }],
  ['device_grants', {
    id: 'dgr_m1', device_code_hash: 'h_dev', user_code: 'ABCD-EFGH', client_name: 'klaxon-cli', status: 'approved', user_id: 'usr_m1', org_id: 'org_m1',
    interval_seconds: 7, last_polled_at: T1, created_at: T0, expires_at: T2,
  }],
  ['recovery_codes', { id: 'rec_m1', user_id: 'usr_m1', code_hash: 'h_rec', created_at: T0, used_at: T1 }],
  ['email_changes', {
    id: 'emc_m1', user_id: 'usr_m1', new_email: 'ada@new.example', code_hash: 'h_emc', attempts: 1, created_at: T0, expires_at: T2, closed_at: null,
  }],
  ['agreement_consents', { id: 'agr_m1', user_id: 'usr_m1', kind: 'terms', version: '2026-01', ip: '203.0.113.7', created_at: T0 }],
  ['sign_in_failures', { id: 'sif_m1', email: 'eve@example.com', ip: '198.51.100.1', created_at: T0 }],
  ['throttle_events', { id: 'thr_m1', action: 'sign_up.address', subject: '198.51.100.1', created_at: T0 }],
  ['totp_last_steps', { user_id: 'usr_m1', step: 59_012_345, used_at: T1 }],
  ['session_reauthentications', { session_id: 'ses_m1', method: 'password', at: T1 }],
  ['api_key_parents', { key_id: 'key_m1', parent_key_id: 'key_m1' }],
  ['api_key_session_parents', { key_id: 'key_m1', session_id: 'ses_m1' }],
  ['password_resets', {
    id: 'pwr_m1', user_id: 'usr_m1', token_hash: 'h_pwr', token_sealed: null, mail_status: 'sent', ip: '203.0.113.7', created_at: T0, expires_at: T1, used_at: T1,
  }],
  ['invitations', {
    id: 'inv_m1', org_id: 'org_m1', email: 'bob@example.com', role: 'responder', token_hash: 'h_inv', token_sealed: null, mail_status: 'sent',
    invited_by: 'usr_m1', created_at: T0, expires_at: T2, accepted_at: null, accepted_by: null, revoked_at: null,
  }],
  ['devices', {
    id: 'dev_m1', user_id: 'usr_m1', platform: 'ios', name: 'iPhone', app_version: '1.2.3', critical_alerts_permitted: 1,
    push_token_sealed: 'sealed-push', push_token_hash: 'h_push', push_token_hint: '…wxyz', created_at: T0, updated_at: T1,
    disabled_at: T1, disabled_reason: 'APNs: Unregistered',
  }],
  ['device_registrations', { device_id: 'dev_m1', credential_id: 'ses_m1' }],
  ['phone_numbers', {
    id: 'phn_m1', org_id: 'org_m1', user_id: 'usr_m1', e164: '+33612345678', label: 'mobile', verified_at: T1,
    code_hash: 'h_code', code_expires_at: T1, code_attempts: 2, created_at: T0, updated_at: T1, disabled_reason: 'opted out (Twilio 21610)', disabled_at: T1,
  }],
  ['verification_sends', { id: 'vsn_m1', e164: '+33612345678', phone_number_id: 'phn_m1', sent_at: T0 }],
  ['org_billing', {
    org_id: 'org_m1', plan: 'team', status: 'active', period_start: T0, period_end: T2, stripe_customer_id: 'cus_1', stripe_subscription_id: 'sub_1',
    stripe_event_created: 1_790_000_000, updated_at: T1,
  }],
  ['usage_counters', { org_id: 'org_m1', period_start: T0, sms_used: 12, voice_minutes_used: 3 }],
  // What 2026-11-26T050100 counts from the two alerts above (both created in T0's hour).
  ['usage_hours', { org_id: 'org_m1', hour: '2026-03-01T10', shard: 0, alerts_created: 2 }],
  ['secret_key_checks', { name: 'KLAXON_SECRET_KEY', sealed: 'sealed-check', created_at: T0 }],
  ['schedules', {
    id: 'sch_m1', org_id: 'org_m1', name: 'Primary', description: 'Payments on-call', time_zone: 'America/New_York', repeat: 2, created_at: T0, updated_at: T1,
  }],
  ['schedule_levels', { schedule_id: 'sch_m1', level: 1, timeout_minutes: 15 }],
  ['schedule_layers', {
    id: 'lyr_m1', schedule_id: 'sch_m1', level: 1, ordinal: 0, name: 'Weekdays', precedence: 2, rotation_unit: 'week', rotation_length: 1,
    handoff_local: '2026-01-05T09:00', rotation_offset: 1, restrictions: '[{"days":["mon"],"start":"09:00","end":"18:00"}]',
    effective_from: T0, effective_until: T2, created_at: T0, updated_at: T1,
  }],
  ['layer_participants', { layer_id: 'lyr_m1', ordinal: 0, user_id: 'usr_m1' }],
  ['schedule_overrides', {
    id: 'ovr_m1', schedule_id: 'sch_m1', level: 1, layer_id: 'lyr_m1', kind: 'add', add_user_id: 'usr_m1', remove_user_id: null,
    start_at: T0, end_at: T1, note: 'cover', created_by: 'usr_m1', created_at: T0,
  }],
  ['level_channels', { schedule_id: 'sch_m1', level: 1, priority: 'critical', steps: '[{"channel":"voice","delay_seconds":0}]', updated_at: T1 }],
  ['service_routing', { service_id: 'svc_m1', updated_at: T1 }],
  ['service_routing_rules', {
    service_id: 'svc_m1', ordinal: 0, org_id: 'org_m1', name: 'Nights', priorities: '["critical"]', urgencies: '["high"]',
    time_window: '{"time_zone":"UTC","days":["mon"],"start":"18:00","end":"09:00"}', schedule_id: 'sch_m1',
  }],
  ['user_identities', { issuer: 'https://idp.example.com', subject: 'sub-1', user_id: 'usr_m1', email: 'ada@example.com', created_at: T0, last_sign_in_at: T1 }],
  ['oidc_sign_ins', { state_hash: 'h_state', nonce: 'nonce-1', code_verifier_sealed: 'sealed-verifier', next: '/alerts', created_at: T0, expires_at: T1 }],
  ['maintenance_windows', {
    id: 'mnt_m1', org_id: 'org_m1', name: 'deploys', service_ids: '["svc_m1"]', start_at: T0, end_at: T1, time_zone: 'Europe/Berlin', days: '["mon"]',
    start_local: '02:00', duration_minutes: 60, page_when_over: 0, ended_at: T1, created_at: T0, updated_at: T1,
  }],
  ['heartbeats', {
    id: 'hbt_m1', org_id: 'org_m1', service_id: 'svc_m1', name: 'backup', interval_seconds: 300, grace_seconds: 60, priority: 'high', enabled: 1,
    token_hash: 'h_hbt', state: 'up', last_ping_at: T0, deadline_at: T1, created_at: T0, updated_at: T1,
  }],
  ['calendar_feeds', { id: 'cal_m1', org_id: 'org_m1', user_id: 'usr_m1', name: 'Phone', token_hash: 'h_cal', created_at: T0, last_used_at: T1 }],
  ['webhook_destinations', {
    id: 'whk_m1', org_id: 'org_m1', name: 'ops', kind: 'slack', url_sealed: 'sealed-url', url_hint: 'https://hooks.slack.com/…9f2c', headers_sealed: 'sealed-headers',
    header_names: '["X-Team"]', secret_sealed: 'sealed-secret', previous_secret_sealed: 'sealed-old', previous_secret_until: T2, events: '["alert.triggered"]',
    service_ids: '["svc_m1"]', template: '{"version":1,"body":{"text":"{{ title }}"}}', enabled: 0, disabled_reason: '410 Gone', consecutive_failures: 3,
    circuit_opens: 1, circuit_open_until: T1, last_success_at: T0, last_failure_at: T1, created_at: T0, updated_at: T1, channel_id: 'C0SEED001',
  }],
  ['webhook_deliveries', {
    id: 'msg_m1', org_id: 'org_m1', destination_id: 'whk_m1', event_id: 7, event_kind: 'alert.triggered', alert_id: 'alr_m1', seq: 7,
    snapshot: '{"vars":{}}', body: '{"text":"CPU high"}', state: 'failed', attempts: 2, next_attempt_at: T1, lease_owner: 'worker-1', lease_until: T1,
    last_status: 503, last_error: 'HTTP 503', is_test: 1, created_at: T0, updated_at: T1, finished_at: T1,
  }],
  ['webhook_attempts', {
    id: 'wat_m1', delivery_id: 'msg_m1', attempted_at: T1, duration_ms: 12, request_headers: '{"webhook-id":"msg_m1"}', response_status: 503,
    response_head: 'busy', outcome: 'retry', error: 'timeout',
  }],
  ['slack_connections', {
    org_id: 'org_m1', team_id: 'T0SEED', team_name: 'Acme', bot_user_id: 'U0BOT', bot_token_sealed: 'sealed-token', bot_token_hint: 'xoxb-…abcd',
    signing_secret_sealed: 'sealed-signing', created_at: T0, updated_at: T1,
  }],
  ['slack_messages', {
    destination_id: 'whk_m1', alert_id: 'alr_m1', org_id: 'org_m1', channel_id: 'C0SEED001', ts: '1772359200.000100', state: 'posted', created_at: T0, updated_at: T1,
  }],
  ['alert_escalations', {
    alert_id: 'alr_m1', org_id: 'org_m1', schedule_id: 'sch_m1', schedule_chosen: 1, epoch: 2, cycle: 1, level: 2, level_started_at: T1,
    paged: 1, force_next: 1, exhausted: 1, next_at: T2, last_event_id: 7, updated_at: T1,
  }],
  ['notifications', {
    id: 'ntf_m1', org_id: 'org_m1', alert_id: 'alr_m1', user_id: 'usr_m1', kind: 'responder', epoch: 2, cycle: 1, level: 2, step_index: 1,
    channel: 'sms', destination_id: 'phn_m1', urgency: 'low', due_at: T1, status: 'failed', attempts: 2, claim_token: 'clm_1', claim_expires_at: T1,
    provider_message_id: 'SM1', detail: 'outcome unknown', idempotency_key: 'alr_m1|2|1|2|usr_m1|sms|1', created_at: T0, updated_at: T1,
  }],
  ['page_actions', {
    id: 'pga_m1', token_hash: 'h_pga', org_id: 'org_m1', alert_id: 'alr_m1', notification_id: 'ntf_m1', user_id: 'usr_m1', channel: 'email',
    expires_at: T2, used_at: T1, created_at: T0,
  }],
  ['sms_reply_codes', {
    id: 'src_m1', org_id: 'org_m1', user_id: 'usr_m1', code: '4821', alert_ids: '["alr_m1"]', notification_id: 'ntf_m1', expires_at: T2, created_at: T0,
  }],
  ['delivery_sends', { id: 'dsn_m1', org_id: 'org_m1', user_id: 'usr_m1', channel: 'voice', sent_at: T1 }],
  ['twilio_callbacks', { key: 'sms:SM0000000000000000000000000000m1', created_at: T0 }],
  ['notification_rules', {
    user_id: 'usr_m1', high: '[{"channel":"push","delay_seconds":0}]', low: '[{"channel":"email","delay_seconds":30}]',
    quiet_hours: '{"time_zone":"Europe/Paris","days":["mon"],"start":"22:00","end":"07:00"}', handoff_notice_minutes: 15, updated_at: T1,
  }],
  ['handoff_notices', {
    id: 'hdn_m1', org_id: 'org_m1', user_id: 'usr_m1', schedule_id: 'sch_m1', level: 2, shift_start: T2, shift_end: T2, status: 'sent', channel: 'email',
    attempts: 1, claim_expires_at: T1, detail: 'sent', created_at: T0, updated_at: T1,
  }],
  ['telegram_links', {
    id: 'tgl_m1', user_id: 'usr_m1', chat_id: '7001', username: 'ada_tg', code_hash: 'h_tgl', code_expires_at: T2, linked_at: T1,
    disabled_at: T1, disabled_reason: 'Telegram refused the message: Forbidden: bot was blocked by the user', created_at: T0, updated_at: T1,
  }],
  ['telegram_updates', { update_id: '500001', created_at: T0 }],
];

/**
 * Columns that name a row of another table without a foreign key. A migration may clear such a
 * reference when the row it names is not there (2026-11-25T203000 clears a services.schedule_id
 * that names no schedule), so the value expected back is null whenever the named table's seed
 * rows are absent: not yet created when the row was written, or dropped by a down.
 */
export const SOFT_REFERENCES: Array<{ table: string; column: string; references: string }> = [{ table: 'services', column: 'schedule_id', references: 'schedules' }];

/** Tables a seed row exists for: the seed must keep up with the schema (see the migration test). */
export const SEEDED_TABLES = [...new Set(SEED_ROWS.map(([table]) => table))];

/** One written row: its table, its primary key, and the columns written with their values. */
export interface SeededRow {
  table: string;
  key: Record<string, unknown>;
  row: Record<string, unknown>;
}

/** Writes the seed rows into every table the database has now, with the columns it has now. */
export async function seedRows(db: Kysely<any>, schema: SchemaSnapshot): Promise<SeededRow[]> {
  const seeded: SeededRow[] = [];
  let outboxId: number | undefined;
  for (const [table, full] of SEED_ROWS) {
    const columns = schema.tables[table];
    if (!columns) continue;
    const row: Record<string, unknown> = {};
    for (const c of columns) {
      if (!(c.name in full)) continue;
      const v = full[c.name];
      if (v === OUTBOX_ID) {
        if (outboxId === undefined) throw new Error('seed: alert_log refers to the outbox event before it is written');
        row[c.name] = outboxId;
      } else row[c.name] = v;
    }
    const keyColumns = columns.filter((c) => c.primaryKey > 0).sort((a, b) => a.primaryKey - b.primaryKey).map((c) => c.name);
    if (table === 'outbox_events') {
      const { id } = await db.insertInto(table).values(row).returning('id').executeTakeFirstOrThrow();
      outboxId = Number(id);
      row.id = outboxId;
    } else {
      await db.insertInto(table).values(row).execute();
    }
    seeded.push({ table, key: Object.fromEntries(keyColumns.map((k) => [k, row[k]])), row });
  }
  return seeded;
}

/**
 * Timeline entries as they read (docs/adr/0550-timeline-storage.md): once alert_log_templates
 * exists, an entry's actor, message and meta may be kept in its template, and which one is the
 * store's choice (a migration converts old entries): the entry is compared as it reads, and
 * template_id, that choice, is not.
 */
async function readsAsEntries(db: Kysely<any>): Promise<boolean> {
  return (await db.introspection.getTables()).some((t) => t.name === 'alert_log_templates');
}
const entryColumns = (q: any) =>
  q.select([
    'l.id', 'l.alert_id', 'l.kind', 'l.event_id', 'l.receipt_id', 'l.created_at',
    sql`coalesce(l.message, t.message)`.as('message'), sql`coalesce(l.actor_type, t.actor_type)`.as('actor_type'),
    sql`coalesce(l.actor_id, t.actor_id)`.as('actor_id'), sql`coalesce(l.meta, t.meta)`.as('meta'),
  ]);

/** Reads each seeded row back by its key, keeping the columns that were written (null when the row is gone). */
export async function readSeededRows(db: Kysely<any>, seeded: SeededRow[]): Promise<Array<{ table: string; key: Record<string, unknown>; row: Record<string, unknown> | null }>> {
  const out = [];
  const asEntries = await readsAsEntries(db);
  for (const s of seeded) {
    if (s.table === 'alert_log' && asEntries) {
      let q = entryColumns(db.selectFrom('alert_log as l').leftJoin('alert_log_templates as t', 't.id', 'l.template_id'));
      for (const [k, v] of Object.entries(s.key)) q = q.where(`l.${k}`, '=', v);
      const found = (await q.execute()) as Array<Record<string, unknown>>;
      const r = found[0];
      out.push({ table: s.table, key: s.key, row: r ? Object.fromEntries(Object.keys(s.row).map((c) => [c, c === 'template_id' ? s.row[c] : r[c]])) : null });
      continue;
    }
    let q = db.selectFrom(s.table).selectAll();
    for (const [k, v] of Object.entries(s.key)) q = q.where(k, '=', v);
    const found = (await q.execute()) as Array<Record<string, unknown>>;
    if (found.length > 1) throw new Error(`${s.table} ${JSON.stringify(s.key)}: ${found.length} rows`);
    const r = found[0];
    out.push({ table: s.table, key: s.key, row: r ? Object.fromEntries(Object.keys(s.row).map((c) => [c, r[c]])) : null });
  }
  return out;
}
