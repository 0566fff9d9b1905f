/**
 * Every query key of the dashboard, in one place: a page reads with `keys.x(…)` and a change
 * invalidates with the same function, so the two cannot drift apart. TanStack Query matches keys by
 * prefix, so a shorter key invalidates the longer ones under it: `keys.alerts()` every
 * `keys.alertList(filters)`, `keys.alert(id)` its timeline, `keys.me()` every `keys.meIn(org)`.
 * `test/unit/web-action-and-keys.test.ts` fails when a file of web/src writes a key inline.
 */
export const keys = {
  me: () => ['me'] as const,
  /** Whether this server offers single sign-on, and the button's name (public). */
  sso: () => ['sso'] as const,
  meIn: (org: string | null) => ['me', org] as const,

  alerts: () => ['alerts'] as const,
  alertList: (filters: object) => ['alerts', filters] as const,
  alertPreviewChoices: () => ['alerts', 'preview-choices'] as const,
  alert: (id: string) => ['alert', id] as const,
  alertTimeline: (id: string) => ['alert', id, 'timeline'] as const,

  services: () => ['services'] as const,
  service: (id: string) => ['service', id] as const,
  routing: (serviceId: string) => ['routing', serviceId] as const,
  routingPreview: (serviceId: string, ...choice: (string | null)[]) => ['routing-preview', serviceId, ...choice] as const,
  integrations: () => ['integrations'] as const,
  heartbeats: (serviceId: string) => ['heartbeats', serviceId] as const,
  maintenanceWindows: () => ['maintenance-windows'] as const,
  maintenanceWindow: (id: string) => ['maintenance-windows', id] as const,

  schedules: () => ['schedules'] as const,
  schedule: (id: string) => ['schedule', id] as const,
  oncall: (scheduleId: string) => ['oncall', scheduleId] as const,
  oncallAt: (scheduleId: string, at: string) => ['oncall', scheduleId, at] as const,
  shifts: (scheduleId: string) => ['shifts', scheduleId] as const,
  shiftsIn: (scheduleId: string, from: Instant, to: Instant) => ['shifts', scheduleId, from, to] as const,
  reachability: (scheduleId: string, from: Instant, to: Instant) => ['reachability', scheduleId, from, to] as const,
  overrides: (scheduleId: string) => ['overrides', scheduleId] as const,
  overridesFrom: (scheduleId: string, from: string) => ['overrides', scheduleId, from] as const,
  levelChannels: (scheduleId: string) => ['level-channels', scheduleId] as const,

  webhooks: () => ['webhooks'] as const,
  slackConnection: () => ['slack-connection'] as const,
  slackManifest: () => ['slack-manifest'] as const,
  webhook: (id: string) => ['webhook', id] as const,
  deliveries: (webhookId: string) => ['deliveries', webhookId] as const,
  deliveriesIn: (webhookId: string, state: string) => ['deliveries', webhookId, state] as const,

  members: () => ['members'] as const,
  invitations: () => ['invitations'] as const,
  invitation: (token: string | undefined) => ['invitation', token] as const,
  apiKeys: () => ['api-keys'] as const,
  audit: (filters: object) => ['audit', filters] as const,
  billingStatus: () => ['billing-status'] as const,
  orgUsage: () => ['org-usage'] as const,
  orgSettings: () => ['org-settings'] as const,
  orgVoice: () => ['org-voice'] as const,

  devices: () => ['devices'] as const,
  phones: () => ['phones'] as const,
  sessions: () => ['sessions'] as const,
  recoveryCodes: () => ['recovery-codes'] as const,
  calendarFeeds: () => ['calendar-feeds'] as const,
  telegram: () => ['telegram'] as const,
  notificationRules: () => ['notification-rules'] as const,
};

/** A moment in a key: an ISO string or epoch milliseconds, as the page holds it. */
type Instant = string | number;
