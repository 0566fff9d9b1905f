import { describe, expect, it } from 'vitest';
import { keepRotationPosition, layerEverActive, nextRotationHandoff, onCallAt, onCallView, type Layer, type Override, type Rotation, rotationUserAt, type Schedule, shiftsBetween } from '../../src/modules/schedule/oncall.ts';
import { ZoneSpan, ianaZone, instantsOfWall, parseLocal, resolveWall } from '../../src/modules/schedule/tz.ts';

// The named examples of issue 20 and PRODUCT.md 7.1, one each; the property test
// (oncall.property.test.ts) checks the same module against a minute-by-minute reference.

const ms = (iso: string) => new Date(iso).getTime();
const iso = (t: number) => new Date(t).toISOString();
const rotation = (over: Partial<Rotation>): Rotation => ({ unit: 'week', length: 1, handoffLocal: '2026-01-05T09:00', participants: ['ann', 'bob'], offset: 0, ...over });
const layer = (over: Partial<Layer> & { rotation: Rotation }): Layer => ({ id: 'lyr_a', precedence: 1, restrictions: [], effectiveFrom: null, effectiveUntil: null, ...over });
const single = (zone: string, l: Layer): Schedule => ({ timeZone: zone, levels: [{ level: 1, layers: [l] }] });
/** The handoff instants in [from, to): where the person on call changes at level 1. */
const handoffs = (s: Schedule, from: string, to: string, overrides: Override[] = []) =>
  shiftsBetween(s, overrides, ms(from), ms(to))
    .map((x) => x.start)
    .filter((t) => t > ms(from))
    .map(iso);

describe('time zone rules (tz.ts)', () => {
  it('a wall time in a skipped hour happens at the end of the gap; one in a repeated hour at its first occurrence', () => {
    expect(iso(resolveWall('America/New_York', parseLocal('2026-03-08T02:30')!))).toBe('2026-03-08T07:00:00.000Z'); // 03:00 EDT
    expect(iso(resolveWall('America/New_York', parseLocal('2026-11-01T01:30')!))).toBe('2026-11-01T05:30:00.000Z'); // 01:30 EDT
    expect(instantsOfWall('America/New_York', parseLocal('2026-11-01T01:30')!).map(iso)).toEqual(['2026-11-01T05:30:00.000Z', '2026-11-01T06:30:00.000Z']);
    // Lord Howe moves by 30 minutes: 02:00 → 02:30 on 2026-10-04.
    expect(iso(resolveWall('Australia/Lord_Howe', parseLocal('2026-10-04T02:15')!))).toBe('2026-10-03T15:30:00.000Z');
  });

  it('a ZoneSpan answers as the library does, inside and outside its span', () => {
    const zone = 'Europe/London';
    const span = new ZoneSpan(zone, ms('2026-03-27T00:00Z'), ms('2026-04-02T00:00Z'));
    for (const local of ['2026-03-29T00:30', '2026-03-29T01:30', '2026-03-29T02:00', '2026-03-30T09:00', '2026-10-25T01:30', '2025-01-01T12:00']) {
      expect(span.instantsOf(parseLocal(local)!)).toEqual(instantsOfWall(zone, parseLocal(local)!));
    }
  });

  it('knows IANA names and refuses offsets and unknown names', () => {
    expect(ianaZone('europe/berlin')).toBe('Europe/Berlin');
    expect(ianaZone('Mars/Olympus')).toBeUndefined();
    expect(ianaZone('+05:00')).toBeUndefined();
  });
});

