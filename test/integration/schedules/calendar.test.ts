import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/lib/clock.ts';
import { DIALECTS, bootstrapTenant, buildTestApp, type Tenant, type TestApp } from '../../helpers/app.ts';
import { addMember, type Member } from '../../helpers/people.ts';

// Calendar feeds (issue 20; PRODUCT.md 7.1): a secret URL per feed, served as RFC 5545 and read
// back here with a real iCalendar parser (ical.js); its events are the person's shifts as
// GET …/shifts gives them, from 7 days ago to 60 days ahead. The token never reaches a log line or
// the database, and stops working when the feed is deleted or its person leaves.

type Json = Record<string, any>;
const DAY = 86_400_000;

interface Span {
  start: number;
  end: number;
  key: string;
}

/** Adjacent spans with the same key become one (shifts read in 31-day windows are cut at the windows' edges). */
function joined(spans: Span[]): Span[] {
  const out: Span[] = [];
  for (const s of [...spans].sort((a, b) => a.start - b.start || a.key.localeCompare(b.key))) {
    const prev = out.findLast((o) => o.key === s.key);
    if (prev && prev.end === s.start) prev.end = s.end;
    else out.push({ ...s });
  }
  return out.sort((a, b) => a.start - b.start || a.key.localeCompare(b.key));
}

