import { all, ok, type Api, type ApiClient } from './config.client.ts';
import { canonical } from './config.document.ts';
import type { ConfigDocument, ConfigLevel, ConfigSchedule, ConfigService, ConfigSource, ConfigWebhook, ConfigWindow } from './config.schemas.ts';

/**
 * The organization as the public API shows it: the document it would export, and the ids behind
 * each name (schedules, services, sources, heartbeats, webhooks, windows, people).
 */
export interface OrgState {
  doc: ConfigDocument;
  members: Map<string, string>; // email (lower case) → user id
  schedules: Map<string, Api['Schedule']>;
  services: Map<string, Api['Service']>;
  /** Source key (sourceKey) → integration. */
  sources: Map<string, Api['Integration']>;
  /** `service/name` → heartbeat. */
  heartbeats: Map<string, Api['Heartbeat']>;
  webhooks: Map<string, Api['Webhook']>;
  windows: Map<string, Api['MaintenanceWindow']>;
  /** Schedule name → whether any level channel pair is set. */
  channelsSet: Map<string, boolean>;
  /** Service name → whether routing is set (not null, rules not empty). */
  routingSet: Map<string, boolean>;
}

export const VENDOR = new Set(['datadog', 'grafana', 'alertmanager', 'custom']);
/** Sources are matched by service, kind and name (vendor connections: by kind and name, the service being their fallback). */
export const sourceKey = (service: string, kind: string, name: string) => (VENDOR.has(kind) ? `${kind}:${name}` : `${service}/${kind}:${name}`);
export const envName = (...parts: string[]) =>
  parts
    .join('_')
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');

const first = (n: string) => n;

