import { copyFileSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DIALECTS, TEST_SECRET_KEY } from '../../helpers/app.ts';
import { deployDocCommands, klaxonOnPath, runDocLine } from '../../helpers/deploy-doc.ts';
import { REPO } from '../../helpers/process.ts';
import { type KlaxonProc, apiJson, cleanup, freshDatabase, klaxonEnv, sendSignal, startKlaxon, tempDir } from '../../helpers/procs.ts';

/**
 * Issue 40 item 5, docs/adr/0863: a store an earlier version of Klaxon filled (test/fixtures/upgrade,
 * made by scripts/upgrade-fixture.ts) is migrated with docs/deploy.md's "Upgrade" commands, as
 * written, and everything it held reads back through the API; the old ingest URL still takes signals.
 */
const FIXTURES = join(REPO, 'test/fixtures/upgrade');
const [migrateCmd, serveCmd] = deployDocCommands('Upgrade');
const CURRENT = readdirSync(join(REPO, 'src/db/migrations')).filter((f) => /^\d{4}-.*\.ts$/.test(f)).sort().map((f) => f.replace(/\.ts$/, ''));

interface Filled {
  org_id: string;
  user_id: string;
  api_key: string;
  ingest_key: string;
  service_id: string;
  ingest_path: string;
  alerts: { open: string; acknowledged: string; resolved: string };
}
interface Fixture {
  commit: string;
  secret_key: string;
  sqlite: Filled;
  postgres: Filled;
}

for (const version of readdirSync(FIXTURES).filter((f) => !f.includes('.')).sort()) {
  const fixture = JSON.parse(readFileSync(join(FIXTURES, version, 'fixture.json'), 'utf8')) as Fixture;
  for (const dialect of DIALECTS) {
    describe(`${dialect}: a store filled by ${version} upgrades to this version`, () => {
      const dir = tempDir('klaxon-upgrade-');
      let proc: KlaxonProc | undefined;
      let drop: (() => Promise<void>) | undefined;
      afterAll(async () => {
        await proc?.kill('SIGTERM');
        await drop?.();
        cleanup(dir);
      });

      it('klaxon migrate, then klaxon serve --no-migrate: every row reads back through the API', { timeout: 900_000 }, async () => {
        expect([migrateCmd, serveCmd]).toEqual(['klaxon migrate', 'klaxon serve --no-migrate']);
        expect(fixture.secret_key).toBe(TEST_SECRET_KEY);
        const filled = fixture[dialect];
        let url: string;
        if (dialect === 'sqlite') {
          copyFileSync(join(FIXTURES, version, 'klaxon.sqlite'), join(dir, 'klaxon.db'));
          url = `sqlite:${join(dir, 'klaxon.db')}`;
        } else {
          const empty = await freshDatabase('postgres', dir, process.env.KLAXON_TEST_PG_URL, { migrated: false });
          drop = empty.drop;
          url = empty.url;
          const loaded = runDocLine(`psql --quiet --no-psqlrc -v ON_ERROR_STOP=1 --dbname="$DATABASE_URL" --file=${JSON.stringify(join(FIXTURES, version, 'klaxon.pg.sql'))}`, dir, { ...klaxonEnv(url, dir) });
          expect(loaded.stderr).toBe('');
          expect(loaded.status).toBe(0);
        }
        const env = klaxonEnv(url, dir);
        const bin = klaxonOnPath(dir);
        const shell = { ...env, PATH: `${bin}:${env.PATH}` };

        // A process of this version refuses the older store with --no-migrate: a forgotten migrate shows.
        const refused = runDocLine(serveCmd!, dir, { ...shell, PORT: '0' });
        expect(refused.status).toBe(1);
        expect(refused.stderr).toMatch(/lacks \d+ migrations? of this version/);

        const migrated = runDocLine(migrateCmd!, dir, shell);
        expect(migrated.stderr).toBe('');
        expect(migrated.status).toBe(0);
        const applied = migrated.stdout.trim().replace(/^applied: /, '').split(', ');
        expect(applied.length).toBeGreaterThan(0);
        expect(applied).toEqual(CURRENT.slice(CURRENT.length - applied.length));
        expect(runDocLine(migrateCmd!, dir, shell).stdout.trim()).toBe('database is up to date');

        proc = await startKlaxon(env, { program: join(bin, 'klaxon'), args: ['--no-migrate'], startWithinMs: 240_000 });
        const tenant = { org_id: filled.org_id, api_key: filled.api_key };
        const service = await apiJson(proc.url, tenant, 'GET', `/api/services/${filled.service_id}`);
        expect(service).toMatchObject({ id: filled.service_id, name: 'Checkout' });
        const list = (await apiJson(proc.url, tenant, 'GET', `/api/alerts?status=any&service_id=${filled.service_id}`)) as Array<{ id: string; status: string; title: string; duplicate_count: number }>;
        const byId = new Map(list.map((a) => [a.id, a]));
        expect(list).toHaveLength(3);
        expect(byId.get(filled.alerts.open)).toMatchObject({ status: 'open', title: 'Disk full on db-1', duplicate_count: 1 });
        expect(byId.get(filled.alerts.acknowledged)).toMatchObject({ status: 'acknowledged', title: 'CPU high on web-2' });
        expect(byId.get(filled.alerts.resolved)).toMatchObject({ status: 'resolved', title: 'Nightly backup failed' });
        for (const id of Object.values(filled.alerts)) {
          const timeline = (await apiJson(proc.url, tenant, 'GET', `/api/alerts/${id}/timeline`)) as unknown[];
          expect(timeline.length, id).toBeGreaterThan(0);
        }
        const members = (await apiJson(proc.url, tenant, 'GET', '/api/org/members')) as Array<{ user_id: string; role: string }>;
        expect(members).toEqual([expect.objectContaining({ user_id: filled.user_id, role: 'owner' })]);
        // The earlier version's password hash still signs in.
        const signIn = await fetch(`${proc.url}/api/auth/sign-in`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'olive@example.com', password: 'correct horse battery' }) });
        expect(signIn.status).toBe(200);
        // The old integration URL takes a signal; it joins the open alert.
        const again = await sendSignal(proc.url, filled.ingest_path, { title: 'Disk full on db-1', event_key: 'disk-1', priority: 'critical' });
        expect(again.status).toBe(202);
        expect(again.body).toMatchObject({ alert_id: filled.alerts.open, deduped: true });
      });
    });
  }
}
