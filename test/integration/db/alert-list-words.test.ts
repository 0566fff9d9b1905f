import { sql } from 'kysely';
import { afterEach, describe, expect, test } from 'vitest';
import { createMigrator } from '../../../src/db/migrator.ts';
import { titleWords } from '../../../src/modules/alert/index.ts';
import { listAlerts } from '../../../src/modules/alert/search/index.ts';
import { createTestStore, DIALECTS, type TestStore } from '../../helpers/app.ts';
import { listWordsAgainstAlerts } from '../../helpers/list-words.ts';

// alert_list_words (docs/adr/0781): the migration fills it from the alerts a store already holds
// (the unresolved ones, a row a word), and from then on the database follows every status,
// priority and title change and every delete; the search reads it.

const MIGRATION = '2026-12-06T100000_alert_list_words';
const BEFORE = '2026-12-05T142100_sso_identities';
const T = '2026-12-01T00:00:00.000Z';

describe.each(DIALECTS)('alert_list_words (%s)', (dialect) => {
  let ts: TestStore | undefined;
  afterEach(async () => {
    await ts?.drop();
    ts = undefined;
  });

  test('the migration fills it from the unresolved alerts already there; triggers follow changes and deletes', async () => {
    ts = await createTestStore(dialect, {}, { migrate: false });
    const db = ts.store.db;
    const migrator = createMigrator(db);
    const r = await migrator.migrateTo(BEFORE);
    expect(r.error).toBeUndefined();
    await sql`insert into organizations (id, name, created_at, updated_at) values ('org_lw', 'LW', ${T}, ${T}), ('org_lw2', 'LW2', ${T}, ${T})`.execute(db);
    await sql`insert into services (id, org_id, name, created_at, updated_at) values ('svc_lw', 'org_lw', 'lw', ${T}, ${T}), ('svc_lw2', 'org_lw2', 'lw2', ${T}, ${T})`.execute(db);
    const alerts: Array<[id: string, org: string, title: string, status: string, priority: number]> = [
      ['alr_00000000000000000000000001', 'org_lw', 'Disk usage high on host-1', 'open', 3],
      ['alr_00000000000000000000000002', 'org_lw', 'Disk usage high on host-2', 'acknowledged', 2],
      ['alr_00000000000000000000000003', 'org_lw', 'Disk usage high on host-3', 'resolved', 3],
      ['alr_00000000000000000000000004', 'org_lw', 'Zertifikat läuft ab — ẞtraße', 'snoozed', 1],
      ['alr_00000000000000000000000005', 'org_lw', '—', 'open', 5],
      ['alr_00000000000000000000000006', 'org_lw2', 'Disk full on db-1', 'open', 3],
    ];
    for (const [id, org, title, status, priority] of alerts) {
      await sql`insert into alerts (id, org_id, service_id, title, title_words, body, event_key, priority, urgency, status, duplicate_count, source, details, level, created_at, updated_at, last_signal_at)
        values (${id}, ${org}, ${org === 'org_lw' ? 'svc_lw' : 'svc_lw2'}, ${title}, ${titleWords(title)}, '', ${id}, ${priority}, 'high', ${status}, 0, '', '{}', 1, ${T}, ${T}, ${T})`.execute(db);
    }
    if (dialect === 'sqlite') {
      // Their title search entries, as the application writes them (no insert trigger does).
      await sql`insert into alerts_fts (rowid, title_words) select rowid, title_words from alerts`.execute(db);
      await sql`insert into alerts_unresolved_words (rowid, title_words) select rowid, title_words from alerts where status <> 'resolved'`.execute(db);
    }
    expect((await migrator.migrateToLatest()).results?.map((m) => m.migrationName)).toContain(MIGRATION);
    const filled = await listWordsAgainstAlerts(db);
    expect(filled.held).toEqual(filled.expected);
    // Not vacuous: the four unresolved alerts with words, every word of each.
    expect(filled.held).toHaveLength(6 + 6 + 5 + 4);
    expect(filled.held.filter((k) => k.includes('"zertifikat"'))).toHaveLength(1);

    // A status change, a resolve, a reopen, a new priority, a new title, a delete: the database follows.
    await db.updateTable('alerts').set({ status: 'acknowledged' }).where('id', '=', 'alr_00000000000000000000000001').execute();
    await db.updateTable('alerts').set({ status: 'resolved' }).where('id', '=', 'alr_00000000000000000000000002').execute();
    await db.updateTable('alerts').set({ status: 'open' }).where('id', '=', 'alr_00000000000000000000000003').execute();
    await db.updateTable('alerts').set({ priority: 1 }).where('id', '=', 'alr_00000000000000000000000006').execute();
    await db.updateTable('alerts').set({ title: 'Disk back', title_words: titleWords('Disk back') }).where('id', '=', 'alr_00000000000000000000000004').execute();
    await db.deleteFrom('alerts').where('id', '=', 'alr_00000000000000000000000005').execute();
    const followed = await listWordsAgainstAlerts(db);
    expect(followed.held).toEqual(followed.expected);
    expect(followed.held.some((k) => k.includes('alr_00000000000000000000000002'))).toBe(false);

    // The search reads it: "disk" in list order, the other organization's never.
    const rows = await listAlerts(db, dialect, { orgId: 'org_lw', status: ['open', 'acknowledged', 'snoozed'], q: 'disk', limit: 10, searchDrives: false, searchUnresolvedDrives: false });
    expect(rows.map((a) => a.id)).toEqual(['alr_00000000000000000000000004', 'alr_00000000000000000000000003', 'alr_00000000000000000000000001']);

    // An organization's alerts go with it (its purge deletes them): so do their words.
    await db.deleteFrom('alerts').where('org_id', '=', 'org_lw2').execute();
    const purged = await listWordsAgainstAlerts(db);
    expect(purged.held).toEqual(purged.expected);
    expect(purged.held.some((k) => k.includes('org_lw2'))).toBe(false);
  });
});
