import { afterEach, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../helpers/app.ts';
import { startFakeTwilio, type FakeTwilio } from '../../helpers/fakes/twilio.ts';
import { createHarness, type Harness, MINUTE, TWILIO } from '../../helpers/paging.ts';
import { receiptPruneJob } from '../../../src/jobs/receipt-prune.job.ts';

// Issue 33 item 8 (docs/adr/0706): wrong SMS reply codes are throttled per number and only the first
// few are answered; a replayed signed Twilio callback (same MessageSid or CallSid) acts once, across
// processes (the claim is a row of twilio_callbacks, pruned after 7 days).

const SMS_URL = 'http://klaxon.test/v1/providers/twilio/sms';
const ADA = '+15550001000';

for (const dialect of DIALECTS) {
  describe(`${dialect}: Twilio callbacks act once, and reply codes cannot be guessed`, () => {
    let h: Harness;
    let tw: FakeTwilio;
    afterEach(async () => {
      await h?.close();
      await tw?.close();
    });

    async function setUp() {
      tw = await startFakeTwilio({ ...TWILIO });
      h = await createHarness(dialect, { twilio: tw });
      h.schedules.set('sch_main', { levels: [{ timeoutMinutes: 10, onCall: ['ada'] }, { timeoutMinutes: 10, onCall: ['bob'] }, { timeoutMinutes: 10, onCall: ['cy'] }], allSteps: [{ channel: 'sms', delay_seconds: 0 }] });
      h.schedules.bind(h.service.id, 'sch_main');
    }
    const codeOf = (body: string) => /Reply (\d{3,6}) to acknowledge/.exec(body)?.[1];
    const alertStatus = async (id: string) => (await h.api('GET', `/api/alerts/${id}`)).body.status as string;
    const answered = (body: string) => body.includes('<Message>');

    it('wrong codes from one number: the first five are answered, then none; while it must wait even the right code does nothing', async () => {
      await setUp();
      const id = await h.trigger({ title: 'DB down', priority: 'critical' });
      const code = codeOf(tw.messages[0]!.body)!;
      const wrongs = Array.from({ length: 40 }, (_, i) => String(1000 + i)).filter((c) => c !== code).slice(0, 30);
      const answers: string[] = [];
      for (const w of wrongs) answers.push((await tw.inbound(SMS_URL, ADA, w)).body);
      expect(answers.filter(answered)).toHaveLength(5);
      expect(answers.slice(0, 5).every((b) => b.includes('is unknown or has expired'))).toBe(true);
      // The number waits now: the right code is not even tried, and gets no answer.
      const early = await tw.inbound(SMS_URL, ADA, code);
      expect(answered(early.body)).toBe(false);
      expect(await alertStatus(id)).toBe('open');
      // After the wait the right code acts (right codes never count against the number).
      h.t.clock.advance(61 * MINUTE);
      const ok = await tw.inbound(SMS_URL, ADA, code);
      expect(ok.body).toContain('<Message>Klaxon: Acknowledged: DB down</Message>');
      await h.settle();
      expect(await alertStatus(id)).toBe('acknowledged');
    });

    it('a replayed inbound SMS (same MessageSid) acts once and is answered once: a bundle escalates one level, not two', async () => {
      await setUp();
      await h.trigger({ title: 'First', priority: 'high', event_key: 'a' });
      const ids: string[] = [];
      for (const [i, title] of ['Second', 'Third'].entries()) {
        h.t.clock.advance(10_000);
        ids.push(await h.trigger({ title, priority: 'high', event_key: `k${i}` }));
      }
      await h.advance(MINUTE);
      const bundle = tw.messages.find((m) => m.body.startsWith('2 open alerts'))!;
      const code = codeOf(bundle.body.replace('to acknowledge all', 'to acknowledge'))!;
      const sid = 'SM0123456789abcdef0123456789abcdef';
      const first = await tw.inbound(SMS_URL, ADA, `${code}e`, { messageSid: sid });
      expect(first.body).toContain('Escalated 2 alerts.');
      await h.settle();
      for (const id of ids) expect((await h.api('GET', `/api/alerts/${id}`)).body.level).toBe(2);
      const replay = await tw.inbound(SMS_URL, ADA, `${code}e`, { messageSid: sid });
      expect(replay.status).toBe(200);
      expect(answered(replay.body)).toBe(false);
      await h.settle();
      for (const id of ids) expect((await h.api('GET', `/api/alerts/${id}`)).body.level).toBe(2);
      const claims = await h.t.container.db.selectFrom('twilio_callbacks').select('key').where('key', '=', `sms:${sid}`).execute();
      expect(claims).toHaveLength(1);
      // Kept 7 days (receipt-prune), then pruned.
      expect(await receiptPruneJob.run({ db: h.t.container.db, now: new Date(h.t.clock.now().getTime() + 8 * 24 * 60 * MINUTE) } as never)).toBeGreaterThanOrEqual(1);
      expect(await h.t.container.db.selectFrom('twilio_callbacks').select('key').where('key', '=', `sms:${sid}`).execute()).toHaveLength(0);
    });

    it('a replayed call key (same CallSid) and a replayed final status act once', async () => {
      tw = await startFakeTwilio({ ...TWILIO });
      h = await createHarness(dialect, { twilio: tw });
      h.schedules.set('sch_main', { levels: [{ timeoutMinutes: 10, onCall: ['ada'] }, { timeoutMinutes: 10, onCall: ['bob'] }], allSteps: [{ channel: 'voice', delay_seconds: 0 }] });
      h.schedules.bind(h.service.id, 'sch_main');
      expect((await h.api('PUT', '/api/org/voice', { voice: 'female', language: 'en-US', repeat_count: 1, greeting: '', ack_key: '1', escalate_key: '2' })).status).toBe(200);
      const id = await h.trigger({ title: 'Ledger lag', priority: 'critical' });
      const call = tw.calls[0]!;
      const first = await tw.answer(call, '1');
      expect(first.afterKey).toContain('Acknowledged. Goodbye.');
      await h.settle();
      // The same signed key callback again.
      const action = /<Gather[^>]*\saction="([^"]+)"/.exec(first.twiml)![1]!.replace(/&amp;/g, '&');
      const again = await tw.callback(action, { AccountSid: TWILIO.accountSid, CallSid: call.sid, To: call.to, From: call.from, Direction: 'outbound-api', ApiVersion: '2010-04-01', CallStatus: 'in-progress', Digits: '1', FinishedOnKey: '' });
      expect(again.body).toContain('This call already acted on the alert. Goodbye.');
      const acks = (await h.timeline(id)).filter((e) => e.message === 'Ada acknowledged by a key on the call');
      expect(acks).toHaveLength(1);
      expect((await tw.callStatus(call, 'completed', { duration: 150 })).status).toBe(200);
      expect((await tw.callStatus(call, 'completed', { duration: 150 })).status).toBe(200);
      const usage = (await h.api('GET', '/api/org/usage')).body;
      expect(usage.voice_minutes.used).toBe(3);
      const keys = (await h.t.container.db.selectFrom('twilio_callbacks').select('key').execute()).map((r) => r.key).toSorted();
      expect(keys).toEqual([`key:${call.sid}`, `status:${call.sid}:completed`]);
    });
  });
}
