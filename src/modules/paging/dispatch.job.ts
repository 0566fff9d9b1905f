import type { Kysely } from 'kysely';
import { pagingLog } from './log.ts';
import type { Database } from '../../db/database.ts';
import type { Dialect } from '../../db/connect.ts';
import { newId } from '../../lib/ids.ts';
import type { SecretBox } from '../../lib/secrets.ts';
import { type AlertStatus, priorityFromRank } from '../alert/index.ts';
import { fateOfSend } from './escalation.ts';
import { decidePage, notSentEntry } from './decide.ts';
import { OWN_STEP_BASE } from './rules.ts';
import * as repo from './notification.repository.ts';
import type { NotificationRow } from './notification.table.ts';
import type { DeliveryProvider, OutboundMessage } from './delivery.port.ts';
import type { PhoneDelivery, PhoneFate, Prepared } from './delivery.service.ts';
import type { PagingJob } from './engine.ts';
import { type DeviceDisable, type TelegramDisable, deviceDisableOf, disableDevices, disableTelegramLinks, telegramDisableOf } from './destination-health.ts';

/** High urgency first, then the oldest due, then by id (the dispatcher's order, docs/adr/0761). */
export const urgentFirst = (a: Pick<NotificationRow, 'urgency' | 'due_at' | 'id'>, b: Pick<NotificationRow, 'urgency' | 'due_at' | 'id'>): number =>
  (a.urgency === b.urgency ? 0 : a.urgency === 'high' ? -1 : 1) || a.due_at.localeCompare(b.due_at) || a.id.localeCompare(b.id);

/** From this many alerts of one urgency to one person in a round, their email pages go as one message. */
export const EMAIL_BUNDLE_FROM = 5;

/**
 * Email pages of one batch to one person, grouped by urgency: from EMAIL_BUNDLE_FROM alerts on, the
 * first (oldest) of a group is sent naming how many alerts wait, the others go inside it
 * (PRODUCT.md 7.4: several pending alerts to one person and channel go as one message). Fewer go
 * one mail each, each with its own acknowledge link: a storm is a few mails, a busy minute is not
 * a digest.
 */
export function bundleEmail(rows: readonly NotificationRow[], from = EMAIL_BUNDLE_FROM): Map<string, Prepared> {
  const out = new Map<string, Prepared>();
  const groups = new Map<string, NotificationRow[]>();
  for (const r of rows) {
    const k = `${r.org_id}|${r.user_id}|${r.urgency}`;
    groups.set(k, [...(groups.get(k) ?? []), r]);
  }
  for (const group of groups.values()) {
    const alertIds = [...new Set(group.map((r) => r.alert_id))];
    if (alertIds.length < from) continue;
    group.sort(urgentFirst);
    const lead = group[0]!;
    out.set(lead.id, { kind: 'send', alertIds, bundleCount: alertIds.length });
    for (const r of group.slice(1)) out.set(r.id, { kind: 'bundled', into: lead.id });
  }
  return out;
}

/** The dispatcher: one job for tick() and drain(), and its two lanes by urgency for the background (docs/adr/0876). */
export interface DispatchJob extends PagingJob {
  lanes: { high: PagingJob; low: PagingJob };
}

/** The maintenance window a service is in now, and until when (maintenance module windowsNow). */
export interface MaintenanceNow { windowId: string; name: string; until: string }

/** How long a claim holds: past it, the claim recovery job decides what the page's unknown outcome means. */
export const CLAIM_MS = 30_000;
const SEND_DEADLINE_MS = 10_000;

/**
 * The dispatcher (PRODUCT.md 7.3–7.4): claims due pages under a lease, checks the alert still wants
 * them, and hands each to its channel's provider; records what became of it in the page's row and
 * the alert's timeline. After downtime, the older of two due steps of one person and channel is
 * superseded first. Providers are looked up by channel, so a new one plugs in without change here.
 */
