/**
 * The shared access test (PRODUCT.md 2, spec 4.2 and 5). It walks every /api/* operation of the
 * OpenAPI document, so a new route is covered as soon as it is registered. Each operation must
 * document its access rule as `x-access` (audience, scope, permission, or "public"); public routes
 * take no credential and are skipped. For every other operation:
 *   - 401 without a credential, and with a revoked API key or a signed-out session;
 *   - 403 without X-Service-Org, and with the id of an organization the caller is not in;
 *   - 403 for a mobile-app session on a D route (and not 401/403 on a DI route);
 *   - 404 for an {id} route given a resource of another organization (or person);
 *   - for each role, allowed (not 401/403) or refused (403) as the table below says, which is
 *     written out by hand from PRODUCT.md 2 so that a wrongly declared route fails.
 * Failures are collected and reported per route.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../../src/lib/actor.ts';
import { ulid } from '../../../src/lib/ids.ts';
import { DIALECTS, bootstrapTenant, buildTestApp, createService, type Tenant, type TestApp } from '../../helpers/app.ts';
import { addMember, addSession, cookiesOf, signedIn, startSmtpCapture, type Member } from '../../helpers/people.ts';
import { insertSession } from '../../../src/modules/session/session.repository.ts';
import { hashSecret, randomToken } from '../../../src/lib/secrets.ts';
import { newId } from '../../../src/lib/ids.ts';
import { csrfTokenFor } from '../../../src/modules/session/session.resolvers.ts';

type Aud = 'D' | 'DI';
const RANK: Record<Role, number> = { observer: 0, responder: 1, admin: 2, owner: 3 };
const ROLES_ASCENDING: Role[] = ['observer', 'responder', 'admin', 'owner'];

/**
 * Route → [audience, least role], from spec 4.2 (audience) and PRODUCT.md 2 (roles): observer
 * reads; responder also acts on alerts and manages its own devices, phone numbers and alert
 * profile; admin also configures and reads the audit log; owner also billing, members' roles and
 * deleting the organization. A person's own account and sign-in security (me, email, TOTP,
 * recovery codes, sessions, consent, bootstrap) belong to every member (docs/adr/0301-access-test.md).
 * Routes of the spec that are not built yet are listed so they are checked once they are.
 */
