import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIORITIES, type Priority, type Urgency, titleMatches } from '../../../src/modules/alert/index.ts';
import { DIALECTS, bootstrapTenant, buildTestApp, createService, liftIngestRateLimit, type Tenant, type TestApp } from '../../helpers/app.ts';
import { addMember, addSession } from '../../helpers/people.ts';

// PRODUCT.md 6 (lists) against an in-memory model, on every store.
//
// GET /api/alerts filters by status, service_id, priority, urgency and q, and sorts by priority,
// then newest first. "Newest" is the alert id: ids are time-ordered (src/lib/ids.ts) and unique,
// so (priority, id descending) is a total order, and the cursor is the keyset position (priority,
// id) of a page's last alert (alert/search/planner.ts listAlerts). Titles and priorities repeat and
// the injected clock often stands still, so many alerts tie on everything but the id.
//
// What keyset pagination promises while alerts change between page fetches (the only sort key
// that can change is priority, and only upwards: a repeat never lowers it, and no route sets it):
// - no alert appears twice in one walk;
// - every alert on a page matches the filters at the moment that page was fetched, and comes after
//   the previous page's last alert in the order of that moment;
// - an alert that existed when the walk began, matched the filters at every fetch and kept its
//   priority appears exactly once. An alert created during the walk, or whose priority was raised,
//   may be missed (it can land before the cursor); one that stopped matching may be missed.
//
// `q` is a substring of the title, case-insensitive for ASCII letters only, and every other
// character (LIKE's % _ \, quotes, any other letter) is itself: the same on SQLite and PostgreSQL
// whatever the PostgreSQL database's locale.
//
// Every other list route (services, integrations, keys, members, invitations, audit, devices,
// phone numbers, sessions, timelines) walks its whole set exactly once in its order; a bad limit
// is a 400 with PRODUCT.md 5's body; a cursor of another organization, person, alert or list, or
// one altered, is a 400 naming `cursor`, never a 500; nothing of another organization appears.

const SEED = Number(process.env.FUZZ_SEED ?? 20261127);
const RUNS = Number(process.env.FUZZ_RUNS ?? 30);

type Status = 'open' | 'acknowledged' | 'resolved';
const STATUSES = ['open', 'acknowledged', 'snoozed', 'resolved'] as const;
type StatusFilter = (typeof STATUSES)[number] | 'any';

interface ModelAlert {
  id: string;
  serviceId: string;
  title: string;
  rank: number;
  urgency: Urgency;
  status: Status;
  createdAt: string;
}

interface Filter {
  status?: StatusFilter[];
  serviceId?: string;
  priority?: Priority[];
  urgency?: Urgency;
  q?: string;
}

interface AlertItem {
  id: string;
  org_id: string;
  service_id: string;
  title: string;
  priority: Priority;
  urgency: Urgency;
  status: Status;
  created_at: string;
}

const rankOf = (p: Priority) => PRIORITIES.indexOf(p);
const defaultUrgency = (p: Priority): Urgency => (p === 'info' ? 'low' : 'high');

/** Without a status filter the list shows alerts not resolved; `any` is every status (PRODUCT.md 6). */
const statusesOf = (f: Filter): string[] => (!f.status ? ['open', 'acknowledged', 'snoozed'] : f.status.includes('any') ? [...STATUSES] : f.status);

function matches(a: ModelAlert, f: Filter): boolean {
  if (!statusesOf(f).includes(a.status)) return false;
  if (f.serviceId !== undefined && a.serviceId !== f.serviceId) return false;
  if (f.priority && !f.priority.includes(PRIORITIES[a.rank]!)) return false;
  if (f.urgency && a.urgency !== f.urgency) return false;
  // The rule of docs/adr/0542-title-search.md: every word of q begins a word of the title.
  if (f.q && !titleMatches(a.title, f.q)) return false;
  return true;
}

/** The list's order: priority, then id descending (newest first); ids are unique, so it is total. */
const before = (a: { rank: number; id: string }, b: { rank: number; id: string }) => a.rank < b.rank || (a.rank === b.rank && a.id > b.id);
const byListOrder = (a: { rank: number; id: string }, b: { rank: number; id: string }) => (before(a, b) ? -1 : before(b, a) ? 1 : 0);

const modelList = (all: ModelAlert[], f: Filter) => all.filter((a) => matches(a, f)).sort(byListOrder);

function alertsUrl(f: Filter, limit: number | undefined): string {
  const p = new URLSearchParams();
  if (f.status) p.set('status', f.status.join(','));
  if (f.serviceId !== undefined) p.set('service_id', f.serviceId);
  if (f.priority) p.set('priority', f.priority.join(','));
  if (f.urgency) p.set('urgency', f.urgency);
  if (f.q !== undefined) p.set('q', f.q);
  if (limit !== undefined) p.set('limit', String(limit));
  const s = p.toString();
  return `/api/alerts${s ? `?${s}` : ''}`;
}

/** PRODUCT.md 5's error body, with `field` among the details. */
function expectError(res: { statusCode: number; body: string; headers: Record<string, unknown> }, field: string, where: string) {
  expect(res.statusCode, `${where}: ${res.body}`).toBe(400);
  const body = JSON.parse(res.body) as { ok: boolean; error: { code: string; message: string; details?: { field: string; message: string }[] } };
  expect(body.ok, where).toBe(false);
  expect(body.error.code, where).toBe('invalid_request');
  expect(typeof body.error.message, where).toBe('string');
  expect(body.error.details?.map((d) => d.field), `${where}: ${res.body}`).toContain(field);
  expect(res.headers['x-request-id'], where).toBeTruthy();
  expect(res.body, where).not.toMatch(/select |sqlite|postgres|\bat .*\.ts:/i);
}

/**
 * The next page's URL from a page's headers: X-Next-Cursor and `Link: <…>; rel="next"` come
 * together, the Link keeps the request's other parameters and carries the same cursor.
 */