export function createDispatchJob(deps: {
  db: Kysely<Database>;
  dialect: Dialect;
  providers: readonly DeliveryProvider[];
  box: SecretBox;
  publicUrl: string;
  batch?: number;
  concurrency?: number;
  /** How long a claim holds (config KLAXON_PAGE_CLAIM_MS). */
  claimMs?: number;
  /** From how many alerts one person's email pages of a round go as one mail (KLAXON_EMAIL_BUNDLE_FROM). */
  emailBundleFrom?: number;
  /** Issues a push or email page's single-use acknowledge token (docs/adr/0441). */
  actions?: { issue(page: { id: string; org_id: string; alert_id: string; user_id: string; channel: 'push' | 'email' }): Promise<{ token: string; url: string }> };
  /** SMS and voice: throttles, bundles, reply codes, usage and numbers turned off (issue 22). */
  phone?: Pick<PhoneDelivery, 'prepare' | 'recordTx'>;
  /** Told of each page's fate once written (`klaxon_pages_total{channel,status}`, src/http/metrics.ts). */
  onFate?: (channel: NotificationRow['channel'], status: NotificationRow['status']) => void;
  /** The maintenance window each service is in now (issue 36): no page of theirs leaves (decidePage). Absent: none. */
  maintenance?: (services: { orgId: string; serviceId: string }[], now: Date) => Promise<Map<string, MaintenanceNow>>;
  /** Pages a round of the high-urgency lane claims at most (docs/adr/0876). */
  urgentBatch?: number;
}): DispatchJob {
  const { db, dialect } = deps;
  const batch = deps.batch ?? 500;
  const concurrency = deps.concurrency ?? 16;
  const providerOf = (channel: NotificationRow['channel']) => deps.providers.find((p) => p.channels.includes(channel));

  interface Fate {
    row: NotificationRow;
    set: Parameters<typeof repo.finishClaimed>[3];
    kind: string;
    message: string;
    meta: Record<string, unknown>;
    phone?: PhoneFate;
  }
  /** The batch's reads, made once: alerts, people and their destinations. */
  interface BatchContext {
    now: Date;
    alerts: Map<string, { status: AlertStatus; title: string; body: string; priority: number; urgency: 'high' | 'low'; service_name: string; maintenance_window_id?: string | null; maintenance: MaintenanceNow | null }>;
    /** Where each alert's escalation is now (decidePage: a page of a level it has left is not sent). */
    escalations: Map<string, { epoch: number; cycle: number; level: number; levelStartedAt: string | null; nextAt: string | null }>;
    people: Map<string, { name: string; email: string }>;
    phones: Map<string, { id: string; e164: string; org_id: string }[]>;
    devices: Map<string, { id: string; platform: string; push_token_sealed: string; critical_alerts_permitted: number }[]>;
    /** Linked, working Telegram chats (PRODUCT.md 12): one per person. */
    telegram: Map<string, { id: string; chat_id: string | null }[]>;
    fates: Fate[];
    /** Devices a push service said are gone, with the page that found out. */
    disables: (DeviceDisable & { row: NotificationRow })[];
    /** Telegram chats Telegram refused for good (403: the bot was blocked), with the page that found out. */
    telegramDisables: (TelegramDisable & { row: NotificationRow })[];
    /** What the phone side decided for the batch's SMS and voice pages (throttled, bundled, reply code). */
    prepared: Map<string, Prepared>;
  }

  /** Notes a page's fate; the batch's fates and timeline entries are written together, fenced by the claims. */
  function finish(ctx: BatchContext, row: NotificationRow, set: Fate['set'], kind: string, message: string, meta: Record<string, unknown> = {}, phone?: PhoneFate) {
    ctx.fates.push({ row, set, kind, message, meta, ...(phone ? { phone } : {}) });
  }

  async function flush(ctx: BatchContext) {
    if (!ctx.fates.length && !ctx.disables.length && !ctx.telegramDisables.length) return;
    const nowIso = ctx.now.toISOString();
    const written: Fate[] = [];
    await db.transaction().execute(async (trx) => {
      const logs = [];
      written.length = 0;
      // Set-based (a storm's bundle is hundreds of pages with one fate): the fences are
      // finishClaimed's, and each page is written once (docs/adr/0876).
      const won = await repo.finishClaimedMany(trx, ctx.fates.map((f) => ({ id: f.row.id, token: f.row.claim_token!, set: f.set })), nowIso);
      for (const f of ctx.fates) {
        if (!won.delete(f.row.id)) continue;
        written.push(f);
        logs.push(logOf(f.row, f.kind, f.message, ctx.now, f.meta));
        if (f.phone && deps.phone) logs.push(...(await deps.phone.recordTx(trx, f.phone, ctx.now)));
      }
      for (const d of await disableDevices(trx, ctx.disables, nowIso)) {
        const row = ctx.disables.find((x) => x.deviceId === d.deviceId)!.row;
        logs.push(logOf(row, 'device_disabled', `${ctx.people.get(row.user_id)?.name ?? 'A person'}'s ${d.message}`, ctx.now, { device_id: d.deviceId }));
      }
      for (const d of await disableTelegramLinks(trx, ctx.telegramDisables, nowIso)) {
        const row = ctx.telegramDisables.find((x) => x.linkId === d.linkId)!.row;
        logs.push(logOf(row, 'destination_disabled', `${ctx.people.get(row.user_id)?.name ?? 'A person'}'s ${d.message}`, ctx.now, { telegram_link_id: d.linkId }));
      }
      ctx.telegramDisables = [];
      await repo.insertLogs(trx, logs);
    });
    // Counted after commit: a rolled-back batch counts nothing.
    if (deps.onFate) for (const f of written) deps.onFate(f.row.channel, f.set.status);
  }

  const logOf = (row: NotificationRow, kind: string, message: string, now: Date, meta: Record<string, unknown>) =>
    pagingLog(row.alert_id, kind, message, { notification_id: row.id, channel: row.channel, user_id: row.user_id, level: row.level, ...meta }, now.toISOString());

  /**
   * After downtime, the older of two due steps of one person and channel is superseded, each with
   * its own timeline entry naming the person and the channel, in one transaction.
   */
  async function supersede(now: Date) {
    const nowIso = now.toISOString();
    await db.transaction().execute(async (trx) => {
      const rows = await repo.supersedeOverdue(trx, nowIso);
      if (!rows.length) return;
      const names = await repo.peopleNames(trx, rows.map((r) => r.user_id));
      await repo.insertLogs(
        trx,
        rows.map((r) => pagingLog(r.alert_id, 'page_superseded', `${r.channel} page to ${names.get(r.user_id)?.name ?? 'a removed person'} superseded by a newer step after downtime`, {
          notification_id: r.id, channel: r.channel, user_id: r.user_id, level: r.level, step_index: r.step_index,
        }, nowIso)),
      );
    });
  }

  /**
   * Where a page goes: the person's email, verified phone numbers, or devices; a step of the
   * person's own rules that names one contact (`destination_id`, PRODUCT.md 10) goes there only,
   * and one that names none goes to every working device, the first verified number (the oldest)
   * and the sign-in email. A level's step (7.2) goes to each verified number.
   */
  function destinations(ctx: BatchContext, row: NotificationRow, email: string): OutboundMessage['to'][] {
    const all = everyDestination(ctx, row, email);
    if (row.channel === 'chat' || row.channel === 'email' || row.channel === 'telegram') return all;
    if (row.destination_id) return all.filter((d) => 'destinationId' in d && d.destinationId === row.destination_id);
    const ownRule = row.step_index >= OWN_STEP_BASE;
    return ownRule && (row.channel === 'sms' || row.channel === 'voice') ? all.slice(0, 1) : all;
  }

  function everyDestination(ctx: BatchContext, row: NotificationRow, email: string): OutboundMessage['to'][] {
    switch (row.channel) {
      case 'email':
        return [{ kind: 'email', address: email }];
      case 'sms':
      case 'voice':
        return (ctx.phones.get(row.user_id) ?? []).filter((p) => p.org_id === row.org_id).map((p) => ({ kind: 'phone' as const, address: p.e164, destinationId: p.id }));
      case 'push':
        return (ctx.devices.get(row.user_id) ?? []).map((d) => ({
          kind: d.platform === 'ios' ? ('apns' as const) : d.platform === 'android' ? ('fcm' as const) : ('webpush' as const),
          address: deps.box.open(d.push_token_sealed), destinationId: d.id, criticalAllowed: d.critical_alerts_permitted === 1,
        }));
      case 'chat':
        return row.destination_id ? [{ kind: 'chat', address: row.destination_id, destinationId: row.destination_id }] : [];
      case 'telegram':
        return (ctx.telegram.get(row.user_id) ?? []).filter((t) => t.chat_id).map((t) => ({ kind: 'telegram' as const, address: t.chat_id!, destinationId: t.id }));
    }
  }

  /**
   * The pages of one chat post: the rows of the same alert, escalation epoch, cycle, level, step
   * and destination, one per person paged (drafted together, so all exist). The first person by id
   * posts, naming everyone (by name); the others' pages say so.
   */
  async function chatPost(row: NotificationRow): Promise<{ leader: string; people: { id: string; name: string }[] }> {
    const parts = row.idempotency_key.split('|');
    const same = (key: string) => {
      const p = key.split('|');
      return p.length === parts.length && p.every((v, i) => i === 4 || v === parts[i]);
    };
    const rows = await db.selectFrom('notifications').select(['user_id', 'idempotency_key'])
      .where('alert_id', '=', row.alert_id).where('channel', '=', 'chat').where('destination_id', '=', row.destination_id).execute();
    const userIds = [...new Set([row.user_id, ...rows.filter((r) => same(r.idempotency_key)).map((r) => r.user_id)])].sort();
    const names = await repo.peopleNames(db, userIds);
    const people = userIds.filter((id) => names.has(id)).map((id) => ({ id, name: names.get(id)!.name })).sort((a, b) => a.name.localeCompare(b.name));
    return { leader: userIds.find((id) => names.has(id)) ?? row.user_id, people };
  }

  async function load(claimed: NotificationRow[], now: Date): Promise<BatchContext> {
    const alertIds = [...new Set(claimed.map((r) => r.alert_id))];
    const userIds = [...new Set(claimed.map((r) => r.user_id))];
    const channels = new Set(claimed.map((r) => r.channel));
    const [alerts, escalations, people, phones, devices, telegram] = await Promise.all([
      db.selectFrom('alerts').innerJoin('services', 'services.id', 'alerts.service_id')
        .select(['alerts.id', 'alerts.org_id', 'alerts.service_id', 'alerts.status', 'alerts.title', 'alerts.body', 'alerts.priority', 'alerts.urgency', 'alerts.maintenance_window_id', 'services.name as service_name'])
        .where('alerts.id', 'in', alertIds).execute(),
      db.selectFrom('alert_escalations').select(['alert_id', 'epoch', 'cycle', 'level', 'level_started_at', 'next_at']).where('alert_id', 'in', alertIds).execute(),
      repo.peopleNames(db, userIds),
      channels.has('sms') || channels.has('voice')
        ? db.selectFrom('phone_numbers').select(['id', 'e164', 'org_id', 'user_id']).where('user_id', 'in', userIds).where('verified_at', 'is not', null).where('disabled_at', 'is', null).orderBy('created_at').execute()
        : Promise.resolve([]),
      channels.has('push')
        ? db.selectFrom('devices').select(['id', 'platform', 'push_token_sealed', 'critical_alerts_permitted', 'user_id']).where('user_id', 'in', userIds).where('disabled_at', 'is', null).orderBy('created_at').execute()
        : Promise.resolve([]),
      channels.has('telegram')
        ? db.selectFrom('telegram_links').select(['id', 'chat_id', 'user_id']).where('user_id', 'in', userIds).where('chat_id', 'is not', null).where('disabled_at', 'is', null).execute()
        : Promise.resolve([]),
    ]);
    const group = <T extends { user_id: string }>(rows: T[]) => {
      const m = new Map<string, T[]>();
      for (const r of rows) m.set(r.user_id, [...(m.get(r.user_id) ?? []), r]);
      return m;
    };
    const windows = deps.maintenance ? await deps.maintenance(alerts.map((a) => ({ orgId: a.org_id, serviceId: a.service_id })), now) : new Map<string, MaintenanceNow>();
    return {
      now, alerts: new Map(alerts.map((a) => [a.id, { ...a, maintenance: windows.get(a.service_id) ?? null }])), people,
      escalations: new Map(escalations.map((e) => [e.alert_id, { epoch: e.epoch, cycle: e.cycle, level: e.level, levelStartedAt: e.level_started_at, nextAt: e.next_at }])), phones: group(phones), devices: group(devices), telegram: group(telegram), fates: [], disables: [], telegramDisables: [], prepared: new Map(),
    };
  }

  async function dispatch(ctx: BatchContext, row: NotificationRow): Promise<void> {
    const now = ctx.now;
    const alert = ctx.alerts.get(row.alert_id);
    const person = ctx.people.get(row.user_id);
    const who = person?.name ?? 'a removed person';
    const label = `${row.channel} page to ${who}`;
    const decision = decide(ctx, row);
    if (!decision.send) {
      // A lapsed claim is claim recovery's now: this dispatcher records nothing.
      if (decision.status === 'claimed') return;
      const { kind, words } = notSentEntry(decision);
      finish(ctx, row, { status: decision.status, detail: decision.detail }, kind, `${label} ${words}`);
      return;
    }
    const provider = providerOf(row.channel)!;
    const to = destinations(ctx, row, person!.email);
    const prep = ctx.prepared.get(row.id);
    if (prep?.kind === 'throttled') {
      // A delay is not a try: the claim's attempt is given back, so retries after it keep their count.
      finish(ctx, row, { status: 'pending', detail: `throttled: ${prep.detail}`, due_at: prep.until, attempts: Math.max(0, row.attempts - 1) }, 'page_throttled', `${label} delayed until ${prep.until}: ${prep.detail}`);
      return;
    }
    // Goes in the message of the page it is bundled with: recorded with that one's fate (run()).
    if (prep?.kind === 'bundled') return;
    const bundleServices = prep?.kind === 'send' && prep.bundleCount ? [...new Set(prep.alertIds.map((a: string) => ctx.alerts.get(a)?.service_name).filter(Boolean))].join(', ') : undefined;
    // Push and email carry a single-use acknowledge token (docs/adr/0441); without one the page still goes.
    let action: { token: string; url: string } | undefined;
    if (deps.actions && (row.channel === 'push' || row.channel === 'email')) {
      action = await deps.actions.issue({ id: row.id, org_id: row.org_id, alert_id: row.alert_id, user_id: row.user_id, channel: row.channel }).catch(() => undefined);
    }
    // A chat step posts once for everyone it pages at that level start, naming them all.
    let people: OutboundMessage['people'];
    if (row.channel === 'chat') {
      const chat = await chatPost(row);
      if (chat.leader !== row.user_id) {
        const leader = (await repo.peopleNames(db, [chat.leader])).get(chat.leader)?.name ?? 'another page';
        finish(ctx, row, { status: 'skipped', detail: `posted once for everyone paged, with ${leader}'s page` }, 'page_skipped', `${label} skipped: one post names everyone paged (with ${leader}'s page)`);
        return;
      }
      people = chat.people;
    }
    const message = (dest: OutboundMessage['to']): OutboundMessage => ({
      ...(people ? { people } : {}),
      id: row.id,
      idempotencyKey: row.idempotency_key,
      channel: row.channel,
      to: dest,
      alert: {
        id: row.alert_id, title: alert!.title, ...(alert!.body ? { body: alert!.body } : {}), priority: priorityFromRank(alert!.priority), urgency: alert!.urgency,
        url: `${deps.publicUrl}/alerts/${row.alert_id}`, serviceName: bundleServices || alert!.service_name,
      },
      ...(prep?.kind === 'send' && prep.replyCode ? { replyCode: prep.replyCode } : {}),
      ...(prep?.kind === 'send' && prep.bundleCount ? { bundleCount: prep.bundleCount } : {}),
      critical: alert!.urgency === 'high',
      collapseId: row.alert_id,
      expiresAt: now.getTime() + 3_600_000,
      ...(action && row.channel === 'push' ? { actionToken: action.token, ackUrl: action.url } : {}),
      ...(action && row.channel === 'email' ? { ackUrl: action.url } : {}),
    });
    // Every destination of the person (each device, each verified number); the page is sent if one took it.
    let fate: ReturnType<typeof fateOfSend> | undefined;
    const disables: PhoneFate['disables'] = [];
    let sentTo = 0;
    for (const dest of to) {
      const ac = new AbortController();
      const timer = setTimeout(() => ac.abort(), SEND_DEADLINE_MS);
      let f: ReturnType<typeof fateOfSend>;
      try {
        const outcome = await provider.send(message(dest), { deadlineMs: SEND_DEADLINE_MS, signal: ac.signal });
        const disable = deviceDisableOf(outcome, dest);
        if (disable) ctx.disables.push({ ...disable, row });
        const tg = telegramDisableOf(outcome, dest);
        if (tg) ctx.telegramDisables.push({ ...tg, row });
        if (outcome.state === 'failed' && outcome.disable && dest.destinationId && dest.kind === 'phone') disables.push({ destinationId: dest.destinationId, reason: outcome.detail });
        f = fateOfSend(outcome, row.attempts);
      } catch (err) {
        f = fateOfSend({ state: 'retry', detail: `the ${row.channel} provider failed (${(err as Error).name})` }, row.attempts);
      } finally {
        clearTimeout(timer);
      }
      if (f.status === 'sent' || f.status === 'delivered') sentTo++;
      if (!fate || f.status === 'sent' || f.status === 'delivered' || (f.status === 'pending' && fate.status === 'failed')) fate = f;
    }
    const phone: PhoneFate | undefined = row.channel === 'sms' || row.channel === 'voice' ? { row, status: fate!.status, sentTo, bundled: false, disables } : undefined;
    switch (fate!.status) {
      case 'sent':
      case 'delivered':
        finish(ctx, row, { status: fate!.status, detail: null, provider_message_id: fate!.providerMessageId }, 'page_sent', `${label} ${fate!.status}${prep?.kind === 'send' && prep.bundleCount ? ` (one message for ${prep.bundleCount} alerts)` : ''}`, { provider: provider.name }, phone);
        return;
      case 'pending': {
        const retryAt = new Date(now.getTime() + fate!.retryInMs).toISOString();
        finish(ctx, row, { status: 'pending', detail: fate!.detail, due_at: retryAt }, 'page_retry', `${label} not delivered yet: ${fate!.detail}; trying again`, {}, phone);
        return;
      }
      case 'failed':
        finish(ctx, row, { status: 'failed', detail: fate!.detail }, 'page_failed', `${label} failed: ${fate!.detail}`, {}, phone);
        return;
    }
  }

  /** decidePage for a claimed row, from the batch's reads: dispatch() follows it, and the phone side plans only what it sends. */
  function decide(ctx: BatchContext, row: NotificationRow) {
    const alert = ctx.alerts.get(row.alert_id);
    const person = ctx.people.get(row.user_id);
    const provider = providerOf(row.channel);
    return decidePage(alert && { status: alert.status, urgency: alert.urgency, escalation: ctx.escalations.get(row.alert_id) ?? null, maintenance: alert.maintenance }, {
      kind: row.kind, channel: row.channel, epoch: row.epoch, cycle: row.cycle, level: row.level, createdAt: row.created_at, claimExpiresAt: row.claim_expires_at,
      person: person?.name ?? null, configured: !!provider && provider.configured(), destinations: person ? destinations(ctx, row, person.email).length : 0,
    }, ctx.now);
  }

  /**
   * An open alert whose page a maintenance window held (decidePage) was paging when the window
   * began: its escalation is due now, so the escalation job holds it until the window ends and
   * restarts it at level 1 then (escalation.job.ts maintenanceHold; docs/adr/0823). An alert
   * this window holds already (its escalation rests until the window's end) is left alone: one
   * hold, one timeline line, however many pages the window stops (responder pages too).
   */
  async function holdForMaintenance(ctx: BatchContext, claimed: NotificationRow[]) {
    const heldAlready = (alertId: string, w: MaintenanceNow, heldBy: string | null | undefined) => heldBy === w.windowId && ctx.escalations.get(alertId)?.nextAt === w.until;
    const ids = [...new Set(claimed.filter((r) => {
      const a = ctx.alerts.get(r.alert_id);
      return a?.maintenance && a.status === 'open' && !heldAlready(r.alert_id, a.maintenance, a.maintenance_window_id);
    }).map((r) => r.alert_id))];
    if (!ids.length) return;
    const nowIso = ctx.now.toISOString();
    await db.updateTable('alert_escalations').set({ next_at: nowIso, updated_at: nowIso })
      .where('alert_id', 'in', ids).where((w) => w.or([w('next_at', 'is', null), w('next_at', '>', nowIso)])).execute();
  }

  /** A page sent inside another's message takes that message's fate. */
  function finishBundled(ctx: BatchContext, row: NotificationRow, into: string) {
    const lead = ctx.fates.find((f) => f.row.id === into);
    const who = ctx.people.get(row.user_id)?.name ?? 'a removed person';
    const label = `${row.channel} page to ${who}`;
    if (!lead) {
      finish(ctx, row, { status: 'pending', detail: 'its bundle was not sent', due_at: ctx.now.toISOString() }, 'page_retry', `${label} not sent yet; trying again`);
      return;
    }
    const set = { ...lead.set, detail: lead.set.status === 'sent' || lead.set.status === 'delivered' ? `sent in one message with other alerts (page ${into})` : lead.set.detail ?? null };
    const kind = lead.kind === 'page_sent' ? 'page_sent' : lead.kind;
    const message = lead.kind === 'page_sent' ? `${label} sent in one message with other open alerts` : lead.kind === 'page_throttled' ? `${label} delayed with its bundle` : `${label} ${lead.set.status === 'failed' ? `failed: ${lead.set.detail}` : `not sent yet: ${lead.set.detail}; trying again`}`;
    finish(ctx, row, set, kind, message, lead.meta, lead.phone ? { ...lead.phone, row, bundled: true, disables: [] } : undefined);
  }

  /** One round: claims up to `limit` due pages (of one urgency, for a lane), decides, sends, records. */
  async function round(now: Date, limit: number, urgency?: NotificationRow['urgency']): Promise<number> {
    const nowIso = now.toISOString();
    // Read first: an idle engine writes nothing.
    const due = await db.selectFrom('notifications').select('id').where('status', '=', 'pending').where('due_at', '<=', nowIso)
      .$if(urgency !== undefined, (q) => q.where('urgency', '=', urgency!)).limit(1).executeTakeFirst();
    if (!due) return 0;
    await supersede(now);
    const token = newId('clm');
    const claimed = await repo.claimDue(db, dialect, { now: nowIso, token, until: new Date(now.getTime() + (deps.claimMs ?? CLAIM_MS)).toISOString(), limit, ...(urgency ? { urgency } : {}) });
    claimed.sort(urgentFirst);
    if (!claimed.length) return 0;
    const ctx = await load(claimed, now);
    if (deps.phone) {
      const phoneRows = claimed.filter((r) => (r.channel === 'sms' || r.channel === 'voice') && decide(ctx, r).send);
      try {
        ctx.prepared = await deps.phone.prepare(phoneRows, now);
      } catch {
        // The throttle could not be read: the pages wait a little rather than go unthrottled or be lost.
        const until = new Date(now.getTime() + 15_000).toISOString();
        for (const r of phoneRows) ctx.prepared.set(r.id, { kind: 'throttled', until, detail: 'the throttle could not be read; trying again' });
      }
    }
    // Several email pages of one person and urgency in a batch go as one message (PRODUCT.md 7.4):
    // a storm is a few mails, not thousands (docs/adr/0761).
    for (const [id, p] of bundleEmail(claimed.filter((r) => r.channel === 'email' && decide(ctx, r).send), deps.emailBundleFrom)) ctx.prepared.set(id, p);
    // What goes to no provider (cancelled, skipped, not configured, throttled) is recorded before
    // any send: a process that dies mid-send must not leave those pages with an unknown outcome.
    const early = new Set(claimed.filter((r) => !decide(ctx, r).send || ctx.prepared.get(r.id)?.kind === 'throttled'));
    for (const row of early) await dispatch(ctx, row);
    await flush(ctx);
    ctx.fates = [];
    await holdForMaintenance(ctx, claimed);
    // Each provider has its own bounded set of sends in flight, high urgency first: a slow or
    // busy channel never holds back another's pages (docs/adr/0761).
    const queues = new Map<DeliveryProvider | undefined, NotificationRow[]>();
    for (const r of claimed) {
      if (early.has(r)) continue;
      const p = providerOf(r.channel);
      queues.set(p, [...(queues.get(p) ?? []), r]);
    }
    await Promise.all(
      [...queues].flatMap(([provider, rows]) => {
        let next = 0;
        const worker = async () => {
          while (next < rows.length) await dispatch(ctx, rows[next++]!);
        };
        return Array.from({ length: Math.min(provider?.concurrency ?? concurrency, rows.length) }, worker);
      }),
    );
    for (const row of claimed) {
      const p = ctx.prepared.get(row.id);
      if (p?.kind === 'bundled') finishBundled(ctx, row, p.into);
    }
    await flush(ctx);
    return claimed.length;
  }

  const urgentBatch = deps.urgentBatch ?? 100;
  return {
    name: 'dispatch',
    /** Every due page, high urgency first (tick() and drain(); one round does both lanes' work). */
    run: (now) => round(now, batch),
    /**
     * The two lanes the background runs as loops of their own (docs/adr/0876): high urgency in small
     * rounds, never behind the bundling of a low-urgency backlog; low urgency in rounds of `batch`.
     */
    lanes: {
      high: { name: 'dispatch-urgent', run: (now) => round(now, urgentBatch, 'high') },
      low: { name: 'dispatch', run: (now) => round(now, batch, 'low') },
    },
  };
}