const MATRIX: Record<string, [Aud, Role]> = {
  'POST /api/agreements/consent': ['DI', 'observer'],
  'GET /api/alerts': ['DI', 'observer'],
  'POST /api/alerts': ['DI', 'responder'],
  'GET /api/alerts/{id}': ['DI', 'observer'],
  'GET /api/alerts/{id}/org': ['D', 'observer'],
  'GET /api/alerts/{id}/timeline': ['DI', 'observer'],
  'PUT /api/alerts/{id}/ack': ['DI', 'responder'],
  'PUT /api/alerts/{id}/escalate': ['DI', 'responder'],
  'PUT /api/alerts/{id}/priority': ['DI', 'responder'],
  'PUT /api/alerts/{id}/resolve': ['DI', 'responder'],
  'POST /api/alerts/{id}/responders': ['DI', 'responder'],
  'PUT /api/alerts/{id}/snooze': ['DI', 'responder'],
  'PUT /api/alerts/{id}/wake': ['DI', 'responder'],
  'GET /api/audit': ['D', 'admin'],
  'POST /api/bootstrap': ['DI', 'observer'],
  'GET /api/devices': ['DI', 'observer'],
  'POST /api/devices': ['DI', 'responder'],
  'DELETE /api/devices/{id}': ['DI', 'responder'],
  'PATCH /api/devices/{id}': ['DI', 'responder'],
  'GET /api/devices/web-push-key': ['DI', 'observer'],
  'GET /api/integrations': ['DI', 'observer'],
  'POST /api/integrations': ['DI', 'admin'],
  'GET /api/integrations/{id}': ['DI', 'observer'],
  'DELETE /api/integrations/{id}': ['DI', 'admin'],
  'PATCH /api/integrations/{id}': ['DI', 'admin'],
  'POST /api/integrations/{id}/replace': ['DI', 'admin'],
  'POST /api/integrations/{id}/reveal': ['DI', 'admin'],
  'POST /api/integrations/{id}/rotate': ['DI', 'admin'],
  'POST /api/integrations/preview': ['DI', 'admin'],
  'GET /api/keys': ['DI', 'observer'],
  'POST /api/keys': ['DI', 'admin'],
  'DELETE /api/keys/{id}': ['DI', 'admin'],
  'DELETE /api/me': ['DI', 'observer'],
  'GET /api/me': ['DI', 'observer'],
  'PATCH /api/me': ['DI', 'responder'],
  'POST /api/me/email': ['D', 'observer'],
  'POST /api/me/email/verify': ['D', 'observer'],
  'GET /api/me/recovery-codes': ['D', 'observer'],
  'POST /api/me/recovery-codes': ['D', 'observer'],
  'POST /api/me/totp': ['D', 'observer'],
  'POST /api/me/totp/confirm': ['D', 'observer'],
  'POST /api/me/totp/disable': ['D', 'observer'],
  'POST /api/me/device-grants': ['D', 'observer'],
  'GET /api/me/sessions': ['DI', 'observer'],
  'DELETE /api/me/sessions/{id}': ['DI', 'observer'],
  'DELETE /api/org': ['DI', 'owner'],
  'POST /api/org/leave': ['D', 'observer'],
  'GET /api/org/usage': ['D', 'observer'],
  'GET /api/org/settings': ['DI', 'observer'],
  'PATCH /api/org/settings': ['DI', 'admin'],
  'GET /api/org/voice': ['D', 'observer'],
  'PUT /api/org/voice': ['D', 'admin'],
  'GET /api/billing/status': ['D', 'observer'],
  // The dashboard's live feed (docs/adr/0601).
  'GET /api/events/stream': ['D', 'observer'],
  'POST /api/billing/portal': ['D', 'owner'],
  'POST /api/billing/checkout': ['D', 'owner'],
  'POST /api/billing/plan/preview': ['D', 'owner'],
  'POST /api/billing/plan': ['D', 'owner'],
  'DELETE /api/overrides/{id}': ['DI', 'admin'],
  'GET /api/phone-numbers': ['DI', 'observer'],
  'POST /api/phone-numbers': ['DI', 'responder'],
  'DELETE /api/phone-numbers/{id}': ['DI', 'responder'],
  'PATCH /api/phone-numbers/{id}': ['DI', 'responder'],
  'POST /api/phone-numbers/{id}/verify': ['DI', 'responder'],
  'POST /api/phone-numbers/{id}/verify/confirm': ['DI', 'responder'],
  'GET /api/schedules': ['DI', 'observer'],
  'POST /api/schedules': ['DI', 'admin'],
  'DELETE /api/schedules/{id}': ['DI', 'admin'],
  'PUT /api/schedules/{id}': ['DI', 'admin'],
  'POST /api/schedules/{id}/clone': ['DI', 'admin'],
  'GET /api/schedules/{id}/oncall': ['DI', 'observer'],
  'POST /api/schedules/{id}/overrides': ['DI', 'admin'],
  'GET /api/schedules/{id}/level-channels': ['DI', 'observer'],
  'PUT /api/schedules/{id}/level-channels': ['DI', 'admin'],
  'DELETE /api/schedules/{id}/level-channels/{level}/{priority}': ['DI', 'admin'],
  'GET /api/services': ['DI', 'observer'],
  'POST /api/services': ['DI', 'admin'],
  'GET /api/services/{id}': ['DI', 'observer'],
  'DELETE /api/services/{id}': ['DI', 'admin'],
  'PATCH /api/services/{id}': ['DI', 'admin'],
  'GET /api/services/{id}/routing': ['D', 'observer'],
  'PUT /api/services/{id}/routing': ['D', 'admin'],
  // Heartbeats (issue 36, PRODUCT.md 11).
  'GET /api/services/{id}/heartbeats': ['DI', 'observer'],
  'POST /api/services/{id}/heartbeats': ['DI', 'admin'],
  'GET /api/heartbeats/{id}': ['DI', 'observer'],
  'PATCH /api/heartbeats/{id}': ['DI', 'admin'],
  'DELETE /api/heartbeats/{id}': ['DI', 'admin'],
  'POST /api/heartbeats/{id}/rotate': ['DI', 'admin'],
  // Maintenance windows (issue 36, PRODUCT.md 11).
  'GET /api/maintenance-windows': ['DI', 'observer'],
  'POST /api/maintenance-windows': ['DI', 'admin'],
  'GET /api/maintenance-windows/{id}': ['DI', 'observer'],
  'PATCH /api/maintenance-windows/{id}': ['DI', 'admin'],
  'DELETE /api/maintenance-windows/{id}': ['DI', 'admin'],
  'POST /api/maintenance-windows/{id}/end': ['DI', 'admin'],
  // Issue 21: the escalation preview reads (it pages nobody).
  'POST /api/services/{id}/routing/preview': ['DI', 'observer'],
  // Schedules (issue 20): reading a schedule and its timeline, and a person's own calendar feeds.
  'GET /api/schedules/{id}': ['DI', 'observer'],
  'GET /api/schedules/{id}/shifts': ['DI', 'observer'],
  'GET /api/schedules/{id}/reachability': ['DI', 'observer'],
  'GET /api/schedules/{id}/overrides': ['DI', 'observer'],
  'GET /api/me/calendar-feeds': ['DI', 'observer'],
  'POST /api/me/calendar-feeds': ['DI', 'responder'],
  'DELETE /api/me/calendar-feeds/{id}': ['DI', 'responder'],
  'GET /api/me/telegram': ['DI', 'observer'],
  'POST /api/me/telegram': ['DI', 'responder'],
  'DELETE /api/me/telegram': ['DI', 'responder'],
  'POST /api/me/test-page': ['DI', 'responder'],
  // How each person is reached (issue 35): their own rules, and an admin's read of a member's.
  'GET /api/me/notification-rules': ['DI', 'observer'],
  'PUT /api/me/notification-rules': ['DI', 'responder'],
  'GET /api/users/{id}/notification-rules': ['DI', 'admin'],
  // Not in spec 4.2's table: organizations, members and invitations (docs/adr/0320, 0321).
  'POST /api/orgs': ['D', 'observer'],
  'GET /api/org/members': ['DI', 'observer'],
  'PATCH /api/org/members/{user_id}': ['D', 'owner'],
  'DELETE /api/org/members/{user_id}': ['D', 'owner'],
  'POST /api/org/invitations': ['D', 'owner'],
  'GET /api/org/invitations': ['D', 'owner'],
  'DELETE /api/org/invitations/{id}': ['D', 'owner'],
  'POST /api/invitations/accept': ['D', 'observer'],
  // The person's own re-authentication and password (docs/adr/0533).
  'POST /api/me/reauthenticate': ['DI', 'observer'],
  'POST /api/me/password': ['DI', 'observer'],
  // Outbound webhooks (PRODUCT.md 8: audience DI, scope O, admin).
  'GET /api/webhooks': ['DI', 'admin'],
  'POST /api/webhooks': ['DI', 'admin'],
  'POST /api/webhooks/preview': ['DI', 'admin'],
  'GET /api/webhooks/{id}': ['DI', 'admin'],
  'PATCH /api/webhooks/{id}': ['DI', 'admin'],
  'DELETE /api/webhooks/{id}': ['DI', 'admin'],
  'POST /api/webhooks/{id}/test': ['DI', 'admin'],
  'POST /api/webhooks/{id}/rotate-secret': ['DI', 'admin'],
  'GET /api/webhooks/{id}/deliveries': ['DI', 'admin'],
  'POST /api/webhooks/{id}/deliveries/{delivery_id}/redeliver': ['DI', 'admin'],
  // The organization's Slack app (PRODUCT.md 12): configuration, admins.
  'GET /api/chat/slack': ['DI', 'admin'],
  'PUT /api/chat/slack': ['DI', 'admin'],
  'DELETE /api/chat/slack': ['DI', 'admin'],
  'GET /api/chat/slack/manifest': ['DI', 'admin'],
};

