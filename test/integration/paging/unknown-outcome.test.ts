import { afterEach, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../helpers/app.ts';
import { createHarness, type Harness, MINUTE } from '../../helpers/paging.ts';
import { notificationRepository } from '../../../src/modules/paging/index.ts';

// A page whose process died mid-send has an unknown outcome (PRODUCT.md 7.3). SMS says so in the
// timeline and is not sent again; an email (or a push) is sent again once, and the timeline says
// that too (issue 41 item 6b).

for (const dialect of DIALECTS) {
  describe(`${dialect}: an unknown outcome leaves a trace`, () => {
    let h: Harness;
    afterEach(async () => h?.close());

    it('an email claimed by a process that died is sent again once, and the timeline says its outcome was unknown', async () => {
      h = await createHarness(dialect);
      h.schedules.set('sch_mail', { levels: [{ timeoutMinutes: 30, onCall: ['ada'] }], allSteps: [{ channel: 'email', delay_seconds: 60 }] });
      h.schedules.bind(h.service.id, 'sch_mail');
      const id = await h.trigger({ title: 'Mail lost', priority: 'info' });
      h.expect([]);
      // The email step is due; a process claims it and dies before it records anything.
      h.t.clock.advance(MINUTE);
      const now = h.t.clock.now();
      const claimed = await notificationRepository.claimDue(h.t.container.db, dialect, { now: now.toISOString(), token: 'clm_dead', until: new Date(now.getTime() + 30_000).toISOString(), limit: 10 });
      expect(claimed.map((c) => c.channel)).toEqual(['email']);
      await h.advance(MINUTE);
      h.expect(['email ada: Mail lost']);
      const tl = (await h.timeline(id)).map((e) => `${e.kind}: ${e.message}`);
      expect(tl).toContain('page_retry: email page to Ada: outcome unknown (the process stopped while sending); sent again once');
      expect(tl).toContain('page_sent: email page to Ada sent');
    });
  });
}