describe('rotations across DST (PRODUCT.md 7.1)', () => {
  it('a weekly Monday 09:00 handoff in New York stays at 09:00 local across 2026-03-08 and 2026-11-01', () => {
    const s = single('America/New_York', layer({ rotation: rotation({ handoffLocal: '2026-01-05T09:00' }) }));
    expect(handoffs(s, '2026-03-01T00:00Z', '2026-03-17T00:00Z')).toEqual(['2026-03-02T14:00:00.000Z', '2026-03-09T13:00:00.000Z', '2026-03-16T13:00:00.000Z']);
    expect(handoffs(s, '2026-10-25T00:00Z', '2026-11-10T00:00Z')).toEqual(['2026-10-26T13:00:00.000Z', '2026-11-02T14:00:00.000Z', '2026-11-09T14:00:00.000Z']);
  });

  it('a daily 02:30 handoff happens at 03:00 on the spring-forward day, and at 02:30 again the day after', () => {
    const s = single('America/New_York', layer({ rotation: rotation({ unit: 'day', handoffLocal: '2026-03-01T02:30' }) }));
    expect(handoffs(s, '2026-03-07T00:00Z', '2026-03-10T00:00Z')).toEqual(['2026-03-07T07:30:00.000Z', '2026-03-08T07:00:00.000Z', '2026-03-09T06:30:00.000Z']);
  });

  it('a daily 01:30 handoff on the fall-back day happens at the first 01:30', () => {
    const s = single('America/New_York', layer({ rotation: rotation({ unit: 'day', handoffLocal: '2026-10-01T01:30' }) }));
    expect(handoffs(s, '2026-10-31T12:00Z', '2026-11-02T12:00Z')).toEqual(['2026-11-01T05:30:00.000Z', '2026-11-02T06:30:00.000Z']);
    // During the second 01:30 the new shift is still on: bob took over an hour earlier.
    const first = onCallAt(s, [], 1, ms('2026-11-01T05:45Z'))[0]!.userId;
    expect(onCallAt(s, [], 1, ms('2026-11-01T06:45Z'))[0]!.userId).toBe(first);
  });

  it('a monthly handoff on the 31st falls on the last day of shorter months and back on the 31st', () => {
    const s = single('Europe/Berlin', layer({ rotation: rotation({ unit: 'month', handoffLocal: '2026-01-31T10:00', participants: ['ann', 'bob', 'cy'] }) }));
    expect(handoffs(s, '2026-02-01T00:00Z', '2026-06-01T00:00Z')).toEqual([
      '2026-02-28T09:00:00.000Z', '2026-03-31T08:00:00.000Z', '2026-04-30T08:00:00.000Z', '2026-05-31T08:00:00.000Z',
    ]);
    expect(rotationUserAt('Europe/Berlin', s.levels[0]!.layers[0]!.rotation, ms('2026-03-15T00:00Z'))).toBe('bob');
  });

  it('hourly handoffs stay on the hour; the skipped hour is an empty shift, the repeated hour a two-hour one', () => {
    const s = single('America/Chicago', layer({ rotation: rotation({ unit: 'hour', handoffLocal: '2026-03-08T00:00', participants: ['a', 'b', 'c', 'd'] }) }));
    // 01:00 CST (07:00Z), then 03:00 CDT (08:00Z): 02:00 does not exist.
    expect(handoffs(s, '2026-03-08T06:30Z', '2026-03-08T09:30Z')).toEqual(['2026-03-08T07:00:00.000Z', '2026-03-08T08:00:00.000Z', '2026-03-08T09:00:00.000Z']);
    expect(onCallAt(s, [], 1, ms('2026-03-08T07:30Z'))[0]!.userId).toBe('b'); // 01:00 shift
    expect(onCallAt(s, [], 1, ms('2026-03-08T08:30Z'))[0]!.userId).toBe('d'); // 03:00 shift: c's 02:00 turn never came
    const fall = single('America/Chicago', layer({ rotation: rotation({ unit: 'hour', handoffLocal: '2026-11-01T00:00', participants: ['a', 'b', 'c'] }) }));
    // 01:00 CDT (06:00Z) to 02:00 CST (08:00Z): the 01:00 shift lasts two hours.
    expect(handoffs(fall, '2026-11-01T05:30Z', '2026-11-01T08:30Z')).toEqual(['2026-11-01T06:00:00.000Z', '2026-11-01T08:00:00.000Z']);
  });

  it('a rotation runs before its first handoff too, counting back from it', () => {
    const rot = rotation({ unit: 'day', handoffLocal: '2026-06-10T09:00', participants: ['ann', 'bob', 'cy'] });
    expect(rotationUserAt('UTC', rot, ms('2026-06-09T10:00Z'))).toBe('cy');
    expect(rotationUserAt('UTC', rot, ms('2026-06-10T09:00Z'))).toBe('ann');
    expect(iso(nextRotationHandoff('UTC', rot, ms('2026-06-09T10:00Z')))).toBe('2026-06-10T09:00:00.000Z');
  });
});