/**
 * Account-security actions (issue 19 item 2, docs/adr/0533): x-access `credential` is "session"
 * (the person's own dashboard or app session, never an API key or agent token) or "recent" (that
 * session also proved its password or second factor in the last ten minutes). Written out by hand,
 * like the matrix, so a route that loses its rule fails.
 */
const PERSONAL: Record<string, 'session' | 'recent'> = {
  'DELETE /api/me': 'recent',
  'POST /api/me/email': 'recent',
  'POST /api/me/email/verify': 'session',
  'POST /api/me/recovery-codes': 'recent',
  'POST /api/me/totp': 'recent',
  'POST /api/me/totp/confirm': 'recent',
  'POST /api/me/totp/disable': 'recent',
  'POST /api/me/device-grants': 'recent',
  'POST /api/me/reauthenticate': 'session',
  'POST /api/me/password': 'recent',
  'DELETE /api/org': 'recent',
};

/** Spec 4.2 request schema names (fixed by the contract), checked for the routes that exist. */
const BODY_NAMES: Record<string, string> = {
  'POST /api/agreements/consent': 'AgreementConsent',
  'POST /api/alerts': 'AlertCreate',
  'PUT /api/alerts/{id}/priority': 'PriorityChange',
  'POST /api/alerts/{id}/responders': 'ResponderCreate',
  'PUT /api/alerts/{id}/snooze': 'AlertSnooze',
  'POST /api/bootstrap': 'Bootstrap',
  'POST /api/devices': 'DeviceCreate',
  'PATCH /api/devices/{id}': 'DevicePatch',
  'POST /api/integrations': 'IntegrationCreate',
  'PATCH /api/integrations/{id}': 'IntegrationPatch',
  'POST /api/integrations/preview': 'IntegrationPreview',
  'POST /api/keys': 'ApiKeyCreate',
  'PATCH /api/me': 'AlertSoundPreference',
  'POST /api/me/email': 'EmailChangeRequest',
  'POST /api/me/email/verify': 'CodeConfirm',
  'PATCH /api/org/settings': 'OrgSettingsPatch',
  'PUT /api/org/voice': 'VoiceSettings',
  'POST /api/billing/portal': 'BillingPortal',
  'POST /api/billing/checkout': 'BillingPlan',
  'POST /api/billing/plan/preview': 'BillingPlan',
  'POST /api/billing/plan': 'BillingPlan',
  'POST /api/phone-numbers': 'PhoneNumberCreate',
  'PATCH /api/phone-numbers/{id}': 'PhoneNumberPatch',
  'POST /api/phone-numbers/{id}/verify/confirm': 'CodeConfirm',
  'POST /api/schedules': 'ScheduleWrite',
  'PUT /api/schedules/{id}': 'ScheduleWrite',
  'POST /api/schedules/{id}/clone': 'ScheduleClone',
  'POST /api/schedules/{id}/overrides': 'ScheduleOverrideCreate',
  'PUT /api/schedules/{id}/level-channels': 'LevelChannels',
  'POST /api/services': 'ServiceCreate',
  'PATCH /api/services/{id}': 'ServicePatch',
  'PUT /api/services/{id}/routing': 'ServiceRoutingWrite',
  'PUT /api/me/notification-rules': 'NotificationRulesWrite',
  'POST /api/services/{id}/heartbeats': 'HeartbeatCreate',
  'PATCH /api/heartbeats/{id}': 'HeartbeatPatch',
  'POST /api/maintenance-windows': 'MaintenanceWindowCreate',
  'PATCH /api/maintenance-windows/{id}': 'MaintenanceWindowPatch',
  'PUT /api/chat/slack': 'SlackConnectionPut',
};