for (const dialect of DIALECTS) {
  describe(`${dialect}: calendar feeds`, () => {
    let t: TestApp;
    let tenant: Tenant;
    let ann: Member;
    let bob: Member;
    let schedule: Json;

    const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: { headers: Record<string, string> }, payload?: object) =>
      t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });

    beforeAll(async () => {
      t = await buildTestApp({ dialect, clock: new ManualClock('2026-03-05T12:00:00.000Z') });
      tenant = await bootstrapTenant(t, 'Acme');
      ann = await addMember(t, tenant, 'responder');
      bob = await addMember(t, tenant, 'responder');
      // Two levels across the US spring change (2026-03-08), an override, and a restricted layer.
      const r = await api('POST', '/api/schedules', tenant, {
        name: 'Payments', time_zone: 'America/New_York',
        levels: [
          {
            level: 1, timeout_minutes: 10,
            layers: [
              { name: 'Daily', precedence: 0, rotation: { unit: 'day', length: 1, handoff_local: '2026-03-01T02:30', participants: [ann.userId, bob.userId] } },
              { name: 'Weekends', precedence: 1, rotation: { unit: 'week', length: 1, handoff_local: '2026-03-07T10:00', participants: [bob.userId] }, restrictions: [{ days: ['sat', 'sun'], start: '10:00', end: '22:00' }] },
            ],
          },
          { level: 2, timeout_minutes: 30, layers: [{ name: 'Leads', precedence: 0, rotation: { unit: 'month', length: 1, handoff_local: '2026-01-31T09:00', participants: [bob.userId, ann.userId] } }] },
        ],
      });
      expect(r.statusCode, r.body).toBe(200);
      schedule = r.json();
      await api('POST', `/api/schedules/${schedule.id}/overrides`, tenant, { level: 1, kind: 'replace', remove_user_id: bob.userId, add_user_id: ann.userId, start: '2026-03-20T00:00:00Z', end: '2026-03-21T06:00:00Z' });
    });
    afterAll(async () => t?.close());

    it('a feed is RFC 5545 whose events are the person\'s shifts from GET …/shifts, 7 days back and 60 ahead', async () => {
      const made = await api('POST', '/api/me/calendar-feeds', ann, { name: 'Phone' });
      expect(made.statusCode, made.body).toBe(200);
      const feed = made.json();
      expect(feed).toMatchObject({ name: 'Phone', last_used_at: null });
      expect(feed.id).toMatch(/^cal_/);
      expect(feed.url).toMatch(/^http:\/\/klaxon\.test\/v1\/calendar\/kxc_[A-Za-z0-9_-]{43}\.ics$/);
      const path = new URL(feed.url).pathname;

      const res = await t.app.inject({ method: 'GET', url: path });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/calendar/);
      const cal = new ICAL.Component(ICAL.parse(res.body));
      expect(cal.name).toBe('vcalendar');
      const events = cal.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
      expect(events.length).toBeGreaterThan(10);
      expect(new Set(events.map((e) => e.uid)).size).toBe(events.length);
      const fromFeed = events.map((e) => ({
        start: e.startDate.toJSDate().getTime(),
        end: e.endDate.toJSDate().getTime(),
        key: `${e.component.getFirstPropertyValue('x-klaxon-level')}|${e.component.getFirstPropertyValue('x-klaxon-layer-id')}|${e.component.getFirstPropertyValue('x-klaxon-source')}`,
      }));
      expect(events.every((e) => e.summary === `On call: Payments (level ${e.component.getFirstPropertyValue('x-klaxon-level')})`)).toBe(true);

      // The same window read through GET …/shifts in windows of at most 31 days.
      const now = t.clock.now().getTime();
      const from = now - 7 * DAY;
      const to = now + 60 * DAY;
      const spans: Span[] = [];
      for (let a = from; a < to; a += 31 * DAY) {
        const b = Math.min(a + 31 * DAY, to);
        const r = await api('GET', `/api/schedules/${schedule.id}/shifts?from=${new Date(a).toISOString()}&to=${new Date(b).toISOString()}`, tenant);
        expect(r.statusCode, r.body).toBe(200);
        for (const s of r.json() as Json[]) {
          if (s.user_id === ann.userId) spans.push({ start: Date.parse(s.start), end: Date.parse(s.end), key: `${s.level}|${s.layer_id ?? ''}|${s.source}` });
        }
      }
      expect(joined(fromFeed)).toEqual(joined(spans));
      // The spring change: ann's daily shift that ends on 2026-03-08 ends at 03:00 EDT (07:00Z).
      expect(fromFeed.some((s) => s.end === Date.parse('2026-03-08T07:00:00Z'))).toBe(true);
      // An override shows as one.
      expect(fromFeed.some((s) => s.key.endsWith('|override'))).toBe(true);
    });

    it('the token is a secret: hashed at rest, never in a log line; the feed lists without it', async () => {
      const feed = (await api('POST', '/api/me/calendar-feeds', ann, {})).json();
      const token = /\/v1\/calendar\/(kxc_[^.]+)\.ics$/.exec(feed.url)![1]!;
      await t.app.inject({ method: 'GET', url: new URL(feed.url).pathname });
      expect(t.logs.some((l) => l.includes(token))).toBe(false);
      expect(t.logs.some((l) => l.includes('/v1/calendar/[REDACTED]'))).toBe(true);
      const row = await t.container.db.selectFrom('calendar_feeds').selectAll().where('id', '=', feed.id).executeTakeFirstOrThrow();
      expect(JSON.stringify(row)).not.toContain(token);
      const listed = (await api('GET', '/api/me/calendar-feeds', ann)).json() as Json[];
      expect(listed.map((f) => f.id)).toContain(feed.id);
      expect(JSON.stringify(listed)).not.toContain(token);
      expect(listed.find((f) => f.id === feed.id)!.last_used_at).toBe('2026-03-05T12:00:00.000Z');
      // Only the person's own: another member sees none of them and cannot delete them.
      expect((await api('GET', '/api/me/calendar-feeds', bob)).json()).toEqual([]);
      expect((await api('DELETE', `/api/me/calendar-feeds/${feed.id}`, bob)).statusCode).toBe(404);
    });

    it('deleting the feed, or its person leaving, stops the URL at once; an unknown token is 404', async () => {
      const feed = (await api('POST', '/api/me/calendar-feeds', ann, {})).json();
      const path = new URL(feed.url).pathname;
      expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(200);
      expect((await api('DELETE', `/api/me/calendar-feeds/${feed.id}`, ann)).json()).toEqual({ ok: true });
      const gone = await t.app.inject({ method: 'GET', url: path });
      expect(gone.statusCode).toBe(404);
      expect(gone.json().error.code).toBe('not_found');
      expect((await t.app.inject({ method: 'GET', url: `/v1/calendar/kxc_${'A'.repeat(43)}.ics` })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: '/v1/calendar/nonsense' })).statusCode).toBe(404);

      const leaver = await addMember(t, tenant, 'responder');
      const theirs = (await api('POST', '/api/me/calendar-feeds', leaver, {})).json();
      expect((await t.app.inject({ method: 'GET', url: new URL(theirs.url).pathname })).statusCode).toBe(200);
      expect((await api('DELETE', `/api/org/members/${leaver.userId}`, tenant)).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: new URL(theirs.url).pathname })).statusCode).toBe(404);
    });

    it('two fetches seconds apart give the same events the same UIDs, the one cut at 7 days back too (issue 41 item 6d)', async () => {
      const path = new URL((await api('POST', '/api/me/calendar-feeds', ann, { name: 'Twice' })).json().url).pathname;
      const read = async () => {
        const res = await t.app.inject({ method: 'GET', url: path });
        expect(res.statusCode, res.body).toBe(200);
        return new ICAL.Component(ICAL.parse(res.body)).getAllSubcomponents('vevent').map((v) => new ICAL.Event(v))
          .map((e) => ({ uid: e.uid, start: e.startDate.toJSDate().getTime(), end: e.endDate.toJSDate().getTime() }));
      };
      // A day on, Ann is on call 7 days back (the daily rotation): her earliest event is cut there.
      (t.clock as ManualClock).advance(DAY);
      const first = await read();
      expect(Math.min(...first.map((e) => e.start))).toBe(t.clock.now().getTime() - 7 * DAY);
      (t.clock as ManualClock).advance(7_000);
      const second = await read();
      // The earliest event is cut at the window's start, which moved 7 seconds; it is the same shift.
      const earliest = (es: { uid: string; start: number; end: number }[]) => es.reduce((a, b) => (b.start < a.start ? b : a));
      expect(earliest(second).uid).toBe(earliest(first).uid);
      expect(earliest(second).end).toBe(earliest(first).end);
      expect(second.map((e) => e.uid).toSorted()).toEqual(first.map((e) => e.uid).toSorted());
    });
  });
}