function nextUrl(res: { headers: Record<string, unknown> }, url: string): string | undefined {
  const cursor = res.headers['x-next-cursor'];
  const link = res.headers.link;
  if (cursor === undefined) {
    expect(link, `a last page (${url}) has no Link`).toBeUndefined();
    return undefined;
  }
  expect(typeof cursor).toBe('string');
  expect(cursor).not.toBe('');
  const m = /^<([^>]+)>; rel="next"$/.exec(String(link));
  expect(m, `Link header ${String(link)}`).not.toBeNull();
  const next = new URL(m![1]!, 'http://x');
  const asked = new URL(url, 'http://x');
  expect(next.pathname).toBe(asked.pathname);
  expect(next.searchParams.get('cursor')).toBe(cursor);
  const rest = (u: URL) => [...u.searchParams.entries()].filter(([k]) => k !== 'cursor').sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  expect(rest(next)).toEqual(rest(asked));
  return `${next.pathname}${next.search}`;
}

/**
 * Walks a list from `url` to its last page: `between` runs before each page after the first, and
 * `onPage` sees each page as it comes. Checks that every page but the last is full and the last
 * has no next cursor.
 */
async function walk<T>(
  t: TestApp,
  headers: Record<string, string>,
  url: string,
  limit: number,
  maxPages: number,
  hooks: { between?: (page: number) => Promise<void>; onPage?: (items: T[], page: number) => void } = {},
): Promise<T[][]> {
  const pages: T[][] = [];
  let at: string | undefined = url;
  while (at !== undefined) {
    if (pages.length > 0 && hooks.between) await hooks.between(pages.length);
    const res = await t.app.inject({ method: 'GET', url: at, headers });
    expect(res.statusCode, `${at}: ${res.body}`).toBe(200);
    const items = res.json() as T[];
    expect(Array.isArray(items)).toBe(true);
    expect(items.length, at).toBeLessThanOrEqual(limit);
    const next = nextUrl(res, at);
    if (next !== undefined) expect(items.length, `a page with a next cursor is full (${at})`).toBe(limit);
    // (When nothing changes between fetches: else the rest may have stopped matching.)
    else if (pages.length > 0 && !hooks.between) expect(items.length, `a last page after a full one is not empty (${at})`).toBeGreaterThan(0);
    hooks.onPage?.(items, pages.length);
    pages.push(items);
    expect(pages.length, `${url} ends`).toBeLessThanOrEqual(maxPages);
    at = next;
  }
  return pages;
}

// ---- generators -------------------------------------------------------------------------------

/**
 * Title characters: LIKE's metacharacters and escape, quotes, ASCII letters in both cases, and
 * letters whose case rules differ between SQLite (ASCII only), PostgreSQL (its locale) and
 * JavaScript (full Unicode): É/é, ß/ẞ, the Kelvin sign (lower-cases to ASCII k), dotted and
 * dotless I, final and medial sigma, and characters without case.
 */
const TITLE_CHARS = ['a', 'A', 'b', 'B', 'k', 'K', 'i', 'I', '%', '_', '\\', "'", '"', ' ', 'é', 'É', 'ß', 'ẞ', '\u212a', 'İ', 'ı', 'Σ', 'σ', 'ς', '日', '🔥', '*', '[', ']'];
const TITLES = ['Disk 100% full', 'disk_100 full', 'DISK 100\\% FULL', "O'Brien's \"db\"", 'École fermée', 'ÉCOLE FERMÉE', 'ΟΔΟΣ', 'Straße', 'STRASSE', 'İstanbul', 'istanbul', '5 \u212aelvin', '5 kelvin', '🔥 on fire', '[a-z]*'];
const titleArb = fc.oneof(
  fc.constantFrom(...TITLES),
  fc.array(fc.constantFrom(...TITLE_CHARS), { minLength: 1, maxLength: 8 }).map((cs) => cs.join('')).filter((s) => s.trim() !== ''),
);

interface AlertSpec {
  svc: number;
  priority?: Priority | undefined;
  urgency?: Urgency | undefined;
  title: string;
  /** Milliseconds the clock moves before this alert: often none, so created_at ties. */
  advance: number;
  repeat?: Priority | undefined;
  then: 'open' | 'ack' | 'resolve';
}
/** `arb` one time in `1 + absent`, else undefined. */
const sometimes = <T>(arb: fc.Arbitrary<T>, absent = 3): fc.Arbitrary<T | undefined> =>
  fc.oneof({ weight: absent, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: arb });
const priorityArb = fc.constantFrom(...PRIORITIES);
const urgencyArb = fc.constantFrom<Urgency>('high', 'low');
const alertSpecArb: fc.Arbitrary<AlertSpec> = fc.record({
  svc: fc.integer({ min: 0, max: 2 }),
  priority: fc.option(priorityArb, { nil: undefined }),
  urgency: fc.option(urgencyArb, { nil: undefined }),
  title: titleArb,
  advance: fc.constantFrom(0, 0, 0, 1, 1000),
  repeat: sometimes(priorityArb),
  then: fc.constantFrom('open' as const, 'open' as const, 'ack' as const, 'resolve' as const),
});

/** A search: a stretch of one of the titles with some letters' case swapped, or any text. */
type QSpec = { kind: 'fragment'; pick: number; start: number; length: number; flips: boolean[] } | { kind: 'text'; text: string };
const qSpecArb: fc.Arbitrary<QSpec> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('fragment' as const), pick: fc.nat(), start: fc.nat(), length: fc.integer({ min: 1, max: 6 }), flips: fc.array(fc.boolean(), { minLength: 6, maxLength: 6 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('text' as const), text: fc.array(fc.constantFrom(...TITLE_CHARS), { minLength: 1, maxLength: 3 }).map((cs) => cs.join('')) }) },
);
const swapCase = (c: string) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase());
function qOf(spec: QSpec, titles: string[]): string {
  if (spec.kind === 'text' || titles.length === 0) return spec.kind === 'text' ? spec.text : 'x';
  const chars = [...titles[spec.pick % titles.length]!];
  const start = spec.start % chars.length;
  return chars
    .slice(start, start + spec.length)
    .map((c, i) => (spec.flips[i] ? swapCase(c) : c))
    .join('');
}