/** Id prefixes of resource kinds, for well-formed unknown ids. */
const PREFIX: Record<string, string> = {
  alerts: 'alr', services: 'svc', keys: 'key', integrations: 'int', devices: 'dev', 'phone-numbers': 'phn',
  schedules: 'sch', overrides: 'ovr', sessions: 'ses', members: 'usr', users: 'usr', webhooks: 'whk', 'calendar-feeds': 'cal', heartbeats: 'hbt', 'maintenance-windows': 'mnt',
};

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  default?: unknown;
}
interface Operation {
  method: Method;
  path: string;
  key: string;
  access: { audience: Aud; scope: 'P' | 'O'; permission: string; credential?: 'session' | 'recent' } | 'public' | undefined;
  body?: JsonSchema;
  query: { name: string; schema: JsonSchema }[];
  responses: string[];
}

const STRING_SAMPLES = ['123456', 'example', 'x@example.com', 'https://example.com/hook', '2026-03-01T10:00:00.000Z', 'UTC', 'en-US', '+14155550123', '1.0.0', 'a'];

/** Values for string fields by name, where a generic sample would fail business validation. */
const BY_NAME: Record<string, () => string> = {
  email: () => `someone-${ulid().toLowerCase().slice(-8)}@example.com`,
  time_zone: () => 'UTC',
  locale: () => 'en-US',
  name: () => `name-${ulid().toLowerCase().slice(-8)}`,
  user_code: () => 'BBBB-BBBB',
};

/** A minimal value that satisfies a JSON schema (enough for the validation step of a request). */
function sample(schema: JsonSchema | undefined, components: Record<string, JsonSchema>, depth = 0, name?: string): unknown {
  if (!schema || depth > 8) return {};
  if (schema.$ref) return sample(components[schema.$ref.replace('#/components/schemas/', '')], components, depth + 1);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  if (schema.anyOf) return sample(schema.anyOf.find((s) => s.type !== 'null') ?? schema.anyOf[0], components, depth + 1);
  if (schema.oneOf) return sample(schema.oneOf[0], components, depth + 1);
  if (schema.allOf) return Object.assign({}, ...schema.allOf.map((s) => sample(s, components, depth + 1) as object));
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object':
    case undefined: {
      if (!schema.properties && type === undefined) return {};
      const out: Record<string, unknown> = {};
      for (const prop of schema.required ?? []) out[prop] = sample(schema.properties?.[prop], components, depth + 1, prop);
      return out;
    }
    case 'array':
      return Array.from({ length: schema.minItems ?? 0 }, () => sample(schema.items, components, depth + 1));
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return true;
    case 'string': {
      if (schema.format === 'email') return 'x@example.com';
      if (schema.format === 'date-time') return '2026-03-01T10:00:00.000Z';
      if (schema.format === 'uri') return 'https://example.com/hook';
      const fits = (s: string) =>
        (!schema.pattern || new RegExp(schema.pattern, 'u').test(s)) && s.length >= (schema.minLength ?? 0) && s.length <= (schema.maxLength ?? Infinity);
      const named = name ? BY_NAME[name]?.() : undefined;
      return [...(named ? [named] : []), ...STRING_SAMPLES].find(fits) ?? 'x'.repeat(Math.max(1, schema.minLength ?? 1));
    }
    default:
      return null;
  }
}

