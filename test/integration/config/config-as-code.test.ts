import { spawn } from 'node:child_process';
import { createServer, request, type Server } from 'node:http';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../helpers/app.ts';
import { type KlaxonProc, apiJson as api, cleanup, bootstrapOrg, freshDatabase, klaxonEnv, startKlaxon, tempDir } from '../../helpers/procs.ts';

/**
 * `klaxon config export|plan|apply` (issue 39, PRODUCT.md 14, docs/adr/0850) as a real child
 * process against a real server: export → apply into an empty organization → export gives the
 * same bytes; a second apply plans nothing; plan shows changes, creations and (with --prune)
 * deletions; document errors name their line; a server stopped half-way leaves a state the next
 * apply completes.
 */

const ROOT = resolve(import.meta.dirname, '../../..');
const BIN = join(ROOT, 'bin/klaxon.js');
type Tenant = { org_id: string; api_key: string };

const SECRETS = {
  KLAXON_WEBHOOK_OPS_SLACK_URL: 'https://203.0.113.7/services/T000/B000/abcdef',
  KLAXON_WEBHOOK_AUDIT_URL: 'https://203.0.113.8/klaxon/audit-7781',
  KLAXON_WEBHOOK_AUDIT_HEADER_AUTHORIZATION: 'Bearer audit-token',
};

