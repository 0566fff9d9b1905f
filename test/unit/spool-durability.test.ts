import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { openSpool } from '../../src/modules/ingest/index.ts';

// A buffered 202 means the unit is on disk (docs/adr/0100-ingest-spool.md): the spool's connection
// commits with synchronous=FULL, so each group commit fsyncs the WAL before the sender hears. A
// power loss cannot be staged here, and a killed process keeps what SQLite wrote to the page cache
// whatever the setting, so no end-to-end test sees the difference: this one reads the setting on
// the spool's own connection.

const opened = vi.hoisted(() => [] as SQLite.Database[]);
vi.mock('better-sqlite3', async (importOriginal) => {
  const mod = await importOriginal<{ default: typeof SQLite }>();
  class Recorded extends mod.default {
    constructor(...args: ConstructorParameters<typeof SQLite>) {
      super(...args);
      opened.push(this);
    }
  }
  return { ...mod, default: Recorded };
});

describe('spool durability', () => {
  const dir = mkdtempSync(join(tmpdir(), 'klaxon-spool-sync-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('the spool file is written in WAL mode with synchronous=FULL (an fsync per commit)', () => {
    const path = join(dir, 'spool.db');
    const spool = openSpool({ path });
    try {
      const conn = opened.find((c) => c.name === path);
      expect(conn, 'the spool opened its file through better-sqlite3').toBeDefined();
      expect(conn!.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(conn!.pragma('synchronous', { simple: true })).toBe(2); // 2 = FULL (0 OFF, 1 NORMAL, 3 EXTRA)
    } finally {
      spool.close();
    }
  });
});
