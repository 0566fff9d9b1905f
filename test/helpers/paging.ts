import { expect } from 'vitest';
import type { Dialect } from '../../src/db/connect.ts';
import { newId } from '../../src/lib/ids.ts';
import { type Priority, logEntries } from '../../src/modules/alert/index.ts';
import type { ChannelStep, OnCallDirectory } from '../../src/modules/schedule/index.ts';
import { defaultSteps } from '../../src/modules/paging/index.ts';
import type { Channel, DeliveryProvider, OutboundMessage, SendOutcome } from '../../src/modules/paging/delivery.port.ts';
import type { ContainerOptions } from '../../src/container.ts';
import { bootstrapTenant, buildTestApp, createService, type Tenant, type TestApp } from './app.ts';
import { addMember, startSmtpCapture, type Member } from './people.ts';
import type { FakeTwilio } from './fakes/twilio.ts';

/** The fake Twilio's account (test/helpers/fakes/twilio.ts), for `createHarness(dialect, { twilio })`. */
export const TWILIO = { accountSid: 'AC00000000000000000000000000000001', authToken: 'twilio-test-auth-token-5c1e9', from: '+15550009999' };

/**
 * The paging scenario harness (reference/paging.md 6 and 7.7; GoAlert's smoke harness): the app
 * with a manual clock, the real outbox runner and paging engine, email through the real SMTP
 * provider into an SMTP server on loopback, and push, SMS and voice through fake providers that
 * record every message. A scenario advances the clock and asserts the exact list of messages;
 * close() fails the test if a message is left that nobody expected.
 */

export interface LevelDef {
  timeoutMinutes: number;
  /** Who is on call at this level: names of the harness's people, or by instant. */
  onCall: string[] | ((at: Date) => string[]);
}
export interface ScheduleDef {
  repeat?: number;
  levels: LevelDef[];
  /** Steps per "level:priority"; absent: `allSteps`, else PRODUCT.md 7.2's defaults. */
  steps?: Record<string, ChannelStep[]>;
  allSteps?: ChannelStep[];
}

/** An OnCallDirectory kept in memory, edited by the test while alerts escalate (issue 20's stands in for it). */
export function memoryDirectory(userIdOf: (name: string) => string) {
  const schedules = new Map<string, ScheduleDef>();
  const services = new Map<string, string>();
  const directory: OnCallDirectory = {
    async plan(_org, id) {
      const s = schedules.get(id);
      return s && { scheduleId: id, timeZone: 'UTC', repeat: s.repeat ?? 0, levels: s.levels.map((l, i) => ({ level: i + 1, timeoutMinutes: l.timeoutMinutes })) };
    },
    async onCall(_org, id, level, at) {
      const l = schedules.get(id)?.levels[level - 1];
      if (!l) return [];
      return (typeof l.onCall === 'function' ? l.onCall(at) : l.onCall).map(userIdOf);
    },
    async steps(_org, id, level, priority) {
      const s = schedules.get(id);
      return s?.steps?.[`${level}:${priority}`] ?? s?.allSteps ?? defaultSteps(priority, s?.levels[level - 1]?.timeoutMinutes);
    },
    async chooseSchedule(_org, serviceId) {
      return services.get(serviceId) ?? null;
    },
  };
  return {
    directory,
    set(id: string, def: ScheduleDef) {
      schedules.set(id, def);
    },
    remove(id: string) {
      schedules.delete(id);
    },
    bind(serviceId: string, scheduleId: string | null) {
      if (scheduleId) services.set(serviceId, scheduleId);
      else services.delete(serviceId);
    },
  };
}

/** One message a provider (or the SMTP server) received, as `channel name: title`. */
export interface Sent {
  channel: Channel;
  person: string;
  title: string;
  critical: boolean;
  id: string;
  at: string;
}