function cli(args: string[], url: string, tenant: Tenant, extra: Record<string, string> = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((res) => {
    const child = spawn(process.execPath, [BIN, 'config', ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', KLAXON_URL: url, KLAXON_API_KEY: tenant.api_key, KLAXON_ORG: tenant.org_id, ...extra },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += String(d)));
    child.stderr.on('data', (d) => (stderr += String(d)));
    child.on('exit', (code) => res({ code, stdout, stderr }));
  });
}

/** An organization set up through the API: three services, two schedules (one with an override, which the document leaves out), routing, webhooks, a heartbeat, sources, a window. */
async function setUp(url: string, t: Tenant, ownerId: string) {
  const call = (method: string, path: string, body?: unknown) => api(url, t, method, path, body);
  const layer = (name: string, participants: string[], extra: object = {}) => ({ name, precedence: 0, rotation: { unit: 'week', length: 1, handoff_local: '2026-01-05T09:00', participants }, ...extra });
  const primary = await call('POST', '/api/schedules', {
    name: 'Primary', time_zone: 'Europe/Berlin', repeat: 1,
    levels: [
      { level: 1, timeout_minutes: 15, layers: [layer('Weekdays', [ownerId], { restrictions: [{ days: ['mon', 'tue', 'wed', 'thu', 'fri'], start: '08:00', end: '18:00' }] })] },
      { level: 2, timeout_minutes: 30, layers: [layer('Backup', [ownerId])] },
    ],
  });
  const secondary = await call('POST', '/api/schedules', { name: 'Secondary', description: 'Nights and weekends', time_zone: 'UTC', levels: [{ level: 1, timeout_minutes: 20, layers: [layer('All week', [ownerId])] }] });
  await call('POST', `/api/schedules/${primary.id}/overrides`, { level: 1, kind: 'add', add_user_id: ownerId, start: '2026-12-24T00:00:00Z', end: '2026-12-26T00:00:00Z' });
  const apiSvc = await call('POST', '/api/services', { name: 'API', schedule_id: primary.id, ack_timeout_minutes: 30, auto_resolve_minutes: 240 });
  const web = await call('POST', '/api/services', { name: 'Web', description: 'The storefront', schedule_id: secondary.id });
  const batch = await call('POST', '/api/services', { name: 'Batch' });
  await call('DELETE', `/api/integrations/${batch.default_integration.id}`);
  await call('PUT', `/api/services/${apiSvc.id}/routing`, { rules: [{ name: 'Nights', priorities: ['critical', 'high'], time_window: { time_zone: 'UTC', days: ['sat', 'sun'], start: '18:00', end: '08:00' }, schedule_id: secondary.id }] });
  await call('POST', `/api/services/${apiSvc.id}/heartbeats`, { name: 'nightly backup', interval_seconds: 86400, grace_seconds: 600, priority: 'critical' });
  await call('POST', '/api/integrations', { type: 'events_v2', name: 'PagerDuty compatible', service_id: apiSvc.id });
  await call('POST', '/api/integrations', { type: 'grafana', name: 'Grafana', routing_rules: [{ attribute: 'team', value: 'web', service_id: web.id }], fallback_service_id: batch.id });
  const slack = await call('POST', '/api/webhooks', { name: 'Ops Slack', kind: 'slack', url: SECRETS.KLAXON_WEBHOOK_OPS_SLACK_URL, events: ['alert.triggered', 'alert.resolved'], service_ids: [apiSvc.id] });
  await call('POST', '/api/webhooks', { name: 'Audit', kind: 'native', url: SECRETS.KLAXON_WEBHOOK_AUDIT_URL, events: ['alert.acknowledged'], headers: { Authorization: SECRETS.KLAXON_WEBHOOK_AUDIT_HEADER_AUTHORIZATION } });
  await call('PUT', `/api/schedules/${primary.id}/level-channels`, { entries: [{ level: 1, priority: 'critical', steps: [{ channel: 'push', delay_seconds: 0 }, { channel: 'chat', delay_seconds: 60, destination_id: slack.id }] }] });
  await call('POST', '/api/maintenance-windows', { name: 'Patch night', service_ids: [batch.id], recurrence: { time_zone: 'Europe/Berlin', days: ['wed'], start: '22:00', duration_minutes: 120 } });
}

/** A second organization of the same owner, with its own key. */
async function newOrg(url: string, t: Tenant, name: string): Promise<Tenant> {
  const created = await api(url, t, 'POST', '/api/orgs', { name });
  return { org_id: created.id, api_key: created.api_key.secret };
}

const lineOf = (text: string, needle: string) => text.split('\n').findIndex((l) => l.includes(needle)) + 1;

for (const dialect of DIALECTS) {
  describe(`${dialect}: klaxon config export, plan, apply`, () => {
    const dir = tempDir();
    let proc: KlaxonProc;
    let env: Record<string, string>;
    let a: Tenant;
    let ownerEmail: string;
    let exported = '';
    let drop: () => Promise<void> = async () => {};
    const file = (name: string, text: string) => {
      const p = join(dir, name);
      writeFileSync(p, text);
      return p;
    };

    beforeAll(async () => {
      const database = await freshDatabase(dialect, dir);
      drop = database.drop;
      env = klaxonEnv(database.url, dir, { KLAXON_WEBHOOK_ALLOW_PRIVATE: 'true' });
      const boot = await bootstrapOrg(env);
      a = boot;
      proc = await startKlaxon(env);
      const me = await api(proc.url, a, 'GET', '/api/me');
      ownerEmail = me.user.email;
      await setUp(proc.url, a, boot.user_id);
    }, 300_000); // a process start and some twenty calls: minutes at a load of 25 on two cores
    afterAll(async () => {
      await proc?.kill('SIGKILL');
      await drop().catch(() => undefined);
      cleanup(dir);
    });

    it('GET /api/config-schema.json serves the JSON Schema without a credential; the OpenAPI document lists it as public', async () => {
      const res = await fetch(`${proc.url}/api/config-schema.json`);
      expect(res.status).toBe(200);
      const schema = (await res.json()) as { $schema: string; properties: object };
      expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
      expect(Object.keys(schema.properties)).toEqual(['version', 'schedules', 'services', 'webhooks', 'maintenance_windows']);
      const doc = (await (await fetch(`${proc.url}/api/openapi.json`)).json()) as { paths: Record<string, Record<string, Record<string, unknown>>> };
      expect(doc.paths['/api/config-schema.json']!.get!['x-access']).toBe('public');
    });

    it('export → apply into an empty organization → export: the same bytes; a second apply plans nothing', async () => {
      const out = await cli(['export'], proc.url, a);
      expect(out.stderr).toBe('');
      expect(out.code).toBe(0);
      exported = out.stdout;
      expect(exported).toContain('${env:KLAXON_WEBHOOK_AUDIT_HEADER_AUTHORIZATION}');
      expect(exported).toContain(ownerEmail);
      for (const secret of Object.values(SECRETS)) expect(exported).not.toContain(secret);
      expect(exported).not.toContain('2026-12-24'); // overrides are not configuration

      const b = await newOrg(proc.url, a, 'Beta');
      const path = file('acme.yaml', exported);
      const plan = await cli(['plan', '-f', path], proc.url, b, SECRETS);
      expect(plan.code, plan.stderr).toBe(2);
      expect(plan.stdout).toContain('+ create schedule "Primary"');
      const applied = await cli(['apply', '-f', path], proc.url, b, SECRETS);
      expect(applied.code, applied.stderr + applied.stdout).toBe(0);
      expect(applied.stdout).toMatch(/new credential, shown once: source events_v2 "PagerDuty compatible" of service "API": [0-9a-z]{32}/i);
      expect(applied.stdout).toContain('new credential, shown once: webhook "Ops Slack" signing secret: whsec_');

      const again = await cli(['export'], proc.url, b);
      expect(again.code).toBe(0);
      expect(again.stdout).toBe(exported);

      const second = await cli(['apply', '-f', path], proc.url, b, SECRETS);
      expect(second.code, second.stderr).toBe(0);
      expect(second.stdout).toContain('No changes');
      const plan2 = await cli(['plan', '-f', path], proc.url, b, SECRETS);
      expect(plan2.code).toBe(0);
    }, 180_000);

    it('plan shows a changed field, a new object and, with --prune, a deleted one', async () => {
      const text = exported
        .replace('ack_timeout_minutes: 30', 'ack_timeout_minutes: 45')
        .replace('services:\n', 'services:\n  - name: Reports\n    description: Monthly reports\n')
        .replace(/maintenance_windows:\n(.|\n)*$/, 'maintenance_windows: []\n');
      const path = file('changed.yaml', text);
      const plan = await cli(['plan', '-f', path], proc.url, a);
      expect(plan.code, plan.stderr).toBe(2);
      expect(plan.stdout).toContain('~ change service "API"');
      expect(plan.stdout).toContain('    ack_timeout_minutes: 30 -> 45');
      expect(plan.stdout).toContain('+ create service "Reports"');
      expect(plan.stdout).not.toContain('- delete');
      expect(plan.stdout).toContain('not in the file, kept (--prune deletes them): maintenance window "Patch night"');
      const pruned = await cli(['plan', '-f', path, '--prune'], proc.url, a);
      expect(pruned.code).toBe(2);
      expect(pruned.stdout).toContain('- delete maintenance window "Patch night"');
      expect(pruned.stdout).toContain('Plan: 1 to create, 1 to change, 1 to delete.');
      // Nothing was changed by planning.
      expect((await cli(['export'], proc.url, a)).stdout).toBe(exported);
    }, 120_000);

    it('apply without --prune changes a field but deletes nothing; apply --prune then deletes what the file leaves out', async () => {
      const g = await newOrg(proc.url, a, 'Gamma');
      const base = file('gamma.yaml', exported);
      expect((await cli(['apply', '-f', base], proc.url, g, SECRETS)).code).toBe(0);
      const names = async () => ((await api(proc.url, g, 'GET', '/api/maintenance-windows')) as { name: string }[]).map((x) => x.name);
      expect(await names()).toEqual(['Patch night']);
      const text = exported
        .replace('ack_timeout_minutes: 30', 'ack_timeout_minutes: 45')
        .replace(/maintenance_windows:\n(.|\n)*$/, 'maintenance_windows: []\n');
      const path = file('gamma-changed.yaml', text);
      const kept = await cli(['apply', '-f', path], proc.url, g, SECRETS);
      expect(kept.code, kept.stderr + kept.stdout).toBe(0);
      expect(kept.stdout).not.toContain('- delete');
      expect(await names()).toEqual(['Patch night']);
      const services = (await api(proc.url, g, 'GET', '/api/services')) as { name: string; ack_timeout_minutes: number | null }[];
      expect(services.find((s) => s.name === 'API')?.ack_timeout_minutes).toBe(45);
      const pruned = await cli(['apply', '-f', path, '--prune'], proc.url, g, SECRETS);
      expect(pruned.code, pruned.stderr + pruned.stdout).toBe(0);
      expect(pruned.stdout).toContain('- delete maintenance window "Patch night"');
      expect(await names()).toEqual([]);
      const plan = await cli(['plan', '-f', path, '--prune'], proc.url, g, SECRETS);
      expect(plan.code, plan.stdout).toBe(0);
    }, 180_000);

    it('an unknown member, an unknown time zone and a schema error each exit 1 naming the line', async () => {
      const cases: [string, string, RegExp][] = [
        [exported.replace(`- ${ownerEmail}`, '- nobody@example.com'), '- nobody@example.com', /"nobody@example.com" is not a member of this organization/],
        [exported.replace('time_zone: Europe/Berlin', 'time_zone: Mars/Olympus'), 'time_zone: Mars/Olympus', /unknown time zone "Mars\/Olympus"/],
        [exported.replace('timeout_minutes: 15', 'timeout_minutes: soon'), 'timeout_minutes: soon', /timeout_minutes must be integer/],
        [exported.replace('ack_timeout_minutes: 30', 'ack_timeout_minutes: 30\n    colour: red'), 'colour: red', /unknown field "colour"/],
      ];
      for (const [i, [text, needle, message]] of cases.entries()) {
        const path = file(`bad-${i}.yaml`, text);
        const out = await cli(['plan', '-f', path], proc.url, a);
        expect(out.code, out.stdout).toBe(1);
        expect(out.stderr).toMatch(message);
        expect(out.stderr).toContain(`${path}:${lineOf(text, needle)}:`);
      }
    }, 120_000);

    it('a server stopped half-way through apply leaves a state that the next apply completes', async () => {
      const c = await newOrg(proc.url, a, 'Gamma');
      const path = file('gamma.yaml', exported);
      // A proxy in front of the server stops the server (SIGKILL) when the 5th change arrives.
      let target = proc.url;
      let changes = 0;
      const proxy: Server = createServer((req, res) => {
        if (req.method !== 'GET' && ++changes === 5) {
          void proc.kill('SIGKILL').then(() => req.socket.destroy());
          return;
        }
        const up = new URL(req.url!, target);
        const fwd = request(up, { method: req.method, headers: { ...req.headers, host: up.host } }, (r) => {
          res.writeHead(r.statusCode!, r.headers);
          r.pipe(res);
        });
        fwd.on('error', () => req.socket.destroy());
        req.pipe(fwd);
      });
      await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
      const proxyUrl = `http://127.0.0.1:${(proxy.address() as { port: number }).port}`;
      try {
        const first = await cli(['apply', '-f', path], proxyUrl, c, SECRETS);
        expect(first.code).toBe(1);
        expect(first.stderr).toMatch(/failed at: .*the server did not answer/);
        expect(first.stderr).toMatch(/applied \(\d+\):/);
        expect(first.stderr).toMatch(/not applied \(\d+\):/);
        expect(first.stderr).toContain('Run apply again to finish');

        proc = await startKlaxon(env);
        target = proc.url;
        const second = await cli(['apply', '-f', path], proxyUrl, c, SECRETS);
        expect(second.code, second.stderr).toBe(0);
        expect(second.stdout).not.toContain('create schedule "Primary"');
        const plan = await cli(['plan', '-f', path], proc.url, c, SECRETS);
        expect(plan.code, plan.stdout).toBe(0);
        expect((await cli(['export'], proc.url, c)).stdout).toBe(exported);
      } finally {
        proxy.close();
      }
    }, 240_000);
  });
}
