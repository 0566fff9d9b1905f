import { afterEach, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../helpers/app.ts';
import { startFakeTwilio, type FakeTwilio } from '../../helpers/fakes/twilio.ts';
import { createHarness, type Harness, MINUTE, TWILIO } from '../../helpers/paging.ts';

// SMS and voice pages through the Twilio providers to a fake Twilio on loopback (issue 22;
// PRODUCT.md 7.3–7.4): reply codes, the call's keys, signed callbacks, numbers turned off on
// permanent errors, throttles and bundles, test pages and usage.

const SMS_URL = 'http://klaxon.test/v1/providers/twilio/sms';
const ADA = '+15550001000';
const BOB = '+15550001001';

for (const dialect of DIALECTS) {
  describe(`${dialect}: SMS and voice pages through Twilio`, () => {
    let h: Harness;
    let tw: FakeTwilio;
    afterEach(async () => {
      await h?.close();
      await tw?.close();
    });

    async function setUp(steps?: { channel: 'push' | 'sms' | 'voice' | 'email'; delay_seconds: number }[]) {
      tw = await startFakeTwilio({ ...TWILIO });
      h = await createHarness(dialect, { twilio: tw });
      h.schedules.set('sch_main', { levels: [{ timeoutMinutes: 10, onCall: ['ada'] }, { timeoutMinutes: 10, onCall: ['bob'] }], ...(steps ? { allSteps: steps } : {}) });
      h.schedules.bind(h.service.id, 'sch_main');
    }
    const codeOf = (body: string) => /Reply (\d{3,6}) to acknowledge/.exec(body)?.[1];
    const alertStatus = async (id: string) => (await h.api('GET', `/api/alerts/${id}`)).body.status as string;
    const pages = (alertId: string) => h.t.container.db.selectFrom('notifications').selectAll().where('alert_id', '=', alertId).orderBy('due_at').execute();

    it('an SMS reply with the code acknowledges and stops every pending step; unknown codes and strangers change nothing', async () => {
      await setUp();
      const id = await h.trigger({ title: 'DB down', priority: 'critical' });
      h.expect(['push ada: DB down']);
      await h.advance(MINUTE);
      expect(tw.messages).toHaveLength(1);
      const sms = tw.messages[0]!;
      expect(sms.to).toBe(ADA);
      expect(sms.from).toBe(TWILIO.from);
      const code = codeOf(sms.body)!;
      expect(sms.body).toBe(`Klaxon critical (payments): DB down. Reply ${code} to acknowledge, ${code}e to escalate.`);
      expect(sms.statusCallback).toMatch(/^http:\/\/klaxon\.test\/v1\/providers\/twilio\/status\?ntf=ntf_/);

      // A code nobody holds, and a stranger's number: nothing changes.
      const wrong = code === '9999' ? '9998' : '9999';
      const unknown = await tw.inbound(SMS_URL, ADA, wrong);
      expect(unknown.status).toBe(200);
      expect(unknown.body).toContain(`code ${wrong} is unknown or has expired; nothing was changed`);
      const stranger = await tw.inbound(SMS_URL, '+15550007777', code);
      expect(stranger.body).not.toContain('<Message>');
      const chatter = await tw.inbound(SMS_URL, ADA, 'what is this?');
      expect(chatter.body).toContain('reply with the code from the page');
      expect(await alertStatus(id)).toBe('open');

      const ok = await tw.inbound(SMS_URL, ADA, ` ${code} `);
      expect(ok.status).toBe(200);
      expect(ok.contentType).toContain('text/xml');
      expect(ok.body).toContain('<Message>Klaxon: Acknowledged: DB down</Message>');
      await h.settle();
      expect(await alertStatus(id)).toBe('acknowledged');
      await h.advance(30 * MINUTE);
      h.expect([]);
      expect(tw.calls).toHaveLength(0);
      expect(tw.messages).toHaveLength(1);
      const statuses = Object.fromEntries((await pages(id)).map((p) => [p.channel, p.status]));
      expect(statuses).toEqual({ push: 'sent', sms: 'sent', voice: 'cancelled' });
      const tl = await h.timeline(id);
      expect(tl.map((e) => e.message)).toContain('Ada acknowledged by an SMS reply');
      // The same code again: the alert is acknowledged already, nothing else happens.
      await tw.inbound(SMS_URL, ADA, code);
      expect(await alertStatus(id)).toBe('acknowledged');
    });

    it('an SMS reply with the code and e escalates: the next level is paged now', async () => {
      await setUp([{ channel: 'sms', delay_seconds: 0 }, { channel: 'push', delay_seconds: 0 }]);
      const id = await h.trigger({ title: 'Queue stuck', priority: 'high' });
      h.expect(['push ada: Queue stuck']);
      const code = codeOf(tw.messages[0]!.body)!;
      const r = await tw.inbound(SMS_URL, ADA, `${code}E`);
      expect(r.body).toContain('Escalated: Queue stuck');
      await h.settle();
      h.expect(['push bob: Queue stuck']);
      expect(tw.messages.map((m) => m.to)).toEqual([ADA, BOB]);
      expect((await h.api('GET', `/api/alerts/${id}`)).body.level).toBe(2);
      // The same code with e again: the alert left that level already, nothing changes.
      expect((await tw.inbound(SMS_URL, ADA, `${code}e`)).body).toContain('already left the level of this page; nothing was changed');
      await h.settle();
      expect((await h.api('GET', `/api/alerts/${id}`)).body.level).toBe(2);
    });

    it('voice: the TwiML reads the alert with the organization\'s voice settings; key 1 acknowledges, key 2 escalates', async () => {
      await setUp([{ channel: 'voice', delay_seconds: 0 }]);
      const voice = { voice: 'male', language: 'en-GB', repeat_count: 2, greeting: 'Payments on-call.', ack_key: '1', escalate_key: '2' };
      expect((await h.api('PUT', '/api/org/voice', voice)).status).toBe(200);
      const id = await h.trigger({ title: 'Card payments failing', priority: 'critical' });
      expect(tw.calls).toHaveLength(1);
      const call = tw.calls[0]!;
      expect(call.to).toBe(ADA);
      expect(call.url).toMatch(/^http:\/\/klaxon\.test\/v1\/providers\/twilio\/voice\?ntf=ntf_/);
      expect(call.statusCallbackEvents).toEqual(['initiated', 'ringing', 'answered', 'completed']);
      const ntf = new URL(call.url).searchParams.get('ntf')!;
      const { twiml, afterKey } = await tw.answer(call, '1');
      const gather = `<Gather input="dtmf" numDigits="1" timeout="8" action="http://klaxon.test/v1/providers/twilio/voice/gather?ntf=${ntf}" method="POST">` +
        '<Say voice="man" language="en-GB">Payments on-call. critical alert on payments: Card payments failing. Press 1 to acknowledge, 2 to escalate.</Say></Gather>';
      expect(twiml).toBe(`<?xml version="1.0" encoding="UTF-8"?><Response>${gather}${gather}<Say voice="man" language="en-GB">Goodbye.</Say><Hangup/></Response>`);
      expect(afterKey).toBe('<?xml version="1.0" encoding="UTF-8"?><Response><Say voice="man" language="en-GB">Acknowledged. Goodbye.</Say><Hangup/></Response>');
      await h.settle();
      expect(await alertStatus(id)).toBe('acknowledged');
      expect((await h.timeline(id)).map((e) => e.message)).toContain('Ada acknowledged by a key on the call');

      const id2 = await h.trigger({ title: 'Ledger lag', priority: 'critical' });
      await h.advance(MINUTE); // one call a minute per person (the throttle)
      const call2 = tw.calls[1]!;
      expect(call2.to).toBe(ADA);
      const r2 = await tw.answer(call2, '2');
      expect(r2.afterKey).toContain('Escalated to the next level. Goodbye.');
      await h.settle();
      expect((await h.api('GET', `/api/alerts/${id2}`)).body.level).toBe(2);
      expect(tw.calls.at(-1)!.to).toBe(BOB);
      // Pressing 2 again on level 1's call does not escalate a second time.
      const twice = await tw.answer(call2, '2');
      expect(twice.afterKey).toContain('This alert has already been escalated. Goodbye.');
      await h.settle();
      expect((await h.api('GET', `/api/alerts/${id2}`)).body.level).toBe(2);
      // Another key reads the alert again; a call for an acknowledged alert says so.
      const again = await tw.answer(tw.calls.at(-1)!, '7');
      expect(again.afterKey).toContain('That key does nothing.');
      expect((await tw.answer(call)).twiml).toContain('This alert is already acknowledged. Goodbye.');
    });

    it('a bad or missing X-Twilio-Signature is a 403 and changes nothing', async () => {
      await setUp([{ channel: 'sms', delay_seconds: 0 }, { channel: 'voice', delay_seconds: 0 }]);
      const id = await h.trigger({ title: 'Forged', priority: 'critical' });
      const code = codeOf(tw.messages[0]!.body)!;
      const forged = await tw.inbound(SMS_URL, ADA, code, { signature: 'bm90IGEgc2lnbmF0dXJl' });
      expect(forged.status).toBe(403);
      expect(JSON.parse(forged.body).error.code).toBe('forbidden');
      const key = await tw.callback(`http://klaxon.test/v1/providers/twilio/voice/gather?ntf=${new URL(tw.calls[0]!.url).searchParams.get('ntf')}`, { CallSid: tw.calls[0]!.sid, Digits: '4' }, { signature: '' });
      expect(key.status).toBe(403);
      const status = await tw.messageStatus(tw.messages[0]!, 'undelivered', { errorCode: '21610', signature: 'x' });
      expect(status.status).toBe(403);
      // Signed for another URL (a replay to another page): refused too.
      const sms = (await pages(id)).find((p) => p.channel === 'sms')!;
      const elsewhere = await h.t.app.inject({
        method: 'POST', url: `/v1/providers/twilio/status?ntf=${sms.id}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': (await import('../../helpers/fakes/twilio.ts')).signTwilio(TWILIO.authToken, 'http://klaxon.test/v1/providers/twilio/status?ntf=ntf_other', [['MessageSid', tw.messages[0]!.sid], ['MessageStatus', 'failed']]) },
        payload: new URLSearchParams({ MessageSid: tw.messages[0]!.sid, MessageStatus: 'failed' }).toString(),
      });
      expect(elsewhere.statusCode).toBe(403);
      await h.settle();
      expect(await alertStatus(id)).toBe('open');
      expect(Object.fromEntries((await pages(id)).map((p) => [p.channel, p.status]))).toEqual({ sms: 'sent', voice: 'sent' });
      const phones = (await h.api('GET', '/api/phone-numbers', undefined, 'ada')).body;
      expect(phones[0].disabled_reason).toBeNull();
      // Signed properly, the status callback does move the page on.
      expect((await tw.messageStatus(tw.messages[0]!, 'delivered')).status).toBe(200);
      expect((await pages(id)).find((p) => p.channel === 'sms')!.status).toBe('delivered');
      expect((await h.timeline(id)).map((e) => e.message)).toContain('sms page to Ada delivered');
    });

    it('a permanent error turns the number off (reason to its owner and in the timeline, number masked) and the next step still goes out', async () => {
      await setUp([{ channel: 'sms', delay_seconds: 0 }, { channel: 'push', delay_seconds: 60 }]);
      tw.failNext(400, 21610, 'Attempt to send to unsubscribed recipient');
      const id = await h.trigger({ title: 'Opted out', priority: 'high' });
      const sms = (await pages(id)).find((p) => p.channel === 'sms')!;
      expect(sms.status).toBe('failed');
      expect(sms.detail).toBe('the number opted out of messages (replied STOP; Twilio 21610)');
      const phones = (await h.api('GET', '/api/phone-numbers', undefined, 'ada')).body;
      expect(phones[0]).toMatchObject({ number: ADA, verified: true, disabled_reason: 'the number opted out of messages (replied STOP; Twilio 21610)' });
      await h.advance(MINUTE);
      h.expect(['push ada: Opted out']);
      const tl = await h.timeline(id);
      expect(tl.map((e) => e.message)).toContain('Phone number …00 turned off for paging: the number opted out of messages (replied STOP; Twilio 21610)');
      expect(JSON.stringify(tl)).not.toContain(ADA);
      // A disabled number is not paged again: the next alert's SMS finds no number.
      const id2 = await h.trigger({ title: 'Second', priority: 'high' });
      expect((await pages(id2)).find((p) => p.channel === 'sms')!.detail).toBe('Ada has no verified phone number');
      await h.advance(MINUTE);
      h.expect(['push ada: Second']);
      expect(tw.messages).toHaveLength(0);
      // Verifying the number again turns it back on (its owner's way back after START). Codes go only to a
      // country the organization allows (docs/adr/0705), and the harness's 555 numbers belong to none: a real one.
      await h.t.container.db.updateTable('phone_numbers').set({ e164: '+14155550100' }).where('user_id', '=', h.people.ada!.userId).execute();
      const again = await h.api('POST', `/api/phone-numbers/${(await h.api('GET', '/api/phone-numbers', undefined, 'ada')).body[0].id}/verify`, {}, 'ada');
      expect(again.status).toBe(200);
      expect(tw.messages.at(-1)!.body).toMatch(/verification code is \d{6}/);
    });

    it('a status callback with a permanent error (21614 after sending) fails the page and turns the number off', async () => {
      await setUp([{ channel: 'sms', delay_seconds: 0 }]);
      const id = await h.trigger({ title: 'Landline', priority: 'high' });
      expect((await tw.messageStatus(tw.messages[0]!, 'undelivered', { errorCode: '21614' })).status).toBe(200);
      const sms = (await pages(id))[0]!;
      expect(sms.status).toBe('failed');
      expect(sms.detail).toBe('the number cannot receive SMS: not a mobile number (Twilio 21614)');
      expect((await h.api('GET', '/api/phone-numbers', undefined, 'ada')).body[0].disabled_reason).toBe('the number cannot receive SMS: not a mobile number (Twilio 21614)');
      expect((await h.timeline(id)).map((e) => e.message)).toEqual(expect.arrayContaining(['sms page to Ada failed: the number cannot receive SMS: not a mobile number (Twilio 21614)', 'Phone number …00 turned off for paging: the number cannot receive SMS: not a mobile number (Twilio 21614)']));
    });

    it('temporary errors retry with backoff (429 honours Retry-After), then fall through to the next step', async () => {
      await setUp([{ channel: 'sms', delay_seconds: 0 }, { channel: 'push', delay_seconds: 300 }]);
      tw.failNext(429, 20429, 'Too Many Requests', { retryAfter: '120' });
      const id = await h.trigger({ title: 'Busy', priority: 'high' });
      let sms = (await pages(id)).find((p) => p.channel === 'sms')!;
      expect(sms.status).toBe('pending');
      const start = h.t.clock.now().getTime();
      expect(Date.parse(sms.due_at) - start).toBe(120_000);
      await h.advance(MINUTE);
      expect(tw.messages).toHaveLength(0);
      await h.advance(MINUTE);
      expect(tw.messages).toHaveLength(1);
      expect((await pages(id)).find((p) => p.channel === 'sms')!.status).toBe('sent');

      // Three 5xx in a row: the page fails for good and the chain goes on.
      tw.failNext(503, 20500, 'Service Unavailable');
      tw.failNext(500, 20500, 'Internal Server Error');
      tw.failNext(502, 20500, 'Bad Gateway');
      const id2 = await h.trigger({ title: 'Down', priority: 'high', event_key: 'down' });
      await h.advance(10 * MINUTE);
      sms = (await pages(id2)).find((p) => p.channel === 'sms')!;
      expect(sms.status).toBe('failed');
      expect(sms.detail).toContain('gave up after 3 attempts');
      h.expect(['push ada: Busy', 'push ada: Down']);
    });

    it('throttling delays an SMS and never drops it; several pending alerts go as one message whose code acknowledges them all', async () => {
      await setUp([{ channel: 'sms', delay_seconds: 0 }]);
      const first = await h.trigger({ title: 'First', priority: 'high', event_key: 'a' });
      expect(tw.messages).toHaveLength(1);
      const ids: string[] = [];
      for (const [i, title] of ['Second', 'Third', 'Fourth'].entries()) {
        h.t.clock.advance(10_000);
        ids.push(await h.trigger({ title, priority: 'high', event_key: `k${i}` }));
      }
      // Throttled (one SMS a minute to a person): nothing more yet, every page still pending.
      expect(tw.messages).toHaveLength(1);
      for (const id of ids) {
        const p = (await pages(id))[0]!;
        expect(p.status).toBe('pending');
        expect((await h.timeline(id)).some((e) => e.kind === 'page_throttled')).toBe(true);
      }
      await h.advance(30_000);
      expect(tw.messages).toHaveLength(2);
      const bundle = tw.messages[1]!;
      const code = codeOf(bundle.body)!;
      expect(bundle.body).toBe(`3 open alerts on payments. Reply ${code} to acknowledge all, ${code}e to escalate all.`);
      for (const id of ids) expect((await pages(id))[0]!.status).toBe('sent');
      const r = await tw.inbound(SMS_URL, ADA, code);
      expect(r.body).toContain('Acknowledged 3 alerts.');
      await h.settle();
      for (const id of ids) expect(await alertStatus(id)).toBe('acknowledged');
      expect(await alertStatus(first)).toBe('open');
      // The throttle's windows: 5 in 15 minutes.
      const usage = (await h.api('GET', '/api/org/usage')).body;
      expect(usage.sms.used).toBe(2);
    });

    it('an organization overrides the throttles through PATCH /api/org/settings; null returns a channel to the defaults', async () => {
      await setUp([{ channel: 'sms', delay_seconds: 0 }]);
      const defaults = (await h.api('GET', '/api/org/settings')).body.paging_throttles;
      expect(defaults.sms[0]).toEqual({ window_minutes: 1, max: 1 });
      expect(defaults.voice).toHaveLength(4);
      const bad = await h.api('PATCH', '/api/org/settings', { paging_throttles: { sms: [{ window_minutes: 0, max: 3 }] } });
      expect(bad.status).toBe(400);
      const r = await h.api('PATCH', '/api/org/settings', { paging_throttles: { sms: [{ window_minutes: 1, max: 3 }] } });
      expect(r.status).toBe(200);
      expect(r.body.paging_throttles).toEqual({ sms: [{ window_minutes: 1, max: 3 }], voice: defaults.voice });
      for (const k of ['a', 'b', 'c', 'd']) await h.trigger({ title: `T-${k}`, priority: 'high', event_key: k });
      // Three a minute now: the fourth waits for the window, then goes.
      expect(tw.messages.map((m) => m.body.split(':')[1]!.trim().split('.')[0])).toEqual(['T-a', 'T-b', 'T-c']);
      await h.advance(MINUTE);
      expect(tw.messages).toHaveLength(4);
      const reset = await h.api('PATCH', '/api/org/settings', { paging_throttles: { sms: null } });
      expect(reset.body.paging_throttles).toEqual(defaults);
      const audit = await h.t.container.db.selectFrom('audit_log').select('changes').where('action', '=', 'org_settings.update').execute();
      expect(audit.map((a) => JSON.parse(a.changes).paging_throttles.sms[0])).toEqual([{ window_minutes: 1, max: 3 }, { window_minutes: 1, max: 1 }]);
    });

    it('usage counts SMS messages and voice minutes (the call\'s length from its status callback)', async () => {
      await setUp([{ channel: 'sms', delay_seconds: 0 }, { channel: 'voice', delay_seconds: 0 }]);
      const before = (await h.api('GET', '/api/org/usage')).body;
      await h.trigger({ title: 'Count me', priority: 'critical' });
      expect(tw.messages).toHaveLength(1);
      expect(tw.calls).toHaveLength(1);
      let usage = (await h.api('GET', '/api/org/usage')).body;
      expect(usage.sms.used - before.sms.used).toBe(1);
      expect(usage.voice_minutes.used - before.voice_minutes.used).toBe(1);
      expect((await tw.callStatus(tw.calls[0]!, 'completed', { duration: 150 })).status).toBe(200);
      // The same callback again (Twilio retries): counted once.
      expect((await tw.callStatus(tw.calls[0]!, 'completed', { duration: 150 })).status).toBe(200);
      usage = (await h.api('GET', '/api/org/usage')).body;
      expect(usage.voice_minutes.used - before.voice_minutes.used).toBe(3);
    });

    it('POST /api/me/test-page sends now through the channel\'s provider and answers its fate', async () => {
      await setUp();
      const ada = h.people.ada!;
      const phone = (await h.api('GET', '/api/phone-numbers', undefined, 'ada')).body[0];
      // Test pages go only to a country the organization allows (docs/adr/0705): by default the
      // country of its first verified number, here Ada's, a US number.
      const ADA_US = '+14155550100';
      await h.t.container.db.updateTable('phone_numbers').set({ e164: ADA_US }).where('id', '=', phone.id).execute();
      const sms = await h.api('POST', '/api/me/test-page', { channel: 'sms', phone_number_id: phone.id }, 'ada');
      expect(sms.status).toBe(200);
      expect(sms.body).toEqual({ channel: 'sms', status: 'sent', provider_message_id: tw.messages[0]!.sid });
      expect(tw.messages[0]!.to).toBe(ADA_US);
      expect(tw.messages[0]!.body).toContain('Test page');
      const voice = await h.api('POST', '/api/me/test-page', { channel: 'voice', phone_number_id: phone.id }, 'ada');
      expect(voice.body).toMatchObject({ channel: 'voice', status: 'sent' });
      expect((await tw.answer(tw.calls[0]!)).twiml).toContain('This is a test call from Klaxon.');
      await h.advance(MINUTE); // one SMS a minute to one person, test pages included
      tw.failNext(400, 21614, "'To' number is not a valid mobile number");
      const refused = await h.api('POST', '/api/me/test-page', { channel: 'sms', phone_number_id: phone.id }, 'ada');
      expect(refused.body).toEqual({ channel: 'sms', status: 'failed', detail: 'the number cannot receive SMS: not a mobile number (Twilio 21614)' });
      const email = await h.api('POST', '/api/me/test-page', { channel: 'email' }, 'ada');
      expect(email.body).toMatchObject({ channel: 'email', status: 'sent' });
      expect(h.inbox().splice(0).map((s) => `${s.channel} ${s.person}: ${s.title}`)).toEqual(['email ada: Test page: your phone can receive Klaxon pages']);
      // Someone else's number is not found; a missing id says which is needed.
      const bobs = (await h.api('GET', '/api/phone-numbers', undefined, 'bob')).body[0];
      expect((await h.api('POST', '/api/me/test-page', { channel: 'sms', phone_number_id: bobs.id }, 'ada')).status).toBe(404);
      const missing = await h.api('POST', '/api/me/test-page', { channel: 'voice' }, 'ada');
      expect(missing.status).toBe(400);
      expect(missing.body.error.details).toEqual([{ field: 'phone_number_id', message: 'is required for a voice test page' }]);
      expect(ada.userId).toBeTruthy();
      const usage = (await h.api('GET', '/api/org/usage')).body;
      expect(usage.sms.used).toBe(1);
      expect(usage.voice_minutes.used).toBe(1);
    });
  });
}
