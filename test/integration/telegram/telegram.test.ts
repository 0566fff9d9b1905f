import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../helpers/app.ts';
import { createHarness, type Harness, MINUTE } from '../../helpers/paging.ts';
import { type BotMessage, type FakeTelegram, type TgUser, startFakeTelegram } from '../../helpers/fakes/telegram.ts';

// Telegram as a person's channel (issue 37 items 4–5; PRODUCT.md 12): a Bot API fake on loopback
// speaking the real protocol; Klaxon registers its webhook there, and the fake posts Updates to it
// as Telegram does (JSON, X-Telegram-Bot-Api-Secret-Token), through app.inject. Pages go through the
// engine's one send decision; presses act through the alert service as the linked person.

const ADA: TgUser = { id: 7001, is_bot: false, first_name: 'Ada', username: 'ada_tg', language_code: 'en' };
const BOB: TgUser = { id: 7002, is_bot: false, first_name: 'Bob', username: 'bob_tg' };
const EVE: TgUser = { id: 7666, is_bot: false, first_name: 'Eve' };

for (const dialect of DIALECTS) {
  describe(`${dialect}: Telegram links, pages and buttons`, () => {
    let h: Harness;
    let tg: FakeTelegram;

    const inject = async (method: 'GET' | 'POST' | 'DELETE', url: string, as?: string) => {
      const headers = as ? h.people[as]!.headers : h.tenant.headers;
      const r = await h.t.app.inject({ method, url, headers });
      return { status: r.statusCode, body: r.body ? r.json() : undefined };
    };
    /** The person opens the link from their profile in Telegram and presses Start. */
    const link = async (person: string, user: TgUser) => {
      const r = await inject('POST', '/api/me/telegram', person);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const u = new URL(r.body.url);
      expect(u.origin).toBe('https://t.me');
      expect(u.pathname).toBe(`/${tg.username}`);
      const { answer } = await tg.start(user, u.searchParams.get('start')!);
      expect(answer.status).toBe(200);
    };
    const lastTo = (user: TgUser): BotMessage => tg.messages.filter((m) => m.chat_id === String(user.id)).at(-1)!;
    const button = (m: BotMessage, text: string) => m.reply_markup!.inline_keyboard.flat().find((b) => b.text === text)!.callback_data!;
    const answers = () => tg.calls.filter((c) => c.method === 'answerCallbackQuery').map((c) => c.params);
    const alertOf = async (id: string) => (await h.api('GET', `/api/alerts/${id}`)).body;

    beforeAll(async () => {
      tg = await startFakeTelegram();
      h = await createHarness(dialect, { env: { TELEGRAM_BOT_TOKEN: tg.token, TELEGRAM_API_URL: tg.url } });
      tg.setTransport(async (url, headers, body) => {
        const u = new URL(url);
        const res = await h.t.app.inject({ method: 'POST', url: u.pathname, headers, payload: body });
        return { status: res.statusCode, body: res.body };
      });
      expect(await h.t.container.services.telegram.registerWebhook()).toEqual({ ok: true });
      expect(tg.webhook?.url).toBe(`${h.t.container.config.publicUrl}/v1/providers/telegram`);
      expect(tg.webhook?.secret).toMatch(/^[A-Za-z0-9_-]{16,256}$/);
      // Level 1 Ada, level 2 Bob, each paged by Telegram only.
      h.schedules.set('sch_tg', { levels: [{ timeoutMinutes: 10, onCall: ['ada'] }, { timeoutMinutes: 10, onCall: ['bob'] }], allSteps: [{ channel: 'telegram', delay_seconds: 0 }] });
      h.schedules.bind(h.service.id, 'sch_tg');
    });
    afterAll(async () => {
      await h?.close();
      await tg?.close();
    });

    it('links a chat from the profile: /start with the one-time code binds it, and the code works once', async () => {
      expect((await inject('GET', '/api/me/telegram', 'ada')).body).toMatchObject({ configured: true, state: 'unlinked' });
      const r = await inject('POST', '/api/me/telegram', 'ada');
      expect((await inject('GET', '/api/me/telegram', 'ada')).body).toMatchObject({ state: 'pending', code_expires_at: r.body.expires_at });
      const code = new URL(r.body.url).searchParams.get('start')!;
      await tg.start(ADA, code);
      expect((await inject('GET', '/api/me/telegram', 'ada')).body).toMatchObject({ state: 'linked', username: 'ada_tg', disabled_reason: null });
      expect(lastTo(ADA).text).toMatch(/^Linked to Klaxon as Ada/);
      // The code is spent: Eve replaying it binds nothing.
      await tg.start(EVE, code);
      expect(lastTo(EVE).text).toMatch(/unknown or has expired/);
      expect((await inject('GET', '/api/me/telegram', 'ada')).body).toMatchObject({ state: 'linked', username: 'ada_tg' });
      // A link code is a secret: never in the audit entry.
      const audit = await h.t.container.db.selectFrom('audit_log').select(['action', 'changes']).where('action', '=', 'telegram.link_start').execute();
      expect(audit.length).toBeGreaterThan(0);
      expect(JSON.stringify(audit)).not.toContain(code);
    });

    it('a page carries Acknowledge and Escalate; a press acknowledges once, even when Telegram delivers it twice', async () => {
      const before = tg.messages.length;
      const id = await h.trigger({ title: 'DB down', priority: 'critical' });
      const page = lastTo(ADA);
      expect(tg.messages.length).toBe(before + 1);
      expect(page.text).toContain('DB down');
      expect(page.reply_markup!.inline_keyboard[0]!.map((b) => b.text)).toEqual(['Acknowledge', 'Escalate']);
      const { update, answer } = await tg.press(ADA, page, button(page, 'Acknowledge'));
      expect(answer.status).toBe(200);
      expect(await tg.deliver(update)).toMatchObject({ status: 200 });
      await h.settle();
      const alert = await alertOf(id);
      expect(alert.status).toBe('acknowledged');
      const tl = await h.timeline(id);
      expect(tl.filter((e) => e.kind === 'acknowledged')).toHaveLength(1);
      expect(tl.filter((e) => e.kind === 'acknowledged_by_telegram').map((e) => e.message)).toEqual(['acknowledged from Telegram by Ada']);
      expect(answers().at(-1)).toMatchObject({ text: 'Acknowledged' });
      // The page says what became of it; its buttons are gone.
      expect(page.reply_markup!.inline_keyboard.flat().map((b) => b.text)).toEqual(['✅ Acknowledged by Ada']);
      await h.api('PUT', `/api/alerts/${id}/resolve`);
    });

    it('Escalate moves the alert to the next level now', async () => {
      const id = await h.trigger({ title: 'Queue stuck', priority: 'high' });
      const page = lastTo(ADA);
      expect(page.text).toContain('Queue stuck');
      await tg.press(ADA, page, button(page, 'Escalate'));
      await h.settle();
      expect((await alertOf(id)).level).toBe(2);
      // Bob has no Telegram link: his page falls back to email (PRODUCT.md 10), and the timeline says why.
      h.expect(['email bob: Queue stuck']);
      const tl = await h.timeline(id);
      expect(tl.map((e) => e.message)).toContain('escalated from Telegram by Ada');
      expect(tl.some((e) => /no working Telegram link/.test(e.message))).toBe(true);
      await h.api('PUT', `/api/alerts/${id}/resolve`);
    });

    it('a press by an unlinked Telegram user, or by another person, is refused and changes nothing', async () => {
      const id = await h.trigger({ title: 'Cache cold', priority: 'critical' });
      const page = lastTo(ADA);
      await tg.press(EVE, page, button(page, 'Acknowledge'));
      expect(answers().at(-1)).toMatchObject({ show_alert: true, text: expect.stringMatching(/not linked/) });
      await link('bob', BOB);
      await tg.press(BOB, page, button(page, 'Escalate'));
      expect(answers().at(-1)).toMatchObject({ show_alert: true, text: expect.stringMatching(/nothing was changed/) });
      await h.settle();
      const alert = await alertOf(id);
      expect(alert.status).toBe('open');
      expect(alert.level).toBe(1);
      expect((await h.timeline(id)).some((e) => /Telegram by/.test(e.message))).toBe(false);
      await h.api('PUT', `/api/alerts/${id}/resolve`);
    });

    it('a wrong or missing secret token is 401 and changes nothing', async () => {
      const id = await h.trigger({ title: 'Disk full', priority: 'critical' });
      const page = lastTo(ADA);
      const update = {
        update_id: 990_001,
        callback_query: { id: '1', from: ADA, message: { message_id: page.message_id, chat: { id: ADA.id, type: 'private' }, date: 1, text: page.text }, chat_instance: '1', data: button(page, 'Acknowledge') },
      };
      expect((await tg.deliver(update, 'not-the-secret')).status).toBe(401);
      const none = await h.t.app.inject({ method: 'POST', url: '/v1/providers/telegram', headers: { 'content-type': 'application/json' }, payload: update });
      expect(none.statusCode).toBe(401);
      // Garbage with a wrong secret is refused for the secret, before the body is read.
      const junk = await h.t.app.inject({ method: 'POST', url: '/v1/providers/telegram', headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': 'x' }, payload: '{"nope":1}' });
      expect(junk.statusCode).toBe(401);
      expect((await alertOf(id)).status).toBe('open');
      // Bad input with the right secret is a 400, never a 5xx.
      expect((await tg.deliver({ nope: 1 } as never)).status).toBe(400);
      // The same update, rightly signed, then acts (its update_id was not spent by the refused tries).
      expect((await tg.deliver(update)).status).toBe(200);
      await h.settle();
      expect((await alertOf(id)).status).toBe('acknowledged');
      await h.api('PUT', `/api/alerts/${id}/resolve`);
    });

    it('org settings say Telegram is configured, and a linked person sends themselves a test page there', async () => {
      expect((await h.api('GET', '/api/org/settings')).body.channels).toMatchObject({ telegram: 'configured' });
      // Ada linked her chat in the first test, Bob in the one before; Cy has none.
      const before = tg.messages.length;
      const r = await h.api('POST', '/api/me/test-page', { channel: 'telegram' }, 'ada');
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body).toEqual({ channel: 'telegram', status: 'sent', provider_message_id: String(lastTo(ADA).message_id) });
      expect(tg.messages.length).toBe(before + 1);
      expect(lastTo(ADA).text).toContain('Test page');
      const none = await h.api('POST', '/api/me/test-page', { channel: 'telegram' }, 'cy');
      expect(none.status).toBe(409);
      expect(none.body.error.message).toMatch(/Link your Telegram chat first/);
      expect(tg.messages.length).toBe(before + 1);
    });

    it('telegram is a channel of notification rules', async () => {
      const put = await h.api('PUT', '/api/me/notification-rules', { high: [{ channel: 'telegram', delay_seconds: 0 }], low: [], quiet_hours: null, handoff_notice_minutes: null }, 'bob');
      expect(put.status).toBe(200);
      expect(put.body.high).toEqual([{ channel: 'telegram', delay_seconds: 0 }]);
      const bad = await h.api('PUT', '/api/me/notification-rules', { high: [{ channel: 'telegram', delay_seconds: 0, contact_id: 'phn_x' }], low: [] }, 'bob');
      expect(bad.status).toBe(400);
      await h.api('PUT', '/api/me/notification-rules', { high: [], low: [], quiet_hours: null, handoff_notice_minutes: null }, 'bob');
    });

    it('a 403 from Telegram (the bot was blocked) disables the chat, and its owner sees why', async () => {
      tg.block(ADA.id);
      const id = await h.trigger({ title: 'Blocked page', priority: 'critical' });
      const view = (await inject('GET', '/api/me/telegram', 'ada')).body;
      expect(view).toMatchObject({ state: 'disabled', disabled_reason: 'Telegram refused the message: Forbidden: bot was blocked by the user' });
      const tl = await h.timeline(id);
      expect(tl.some((e) => e.kind === 'page_failed' && /bot was blocked/.test(e.message))).toBe(true);
      expect(tl.filter((e) => e.kind === 'destination_disabled').map((e) => e.message)).toEqual([
        "Ada's Telegram chat turned off for paging: Telegram refused the message: Forbidden: bot was blocked by the user; it is paged again once linked again from the profile",
      ]);
      // Disabled: the next page does not try it (the one send decision: no working destination).
      await h.api('PUT', `/api/alerts/${id}/resolve`);
      const next = await h.trigger({ title: 'After block', priority: 'critical' });
      expect((await h.timeline(next)).some((e) => /telegram: no working Telegram link/.test(e.message))).toBe(true);
      // Never silently unreachable (PRODUCT.md 10): Ada's page goes by email at once.
      h.expect(['email ada: After block']);
      await h.api('PUT', `/api/alerts/${next}/resolve`);
      // Linking again turns it back on.
      await link('ada', ADA);
      expect((await inject('GET', '/api/me/telegram', 'ada')).body).toMatchObject({ state: 'linked', disabled_reason: null });
      expect((await inject('DELETE', '/api/me/telegram', 'ada')).status).toBe(200);
      expect((await inject('GET', '/api/me/telegram', 'ada')).body).toMatchObject({ state: 'unlinked' });
      await h.advance(MINUTE);
    });
  });
}

describe('Telegram not configured', () => {
  it('the webhook is 404 and linking is a 409 naming the setting', async () => {
    const h = await createHarness('sqlite');
    try {
      const r = await h.t.app.inject({ method: 'POST', url: '/v1/providers/telegram', headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': 'x' }, payload: { update_id: 1 } });
      expect(r.statusCode).toBe(404);
      const link = await h.t.app.inject({ method: 'POST', url: '/api/me/telegram', headers: h.people.ada!.headers });
      expect(link.statusCode).toBe(409);
      expect(link.json().error.message).toContain('TELEGRAM_BOT_TOKEN');
      const view = await h.t.app.inject({ method: 'GET', url: '/api/me/telegram', headers: h.people.ada!.headers });
      expect(view.json()).toMatchObject({ configured: false, state: 'unlinked' });
      expect((await h.api('GET', '/api/org/settings')).body.channels).toMatchObject({ telegram: 'not_configured' });
      expect((await h.api('POST', '/api/me/test-page', { channel: 'telegram' }, 'ada')).body).toEqual({ channel: 'telegram', status: 'not_configured', detail: 'telegram is not configured on this server' });
    } finally {
      await h.close();
    }
  });
});