export interface Harness {
  t: TestApp;
  tenant: Tenant;
  service: Awaited<ReturnType<typeof createService>>;
  people: Record<string, Member>;
  schedules: ReturnType<typeof memoryDirectory>;
  smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  /** Messages received and not yet expected. */
  inbox(): Sent[];
  /** Runs the outbox and the engine until neither has work. */
  settle(): Promise<void>;
  advance(ms: number): Promise<void>;
  trigger(payload: Record<string, unknown>): Promise<string>;
  /** The exact messages received since the last expect, as "channel person: title" (any order). */
  expect(lines: string[]): void;
  api(method: 'GET' | 'PUT' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, as?: string): Promise<{ status: number; body: any }>;
  timeline(alertId: string): Promise<{ kind: string; message: string }[]>;
  /** A provider's answers for the next sends on a channel (then it accepts again). */
  failNext(channel: Channel, ...outcomes: SendOutcome[]): void;
  close(): Promise<void>;
}

/**
 * `twilio`: SMS and voice go through the real Twilio providers to this fake (started with TWILIO's
 * account), whose callbacks reach the app in-process; the harness's own fakes then serve push only.
 * `realSchedules`: who is on call comes from the schedule module (schedules, overrides, routing
 * through the API) instead of the in-memory directory the test edits.
 */
