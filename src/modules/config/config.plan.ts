// The leaf, not the webhook module's index: that would load much of the app for `klaxon config`.
import { maskUrl } from '../../lib/url-hint.ts';
import { ok, type Api, type ApiClient } from './config.client.ts';
import { canonical, canonicalLevel, FileError, type ParsedFile, type Path } from './config.document.ts';
import type { ConfigDocument, ConfigLevel, ConfigSchedule, ConfigService, ConfigSource, ConfigWebhook, ConfigWindow } from './config.schemas.ts';
import { sourceKey, VENDOR, type OrgState } from './config.state.ts';

/**
 * What `klaxon config plan` shows and `apply` carries out (docs/adr/0850): the differences between
 * the file and the organization, object by object (matched by name), as ordered steps. Creates and
 * changes run in dependency order (schedules, services, webhooks, sources, heartbeats, routing,
 * level channels, maintenance windows); deletes (only with --prune) in the reverse order.
 */

export interface FieldChange {
  field: string;
  from: unknown;
  to: unknown;
}

export interface Step {
  action: 'create' | 'change' | 'delete';
  kind: string;
  label: string;
  fields: FieldChange[];
  order: number;
  run(ctx: ApplyContext): Promise<void>;
}

export interface ApplyContext {
  client: ApiClient;
  header: { 'X-Service-Org': string };
  env: Record<string, string | undefined>;
  state: OrgState;
  /** Names of objects created during this apply → their ids. */
  ids: { schedules: Map<string, string>; services: Map<string, string>; webhooks: Map<string, string> };
  /** Credentials of new objects, printed once. */
  credential(what: string, value: string): void;
}

export interface Plan {
  steps: Step[];
  /** Objects in the organization that the file leaves out, kept without --prune. */
  kept: string[];
}

const ENV_REF = /^\$\{env:([A-Za-z_][A-Za-z0-9_]*)\}$/;
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const DEFAULT_SOURCE = 'Default webhook';

/** The fields of two objects that differ (top level, canonical values; absent shown as null). */
function diff(from: object, to: object, skip: string[] = []): FieldChange[] {
  const keys = [...new Set([...Object.keys(from), ...Object.keys(to)])].filter((k) => !skip.includes(k));
  return keys.filter((k) => !same((from as Record<string, unknown>)[k], (to as Record<string, unknown>)[k])).map((k) => ({ field: k, from: (from as Record<string, unknown>)[k] ?? null, to: (to as Record<string, unknown>)[k] ?? null }));
}

const errorAt = (file: ParsedFile, path: Path, message: string) => {
  const { line, col } = file.locate(path);
  return new FileError(message, line, col);
};

function knownZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** Where each object of the file is: indices into the document as written (before sorting). */
function checkDocument(file: ParsedFile, state: OrgState, prune: boolean) {
  const doc = file.doc;
  const names = (list: { name: string }[] | undefined, at: string, what: string) => {
    const seen = new Set<string>();
    (list ?? []).forEach((x, i) => {
      if (seen.has(x.name)) throw errorAt(file, [at, i, 'name'], `two ${what} named "${x.name}"; names identify objects, make them unique`);
      seen.add(x.name);
    });
    return seen;
  };
  const schedules = names(doc.schedules, 'schedules', 'schedules');
  const services = names(doc.services, 'services', 'services');
  const webhooks = names(doc.webhooks, 'webhooks', 'webhooks');
  names(doc.maintenance_windows, 'maintenance_windows', 'maintenance windows');
  const exists = (inFile: Set<string>, inOrg: Map<string, unknown>, name: string) => inFile.has(name) || (!prune && inOrg.has(name));
  const zone = (tz: string, path: Path) => {
    if (!knownZone(tz)) throw errorAt(file, path, `unknown time zone "${tz}"; use an IANA name such as "Europe/Berlin" or "UTC"`);
  };
  const ref = (ok: boolean, path: Path, message: string) => {
    if (!ok) throw errorAt(file, path, message);
  };

  (doc.schedules ?? []).forEach((s, i) => {
    zone(s.time_zone, ['schedules', i, 'time_zone']);
    s.levels.forEach((l, j) => {
      if (l.level !== j + 1) throw errorAt(file, ['schedules', i, 'levels', j, 'level'], `levels must be 1..N in order; expected level ${j + 1}`);
      l.layers.forEach((y, k) =>
        y.rotation.participants.forEach((p, m) => {
          if (!state.members.has(p.toLowerCase())) throw errorAt(file, ['schedules', i, 'levels', j, 'layers', k, 'rotation', 'participants', m], `"${p}" is not a member of this organization; invite them first or remove them from the rotation`);
        }),
      );
      for (const [priority, steps] of Object.entries(l.channels ?? {}))
        (steps ?? []).forEach((st, k) => {
          if (st.destination !== undefined) ref(exists(webhooks, state.webhooks, st.destination), ['schedules', i, 'levels', j, 'channels', priority, k, 'destination'], `no webhook named "${st.destination}"`);
        });
    });
  });
  (doc.services ?? []).forEach((s, i) => {
    if (s.schedule !== undefined) ref(exists(schedules, state.schedules, s.schedule), ['services', i, 'schedule'], `no schedule named "${s.schedule}"`);
    (s.routing ?? []).forEach((r, j) => {
      ref(exists(schedules, state.schedules, r.schedule), ['services', i, 'routing', j, 'schedule'], `no schedule named "${r.schedule}"`);
      if (r.time_window) zone(r.time_window.time_zone, ['services', i, 'routing', j, 'time_window', 'time_zone']);
    });
    const seen = new Set<string>();
    (s.sources ?? []).forEach((x, j) => {
      const key = sourceKey(s.name, x.kind, x.name);
      if (seen.has(key)) throw errorAt(file, ['services', i, 'sources', j, 'name'], `two ${x.kind} sources named "${x.name}"`);
      seen.add(key);
      if (!VENDOR.has(x.kind) && (x.rules || x.mapping)) throw errorAt(file, ['services', i, 'sources', j], `a ${x.kind} source takes no rules or mapping (only vendor connections do)`);
      if (x.mapping && x.kind !== 'custom') throw errorAt(file, ['services', i, 'sources', j, 'mapping'], 'only a custom source takes a mapping');
      if (x.kind === 'custom' && !x.mapping) throw errorAt(file, ['services', i, 'sources', j], 'a custom source needs a mapping');
      (x.rules ?? []).forEach((r, k) => ref(exists(services, state.services, r.service), ['services', i, 'sources', j, 'rules', k, 'service'], `no service named "${r.service}"`));
    });
    names(s.heartbeats, `services`, 'heartbeats');
  });
  (doc.webhooks ?? []).forEach((w, i) => (w.services ?? []).forEach((n, j) => ref(exists(services, state.services, n), ['webhooks', i, 'services', j], `no service named "${n}"`)));
  (doc.maintenance_windows ?? []).forEach((m, i) => {
    m.services.forEach((n, j) => ref(exists(services, state.services, n), ['maintenance_windows', i, 'services', j], `no service named "${n}"`));
    if (m.recurrence) zone(m.recurrence.time_zone, ['maintenance_windows', i, 'recurrence', 'time_zone']);
    if (!m.recurrence && !(m.start && m.end)) throw errorAt(file, ['maintenance_windows', i], 'a maintenance window needs start and end, or a recurrence');
  });
}

// ---- how a name becomes an id while applying (an object created earlier in this run, or one the organization has)
const scheduleId = (ctx: ApplyContext, name: string) => ctx.ids.schedules.get(name) ?? ctx.state.schedules.get(name)?.id ?? fail(`schedule "${name}"`);
const serviceId = (ctx: ApplyContext, name: string) => ctx.ids.services.get(name) ?? ctx.state.services.get(name)?.id ?? fail(`service "${name}"`);
const webhookId = (ctx: ApplyContext, name: string) => ctx.ids.webhooks.get(name) ?? ctx.state.webhooks.get(name)?.id ?? fail(`webhook "${name}"`);
function fail(what: string): never {
  throw new Error(`${what} does not exist (an earlier step did not complete)`);
}
function env(ctx: ApplyContext, ref: string): string {
  const name = ENV_REF.exec(ref)?.[1];
  const value = name ? ctx.env[name] : undefined;
  if (!value) throw new Error(`environment variable ${name} is not set; it holds a secret the file refers to as ${ref}`);
  return value;
}