export async function readOrg(client: ApiClient, org: string): Promise<OrgState> {
  const header = { 'X-Service-Org': org };
  const q = (cursor: string | undefined) => ({ header, query: { limit: 500, ...(cursor ? { cursor } : {}) } });
  const [members, schedules, services, integrations, webhooks, windows] = await Promise.all([
    all('list members', (c) => client.GET('/api/org/members', { params: q(c) })),
    all('list schedules', (c) => client.GET('/api/schedules', { params: q(c) })),
    all('list services', (c) => client.GET('/api/services', { params: q(c) })),
    all('list sources', (c) => client.GET('/api/integrations', { params: q(c) })),
    all('list webhooks', (c) => client.GET('/api/webhooks', { params: q(c) })),
    all('list maintenance windows', (c) => client.GET('/api/maintenance-windows', { params: q(c) })),
  ]);
  const emailOf = new Map(members.map((m) => [m.user_id, m.email.toLowerCase()]));
  const scheduleName = new Map(schedules.map((s) => [s.id, s.name]));
  const serviceName = new Map(services.map((s) => [s.id, s.name]));
  const webhookName = new Map(webhooks.map((w) => [w.id, w.name]));
  const nameOf = (m: Map<string, string>, id: string) => m.get(id) ?? id;

  const state: OrgState = {
    doc: { version: 1 },
    members: new Map(members.map((m) => [m.email.toLowerCase(), m.user_id])),
    schedules: new Map(schedules.map((s) => [s.name, s])),
    services: new Map(services.map((s) => [s.name, s])),
    sources: new Map(),
    heartbeats: new Map(),
    webhooks: new Map(webhooks.map((w) => [w.name, w])),
    windows: new Map(windows.map((w) => [w.name, w])),
    channelsSet: new Map(),
    routingSet: new Map(),
  };

  const docSchedules: ConfigSchedule[] = [];
  for (const s of schedules) {
    const channels = await ok('read level channels', client.GET('/api/schedules/{id}/level-channels', { params: { header, path: { id: s.id } } }));
    const set = channels.filter((c) => !c.default);
    state.channelsSet.set(s.name, set.length > 0);
    docSchedules.push({
      name: s.name,
      description: s.description,
      time_zone: s.time_zone,
      repeat: s.repeat,
      levels: s.levels.map(
        (l): ConfigLevel => ({
          level: l.level,
          timeout_minutes: l.timeout_minutes,
          layers: l.layers.map((y) => ({
            name: y.name,
            precedence: y.precedence,
            rotation: { unit: y.rotation.unit, length: y.rotation.length, handoff_local: y.rotation.handoff_local, participants: y.rotation.participants.map((u) => nameOf(emailOf, u)) },
            restrictions: y.restrictions,
            ...(y.effective_from ? { effective_from: y.effective_from } : {}),
            ...(y.effective_until ? { effective_until: y.effective_until } : {}),
          })),
          channels: Object.fromEntries(
            set
              .filter((c) => c.level === l.level)
              .map((c) => [
                c.priority,
                c.steps.map((st) => ({ channel: st.channel as 'push', delay_seconds: st.delay_seconds, ...(st.destination_id ? { destination: nameOf(webhookName, st.destination_id) } : {}) })),
              ]),
          ),
        }),
      ),
    });
  }

  const sourcesBy = new Map<string, ConfigSource[]>();
  for (const i of integrations) {
    const owner = i.service_id ?? i.fallback_service_id;
    if (!owner) continue;
    const service = nameOf(serviceName, owner);
    state.sources.set(sourceKey(service, i.type, i.name), i);
    const list = sourcesBy.get(service) ?? [];
    list.push({
      kind: i.type,
      name: i.name,
      ...(VENDOR.has(i.type) ? { rules: i.routing_rules.map((r) => ({ attribute: r.attribute, value: r.value, service: nameOf(serviceName, r.service_id) })) } : {}),
      ...(i.mapping ? { mapping: i.mapping } : {}),
    });
    sourcesBy.set(service, list);
  }

  const docServices: ConfigService[] = [];
  for (const s of services) {
    const [routing, heartbeats] = await Promise.all([
      ok('read routing', client.GET('/api/services/{id}/routing', { params: { header, path: { id: s.id } } })),
      all('list heartbeats', (c) => client.GET('/api/services/{id}/heartbeats', { params: { ...q(c), path: { id: s.id } } })),
    ]);
    state.routingSet.set(s.name, !!routing?.rules.length);
    for (const h of heartbeats) state.heartbeats.set(`${s.name}/${h.name}`, h);
    docServices.push({
      name: s.name,
      description: s.description,
      ...(s.schedule_id ? { schedule: nameOf(scheduleName, s.schedule_id) } : {}),
      ...(s.ack_timeout_minutes != null ? { ack_timeout_minutes: s.ack_timeout_minutes } : {}),
      ...(s.auto_resolve_minutes != null ? { auto_resolve_minutes: s.auto_resolve_minutes } : {}),
      routing: (routing?.rules ?? []).map((r) => ({
        name: r.name,
        ...(r.priorities ? { priorities: r.priorities as 'high'[] } : {}),
        ...(r.urgencies ? { urgencies: r.urgencies as 'high'[] } : {}),
        ...(r.time_window ? { time_window: { ...r.time_window, days: r.time_window.days as 'mon'[] } } : {}),
        schedule: nameOf(scheduleName, r.schedule_id),
      })),
      sources: sourcesBy.get(s.name) ?? [],
      heartbeats: heartbeats.map((h) => ({ name: h.name, interval_seconds: h.interval_seconds, grace_seconds: h.grace_seconds, priority: h.priority, enabled: h.enabled })),
    });
  }

  const docWebhooks: ConfigWebhook[] = webhooks.map((w) => ({
    name: w.name,
    kind: w.kind,
    ...(w.kind === 'slack_app' ? { channel_id: w.channel_id ?? '' } : { url: `\${env:${envName('KLAXON_WEBHOOK', w.name, 'URL')}}` }),
    events: w.events,
    ...(w.service_ids ? { services: w.service_ids.map((id) => nameOf(serviceName, id)) } : {}),
    ...(w.template ? { template: w.template as ConfigWebhook['template'] } : {}),
    headers: Object.fromEntries(Object.keys(w.headers).map((h) => [h, `\${env:${envName('KLAXON_WEBHOOK', w.name, 'HEADER', h)}}`])),
    enabled: w.enabled,
  }));

  const docWindows: ConfigWindow[] = windows.map((m) => ({
    name: m.name,
    services: m.service_ids.map((id) => nameOf(serviceName, id)),
    ...(m.start ? { start: m.start } : {}),
    ...(m.end ? { end: m.end } : {}),
    ...(m.recurrence ? { recurrence: m.recurrence } : {}),
    page_when_over: m.page_when_over,
  }));

  state.doc = canonical({ version: 1, schedules: docSchedules, services: docServices, webhooks: docWebhooks, maintenance_windows: docWindows });
  void first;
  return state;
}