function operationsOf(doc: { paths: Record<string, Record<string, Record<string, unknown>>> }): Operation[] {
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    if (!path.startsWith('/api/')) continue;
    for (const [m, op] of Object.entries(item)) {
      const method = m.toUpperCase() as Method;
      if (!['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(method)) continue;
      const body = (op.requestBody as { content?: Record<string, { schema: JsonSchema }> } | undefined)?.content?.['application/json']?.schema;
      const params = (op.parameters as { in: string; name: string; required?: boolean; schema: JsonSchema }[] | undefined) ?? [];
      ops.push({
        method, path, key: `${method} ${path}`, access: op['x-access'] as Operation['access'], ...(body ? { body } : {}),
        query: params.filter((p) => p.in === 'query' && p.required).map((p) => ({ name: p.name, schema: p.schema })),
        responses: Object.keys((op.responses as Record<string, unknown> | undefined) ?? {}),
      });
    }
  }
  return ops;
}

/** The kind of resource an {id} path names: the segment before {id} (alerts, services, …); {user_id} is a member. */
const kindOf = (path: string): string | undefined => (path.includes('{user_id}') ? 'members' : /\/([a-z-]+)\/\{id\}/.exec(path)?.[1]);

for (const dialect of DIALECTS) {
  describe(`${dialect}: every /api route enforces credential, organization, audience, tenancy and role`, () => {
    let t: TestApp;
    let a: Tenant;
    let b: Tenant;
    let ops: Operation[];
    let components: Record<string, JsonSchema>;
    const foreign: Record<string, string> = {}; // kind → id of a resource in org B (or of B's owner)
    let revokedKey: string;
    let mobile: { token: string; revokedToken: string };
    let dashboard: { cookie: string; csrf: string };

    let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;

    beforeAll(async () => {
      // Mail goes to a loopback SMTP server, so routes that send mail are exercised for real.
      smtp = await startSmtpCapture();
      t = await buildTestApp({ dialect, env: { SMTP_URL: smtp.url, KLAXON_SIGNUP: 'open' } });
      a = await bootstrapTenant(t, 'Org A');
      b = await bootstrapTenant(t, 'Org B');

      const doc = t.app.swagger() as unknown as { paths: Record<string, Record<string, Record<string, unknown>>>; components: { schemas: Record<string, JsonSchema> } };
      ops = operationsOf(doc);
      components = doc.components.schemas;

      // A revoked full-product key of an owner of A.
      const spare = await addMember(t, a, 'owner');
      await t.app.inject({ method: 'DELETE', url: `/api/keys/${spare.keyId}`, headers: a.headers });
      revokedKey = spare.apiKey;

      // A person with a mobile session and a dashboard session, made an owner of A.
      const up = async (client: 'mobile' | 'dashboard', email: string, signUp: boolean) => {
        const r = await t.app.inject({ method: 'POST', url: signUp ? '/api/auth/sign-up' : '/api/auth/sign-in', payload: { email, password: 'access-test-password', org_name: 'Own', client } });
        if (r.statusCode !== 200) throw new Error(`session setup: ${r.statusCode} ${r.body}`);
        return r;
      };
      const email = `access-${Math.random().toString(36).slice(2, 8)}@example.com`;
      const m1 = (await up('mobile', email, true)).json();
      await t.container.db.insertInto('memberships').values({ org_id: a.orgId, user_id: m1.user_id, role: 'owner', created_at: t.clock.now().toISOString() }).execute();
      const m2 = (await up('mobile', email, false)).json();
      await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { authorization: `Bearer ${m2.token}` } });
      mobile = { token: m1.token, revokedToken: m2.token };
      const d = await up('dashboard', email, false);
      dashboard = { cookie: cookiesOf(d).kx_session!, csrf: d.json().csrf_token };

      // Resources of org B (or of B's owner) for the tenancy check, where they can be made.
      const svc = await createService(t, b, 'b-service');
      foreign.services = svc.id;
      foreign.integrations = svc.integrationId;
      const alert = await t.app.inject({ method: 'POST', url: '/api/alerts', headers: b.headers, payload: { service_id: svc.id, title: 'B alert' } });
      foreign.alerts = alert.json().id;
      const key = await t.app.inject({ method: 'POST', url: '/api/keys', headers: b.headers, payload: { name: 'b', kind: 'full_product' } });
      foreign.keys = key.json().id;
      const bMobile = await t.app.inject({ method: 'POST', url: '/api/auth/sign-up', payload: { email: `b-${email}`, password: 'access-test-password', org_name: 'B2', client: 'mobile' } });
      foreign.sessions = bMobile.json().session_id;
      foreign.members = b.userId;
      // A public IP literal: saved without a DNS answer, never sent to (nothing is due).
      const hook = await t.app.inject({ method: 'POST', url: '/api/webhooks', headers: b.headers, payload: { name: 'b hook', kind: 'native', url: 'https://8.8.8.8/hook', events: ['alert.resolved'] } });
      foreign.webhooks = hook.json().id;
      // Kinds built by other modules: create one in B through their collection route when it
      // accepts a generated body; otherwise a well-formed unknown id stands in.
      for (const op of ops) {
        const kind = kindOf(op.path);
        if (!kind || foreign[kind]) continue;
        const create = ops.find((o) => o.method === 'POST' && o.path === op.path.slice(0, op.path.indexOf('/{')));
        if (create) {
          const r = await t.app.inject({ method: 'POST', url: create.path, headers: b.headers, payload: (sample(create.body, components) ?? {}) as object });
          const id = r.statusCode === 200 ? (r.json() as { id?: unknown }).id : undefined;
          if (typeof id === 'string') foreign[kind] = id;
        }
        foreign[kind] ??= `${PREFIX[kind] ?? 'zzz'}_${ulid().toLowerCase()}`;
      }
    });
    afterAll(async () => {
      await t?.close();
      await smtp?.close();
    });

    const guarded = () => ops.filter((o) => o.access !== 'public');
    const urlOf = (op: Operation, id: string) => {
      const path = op.path.replace('{id}', id).replace('{user_id}', id).replace('{level}', '1').replace('{priority}', 'critical').replace(/\{[^}]+\}/g, 'x');
      const q = op.query.map((p) => `${encodeURIComponent(p.name)}=${encodeURIComponent(String(sample(p.schema, components)))}`).join('&');
      return q ? `${path}?${q}` : path;
    };
    const send = (op: Operation, headers: Record<string, string>, opts: { id?: string; cookies?: Record<string, string> } = {}) =>
      t.app.inject({
        method: op.method,
        url: urlOf(op, opts.id ?? `${PREFIX[kindOf(op.path) ?? ''] ?? 'zzz'}_${ulid().toLowerCase()}`),
        headers,
        ...(opts.cookies ? { cookies: opts.cookies } : {}),
        ...(op.body ? { payload: (sample(op.body, components) ?? {}) as object } : {}),
      });
    const check = (problems: string[], op: Operation, what: string, status: number, ok: (s: number) => boolean, expected: string, body?: string) => {
      if (!ok(status)) problems.push(`${op.key}: ${what}: expected ${expected}, got ${status}${body ? ` ${body.slice(0, 160)}` : ''}`);
    };

    it('every /api operation documents its access rule (x-access), and the table knows every guarded one', () => {
      expect(ops.length).toBeGreaterThan(10);
      const undeclared = ops.filter((o) => o.access === undefined).map((o) => `${o.key}: no config.access (add an access rule or 'public')`);
      const unknown = guarded().filter((o) => !MATRIX[o.key]).map((o) => `${o.key}: missing from MATRIX in this test; add [audience, least role] from spec 4.2 and PRODUCT.md 2`);
      expect([...undeclared, ...unknown]).toEqual([]);
    });

    it('every /api operation declares a 200 schema, every guarded one errors 400, 401, 403, 404; spec 4.2 request schema names are used', () => {
      const problems: string[] = [];
      for (const op of ops) {
        const statuses = op.access === 'public' ? ['200'] : ['200', '400', '401', '403', '404'];
        for (const status of statuses) if (!op.responses.includes(status)) problems.push(`${op.key}: no ${status} response declared`);
        const want = BODY_NAMES[op.key];
        if (want && op.body?.$ref !== `#/components/schemas/${want}`) problems.push(`${op.key}: request body should be ${want} (spec 4.2), is ${JSON.stringify(op.body ?? null)}`);
      }
      expect(problems).toEqual([]);
    });

    it('declared audience and permission agree with spec 4.2 and the role matrix; account-security routes declare their credential rule', () => {
      const problems: string[] = [];
      for (const op of guarded()) {
        const want = MATRIX[op.key];
        if (!want || op.access === 'public' || !op.access) continue;
        if (op.access.audience !== want[0]) problems.push(`${op.key}: audience ${op.access.audience}, spec 4.2 says ${want[0]}`);
        if (op.access.credential !== PERSONAL[op.key]) problems.push(`${op.key}: credential rule ${op.access.credential ?? 'none'}, expected ${PERSONAL[op.key] ?? 'none'}`);
      }
      expect(problems).toEqual([]);
    });

    it('account-security routes refuse API keys and agent tokens (403), and "recent" ones a session not re-authenticated in ten minutes', async () => {
      const problems: string[] = [];
      for (const op of guarded()) {
        const rule = op.access !== 'public' ? op.access?.credential : undefined;
        if (!rule) continue;
        const org = await bootstrapTenant(t, `Personal ${op.key}`);
        const person = await addMember(t, org, 'owner');
        const key = await send(op, person.headers);
        check(problems, op, 'full-product key', key.statusCode, (s) => s === 403, '403', key.body);
        // An agent token approved for the organization acts as the person, yet not on their account.
        const now = t.clock.now();
        const agent = `kxa_${randomToken(32)}`;
        await insertSession(t.container.db, {
          id: newId('ses'), user_id: person.userId, kind: 'agent', org_id: org.orgId, token_hash: hashSecret(agent), name: 'agent', client: '{}', ip: null,
          created_at: now.toISOString(), last_used_at: null, expires_at: new Date(now.getTime() + 86_400_000).toISOString(), revoked_at: null,
        });
        const byAgent = await send(op, { authorization: `Bearer ${agent}`, 'x-service-org': org.orgId });
        check(problems, op, 'agent token', byAgent.statusCode, (s) => s === 403, '403', byAgent.body);
        if (rule !== 'recent') continue;
        // A dashboard session signed in eleven minutes ago, never re-authenticated since.
        const stale = `kxs_${randomToken(32)}`;
        const then = new Date(now.getTime() - 11 * 60_000);
        await insertSession(t.container.db, {
          id: newId('ses'), user_id: person.userId, kind: 'dashboard', org_id: null, token_hash: hashSecret(stale), name: '', client: '{}', ip: null,
          created_at: then.toISOString(), last_used_at: null, expires_at: new Date(now.getTime() + 86_400_000).toISOString(), revoked_at: null,
        });
        const old = await send(op, { cookie: `kx_session=${stale}`, 'x-csrf-token': csrfTokenFor(t.container.hashCode, stale), 'x-service-org': org.orgId });
        check(problems, op, 'session signed in 11 minutes ago', old.statusCode, (s) => s === 403 && old.json().error.details?.[0]?.field === 'reauthentication', '403 asking to re-authenticate', old.body);
      }
      expect(problems).toEqual([]);
    });

    it('401 without a credential, with a revoked key and with a signed-out session', async () => {
      const problems: string[] = [];
      for (const op of guarded()) {
        const none = await send(op, { 'x-service-org': a.orgId });
        check(problems, op, 'no credential', none.statusCode, (s) => s === 401, '401', none.body);
        const revoked = await send(op, { authorization: `Bearer ${revokedKey}`, 'x-service-org': a.orgId });
        check(problems, op, 'revoked API key', revoked.statusCode, (s) => s === 401, '401', revoked.body);
        const ended = await send(op, { authorization: `Bearer ${mobile.revokedToken}`, 'x-service-org': a.orgId });
        check(problems, op, 'signed-out mobile session', ended.statusCode, (s) => s === 401, '401', ended.body);
        const garbage = await send(op, { authorization: 'Bearer kxp_not-a-key', 'x-service-org': a.orgId });
        check(problems, op, 'unknown key', garbage.statusCode, (s) => s === 401, '401', garbage.body);
      }
      expect(problems).toEqual([]);
    });

    it('403 without X-Service-Org and with an organization the credential is not for', async () => {
      const problems: string[] = [];
      for (const op of guarded()) {
        const key = { authorization: `Bearer ${a.apiKey}` };
        check(problems, op, 'no X-Service-Org (key)', (await send(op, key)).statusCode, (s) => s === 403, '403');
        check(problems, op, 'X-Service-Org of another org (key)', (await send(op, { ...key, 'x-service-org': b.orgId })).statusCode, (s) => s === 403, '403');
        check(problems, op, 'malformed X-Service-Org', (await send(op, { ...key, 'x-service-org': 'acme' })).statusCode, (s) => s === 403, '403');
        const cookie = { cookies: { kx_session: dashboard.cookie } };
        const csrf = { 'x-csrf-token': dashboard.csrf };
        check(problems, op, 'no X-Service-Org (session)', (await send(op, csrf, cookie)).statusCode, (s) => s === 403, '403');
        check(problems, op, 'X-Service-Org of an org the person is not in (session)', (await send(op, { ...csrf, 'x-service-org': b.orgId }, cookie)).statusCode, (s) => s === 403, '403');
      }
      expect(problems).toEqual([]);
    });

    it('a mobile-app session is 403 on D routes and passes the access check on DI routes', async () => {
      const problems: string[] = [];
      for (const op of guarded()) {
        if (op.access === 'public' || !op.access) continue;
        // A fresh organization and owner with a mobile session per route: a call that deletes the
        // organization or the account, or ends the session, cannot spill into the next route.
        const org = await bootstrapTenant(t, `Mobile ${op.key}`);
        const person = await addMember(t, org, 'owner');
        const s = await addSession(t, person.userId, 'mobile');
        const r = await send(op, { authorization: `Bearer ${s.token}`, 'x-service-org': org.orgId });
        if (op.access.audience === 'D') check(problems, op, 'mobile session on a D route', r.statusCode, (st) => st === 403, '403', r.body);
        else check(problems, op, 'mobile session on a DI route', r.statusCode, (st) => st !== 401 && st !== 403 && st !== 500, 'not 401/403/500', r.body);
      }
      expect(problems).toEqual([]);
    });

    it('an {id} of another organization (or person) is 404, never 403', async () => {
      const problems: string[] = [];
      for (const op of guarded()) {
        const kind = kindOf(op.path);
        if (!kind) continue;
        const r = await send(op, a.headers, { id: foreign[kind]! });
        check(problems, op, `${kind} id of org B`, r.statusCode, (s) => s === 404, '404', r.body);
      }
      expect(problems).toEqual([]);
    });

    it('each role is allowed or refused exactly as the role matrix says', async () => {
      const problems: string[] = [];
      for (const op of guarded()) {
        const want = MATRIX[op.key];
        if (!want) continue;
        // A fresh organization and fresh members per route, so a destructive call (delete the
        // organization, delete my account) cannot spill into the next check. Lowest role first.
        const org = await bootstrapTenant(t, `Matrix ${op.key}`);
        // Billing is off here (BILLING_PROVIDER=none), so no plan limit (a 403 of its own) applies.
        const members: Record<Role, Member> = {} as Record<Role, Member>;
        for (const role of ROLES_ASCENDING) members[role] = await addMember(t, org, role);
        const personal = op.access !== 'public' && op.access?.credential;
        for (const role of ROLES_ASCENDING) {
          // Account-security routes take the person's own session, signed in now; others the member's key.
          const headers = personal ? (await signedIn(t, members[role].userId, org.orgId)).headers : members[role].headers;
          const r = await send(op, headers);
          if (RANK[role] >= RANK[want[1]]) {
            check(problems, op, `${role} (least role ${want[1]})`, r.statusCode, (s) => s !== 401 && s !== 403 && s !== 500, 'allowed (not 401/403/500)', r.body);
          } else {
            check(problems, op, `${role} (least role ${want[1]})`, r.statusCode, (s) => s === 403, 'refused (403)', r.body);
          }
        }
      }
      expect(problems).toEqual([]);
    });

    it('organization settings: phone_countries (docs/adr/0705) is read by every member and set only by an admin or owner', async () => {
      const org = await bootstrapTenant(t, 'Matrix phone_countries');
      const members: Record<Role, Member> = {} as Record<Role, Member>;
      for (const role of ROLES_ASCENDING) members[role] = await addMember(t, org, role);
      const problems: string[] = [];
      for (const role of ROLES_ASCENDING) {
        const got = await t.app.inject({ method: 'GET', url: '/api/org/settings', headers: members[role].headers });
        if (got.statusCode !== 200 || !('phone_countries' in got.json()) || !Array.isArray(got.json().phone_countries_allowed)) problems.push(`GET ${role}: ${got.statusCode} ${got.body.slice(0, 160)}`);
        const set = await t.app.inject({ method: 'PATCH', url: '/api/org/settings', headers: members[role].headers, payload: { phone_countries: ['US'] } });
        const want = RANK[role] >= RANK.admin ? 200 : 403;
        if (set.statusCode !== want) problems.push(`PATCH phone_countries as ${role}: expected ${want}, got ${set.statusCode} ${set.body.slice(0, 160)}`);
      }
      expect(problems).toEqual([]);
    });
  });
}