function scheduleBody(ctx: ApplyContext, s: ConfigSchedule, existing: Api['Schedule'] | undefined): Api['ScheduleWrite'] {
  return {
    name: s.name,
    description: s.description ?? '',
    time_zone: s.time_zone,
    repeat: s.repeat ?? 0,
    levels: s.levels.map((l) => ({
      level: l.level,
      timeout_minutes: l.timeout_minutes,
      layers: l.layers.map((y) => {
        const id = existing?.levels.find((x) => x.level === l.level)?.layers.find((x) => x.name === y.name)?.id;
        return {
          ...(id ? { id } : {}),
          name: y.name,
          precedence: y.precedence,
          rotation: { ...y.rotation, participants: y.rotation.participants.map((p) => ctx.state.members.get(p.toLowerCase()) ?? fail(`member ${p}`)) },
          restrictions: y.restrictions ?? [],
          effective_from: y.effective_from ?? null,
          effective_until: y.effective_until ?? null,
        };
      }),
    })),
  };
}

const withoutChannels = (s: ConfigSchedule) => ({ ...s, levels: s.levels.map(({ channels: _c, ...l }) => l) });
const channelsOf = (s: ConfigSchedule | undefined) => (s?.levels ?? []).map((l: ConfigLevel) => ({ level: l.level, channels: canonicalLevel(l).channels ?? {} })).filter((x) => Object.keys(x.channels).length);
const serviceCore = (s: ConfigService) => ({ description: s.description ?? '', schedule: s.schedule ?? null, ack_timeout_minutes: s.ack_timeout_minutes ?? null, auto_resolve_minutes: s.auto_resolve_minutes ?? null });