interface FilterSpec {
  status?: StatusFilter[] | undefined;
  service?: number | 'foreign' | 'unknown' | undefined;
  priority?: Priority[] | undefined;
  urgency?: Urgency | undefined;
  q?: QSpec | undefined;
}
const filterSpecArb: fc.Arbitrary<FilterSpec> = fc.record(
  {
    // Repeats too: `status=open,open` must list each alert once.
    status: fc.array(fc.constantFrom<StatusFilter>(...STATUSES, 'any'), { minLength: 1, maxLength: 6 }),
    service: fc.oneof(fc.integer({ min: 0, max: 2 }), fc.constantFrom('foreign' as const, 'unknown' as const)),
    priority: fc.array(fc.constantFrom(...PRIORITIES), { minLength: 1, maxLength: 6 }),
    urgency: urgencyArb,
    q: qSpecArb,
  },
  { requiredKeys: [] },
);
/** Mostly no filter or one or two: walks of many pages. */
const sparseFilterSpecArb: fc.Arbitrary<FilterSpec> = fc.record({
  status: sometimes(fc.oneof(fc.subarray<StatusFilter>([...STATUSES], { minLength: 2 }), fc.constant<StatusFilter[]>(['any'])), 3),
  service: sometimes(fc.integer({ min: 0, max: 2 }), 5),
  priority: sometimes(fc.subarray([...PRIORITIES], { minLength: 3 }), 3),
  urgency: sometimes(urgencyArb, 5),
  q: sometimes(qSpecArb, 8),
});
const limitArb = fc.oneof({ weight: 4, arbitrary: fc.integer({ min: 1, max: 7 }) }, { weight: 1, arbitrary: fc.constantFrom(undefined, 500) });

const UNKNOWN_SERVICE = `svc_${'0'.repeat(26)}`;

