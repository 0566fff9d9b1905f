import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../helpers/app.ts';
import { createHarness, type Harness, MINUTE } from '../../helpers/paging.ts';

// Reachability agrees with what happens (issue 35, PRODUCT.md 10): generated people (devices
// working or not, a verified number or not, their own high-urgency list or none) and provider
// settings (push, sms, voice, email each configured or not) are paged through the harness by a
// critical alert; a person the preview judges reachable (reach.ts, as GET …/reachability) received
// at least one page, and one judged unreachable received none but the email fallback.

const SEED = Number(process.env.FUZZ_SEED ?? 20261205);
const RUNS = Number(process.env.FUZZ_RUNS ?? 12);
const PEOPLE = ['ada', 'bob', 'cy'] as const;
const CHANNELS = ['push', 'sms', 'voice', 'email'] as const;

const arbRule = fc.record({ channel: fc.constantFrom(...CHANNELS), delay_seconds: fc.constantFrom(0, 30, 60) });
const arbPerson = fc.record({ device: fc.boolean(), phone: fc.boolean(), own: fc.oneof(fc.constant([]), fc.array(arbRule, { minLength: 1, maxLength: 3 })) });
const arbCase = fc.record({
  people: fc.tuple(arbPerson, arbPerson, arbPerson),
  configured: fc.record({ push: fc.boolean(), sms: fc.boolean(), voice: fc.boolean(), email: fc.boolean() }),
});

for (const dialect of DIALECTS) {
  describe(`${dialect}: reachability agrees with the pages sent`, () => {
    let h: Harness;
    beforeAll(async () => {
      h = await createHarness(dialect);
      h.schedules.set('sch_all', { levels: [{ timeoutMinutes: 10, onCall: [...PEOPLE] }] });
      h.schedules.bind(h.service.id, 'sch_all');
    }, 120_000);
    afterAll(async () => h?.close());

    it('reachable ⇒ at least one page; unreachable ⇒ none but the email fallback', async () => {
      const all = [...h.t.container.providers];
      let n = 0;
      await fc.assert(
        fc.asyncProperty(arbCase, async (c) => {
          const db = h.t.container.db;
          const now = h.t.clock.now().toISOString();
          for (const [i, name] of PEOPLE.entries()) {
            const p = c.people[i]!;
            const userId = h.people[name]!.userId;
            await db.updateTable('devices').set({ disabled_at: p.device ? null : now }).where('user_id', '=', userId).execute();
            await db.updateTable('phone_numbers').set({ disabled_at: p.phone ? null : now }).where('user_id', '=', userId).execute();
            expect((await h.api('PUT', '/api/me/notification-rules', { high: p.own, low: [] }, name)).status).toBe(200);
          }
          h.t.container.providers.splice(0, h.t.container.providers.length, ...all.filter((pr) => CHANNELS.some((ch) => pr.channels.includes(ch) && c.configured[ch])));
          try {
            const preview = await h.api('POST', `/api/services/${h.service.id}/routing/preview`, { priority: 'critical' });
            expect(preview.status).toBe(200);
            const judged = new Map<string, boolean>((preview.body.levels[0].users as { name: string; reachable: boolean }[]).map((u) => [u.name.toLowerCase(), u.reachable]));
            const id = await h.trigger({ title: `Case ${++n}`, priority: 'critical', event_key: `case-${n}` });
            await h.advance(3 * MINUTE);
            const got = h.inbox().splice(0);
            // Whose page fell back to email, by the timeline ("Ada: fallback: email at once, …").
            const fellBack = new Set((await h.timeline(id)).filter((e) => e.kind === 'paging_fallback').map((e) => e.message.split(':')[0]!.toLowerCase()));
            for (const name of PEOPLE) {
              const mine = got.filter((s) => s.person === name);
              if (judged.get(name)) {
                expect(mine.length, `${name} judged reachable: ${JSON.stringify(c)}`).toBeGreaterThan(0);
                expect(fellBack.has(name)).toBe(false);
              } else {
                // Never silently unreachable: with email configured, the fallback goes.
                expect(fellBack.has(name)).toBe(c.configured.email);
                const allowed = c.configured.email ? 1 : 0;
                expect(mine.filter((s) => s.channel !== 'email'), `${name} judged unreachable: ${JSON.stringify(c)}`).toEqual([]);
                expect(mine.length, `${name} judged unreachable gets the fallback only: ${JSON.stringify(c)}`).toBe(allowed);
              }
            }
            await h.api('PUT', `/api/alerts/${id}/resolve`);
          } finally {
            h.t.container.providers.splice(0, h.t.container.providers.length, ...all);
          }
        }),
        { seed: SEED, numRuns: RUNS },
      );
    }, 600_000);
  });
}
