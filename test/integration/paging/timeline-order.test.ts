import { afterEach, describe, expect, it, vi } from 'vitest';
import { DIALECTS } from '../../helpers/app.ts';
import { createHarness, type Harness } from '../../helpers/paging.ts';

// Issue 34 item 7: the timeline lists `page_requested` before the pages it requested. Ids are
// time-ordered and monotonic within a millisecond, and on a fast machine the intake and the
// escalation run within the millisecond of the change; the entry used to be placed a millisecond
// after the change, so a page written in that millisecond sorted before the request. Date.now is
// held still here, so every id the test's thread makes falls in one millisecond. (On PostgreSQL all
// of them; on SQLite the change and the intake make theirs on the SQLite thread, at its own time.)

for (const dialect of DIALECTS) {
  describe(`${dialect}: timeline order`, () => {
    let h: Harness;
    afterEach(async () => {
      vi.restoreAllMocks();
      await h?.close();
    });

    const kinds = async (id: string) =>
      ((await h.api('GET', `/api/alerts/${id}/timeline?limit=100`)).body as { kind: string }[]).map((e) => e.kind);

    it('page_requested comes right after the change and before the pages it requested, all in one millisecond', async () => {
      h = await createHarness(dialect);
      h.schedules.set('sch_main', { repeat: 0, levels: [{ timeoutMinutes: 10, onCall: ['ada'] }] });
      h.schedules.bind(h.service.id, 'sch_main');
      const frozen = Date.now() + 60_000;
      vi.spyOn(Date, 'now').mockReturnValue(frozen);
      const id = await h.trigger({ title: 'DB down', priority: 'critical', event_key: 'db' });
      h.expect(['push ada: DB down']);
      expect((await kinds(id)).slice(0, 4)).toEqual(['triggered', 'page_requested', 'paged', 'page_sent']);

      // A raise by a repeat pages again: its request also comes before its page.
      await h.api('PUT', `/api/alerts/${id}/priority`, { priority: 'low' });
      const raise = await h.t.app.inject({ method: 'POST', url: h.service.ingestPath, payload: { title: 'DB down', priority: 'critical', event_key: 'db' } });
      expect(raise.statusCode).toBe(202);
      await h.settle();
      h.expect(['push ada: DB down']);
      const after = await kinds(id);
      const raised = after.indexOf('priority_raised');
      expect(after[raised + 1]).toBe('page_requested');
      expect(after.indexOf('paged', raised)).toBeGreaterThan(raised + 1);
    });
  });
}