describe('restrictions, precedence and overrides', () => {
  const zone = 'Europe/London';
  const weekdays = layer({
    id: 'lyr_day', precedence: 2, rotation: rotation({ unit: 'week', handoffLocal: '2026-03-02T09:00', participants: ['ann'] }),
    restrictions: [{ days: ['mon', 'tue', 'wed', 'thu', 'fri'], start: '09:00', end: '18:00' }],
  });
  const nights = layer({ id: 'lyr_night', precedence: 1, rotation: rotation({ unit: 'day', handoffLocal: '2026-03-02T18:00', participants: ['bob', 'cy'] }) });
  const s: Schedule = { timeZone: zone, levels: [{ level: 1, layers: [weekdays, nights] }] };

  it('the highest present layer wins; outside its restrictions the next one shows through', () => {
    expect(onCallAt(s, [], 1, ms('2026-03-03T10:00Z'))).toEqual([{ userId: 'ann', source: 'rotation', layerId: 'lyr_day' }]);
    expect(onCallAt(s, [], 1, ms('2026-03-03T20:00Z'))).toEqual([{ userId: 'cy', source: 'rotation', layerId: 'lyr_night' }]);
    expect(onCallAt(s, [], 1, ms('2026-03-07T10:00Z'))).toEqual([{ userId: 'bob', source: 'rotation', layerId: 'lyr_night' }]); // Saturday
  });

  it('a restriction that ends at or before its start crosses midnight', () => {
    const l = layer({ rotation: rotation({ participants: ['ann'] }), restrictions: [{ days: ['fri'], start: '22:00', end: '06:00' }] });
    const x = single('UTC', l);
    expect(onCallAt(x, [], 1, ms('2026-03-06T23:00Z'))).toHaveLength(1); // Friday 23:00
    expect(onCallAt(x, [], 1, ms('2026-03-07T05:59Z'))).toHaveLength(1); // Saturday 05:59
    expect(onCallAt(x, [], 1, ms('2026-03-07T06:00Z'))).toHaveLength(0);
    expect(onCallAt(x, [], 1, ms('2026-03-05T23:00Z'))).toHaveLength(0); // Thursday
  });

  it('overrides: add, remove and replace, scoped to a layer or to the level; replace only while the person is on call', () => {
    const at = ms('2026-03-03T10:00Z');
    const o = (over: Partial<Override>): Override => ({ id: 'ovr_1', level: 1, layerId: null, kind: 'add', addUserId: null, removeUserId: null, start: at - 3600_000, end: at + 3600_000, ...over });
    expect(onCallAt(s, [o({ kind: 'add', addUserId: 'dee' })], 1, at).map((u) => [u.userId, u.source, u.layerId])).toEqual([['ann', 'rotation', 'lyr_day'], ['dee', 'override', null]]);
    expect(onCallAt(s, [o({ kind: 'replace', removeUserId: 'ann', addUserId: 'dee' })], 1, at).map((u) => u.userId)).toEqual(['dee']);
    expect(onCallAt(s, [o({ kind: 'replace', removeUserId: 'bob', addUserId: 'dee' })], 1, at).map((u) => u.userId)).toEqual(['ann']);
    // Removing ann from her layer lets the night layer show through; removing her from the level leaves nobody.
    expect(onCallAt(s, [o({ kind: 'remove', removeUserId: 'ann', layerId: 'lyr_day' })], 1, at).map((u) => u.userId)).toEqual(['bob']);
    expect(onCallAt(s, [o({ kind: 'remove', removeUserId: 'ann' })], 1, at)).toEqual([]);
    // A layer-scoped add makes an idle layer present.
    const sat = ms('2026-03-07T10:00Z');
    expect(onCallAt(s, [o({ kind: 'add', addUserId: 'dee', layerId: 'lyr_day', start: sat - 1000, end: sat + 1000 })], 1, sat)).toEqual([{ userId: 'dee', source: 'override', layerId: 'lyr_day' }]);
  });

  it('the view reports each shift with its ends and the next change', () => {
    const [view] = onCallView(s, [], ms('2026-03-03T10:00Z'));
    expect(view!.users).toEqual([{ userId: 'ann', source: 'rotation', layerId: 'lyr_day', shiftStart: ms('2026-03-03T09:00Z'), shiftEnd: ms('2026-03-03T18:00Z') }]);
    expect(view!.nextHandoff).toBe(ms('2026-03-03T18:00Z'));
  });

  it('a restriction that never meets the effective window is found', () => {
    const r = [{ days: ['mon' as const], start: '09:00', end: '10:00' }];
    expect(layerEverActive('UTC', { restrictions: r, effectiveFrom: ms('2026-03-03T00:00Z'), effectiveUntil: ms('2026-03-08T00:00Z') })).toBe(false); // Tue–Sat
    expect(layerEverActive('UTC', { restrictions: r, effectiveFrom: ms('2026-03-03T00:00Z'), effectiveUntil: ms('2026-03-10T00:00Z') })).toBe(true);
    expect(layerEverActive('UTC', { restrictions: r, effectiveFrom: null, effectiveUntil: null })).toBe(true);
  });
});