/** The steps that make the organization what the file says. Throws FileError for a document problem. */
export function makePlan(file: ParsedFile, state: OrgState, opts: { prune: boolean; env: Record<string, string | undefined> }): Plan {
  checkDocument(file, state, opts.prune);
  const want = canonical(file.doc);
  const have = state.doc;
  const steps: Step[] = [];
  const kept: string[] = [];
  const gone = (label: string, order: number, kind: string, run: Step['run']) => {
    if (opts.prune) steps.push({ action: 'delete', kind, label, fields: [], order, run });
    else kept.push(`${kind} ${label}`);
  };
  const index = <T extends { name: string }>(xs: T[] | undefined) => new Map((xs ?? []).map((x) => [x.name, x]));
  const fileIndex = <T extends { name: string }>(xs: T[] | undefined) => new Map((xs ?? []).map((x, i) => [x.name, i]));

  // -- schedules (1), level channels (7)
  const haveSchedules = index(have.schedules);
  for (const s of want.schedules ?? []) {
    const old = haveSchedules.get(s.name);
    const fields = old ? diff(withoutChannels(old), withoutChannels(s)) : [];
    if (!old || fields.length)
      steps.push({
        action: old ? 'change' : 'create', kind: 'schedule', label: `"${s.name}"`, fields, order: 1,
        async run(ctx) {
          const existing = ctx.state.schedules.get(s.name);
          const body = scheduleBody(ctx, s, existing);
          if (existing) await ok(`change schedule "${s.name}"`, ctx.client.PUT('/api/schedules/{id}', { params: { header: ctx.header, path: { id: existing.id } }, body }));
          else ctx.ids.schedules.set(s.name, (await ok(`create schedule "${s.name}"`, ctx.client.POST('/api/schedules', { params: { header: ctx.header }, body }))).id);
        },
      });
    const wantCh = channelsOf(s);
    const haveCh = channelsOf(old);
    if (!same(wantCh, haveCh))
      steps.push({
        action: 'change', kind: 'level channels of schedule', label: `"${s.name}"`, fields: [{ field: 'channels', from: haveCh, to: wantCh }], order: 7,
        async run(ctx) {
          const entries = wantCh.flatMap((l) =>
            Object.entries(l.channels).map(([priority, st]) => ({
              level: l.level,
              priority: priority as 'high',
              steps: (st ?? []).map((x) => ({ channel: x.channel, delay_seconds: x.delay_seconds, ...(x.destination ? { destination_id: webhookId(ctx, x.destination) } : {}) })),
            })),
          );
          await ok(`set level channels of "${s.name}"`, ctx.client.PUT('/api/schedules/{id}/level-channels', { params: { header: ctx.header, path: { id: scheduleId(ctx, s.name) } }, body: { entries } }));
        },
      });
  }
  const wantSchedules = index(want.schedules);
  for (const s of have.schedules ?? [])
    if (!wantSchedules.has(s.name))
      gone(`"${s.name}"`, 14, 'schedule', async (ctx) => {
        await ok(`delete schedule "${s.name}"`, ctx.client.DELETE('/api/schedules/{id}', { params: { header: ctx.header, path: { id: ctx.state.schedules.get(s.name)!.id } } }));
      });

  // -- services (2), sources (4), heartbeats (5), routing (6)
  const haveServices = index(have.services);
  const wantServices = index(want.services);
  const fileServices = fileIndex(file.doc.services);
  const allSources = (doc: ConfigDocument) => new Map((doc.services ?? []).flatMap((s) => (s.sources ?? []).map((x) => [sourceKey(s.name, x.kind, x.name), { service: s.name, source: x }] as const)));
  const haveSources = allSources(have);
  const wantSources = allSources(want);
  for (const s of want.services ?? []) {
    const old = haveServices.get(s.name);
    const fields = old ? diff(serviceCore(old), serviceCore(s)) : [];
    const keepsDefault = wantSources.has(sourceKey(s.name, 'webhook', DEFAULT_SOURCE));
    if (!old || fields.length)
      steps.push({
        action: old ? 'change' : 'create', kind: 'service', label: `"${s.name}"`, fields, order: 2,
        async run(ctx) {
          const body = { description: s.description ?? '', schedule_id: s.schedule ? scheduleId(ctx, s.schedule) : null, ack_timeout_minutes: s.ack_timeout_minutes ?? null, auto_resolve_minutes: s.auto_resolve_minutes ?? null };
          const existing = ctx.state.services.get(s.name);
          if (existing) {
            await ok(`change service "${s.name}"`, ctx.client.PATCH('/api/services/{id}', { params: { header: ctx.header, path: { id: existing.id } }, body }));
            return;
          }
          const created = await ok(`create service "${s.name}"`, ctx.client.POST('/api/services', { params: { header: ctx.header }, body: { name: s.name, ...body } }));
          ctx.ids.services.set(s.name, created.id);
          // Every new service comes with its "Default webhook" source: kept when the file lists it, else removed.
          if (keepsDefault) ctx.credential(`source webhook "${DEFAULT_SOURCE}" of service "${s.name}"`, created.default_integration.ingest_url);
          else await ok(`remove the default source of "${s.name}"`, ctx.client.DELETE('/api/integrations/{id}', { params: { header: ctx.header, path: { id: created.default_integration.id } } }));
        },
      });
    const wantRouting = s.routing ?? [];
    const haveRouting = old?.routing ?? [];
    if (!same(wantRouting, haveRouting))
      steps.push({
        action: 'change', kind: 'routing of service', label: `"${s.name}"`, fields: [{ field: 'routing', from: haveRouting, to: wantRouting }], order: 6,
        async run(ctx) {
          const rules = wantRouting.map((r) => ({ name: r.name, priorities: r.priorities ?? null, urgencies: r.urgencies ?? null, time_window: r.time_window ?? null, schedule_id: scheduleId(ctx, r.schedule) }));
          await ok(`set routing of "${s.name}"`, ctx.client.PUT('/api/services/{id}/routing', { params: { header: ctx.header, path: { id: serviceId(ctx, s.name) } }, body: { rules } }));
        },
      });
    const haveBeats = index(old?.heartbeats);
    for (const h of s.heartbeats ?? []) {
      const prev = haveBeats.get(h.name);
      const full = { interval_seconds: h.interval_seconds, grace_seconds: h.grace_seconds ?? 60, priority: h.priority ?? 'high', enabled: h.enabled ?? true };
      const fieldsH = prev ? diff({ interval_seconds: prev.interval_seconds, grace_seconds: prev.grace_seconds ?? 60, priority: prev.priority ?? 'high', enabled: prev.enabled ?? true }, full) : [];
      if (!prev || fieldsH.length)
        steps.push({
          action: prev ? 'change' : 'create', kind: 'heartbeat', label: `"${h.name}" of service "${s.name}"`, fields: fieldsH, order: 5,
          async run(ctx) {
            const existing = ctx.state.heartbeats.get(`${s.name}/${h.name}`);
            if (existing) await ok(`change heartbeat "${h.name}"`, ctx.client.PATCH('/api/heartbeats/{id}', { params: { header: ctx.header, path: { id: existing.id } }, body: full }));
            else {
              const created = await ok(`create heartbeat "${h.name}"`, ctx.client.POST('/api/services/{id}/heartbeats', { params: { header: ctx.header, path: { id: serviceId(ctx, s.name) } }, body: { name: h.name, ...full } }));
              ctx.credential(`heartbeat "${h.name}" of service "${s.name}" ping URL`, created.ping_url);
            }
          },
        });
    }
    const wantBeats = index(s.heartbeats);
    for (const h of old?.heartbeats ?? [])
      if (!wantBeats.has(h.name))
        gone(`"${h.name}" of service "${s.name}"`, 10, 'heartbeat', async (ctx) => {
          await ok(`delete heartbeat "${h.name}"`, ctx.client.DELETE('/api/heartbeats/{id}', { params: { header: ctx.header, path: { id: ctx.state.heartbeats.get(`${s.name}/${h.name}`)!.id } } }));
        });
  }
  void fileServices;
  for (const s of have.services ?? [])
    if (!wantServices.has(s.name))
      gone(`"${s.name}" (and its alerts)`, 13, 'service', async (ctx) => {
        await ok(`delete service "${s.name}"`, ctx.client.DELETE('/api/services/{id}', { params: { header: ctx.header, path: { id: ctx.state.services.get(s.name)!.id } } }));
      });

  for (const [key, { service, source }] of wantSources) {
    const prev = haveSources.get(key);
    const label = `${source.kind} "${source.name}" of service "${service}"`;
    const vendorFields = (x: ConfigSource, owner: string) => ({ service: owner, rules: x.rules ?? [], mapping: x.mapping ?? null });
    const fields = prev && VENDOR.has(source.kind) ? diff(vendorFields(prev.source, prev.service), vendorFields(source, service)) : [];
    if (!prev || fields.length)
      steps.push({
        action: prev ? 'change' : 'create', kind: 'source', label, fields, order: 4,
        async run(ctx) {
          const rules = (source.rules ?? []).map((r) => ({ attribute: r.attribute, value: r.value, service_id: serviceId(ctx, r.service) }));
          const existing = ctx.state.sources.get(key);
          if (existing) {
            await ok(`change source "${source.name}"`, ctx.client.PATCH('/api/integrations/{id}', { params: { header: ctx.header, path: { id: existing.id } }, body: { routing_rules: rules, fallback_service_id: serviceId(ctx, service), ...(source.mapping ? { mapping: source.mapping as Api['IntegrationMapping'] } : {}) } }));
            return;
          }
          if (source.kind === 'webhook' && source.name === DEFAULT_SOURCE && ctx.ids.services.has(service)) return; // came with its new service
          const body: Api['IntegrationCreate'] = VENDOR.has(source.kind)
            ? { type: source.kind, name: source.name, routing_rules: rules, fallback_service_id: serviceId(ctx, service), ...(source.mapping ? { mapping: source.mapping as Api['IntegrationMapping'] } : {}) }
            : { type: source.kind, name: source.name, service_id: serviceId(ctx, service) };
          const created = await ok(`create source "${source.name}"`, ctx.client.POST('/api/integrations', { params: { header: ctx.header }, body }));
          const secret = created.ingest_url ?? created.routing_key ?? created.email_address;
          if (secret) ctx.credential(`source ${label}`, secret);
        },
      });
  }
  for (const [key, { service, source }] of haveSources)
    if (!wantSources.has(key) && leftoverDefault(state, service, source, wantServices.has(service)))
      steps.push({
        action: 'delete', kind: 'source', label: `webhook "${DEFAULT_SOURCE}" of service "${service}" (came with the service; the file leaves it out)`, fields: [], order: 11,
        async run(ctx) {
          await ok(`remove the default source of "${service}"`, ctx.client.DELETE('/api/integrations/{id}', { params: { header: ctx.header, path: { id: ctx.state.sources.get(key)!.id } } }));
        },
      });
    else if (!wantSources.has(key))
      gone(`${source.kind} "${source.name}" of service "${service}"`, 11, 'source', async (ctx) => {
        await ok(`delete source "${source.name}"`, ctx.client.DELETE('/api/integrations/{id}', { params: { header: ctx.header, path: { id: ctx.state.sources.get(key)!.id } } }));
      });

  // -- webhooks (3)
  const haveWebhooks = index(have.webhooks);
  const fileWebhooks = fileIndex(file.doc.webhooks);
  for (const w of want.webhooks ?? []) {
    const old = haveWebhooks.get(w.name);
    const at = fileWebhooks.get(w.name)!;
    // slack_app names a channel of the connected Slack app; every other kind a URL (never both).
    if (w.kind === 'slack_app' ? !w.channel_id || w.url !== undefined : !w.url || w.channel_id !== undefined)
      throw errorAt(file, ['webhooks', at, 'kind'], w.kind === 'slack_app' ? `webhook "${w.name}" (slack_app) needs channel_id and no url` : `webhook "${w.name}" needs url (a \${env:NAME} reference) and no channel_id`);
    const urlRef = w.url ? ENV_REF.exec(w.url)![1]! : undefined;
    const urlValue = urlRef ? opts.env[urlRef] : undefined;
    if (!old && urlRef && !urlValue) throw errorAt(file, ['webhooks', at, 'url'], `environment variable ${urlRef} is not set; it holds this webhook's URL`);
    const headerNames = (x: ConfigWebhook) => Object.keys(x.headers ?? {}).map((h) => h.toLowerCase()).sort();
    const fields: FieldChange[] = [];
    if (old) {
      const masked = state.webhooks.get(w.name)!.url;
      if (urlValue && maskUrl(urlValue) !== masked) fields.push({ field: 'url', from: masked, to: maskUrl(urlValue) });
      const { url: _a, headers: _b, ...a } = old;
      const { url: _c, headers: _d, ...b } = w;
      fields.push(...diff(a, b));
      if (!same(headerNames(old), headerNames(w))) fields.push({ field: 'headers', from: headerNames(old), to: headerNames(w) });
      if (fields.some((f) => f.field === 'kind')) throw errorAt(file, ['webhooks', at, 'kind'], `webhook "${w.name}" is a ${old.kind} webhook; a kind cannot change: give the new one another name`);
    }
    const sendsHeaders = !old || fields.some((f) => f.field === 'headers');
    if (sendsHeaders)
      for (const [h, ref] of Object.entries(w.headers ?? {})) {
        const n = ENV_REF.exec(ref)![1]!;
        if (!opts.env[n]) throw errorAt(file, ['webhooks', at, 'headers', h], `environment variable ${n} is not set; it holds the value of header ${h}`);
      }
    if (!old || fields.length)
      steps.push({
        action: old ? 'change' : 'create', kind: 'webhook', label: `"${w.name}"`, fields, order: 3,
        async run(ctx) {
          const headers = sendsHeaders ? Object.fromEntries(Object.entries(w.headers ?? {}).map(([h, ref]) => [h, env(ctx, ref)])) : undefined;
          const service_ids = w.services ? w.services.map((n) => serviceId(ctx, n)) : undefined;
          const existing = ctx.state.webhooks.get(w.name);
          if (existing) {
            const body: Api['WebhookPatch'] = {
              events: w.events as Api['WebhookCreate']['events'],
              service_ids: service_ids ?? null,
              template: w.template ?? null,
              enabled: w.enabled ?? true,
              ...(w.url && fields.some((f) => f.field === 'url') ? { url: env(ctx, w.url) } : {}),
              ...(w.channel_id && fields.some((f) => f.field === 'channel_id') ? { channel_id: w.channel_id } : {}),
              ...(headers ? { headers: Object.keys(headers).length ? headers : null } : {}),
            };
            await ok(`change webhook "${w.name}"`, ctx.client.PATCH('/api/webhooks/{id}', { params: { header: ctx.header, path: { id: existing.id } }, body }));
            return;
          }
          const created = await ok(
            `create webhook "${w.name}"`,
            ctx.client.POST('/api/webhooks', {
              params: { header: ctx.header },
              body: { name: w.name, kind: w.kind, ...(w.url ? { url: env(ctx, w.url) } : { channel_id: w.channel_id! }), events: w.events as Api['WebhookCreate']['events'], ...(service_ids ? { service_ids } : {}), ...(w.template ? { template: w.template } : {}), ...(headers && Object.keys(headers).length ? { headers } : {}), enabled: w.enabled ?? true },
            }),
          );
          ctx.ids.webhooks.set(w.name, created.id);
          ctx.credential(`webhook "${w.name}" signing secret`, created.secret);
        },
      });
  }
  const wantWebhooks = index(want.webhooks);
  for (const w of have.webhooks ?? [])
    if (!wantWebhooks.has(w.name))
      gone(`"${w.name}"`, 12, 'webhook', async (ctx) => {
        await ok(`delete webhook "${w.name}"`, ctx.client.DELETE('/api/webhooks/{id}', { params: { header: ctx.header, path: { id: ctx.state.webhooks.get(w.name)!.id } } }));
      });

  // -- maintenance windows (8)
  const haveWindows = index(have.maintenance_windows);
  for (const m of want.maintenance_windows ?? []) {
    const old = haveWindows.get(m.name);
    const full = (x: ConfigWindow) => ({ services: x.services, start: x.start ?? null, end: x.end ?? null, recurrence: x.recurrence ?? null, page_when_over: x.page_when_over ?? true });
    const fields = old ? diff(full(old), full(m)) : [];
    if (!old || fields.length)
      steps.push({
        action: old ? 'change' : 'create', kind: 'maintenance window', label: `"${m.name}"`, fields, order: 8,
        async run(ctx) {
          const body = { service_ids: m.services.map((n) => serviceId(ctx, n)), ...(m.recurrence ? { recurrence: m.recurrence } : { start: m.start!, end: m.end! }), page_when_over: m.page_when_over ?? true };
          const existing = ctx.state.windows.get(m.name);
          if (existing) await ok(`change maintenance window "${m.name}"`, ctx.client.PATCH('/api/maintenance-windows/{id}', { params: { header: ctx.header, path: { id: existing.id } }, body }));
          else await ok(`create maintenance window "${m.name}"`, ctx.client.POST('/api/maintenance-windows', { params: { header: ctx.header }, body: { name: m.name, ...body } }));
        },
      });
  }
  const wantWindows = index(want.maintenance_windows);
  for (const m of have.maintenance_windows ?? [])
    if (!wantWindows.has(m.name))
      gone(`"${m.name}"`, 9, 'maintenance window', async (ctx) => {
        await ok(`delete maintenance window "${m.name}"`, ctx.client.DELETE('/api/maintenance-windows/{id}', { params: { header: ctx.header, path: { id: ctx.state.windows.get(m.name)!.id } } }));
      });

  steps.sort((a, b) => a.order - b.order);
  return { steps, kept };
}

