import { describe, expect, it } from 'vitest';
import { callbackData, outcomeOf, pageKeyboard, pageText, parseCallbackData } from '../../src/providers/telegram.ts';
import { startCodeOf, viewOf } from '../../src/modules/telegram/telegram.ts';

// The pure parts of the Telegram channel (docs/adr/0835): what an answer of the Bot API means for a
// page, the buttons' data, the /start code, and the link's state as its owner sees it.

describe('Telegram answers', () => {
  it('403 and "chat not found" disable the chat with Telegram\'s reason; 429 and 5xx retry; 401 is the token', () => {
    expect(outcomeOf({ ok: true, result: { message_id: 5 } })).toEqual({ state: 'sent', providerMessageId: '5' });
    expect(outcomeOf({ ok: false, error_code: 403, description: 'Forbidden: bot was blocked by the user' }))
      .toEqual({ state: 'failed', detail: 'Telegram refused the message: Forbidden: bot was blocked by the user', disable: 'unsubscribed' });
    expect(outcomeOf({ ok: false, error_code: 400, description: 'Bad Request: chat not found' })).toMatchObject({ state: 'failed', disable: 'unregistered' });
    expect(outcomeOf({ ok: false, error_code: 400, description: 'Bad Request: message text is empty' })).toEqual({ state: 'failed', detail: 'Telegram answered 400: Bad Request: message text is empty' });
    expect(outcomeOf({ ok: false, error_code: 429, description: 'Too Many Requests: retry after 7', retryAfterSeconds: 7 })).toEqual({ state: 'retry', detail: 'Telegram answered 429', retryAfterMs: 7000 });
    expect(outcomeOf({ ok: false, error_code: 502, description: 'Bad Gateway' })).toMatchObject({ state: 'retry' });
    expect(outcomeOf({ ok: false, error_code: 0, description: 'Telegram sendMessage failed (TimeoutError)' })).toMatchObject({ state: 'retry' });
    expect(outcomeOf({ ok: false, error_code: 401, description: 'Unauthorized' })).toMatchObject({ state: 'config_error' });
  });

  it('buttons carry the page id within 64 bytes, and only well-formed data is read back', () => {
    const id = 'ntf_01JZ0000000000000000000000';
    expect(Buffer.byteLength(callbackData('esc', id))).toBeLessThanOrEqual(64);
    expect(parseCallbackData(callbackData('ack', id))).toEqual({ action: 'ack', notificationId: id });
    expect(parseCallbackData(callbackData('esc', id))).toEqual({ action: 'escalate', notificationId: id });
    for (const bad of ['ack:', 'ack:alr_1', 'resolve:ntf_1', 'done', 'ack:ntf_1;drop', 42, undefined]) expect(parseCallbackData(bad)).toBeUndefined();
    expect(pageKeyboard(id, 'http://localhost/alerts/a').inline_keyboard).toHaveLength(1);
    expect(pageKeyboard(id, 'https://k.example/alerts/a').inline_keyboard[1]).toEqual([{ text: 'Open', url: 'https://k.example/alerts/a' }]);
  });

  it('the page text escapes HTML', () => {
    const text = pageText({ alert: { id: 'alr_1', title: '<b>x</b> & y', priority: 'critical', urgency: 'high', url: 'https://k/alerts/alr_1', serviceName: 'db' } });
    expect(text).toContain('&lt;b&gt;x&lt;/b&gt; &amp; y');
    expect(text).toContain('Service: db');
  });
});

describe('Telegram links', () => {
  it('reads the code of /start only', () => {
    expect(startCodeOf('/start abcdefghijklmnopqrstuvwxyz012345')).toBe('abcdefghijklmnopqrstuvwxyz012345');
    expect(startCodeOf('/start@klaxon_bot abcdefghijklmnopqrstuvwx')).toBe('abcdefghijklmnopqrstuvwx');
    for (const t of ['/start', '/start short', 'hello', '/start a b', undefined]) expect(startCodeOf(t)).toBeUndefined();
  });

  it('shows the state and the reason a chat was turned off', () => {
    const base = { id: 'tgl_1', user_id: 'usr_1', chat_id: null, username: null, code_hash: null, code_expires_at: null, linked_at: null, disabled_at: null, disabled_reason: null, created_at: 'a', updated_at: 'a' };
    const now = Date.parse('2026-12-05T12:00:00Z');
    expect(viewOf(undefined, true, now).state).toBe('unlinked');
    expect(viewOf({ ...base, code_hash: 'h', code_expires_at: '2026-12-05T12:10:00.000Z' }, true, now).state).toBe('pending');
    expect(viewOf({ ...base, code_hash: 'h', code_expires_at: '2026-12-05T11:59:00.000Z' }, true, now).state).toBe('unlinked');
    expect(viewOf({ ...base, chat_id: '7', username: 'ada', linked_at: 'x' }, true, now)).toMatchObject({ state: 'linked', username: 'ada' });
    expect(viewOf({ ...base, chat_id: '7', disabled_at: 'y', disabled_reason: 'Forbidden: bot was blocked by the user' }, true, now))
      .toMatchObject({ state: 'disabled', disabled_reason: 'Forbidden: bot was blocked by the user' });
  });
});