for (const dialect of DIALECTS) {
  describe(`${dialect}: list routes against a model (PRODUCT.md 6)`, () => {
    let t: TestApp;
    /** Another organization with alerts of the same titles: none of them may ever show. */
    let stranger: Tenant;
    let strangerService: Awaited<ReturnType<typeof createService>>;
    let strangerCursor: string;
    let tenants = 0;

    beforeAll(async () => {
      t = await buildTestApp({ dialect });
      stranger = await bootstrapTenant(t, 'Stranger');
      await liftIngestRateLimit(t, stranger);
      strangerService = await createService(t, stranger, 'theirs');
      for (const [i, title] of TITLES.entries()) {
        const res = await t.app.inject({ method: 'POST', url: strangerService.ingestPath, payload: { title, event_key: `s${i}`, priority: PRIORITIES[i % 5] } });
        expect(res.statusCode, res.body).toBe(202);
      }
      const page = await t.app.inject({ method: 'GET', url: '/api/alerts?limit=2', headers: stranger.headers });
      strangerCursor = page.headers['x-next-cursor'] as string;
      expect(strangerCursor).toBeTruthy();
    });
    afterAll(async () => t?.close());

    /** A new organization with three services, and the alerts of `specs` on them. */
    async function population(specs: AlertSpec[]) {
      const tenant = await bootstrapTenant(t, `Org ${++tenants}`);
      await liftIngestRateLimit(t, tenant);
      const services = [await createService(t, tenant, 'a'), await createService(t, tenant, 'b'), await createService(t, tenant, 'c')];
      const all: ModelAlert[] = [];
      const trigger = async (svc: number, title: string, eventKey: string, priority?: Priority, urgency?: Urgency) => {
        const res = await t.app.inject({ method: 'POST', url: services[svc]!.ingestPath, payload: { title, event_key: eventKey, ...(priority ? { priority } : {}), ...(urgency ? { urgency } : {}) } });
        expect(res.statusCode, res.body).toBe(202);
        return res.json() as { alert_id: string; deduped: boolean };
      };
      for (const [i, s] of specs.entries()) {
        t.clock.advance(s.advance);
        const r = await trigger(s.svc, s.title, `k${i}`, s.priority, s.urgency);
        expect(r.deduped).toBe(false);
        const priority = s.priority ?? 'high';
        all.push({ id: r.alert_id, serviceId: services[s.svc]!.id, title: s.title.trim(), rank: rankOf(priority), urgency: s.urgency ?? defaultUrgency(priority), status: 'open', createdAt: t.clock.now().toISOString() });
      }
      for (const [i, s] of specs.entries()) {
        if (!s.repeat) continue;
        const a = all[i]!;
        const r = await trigger(s.svc, s.title, `k${i}`, s.repeat);
        expect(r).toMatchObject({ deduped: true, alert_id: a.id });
        a.rank = Math.min(a.rank, rankOf(s.repeat));
        if (defaultUrgency(s.repeat) === 'high') a.urgency = 'high';
      }
      for (const [i, s] of specs.entries()) {
        if (s.then === 'open') continue;
        const a = all[i]!;
        const res = await t.app.inject({ method: 'PUT', url: `/api/alerts/${a.id}/${s.then}`, headers: tenant.headers });
        expect(res.statusCode, res.body).toBe(200);
        a.status = s.then === 'ack' ? 'acknowledged' : 'resolved';
      }
      return { tenant, services, all };
    }

    const filterOf = (f: FilterSpec, services: { id: string }[], titles: string[]): Filter => ({
      ...(f.status ? { status: f.status } : {}),
      ...(f.service !== undefined ? { serviceId: f.service === 'foreign' ? strangerService.id : f.service === 'unknown' ? UNKNOWN_SERVICE : services[f.service]!.id } : {}),
      ...(f.priority ? { priority: f.priority } : {}),
      ...(f.urgency ? { urgency: f.urgency } : {}),
      ...(f.q ? { q: qOf(f.q, titles) } : {}),
    });

    /** An item as the model has it now. */
    const expectItem = (item: AlertItem, a: ModelAlert | undefined, tenant: Tenant, where: string) => {
      expect(a, `${where}: ${item.id} (${item.org_id}) is not one of this organization's alerts`).toBeDefined();
      expect({ ...item, priority: rankOf(item.priority) }, where).toMatchObject({
        id: a!.id, org_id: tenant.orgId, service_id: a!.serviceId, title: a!.title, priority: a!.rank, urgency: a!.urgency, status: a!.status, created_at: a!.createdAt,
      });
    };

    it(`walking GET /api/alerts with any filters and limit gives the model's list, in order, once (${RUNS} runs)`, async () => {
      let walked = 0;
      let searches = 0;
      let found = 0;
      let ties = 0;
      await fc.assert(
        fc.asyncProperty(fc.array(alertSpecArb, { maxLength: 24 }), fc.array(fc.tuple(filterSpecArb, limitArb), { minLength: 1, maxLength: 4 }), async (specs, queries) => {
          const { tenant, services, all } = await population(specs);
          const byId = new Map(all.map((a) => [a.id, a]));
          const titles = all.map((a) => a.title);
          for (const [fs, limit] of [[{}, undefined] as const, ...queries]) {
            const f = filterOf(fs, services, titles);
            const url = alertsUrl(f, limit);
            const pages = await walk<AlertItem>(t, tenant.headers, url, limit ?? 50, all.length + 2);
            const got = pages.flat();
            for (const item of got) expectItem(item, byId.get(item.id), tenant, url);
            expect(got.map((x) => x.id), `${url} (filter ${JSON.stringify(f)})`).toEqual(modelList(all, f).map((a) => a.id));
            // Newest first: within a priority, created_at never goes up (the clock only moves on).
            for (let i = 1; i < got.length; i++) {
              if (got[i]!.priority !== got[i - 1]!.priority) continue;
              expect(got[i]!.created_at <= got[i - 1]!.created_at, url).toBe(true);
              if (got[i]!.created_at === got[i - 1]!.created_at) ties++;
            }
            walked++;
            if (f.q !== undefined) {
              searches++;
              if (got.length > 0) found++;
            }
          }
        }),
        { seed: SEED, numRuns: RUNS, endOnFailure: true },
      );
      expect(walked).toBeGreaterThan(RUNS);
      expect(searches, 'some walks searched titles').toBeGreaterThan(0);
      expect(found, 'some searches found alerts').toBeGreaterThan(0);
      expect(ties, 'some alerts of one priority shared a created_at').toBeGreaterThan(0);
    });

    it('q matches word prefixes: case, accents and punctuation do not count, every word is required (docs/adr/0542)', async () => {
      const specs = TITLES.map((title, i): AlertSpec => ({ svc: i % 3, title, advance: 0, then: 'open' }));
      const { tenant, all } = await population(specs);
      const search = async (q: string) => {
        const res = await t.app.inject({ method: 'GET', url: `/api/alerts?limit=500&q=${encodeURIComponent(q)}`, headers: tenant.headers });
        expect(res.statusCode, res.body).toBe(200);
        return (res.json() as AlertItem[]).map((x) => x.title).sort();
      };
      const titled = (...ts: string[]) => ts.sort();
      const disks = titled('Disk 100% full', 'disk_100 full', 'DISK 100\\% FULL');
      expect(await search('disk')).toEqual(disks);
      expect(await search('100%')).toEqual(disks);
      expect(await search('ful DIS')).toEqual(disks);
      expect(await search('disk_100')).toEqual(disks);
      expect(await search('isk')).toEqual(titled());
      expect(await search('disk fire')).toEqual(titled());
      expect(await search("o'brien's \"DB\"")).toEqual(titled("O'Brien's \"db\""));
      expect(await search('brien')).toEqual(titled("O'Brien's \"db\""));
      for (const q of ['ecole', 'École', 'ÉCOLE', 'écol', 'FERMEE']) expect(await search(q), q).toEqual(titled('École fermée', 'ÉCOLE FERMÉE'));
      for (const q of ['ΟΔΟΣ', 'οδος', 'οδοσ', 'Οδ']) expect(await search(q), q).toEqual(titled('ΟΔΟΣ'));
      for (const q of ['strasse', 'STRAẞE', 'straße', 'stras']) expect(await search(q), q).toEqual(titled('Straße', 'STRASSE'));
      for (const q of ['istanbul', 'İSTANBUL', 'ıstanbul']) expect(await search(q), q).toEqual(titled('İstanbul', 'istanbul'));
      for (const q of ['KELVIN', '\u212aelvin', '5 k']) expect(await search(q), q).toEqual(titled('5 \u212aelvin', '5 kelvin'));
      expect(await search('fire')).toEqual(titled('🔥 on fire'));
      expect(await search('[a-z]')).toEqual(titled('[a-z]*'));
      // No word at all (symbols, punctuation): no title filter.
      for (const q of ['🔥', '*', '%_\\', ' ']) expect(await search(q), q).toEqual(titled(...TITLES));
      for (const q of ['disk', 'ecole', 'οδοσ', '🔥', 'brien db', '5 k']) expect(await search(q), q).toEqual(titled(...TITLES.filter((x) => titleMatches(x, q))));
      expect(all).toHaveLength(TITLES.length);
    });

    it(`any cursor is a 400 naming cursor, or a position in this organization's list whose page is the model's alerts after it; never a 500 (${RUNS * 4} cursors)`, async () => {
      const { tenant, services, all } = await population(TITLES.map((title, i): AlertSpec => ({ svc: i % 3, title, priority: PRIORITIES[i % 5], advance: i % 2, then: 'open' })));
      const issued = (await t.app.inject({ method: 'GET', url: '/api/alerts?limit=3', headers: tenant.headers })).headers['x-next-cursor'] as string;
      const position = Buffer.from(issued, 'base64url').toString('utf8');
      // Any bytes at all, percent-encoded (invalid UTF-8 included); any text; a real cursor altered.
      const cursorArb = fc.oneof(
        fc.uint8Array({ maxLength: 80 }).map((b) => [...b].map((x) => `%${x.toString(16).padStart(2, '0')}`).join('')),
        fc.string({ unit: 'binary', maxLength: 80 }).map((x) => [...Buffer.from(x, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('')),
        fc.string({ maxLength: 600 }).map(encodeURIComponent),
        fc.tuple(fc.nat(), fc.string({ unit: 'binary', maxLength: 12 }), fc.nat({ max: 4 })).map(([at, text, cut]) => {
          const i = at % (position.length + 1);
          return encodeURIComponent(Buffer.from(position.slice(0, i) + text + position.slice(i + cut), 'utf8').toString('base64url'));
        }),
        // Well-formed positions anywhere: near a real alert's id, with any priority.
        fc.tuple(fc.integer({ min: 1, max: 5 }), fc.nat(), fc.integer({ min: 14, max: 30 }), fc.array(fc.constantFrom(...'0123456789abcdefghjkmnpqrstvwxyz'), { minLength: 30, maxLength: 30 })).map(
          ([rank, pick, keep, tail]) => {
            const id = all[pick % all.length]!.id;
            return Buffer.from(`${tenant.orgId} ${rank}:${(id.slice(0, keep) + tail.join('')).slice(0, id.length)}`, 'utf8').toString('base64url');
          },
        ),
      );
      const outcomes = { refused: 0, pages: 0 };
      await fc.assert(
        fc.asyncProperty(cursorArb, filterSpecArb, async (cursor, fs) => {
          const f = filterOf(fs, services, all.map((a) => a.title));
          const url = `${alertsUrl(f, 5)}&cursor=${cursor}`;
          const res = await t.app.inject({ method: 'GET', url, headers: tenant.headers });
          if (res.statusCode === 400) {
            expectError(res, 'cursor', url);
            outcomes.refused++;
            return;
          }
          expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
          const items = res.json() as AlertItem[];
          // Taken back only as a position this list could have issued (this organization's, a
          // priority rank and an alert id): the page is the model's alerts after it. An empty
          // cursor is no cursor: the first page.
          const text = Buffer.from(decodeURIComponent(cursor), 'base64url').toString('utf8');
          const m = new RegExp(`^${tenant.orgId} ([1-5]):(alr_[0-9a-z]{26})$`).exec(text);
          expect(m !== null || cursor === '', `${url} was taken as ${JSON.stringify(text)}`).toBe(true);
          const after = m ? { rank: Number(m[1]) - 1, id: m[2]! } : undefined;
          expect(items.map((x) => x.id), url).toEqual(modelList(all, f).filter((a) => !after || before(after, a)).slice(0, 5).map((a) => a.id));
          outcomes.pages++;
        }),
        { seed: SEED, numRuns: RUNS * 4, endOnFailure: true },
      );
      expect(outcomes.refused, 'some cursors were refused').toBeGreaterThan(0);
      expect(outcomes.pages, 'some were positions').toBeGreaterThan(0);
    });

    it("another organization's cursor is a 400 naming cursor, not a page from its position", async () => {
      const { tenant } = await population(TITLES.slice(0, 4).map((title, i): AlertSpec => ({ svc: i % 3, title, advance: 1, then: 'open' })));
      const res = await t.app.inject({ method: 'GET', url: `/api/alerts?limit=2&cursor=${strangerCursor}`, headers: tenant.headers });
      expectError(res, 'cursor', "another organization's cursor");
      // It still works where it was issued.
      expect((await t.app.inject({ method: 'GET', url: `/api/alerts?limit=2&cursor=${strangerCursor}`, headers: stranger.headers })).statusCode).toBe(200);
    });

    it('a cursor of another list, or with an altered position, is a 400 naming cursor', async () => {
      const { tenant, services, all } = await population(TITLES.slice(0, 6).map((title, i): AlertSpec => ({ svc: i % 3, title, priority: PRIORITIES[i % 5], advance: 1, then: 'open' })));
      await t.app.inject({ method: 'POST', url: services[0]!.ingestPath, payload: { title: all[0]!.title, event_key: 'k0' } }); // a second timeline entry
      const get = (url: string) => t.app.inject({ method: 'GET', url, headers: tenant.headers });
      const issued = (await get('/api/alerts?limit=2')).headers['x-next-cursor'] as string;
      expect((await get(`/api/alerts?limit=2&cursor=${issued}`)).statusCode).toBe(200);
      // Cursors of other lists of this organization: services, timelines, audit.
      const servicesCursor = (await get('/api/services?limit=1')).headers['x-next-cursor'] as string;
      const timeline = (await get(`/api/alerts/${all[0]!.id}/timeline?limit=1`)).headers['x-next-cursor'];
      expect(timeline).toBeDefined();
      for (const other of [servicesCursor, timeline as string]) expectError(await get(`/api/alerts?cursor=${other}`), 'cursor', `another list's cursor ${other}`);
      expectError(await get(`/api/services?cursor=${issued}`), 'cursor', 'an alerts cursor on services');
      // The position altered: (priority, id) of the last alert, as issued.
      const text = Buffer.from(issued, 'base64url').toString('utf8');
      const m = /([1-5]):(alr_[0-9a-z]{26})$/.exec(text);
      expect(m, `the cursor holds the position of the page's last alert (${text})`).not.toBeNull();
      const [whole, rank, id] = m!;
      const head = text.slice(0, text.length - whole.length);
      const altered = [
        ...['0', '6', '-1', '1.5', '1e0', '', ' 1', '3000000000', '9007199254740993', '99999999999999999999999'].map((r) => `${head}${r}:${id}`),
        ...['', 'x', `${id}z`, id!.toUpperCase(), `${id!.slice(0, -1)}\u0000`, `${id!.slice(0, -1)}\\u0000`, `${id}' or '1'='1`, `svc_${id!.slice(4)}`].map((x) => `${head}${rank}:${x}`),
        `${head}${rank}${id}`, `${head}${rank}:${id}:${id}`, `${rank}:${id}`.slice(1),
      ];
      for (const a of altered) {
        if (a === text) continue;
        expectError(await get(`/api/alerts?limit=2&cursor=${Buffer.from(a, 'utf8').toString('base64url')}`), 'cursor', `altered cursor ${JSON.stringify(a)}`);
      }
    });

    it('a bad filter is a 400 naming it', async () => {
      const { tenant } = await population([]);
      const get = (qs: string) => t.app.inject({ method: 'GET', url: `/api/alerts?${qs}`, headers: tenant.headers });
      for (const [qs, field] of [
        ['status=bogus', 'status'], ['status=open,closed', 'status'], ['priority=urgent', 'priority'], ['priority=high,P1', 'priority'],
        ['urgency=medium', 'urgency'], [`q=${'x'.repeat(201)}`, 'q'], ['q=%00', 'q'], [`service_id=${'s'.repeat(65)}`, 'service_id'],
      ] as const) {
        expectError(await get(qs), field, qs);
      }
      expect((await get(`q=${'x'.repeat(200)}`)).statusCode).toBe(200);
    });

    it('limit defaults to 50 and goes up to 500', async () => {
      const specs = Array.from({ length: 120 }, (_, i): AlertSpec => ({ svc: i % 3, title: TITLES[i % TITLES.length]!, priority: PRIORITIES[i % 2], advance: i % 7 ? 0 : 1, then: 'open' }));
      const { tenant, all } = await population(specs);
      const pages = await walk<AlertItem>(t, tenant.headers, '/api/alerts', 50, 3);
      expect(pages.map((p) => p.length)).toEqual([50, 50, 20]);
      expect(pages.flat().map((x) => x.id)).toEqual(modelList(all, {}).map((a) => a.id));
      const one = await walk<AlertItem>(t, tenant.headers, '/api/alerts?limit=500', 500, 1);
      expect(one.flat().map((x) => x.id)).toEqual(modelList(all, {}).map((a) => a.id));
    });

    it(`alerts opened, acknowledged, resolved and raised between page fetches: none twice, none that stayed put skipped (${RUNS} runs)`, async () => {
      type Change = { kind: 'open'; svc: number; priority: Priority; title: string } | { kind: 'ack' | 'resolve' | 'raise'; pick: number; priority: Priority };
      const changeArb: fc.Arbitrary<Change> = fc.oneof(
        fc.record({ kind: fc.constant('open' as const), svc: fc.integer({ min: 0, max: 2 }), priority: priorityArb, title: titleArb }),
        fc.record({ kind: fc.constantFrom('ack' as const, 'resolve' as const, 'raise' as const, 'raise' as const), pick: fc.nat(), priority: priorityArb }),
      );
      let moved = 0;
      await fc.assert(
        fc.asyncProperty(
          fc.array(alertSpecArb, { minLength: 4, maxLength: 20 }),
          sparseFilterSpecArb,
          fc.integer({ min: 1, max: 3 }),
          fc.array(fc.array(changeArb, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 15 }),
          async (specs, fs, limit, changes) => {
            const { tenant, services, all } = await population(specs);
            const f = filterOf(fs, services, all.map((a) => a.title));
            const byId = new Map(all.map((a) => [a.id, a]));
            const keys = new Map(all.map((a, i) => [a.id, { svc: specs[i]!.svc, key: `k${i}`, title: specs[i]!.title }]));
            const atStart = new Set(all.map((a) => a.id));
            const raised = new Set<string>();
            const missedAFetch = new Set<string>();
            let opened = 0;
            const note = () => {
              for (const a of all) if (!matches(a, f)) missedAFetch.add(a.id);
            };
            const apply = async (c: Change) => {
              if (c.kind === 'open') {
                const key = `n${opened++}`;
                const res = await t.app.inject({ method: 'POST', url: services[c.svc]!.ingestPath, payload: { title: c.title, event_key: key, priority: c.priority } });
                expect(res.statusCode, res.body).toBe(202);
                const a: ModelAlert = { id: res.json().alert_id, serviceId: services[c.svc]!.id, title: c.title.trim(), rank: rankOf(c.priority), urgency: defaultUrgency(c.priority), status: 'open', createdAt: t.clock.now().toISOString() };
                all.push(a);
                byId.set(a.id, a);
                keys.set(a.id, { svc: c.svc, key, title: c.title });
                return;
              }
              const a = all[c.pick % all.length]!;
              if (c.kind === 'raise') {
                if (a.status === 'resolved') return; // a trigger would open a new alert, not join this one
                const k = keys.get(a.id)!;
                const res = await t.app.inject({ method: 'POST', url: services[k.svc]!.ingestPath, payload: { title: k.title, event_key: k.key, priority: c.priority } });
                expect(res.json(), res.body).toMatchObject({ deduped: true, alert_id: a.id });
                if (rankOf(c.priority) < a.rank) {
                  a.rank = rankOf(c.priority);
                  raised.add(a.id);
                  moved++;
                }
                if (defaultUrgency(c.priority) === 'high') a.urgency = 'high';
                return;
              }
              const res = await t.app.inject({ method: 'PUT', url: `/api/alerts/${a.id}/${c.kind}`, headers: tenant.headers });
              expect(res.statusCode, res.body).toBe(200);
              if (c.kind === 'resolve') a.status = 'resolved';
              else if (a.status === 'open') a.status = 'acknowledged';
            };

            const url = alertsUrl(f, limit);
            const trace: string[] = [url];
            const seen = new Set<string>();
            let last: { rank: number; id: string } | undefined;
            note();
            await walk<AlertItem>(t, tenant.headers, url, limit, all.length + 40, {
              between: async (page) => {
                for (const c of changes[page - 1] ?? []) {
                  trace.push(JSON.stringify(c));
                  await apply(c);
                }
                t.clock.advance(1);
                note();
              },
              onPage: (items, page) => {
                const where = `page ${page} after ${trace.join(' ')}`;
                for (const item of items) {
                  const a = byId.get(item.id);
                  expectItem(item, a, tenant, where);
                  expect(matches(a!, f), `${where}: ${item.id} does not match ${JSON.stringify(f)}`).toBe(true);
                  expect(seen.has(item.id), `${where}: ${item.id} appears twice`).toBe(false);
                  seen.add(item.id);
                  const at = { rank: a!.rank, id: a!.id };
                  if (last) expect(before(last, at), `${where}: ${item.id} is not after ${last.id}`).toBe(true);
                  last = at;
                }
              },
            });
            for (const id of atStart) {
              if (raised.has(id) || missedAFetch.has(id)) continue;
              expect(seen.has(id), `${id} matched at every fetch and kept its priority, but the walk ${trace.join(' ')} skipped it`).toBe(true);
            }
            // Once nothing moves, the list is the model's again.
            const still = (await walk<AlertItem>(t, tenant.headers, alertsUrl(f, 500), 500, 2)).flat();
            expect(still.map((x) => x.id)).toEqual(modelList(all, f).map((a) => a.id));
          },
        ),
        { seed: SEED, numRuns: RUNS, endOnFailure: true },
      );
      expect(moved, 'some alerts were raised during a walk').toBeGreaterThan(0);
    });

    // ---- the other list routes -----------------------------------------------------------------

    interface Listed {
      /** The list's items' ids, in its order, as the model has them. */
      expected: string[];
      /** A cursor the same list issued to another organization or person. */
      foreignCursor: string;
    }
    type Lists = { tenant: Tenant; routes: Record<string, Listed> };
    const idOf = (route: string, x: Record<string, unknown>) => String(route.startsWith('/api/org/members') ? x.user_id : route.includes('action=') ? x.target_id : x.id);
    const ascending = (ids: string[]) => [...ids].sort();
    const descending = (ids: string[]) => [...ids].sort().reverse();

    /** Two organizations, each with services, sources, keys, members, invitations, and an owner with devices, numbers and sessions. */
    let built: Promise<Lists> | undefined;
    const lists = () => (built ??= buildLists());
    async function buildLists(): Promise<Lists> {
      const orgs: { tenant: Tenant; ids: Record<string, string[]>; alertId: string }[] = [];
      for (const name of ['Home', 'Away']) {
        const tenant = await bootstrapTenant(t, name);
        const call = async (method: 'POST', url: string, payload: object) => {
          const res = await t.app.inject({ method, url, headers: tenant.headers, payload });
          expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
          return res.json() as { id: string };
        };
        const ids: Record<string, string[]> = { services: [], integrations: [], keys: [], members: [tenant.userId], invitations: [], devices: [], phones: [], sessions: [] };
        // The two keys bootstrap made.
        ids.keys!.push(...(await t.container.db.selectFrom('api_keys').select('id').where('org_id', '=', tenant.orgId).execute()).map((r) => r.id));
        expect(ids.keys).toHaveLength(2);
        for (let i = 0; i < 7; i++) {
          const svc = await createService(t, tenant, `svc ${i}`);
          ids.services!.push(svc.id);
          ids.integrations!.push(svc.integrationId);
        }
        for (let i = 0; i < 3; i++) ids.keys!.push((await call('POST', '/api/keys', { name: `key ${i}`, kind: i ? 'full_product' : 'alert_ingest' })).id);
        for (const role of ['admin', 'responder', 'observer'] as const) {
          const m = await addMember(t, tenant, role);
          ids.members!.push(m.userId);
          ids.keys!.push(m.keyId);
          // A device and a session of someone else in the organization: never in the owner's lists.
          await t.app.inject({ method: 'POST', url: '/api/devices', headers: m.headers, payload: { platform: 'android', push_token: `token-${m.userId}` } });
          await addSession(t, m.userId);
        }
        for (let i = 0; i < 4; i++) ids.invitations!.push((await call('POST', '/api/org/invitations', { email: `invitee-${i}-${name.toLowerCase()}@example.com`, role: 'observer' })).id);
        for (let i = 0; i < 5; i++) ids.devices!.push((await call('POST', '/api/devices', { platform: 'ios', push_token: `push-token-${name}-${i}-${Math.random().toString(36).slice(2)}`, name: `phone ${i}` })).id);
        for (let i = 0; i < 4; i++) ids.phones!.push((await call('POST', '/api/phone-numbers', { number: `+1415555${name === 'Home' ? 26 : 27}${10 + i}` })).id);
        for (let i = 0; i < 4; i++) ids.sessions!.push((await addSession(t, tenant.userId)).id);
        const svc = await createService(t, tenant, 'noisy');
        ids.services!.push(svc.id);
        ids.integrations!.push(svc.integrationId);
        let alertId = '';
        for (let i = 0; i < 6; i++) {
          const res = await t.app.inject({ method: 'POST', url: svc.ingestPath, payload: { title: 'flapping', event_key: 'flap' } });
          alertId = res.json().alert_id;
        }
        orgs.push({ tenant, ids, alertId });
      }
      await t.container.runner.drain();
      const [home, away] = orgs as [(typeof orgs)[0], (typeof orgs)[0]];
      const foreign = async (url: string) => {
        const res = await t.app.inject({ method: 'GET', url: `${url}${url.includes('?') ? '&' : '?'}limit=1`, headers: away.tenant.headers });
        expect(res.statusCode, res.body).toBe(200);
        const c = res.headers['x-next-cursor'] as string;
        expect(c, `${url} of the other organization has a second page`).toBeTruthy();
        return c;
      };
      /** Lists without an independent model (timelines, the whole audit log): one page of 500, checked for order. */
      const onePage = async (url: string, order: 'asc' | 'desc') => {
        const res = await t.app.inject({ method: 'GET', url: `${url}${url.includes('?') ? '&' : '?'}limit=500`, headers: home.tenant.headers });
        const got = (res.json() as Record<string, unknown>[]).map((x) => idOf(url, x));
        expect(got).toEqual(order === 'asc' ? ascending(got) : descending(got));
        return got;
      };
      const timeline = await onePage(`/api/alerts/${home.alertId}/timeline`, 'asc');
      const kinds = (await t.app.inject({ method: 'GET', url: `/api/alerts/${home.alertId}/timeline?limit=500`, headers: home.tenant.headers })).json().map((e: { kind: string }) => e.kind);
      expect(kinds.filter((k: string) => k === 'repeated')).toHaveLength(5);
      expect(kinds[0]).toBe('triggered');
      const audit = await onePage('/api/audit', 'desc');
      const routes: Record<string, Listed> = {
        '/api/services': { expected: ascending(home.ids.services!), foreignCursor: await foreign('/api/services') },
        '/api/integrations': { expected: ascending(home.ids.integrations!), foreignCursor: await foreign('/api/integrations') },
        '/api/keys': { expected: ascending(home.ids.keys!), foreignCursor: await foreign('/api/keys') },
        '/api/org/members': { expected: ascending(home.ids.members!), foreignCursor: await foreign('/api/org/members') },
        '/api/org/invitations': { expected: ascending(home.ids.invitations!), foreignCursor: await foreign('/api/org/invitations') },
        '/api/audit?action=service.create': { expected: descending(home.ids.services!), foreignCursor: await foreign('/api/audit?action=service.create') },
        '/api/audit': { expected: audit, foreignCursor: await foreign('/api/audit') },
        '/api/devices': { expected: ascending(home.ids.devices!), foreignCursor: await foreign('/api/devices') },
        '/api/phone-numbers': { expected: ascending(home.ids.phones!), foreignCursor: await foreign('/api/phone-numbers') },
        '/api/me/sessions': { expected: ascending(home.ids.sessions!), foreignCursor: await foreign('/api/me/sessions') },
        [`/api/alerts/${home.alertId}/timeline`]: { expected: timeline, foreignCursor: await foreign(`/api/alerts/${away.alertId}/timeline`) },
      };
      // Nothing of the other organization is in the model's lists (so none may be listed).
      const awayIds = new Set(Object.values(away.ids).flat());
      for (const r of Object.values(routes)) for (const id of r.expected) expect(awayIds.has(id)).toBe(false);
      expect(audit.length).toBeGreaterThan(20);
      return { tenant: home.tenant, routes };
    }

    it(`every other list walks its whole set once, in its order, with any limit (${RUNS} runs)`, async () => {
      const { tenant, routes } = await lists();
      const names = Object.keys(routes);
      const walkedRoutes = new Set<string>();
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...names), fc.oneof({ weight: 4, arbitrary: fc.integer({ min: 1, max: 5 }) }, { weight: 1, arbitrary: fc.constantFrom(undefined, 500) }), async (route, limit) => {
          const url = limit === undefined ? route : `${route}${route.includes('?') ? '&' : '?'}limit=${limit}`;
          const { expected } = routes[route]!;
          const pages = await walk<Record<string, unknown>>(t, tenant.headers, url, limit ?? 50, expected.length + 2);
          expect(pages.flat().map((x) => idOf(route, x)), url).toEqual(expected);
          walkedRoutes.add(route);
        }),
        { seed: SEED, numRuns: RUNS, endOnFailure: true },
      );
      expect(walkedRoutes.size, 'most routes were walked').toBeGreaterThan(names.length / 2);
    });

    it('every list refuses a bad limit with the error body, and takes 1 to 500', async () => {
      const { tenant, routes } = await lists();
      for (const route of ['/api/alerts', ...Object.keys(routes)]) {
        const sep = route.includes('?') ? '&' : '?';
        for (const bad of ['0', '501', '-1', 'abc', '1.5', '1e3', 'Infinity', '5x', '%00']) {
          expectError(await t.app.inject({ method: 'GET', url: `${route}${sep}limit=${bad}`, headers: tenant.headers }), 'limit', `${route} limit=${bad}`);
        }
        for (const good of ['1', '500']) {
          const res = await t.app.inject({ method: 'GET', url: `${route}${sep}limit=${good}`, headers: tenant.headers });
          expect(res.statusCode, `${route} limit=${good}: ${res.body}`).toBe(200);
        }
      }
    });

    it("every list refuses another organization's or person's cursor, another list's, and an altered one, with a 400 naming cursor", async () => {
      const { tenant, routes } = await lists();
      const names = Object.keys(routes);
      const cursors: Record<string, string> = {};
      for (const route of names) {
        const res = await t.app.inject({ method: 'GET', url: `${route}${route.includes('?') ? '&' : '?'}limit=1`, headers: tenant.headers });
        cursors[route] = res.headers['x-next-cursor'] as string;
        expect(cursors[route], route).toBeTruthy();
      }
      for (const [i, route] of names.entries()) {
        const sep = route.includes('?') ? '&' : '?';
        const get = (cursor: string) => t.app.inject({ method: 'GET', url: `${route}${sep}limit=2&cursor=${cursor}`, headers: tenant.headers });
        expect((await get(cursors[route]!)).statusCode, route).toBe(200);
        expectError(await get(routes[route]!.foreignCursor), 'cursor', `${route}: a cursor issued to another organization or person`);
        const other = names.map((_, k) => names[(i + k) % names.length]!).find((n) => n.split('?')[0] !== route.split('?')[0])!;
        expectError(await get(cursors[other]!), 'cursor', `${route}: the cursor of ${other}`);
        const text = Buffer.from(cursors[route]!, 'base64url').toString('utf8');
        const id = /[a-z]{3}_[0-9a-z]{26}$/.exec(text)?.[0];
        expect(id, `${route}: the cursor ends with the last item's id (${text})`).toBeDefined();
        const head = text.slice(0, -id!.length);
        for (const altered of [`${head}${id!.slice(0, -1)}\u0000`, `${head}${id!.toUpperCase()}`, `${head}${id}x`, `${head}${id!.slice(0, -2)}`, `${head}' or 1=1 --`, `${head}`, id!]) {
          expectError(await get(Buffer.from(altered, 'utf8').toString('base64url')), 'cursor', `${route}: altered cursor ${JSON.stringify(altered)}`);
        }
        for (const garbage of ['garbage', '%00', '%ff%fe', encodeURIComponent('✓'), 'x'.repeat(513)]) {
          expectError(await get(garbage), 'cursor', `${route}: cursor ${garbage.slice(0, 20)}`);
        }
      }
    });
  });
}