describe('the next handoff is the next change of person (issue 34 item 7, issue 41 item 6c)', () => {
  // Weekly in UTC, Monday 09:00: ann's week from 2 March, bob's from 9 March, ann's again from 16 March.
  const s = single('UTC', layer({ rotation: rotation({ handoffLocal: '2026-03-02T09:00' }) }));
  const o = (over: Partial<Override>): Override => ({ id: 'ovr_1', level: 1, layerId: null, kind: 'replace', addUserId: null, removeUserId: null, start: 0, end: 0, ...over });
  const at = ms('2026-03-04T10:00Z'); // Wednesday of ann's week

  it('an override that keeps the person on call (ann covers bob from the handoff) is no handoff: the next is when ann stops', () => {
    const cover = o({ addUserId: 'ann', removeUserId: 'bob', start: ms('2026-03-09T09:00Z'), end: ms('2026-03-10T09:00Z') });
    expect(onCallView(s, [cover], at)[0]!.nextHandoff).toBe(ms('2026-03-10T09:00Z'));
    // An override in ann's own week, of ann by ann's name (a source change only), is no handoff either.
    const same = o({ kind: 'add', addUserId: 'ann', start: ms('2026-03-05T09:00Z'), end: ms('2026-03-06T09:00Z') });
    expect(onCallView(s, [same], at)[0]!.nextHandoff).toBe(ms('2026-03-09T09:00Z'));
  });

  it('an override that changes the person is the next handoff; without overrides, the rotation handoff', () => {
    expect(onCallView(s, [], at)[0]!.nextHandoff).toBe(ms('2026-03-09T09:00Z'));
    const dee = o({ addUserId: 'dee', removeUserId: 'ann', start: ms('2026-03-05T09:00Z'), end: ms('2026-03-06T09:00Z') });
    expect(onCallView(s, [dee], at)[0]!.nextHandoff).toBe(ms('2026-03-05T09:00Z'));
    expect(onCallView(s, [dee], ms('2026-03-05T10:00Z'))[0]!.nextHandoff).toBe(ms('2026-03-06T09:00Z'));
  });

  it('a covering override that runs past the first week still finds the change beyond it', () => {
    const cover = o({ addUserId: 'ann', removeUserId: 'bob', start: ms('2026-03-09T09:00Z'), end: ms('2026-03-16T09:00Z') });
    // ann is on call from 2 March through 23 March: her own week, bob's week covered, her next week.
    expect(onCallView(s, [cover], at)[0]!.nextHandoff).toBe(ms('2026-03-23T09:00Z'));
  });
});

describe('editing a rotation keeps the current turn (issue 20)', () => {
  const zone = 'America/New_York';
  const at = ms('2026-03-11T15:00Z');
  const before = rotation({ unit: 'week', handoffLocal: '2026-03-02T09:00', participants: ['ann', 'bob', 'cy'] });

  it('adding a participant does not change who is on call now', () => {
    const now = rotationUserAt(zone, before, at);
    expect(now).toBe('bob');
    for (const participants of [['dee', 'ann', 'bob', 'cy'], ['ann', 'bob', 'cy', 'dee'], ['ann', 'dee', 'bob', 'cy']]) {
      const next = { ...before, participants };
      expect(rotationUserAt(zone, { ...next, offset: keepRotationPosition(zone, before, next, at) }, at)).toBe('bob');
    }
  });

  it('reordering or changing the handoff keeps the person too; the one after them follows in the new order', () => {
    const next = { ...before, participants: ['cy', 'bob', 'ann'], unit: 'day' as const, handoffLocal: '2026-03-11T08:00' };
    const offset = keepRotationPosition(zone, before, next, at);
    expect(rotationUserAt(zone, { ...next, offset }, at)).toBe('bob');
    expect(rotationUserAt(zone, { ...next, offset }, ms('2026-03-12T13:00Z'))).toBe('ann');
  });

  it('removing the person on call hands the rest of the shift to the next one in the old order', () => {
    const next = { ...before, participants: ['ann', 'cy'] };
    expect(rotationUserAt(zone, { ...next, offset: keepRotationPosition(zone, before, next, at) }, at)).toBe('cy');
  });

  it('a person listed twice keeps the same occurrence', () => {
    const twice = rotation({ unit: 'day', handoffLocal: '2026-03-01T09:00', participants: ['ann', 'bob', 'ann', 'cy'] });
    const when = ms('2026-03-03T15:00Z'); // shift 2: the second "ann"
    const next = { ...twice, participants: ['dee', 'ann', 'bob', 'ann', 'cy'] };
    const offset = keepRotationPosition(zone, twice, next, when);
    expect(rotationUserAt(zone, { ...next, offset }, when)).toBe('ann');
    expect(rotationUserAt(zone, { ...next, offset }, when + 86_400_000)).toBe('cy');
  });
});