export async function createHarness(
  dialect: Dialect,
  opts: {
    people?: string[];
    smtp?: boolean;
    twilio?: FakeTwilio;
    realSchedules?: boolean;
    /** More environment (push providers' configuration). */
    env?: Record<string, string>;
    /** More container options (the push fakes' certificate). */
    container?: Partial<ContainerOptions>;
    /** The channels faked in memory (default push, sms and voice; push only with `twilio`); a channel left out uses the container's provider. */
    fakes?: Channel[];
  } = {},
): Promise<Harness> {
  const names = opts.people ?? ['ada', 'bob', 'cy'];
  const ids = new Map<string, string>();
  const schedules = memoryDirectory((name) => {
    const id = ids.get(name);
    if (!id) throw new Error(`harness: no person named ${name}`);
    return id;
  });
  const received: Sent[] = [];
  const failures = new Map<Channel, SendOutcome[]>();
  let nowOf = () => '';
  const nameOfAddress = new Map<string, string>();
  const fake = (channel: Channel): DeliveryProvider => ({
    name: `fake-${channel}`,
    channels: [channel],
    configured: () => true,
    async send(m: OutboundMessage) {
      const planned = failures.get(channel)?.shift();
      if (planned) return planned;
      received.push({ channel, person: nameOfAddress.get(m.to.address) ?? m.to.address, title: m.alert.title, critical: m.critical, id: m.id, at: nowOf() });
      return { state: 'accepted', providerMessageId: `fake-${m.id}` };
    },
  });
  const smtp = await startSmtpCapture();
  const t = await buildTestApp({
    dialect,
    env: {
      ...(opts.smtp === false ? {} : { SMTP_URL: smtp.url, MAIL_FROM: 'klaxon@klaxon.test' }),
      ...(opts.twilio ? { TWILIO_BASE_URL: opts.twilio.url, TWILIO_ACCOUNT_SID: TWILIO.accountSid, TWILIO_AUTH_TOKEN: TWILIO.authToken, TWILIO_FROM: TWILIO.from } : {}),
      ...opts.env,
    },
    container: {
      ...opts.container,
      ...(opts.realSchedules ? {} : { directory: schedules.directory }),
      providers: (opts.fakes ?? (opts.twilio ? ['push'] : ['push', 'sms', 'voice'])).map(fake),
    },
  });
  opts.twilio?.setTransport(async (url, headers, body) => {
    const u = new URL(url);
    const res = await t.app.inject({ method: 'POST', url: `${u.pathname}${u.search}`, headers, payload: body });
    return { status: res.statusCode, body: res.body, contentType: String(res.headers['content-type'] ?? '') };
  });
  // The email provider the container builds from SMTP_URL, failing on demand like the fakes.
  const email = t.container.providers.find((p) => p.channels.includes('email'));
  if (email) {
    t.container.providers.splice(t.container.providers.indexOf(email), 1, {
      ...email,
      send: async (m, ctx) => failures.get('email')?.shift() ?? email.send(m, ctx),
    });
  }
  nowOf = () => t.clock.now().toISOString();
  const tenant = await bootstrapTenant(t);
  const service = await createService(t, tenant, 'payments');
  const people: Record<string, Member> = {};
  for (const name of names) {
    const m = await addMember(t, tenant, 'responder', { email: `${name}@example.com` });
    // People on call proved their address (an unverified account sends nothing: docs/adr/0531, 0705).
    await t.container.db.updateTable('users').set({ name: name[0]!.toUpperCase() + name.slice(1), email_verified_at: t.clock.now().toISOString() }).where('id', '=', m.userId).execute();
    const now = t.clock.now().toISOString();
    await t.container.db.insertInto('phone_numbers').values({
      id: newId('phn'), org_id: tenant.orgId, user_id: m.userId, e164: `+1555000${1000 + Object.keys(people).length}`, label: 'mobile', verified_at: now,
      code_hash: null, code_expires_at: null, code_attempts: 0, created_at: now, updated_at: now,
    } as never).execute();
    const token = `push-${name}`;
    await t.container.db.insertInto('devices').values({
      id: newId('dev'), user_id: m.userId, platform: 'ios', name: 'phone', app_version: '1.0', critical_alerts_permitted: 1,
      push_token_sealed: t.container.box.seal(token), push_token_hash: `h-${name}`, push_token_hint: name, created_at: now, updated_at: now,
    }).execute();
    nameOfAddress.set(token, name);
    nameOfAddress.set(`+1555000${1000 + Object.keys(people).length}`, name);
    nameOfAddress.set(`${name}@example.com`, name);
    people[name] = m;
    ids.set(name, m.userId);
  }
  let mailsSeen = 0;
  const inbox = (): Sent[] => {
    for (; mailsSeen < smtp.mails.length; mailsSeen++) {
      const mail = smtp.mails[mailsSeen]!;
      const id = /Message-ID: <(ntf_[0-9a-z]+)@/i.exec(mail.raw)?.[1] ?? '?';
      received.push({ channel: 'email', person: nameOfAddress.get(mail.to[0]!) ?? mail.to[0]!, title: mail.subject.replace(/^\[urgent\] /, ''), critical: mail.subject.startsWith('[urgent]'), id, at: nowOf() });
    }
    return received;
  };
  const h: Harness = {
    t, tenant, service, people, schedules, smtp,
    inbox,
    async settle() {
      for (let i = 0; i < 50; i++) {
        await t.container.runner.drain();
        const before = await t.container.engine.tick();
        await t.container.runner.drain();
        if (before === 0 && (await t.container.engine.tick()) === 0) return;
      }
      throw new Error('harness: the engine never went idle');
    },
    async advance(ms) {
      // Step by at most a minute, so each due instant is acted on at (about) its time.
      for (let left = ms; left > 0; left -= 60_000) {
        t.clock.advance(Math.min(60_000, left));
        await h.settle();
      }
    },
    async trigger(payload) {
      const res = await t.app.inject({ method: 'POST', url: service.ingestPath, payload });
      expect(res.statusCode, res.body).toBe(202);
      await h.settle();
      return res.json().alert_id as string;
    },
    expect(lines) {
      const got = inbox().splice(0).map((s) => `${s.channel} ${s.person}: ${s.title}`);
      expect(got.toSorted()).toEqual(lines.toSorted());
    },
    async api(method, url, payload, as) {
      const headers = as ? people[as]!.headers : tenant.headers;
      const res = await t.app.inject({ method, url, headers, ...(payload !== undefined ? { payload: payload as object } : {}) });
      await h.settle();
      return { status: res.statusCode, body: res.body ? res.json() : undefined };
    },
    async timeline(alertId) {
      const rows = await logEntries(t.container.db).select(['kind', 'message']).where('alert_id', '=', alertId).orderBy('created_at').orderBy('id').execute();
      return rows;
    },
    failNext(channel, ...outcomes) {
      failures.set(channel, [...(failures.get(channel) ?? []), ...outcomes]);
    },
    async close() {
      try {
        await h.settle();
        expect(inbox().map((s) => `${s.channel} ${s.person}: ${s.title}`), 'messages nobody expected').toEqual([]);
      } finally {
        await t.close();
        await smtp.close();
      }
    },
  };
  return h;
}

export const MINUTE = 60_000;
export type { Priority };