/**
 * The "Default webhook" source every new service gets, untouched since (created with the service):
 * when the file lists the service without it, apply removes it as part of creating the service, so a
 * run stopped between the two finishes it next time, also without --prune (docs/adr/0850).
 */
function leftoverDefault(state: OrgState, service: string, source: ConfigSource, serviceInFile: boolean): boolean {
  if (!serviceInFile || source.kind !== 'webhook' || source.name !== DEFAULT_SOURCE) return false;
  const svc = state.services.get(service);
  const src = state.sources.get(sourceKey(service, source.kind, source.name));
  return !!svc && !!src && src.created_at === svc.created_at && src.updated_at === svc.created_at && src.credentials.every((c) => c.created_at === svc.created_at);
}

const show = (v: unknown) => (v === null || v === undefined ? '(none)' : typeof v === 'string' ? v : JSON.stringify(v));

/** The plan as text: one line per object, one indented line per changed field. */
export function describePlan(plan: Plan, prune: boolean): string {
  const sign = { create: '+', change: '~', delete: '-' } as const;
  const lines: string[] = [];
  for (const s of plan.steps) {
    lines.push(`${sign[s.action]} ${s.action} ${s.kind} ${s.label}`);
    for (const f of s.fields) lines.push(`    ${f.field}: ${show(f.from)} -> ${show(f.to)}`);
  }
  if (!prune && plan.kept.length) lines.push(`  not in the file, kept (--prune deletes them): ${plan.kept.join(', ')}`);
  const count = (a: Step['action']) => plan.steps.filter((s) => s.action === a).length;
  lines.push(plan.steps.length ? `Plan: ${count('create')} to create, ${count('change')} to change, ${count('delete')} to delete.` : 'No changes: the organization matches the file.');
  return lines.join('\n');
}
