import { describe, expect, it } from 'vitest';
import { ALERT_EVENT_TYPES } from '../../src/modules/alert/index.ts';
import { DEFAULT_TEMPLATES, PAGE_TEMPLATES } from '../../src/modules/webhook/webhook.defaults.ts';
import { type DeliverySnapshot, templateContext } from '../../src/modules/webhook/webhook.snapshot.ts';
import { type Json, type TemplateContext, renderTemplate } from '../../src/modules/webhook/webhook.template.ts';

// The default Slack, Teams and Discord bodies against each provider's documented payload rules
// (shared/reference/contracts.md 6), for every event kind and for the worst inputs Klaxon accepts:
// a title of 1,024 code points, a 64 KB body, text that escaping lengthens five times, astral
// characters, quotes and line breaks.

const cp = (s: unknown) => [...String(s)].length;
const WORST = {
  title: '<&>"🚨'.repeat(205).slice(0, 1024),
  body: '&'.repeat(64 * 1024),
  service_name: '<b>'.repeat(66),
  email: `${'a'.repeat(240)}@example.com`,
};
const contexts = (): Array<[string, TemplateContext]> => {
  const out: Array<[string, TemplateContext]> = [];
  for (const event of ALERT_EVENT_TYPES) {
    for (const [label, v] of [
      ['worst', { title: WORST.title, body: WORST.body, service_name: WORST.service_name, acked_by_email: WORST.email, resolved_by_email: WORST.email, acked_by_name: WORST.title, resolved_by_name: WORST.title }],
      ['plain', { title: 'Disk full', body: '', service_name: null, acked_by_email: null, resolved_by_email: null }],
      ['astral', { title: '🚨'.repeat(1024), body: '🔥\n"quoted"\u2028'.repeat(3000), service_name: '🔧'.repeat(200), acked_by_email: null, resolved_by_email: null }],
    ] as const) {
      out.push([`${event} ${label}`, {
        event, ts: '2026-03-01T10:00:00.000Z', alert_id: 'alr_01jq0000000000000000000000', alert_url: 'https://klaxon.example.com/alerts/alr_01jq0000000000000000000000',
        priority: 'critical', urgency: 'high', status: 'open', ...v, people: 'Ada Lovelace, Grace Hopper', ts_unix: '1772359200',
      }]);
    }
  }
  return out;
};

const render = (t: (typeof DEFAULT_TEMPLATES)['slack'], ctx: TemplateContext) => {
  const r = renderTemplate(t, ctx);
  if (!r.ok) throw new Error(r.reason);
  return r.value as Record<string, any>;
};

/** Slack Block Kit: https://api.slack.com/reference/block-kit/blocks (limits in contracts.md 6.1). */
function checkSlack(m: Record<string, any>) {
  expect(typeof m.text).toBe('string');
  expect(cp(m.text)).toBeGreaterThan(0);
  expect(cp(m.text)).toBeLessThanOrEqual(40_000);
  expect(m.blocks.length).toBeLessThanOrEqual(50);
  for (const b of m.blocks) {
    if (b.type === 'header') {
      expect(b.text.type).toBe('plain_text');
      expect(cp(b.text.text)).toBeLessThanOrEqual(150);
    }
    if (b.type === 'section') {
      if (b.text) {
        expect(cp(b.text.text)).toBeGreaterThan(0);
        expect(cp(b.text.text)).toBeLessThanOrEqual(3000);
      }
      for (const f of b.fields ?? []) expect(cp(f.text)).toBeLessThanOrEqual(2000);
      expect((b.fields ?? []).length).toBeLessThanOrEqual(10);
    }
    if (b.type === 'actions') {
      expect(b.elements.length).toBeLessThanOrEqual(25);
      for (const e of b.elements) {
        expect(cp(e.text.text)).toBeLessThanOrEqual(75);
        expect(cp(e.url)).toBeLessThanOrEqual(3000);
        expect(e.url).toMatch(/^https?:\/\//);
      }
    }
    if (b.type === 'context') expect(b.elements.length).toBeLessThanOrEqual(10);
  }
  // Unescaped alert text cannot mention or link: every < and & from it arrives escaped.
  const mrkdwn = [m.text, ...m.blocks.flatMap((b: any) => [b.type === 'section' ? b.text?.text : undefined, ...(b.fields ?? []).map((f: any) => f.text)])].filter(Boolean).join('\n');
  expect(mrkdwn).not.toMatch(/<(?!https?:\/\/)[!@#]/);
}

/** Teams Workflows: Adaptive Card 1.4 attachment, message at most 28 KB. */
function checkTeams(m: Record<string, any>) {
  expect(m.type).toBe('message');
  expect(m.attachments).toHaveLength(1);
  const a = m.attachments[0];
  expect(a.contentType).toBe('application/vnd.microsoft.card.adaptive');
  expect(a.content).toMatchObject({ type: 'AdaptiveCard', version: '1.4', $schema: 'http://adaptivecards.io/schemas/adaptive-card.json' });
  for (const b of a.content.body) {
    expect(['TextBlock', 'FactSet']).toContain(b.type);
    if (b.type === 'TextBlock') {
      expect(typeof b.text).toBe('string');
      if (b.color !== undefined) expect(['Default', 'Dark', 'Light', 'Accent', 'Good', 'Warning', 'Attention']).toContain(b.color);
    }
    if (b.type === 'FactSet') for (const f of b.facts) expect(typeof f.value).toBe('string');
  }
  for (const action of a.content.actions) expect(action).toMatchObject({ type: 'Action.OpenUrl', url: expect.stringMatching(/^https:\/\//) });
  expect(Buffer.byteLength(JSON.stringify(m))).toBeLessThanOrEqual(28_672);
}

/** Discord Execute Webhook: content ≤ 2000; embed title 256, description 4096, fields ≤ 25 (256/1024), footer 2048, all embeds ≤ 6000. */
function checkDiscord(m: Record<string, any>) {
  expect(m.allowed_mentions).toEqual({ parse: [] });
  expect(cp(m.content)).toBeLessThanOrEqual(2000);
  expect(m.embeds.length).toBeLessThanOrEqual(10);
  let total = 0;
  for (const e of m.embeds) {
    expect(cp(e.title)).toBeLessThanOrEqual(256);
    expect(cp(e.description)).toBeLessThanOrEqual(4096);
    expect(cp(e.description)).toBeGreaterThan(0);
    expect(Number.isInteger(e.color)).toBe(true);
    expect(e.color).toBeGreaterThanOrEqual(0);
    expect(e.color).toBeLessThanOrEqual(0xffffff);
    expect(e.fields.length).toBeLessThanOrEqual(25);
    for (const f of e.fields) {
      expect(cp(f.name)).toBeLessThanOrEqual(256);
      expect(cp(f.value)).toBeLessThanOrEqual(1024);
      expect(cp(f.value)).toBeGreaterThan(0);
    }
    if (e.footer) expect(cp(e.footer.text)).toBeLessThanOrEqual(2048);
    expect(Number.isNaN(Date.parse(e.timestamp))).toBe(false);
    total += cp(e.title) + cp(e.description) + cp(e.footer?.text ?? '') + e.fields.reduce((n: number, f: any) => n + cp(f.name) + cp(f.value), 0);
  }
  expect(total).toBeLessThanOrEqual(6000);
}

describe('default chat bodies meet the providers\' documented limits', () => {
  for (const [name, ctx] of contexts()) {
    it(name, () => {
      checkSlack(render(DEFAULT_TEMPLATES.slack, ctx));
      checkTeams(render(DEFAULT_TEMPLATES.teams, ctx));
      checkDiscord(render(DEFAULT_TEMPLATES.discord, ctx));
      checkSlack(render(PAGE_TEMPLATES.slack, ctx));
      checkTeams(render(PAGE_TEMPLATES.teams, ctx));
      checkDiscord(render(PAGE_TEMPLATES.discord, ctx));
    });
  }

  it('each links to the alert in the dashboard, and Discord colours by priority', () => {
    const [, ctx] = contexts()[1]!;
    const slack = render(DEFAULT_TEMPLATES.slack, ctx);
    expect(slack.blocks.find((b: any) => b.type === 'actions').elements[0]).toMatchObject({ type: 'button', url: ctx.alert_url });
    expect(render(DEFAULT_TEMPLATES.teams, ctx).attachments[0].content.actions[0].url).toBe(ctx.alert_url);
    const colours = ['critical', 'high', 'medium', 'low', 'info'].map((priority) => (render(DEFAULT_TEMPLATES.discord, { ...ctx, priority }) as any).embeds[0].color);
    expect(new Set(colours).size).toBe(5);
    expect((render(DEFAULT_TEMPLATES.discord, ctx) as any).embeds[0].url).toBe(ctx.alert_url);
  });

  it('a chat page names the people paged', () => {
    const [, ctx] = contexts()[1]!;
    expect(JSON.stringify(render(PAGE_TEMPLATES.slack, ctx) as Json)).toContain('Ada Lovelace, Grace Hopper');
    expect(JSON.stringify(render(PAGE_TEMPLATES.teams, ctx) as Json)).toContain('Ada Lovelace, Grace Hopper');
    expect(render(PAGE_TEMPLATES.discord, ctx).content).toContain('Ada Lovelace, Grace Hopper');
  });

  it('the Slack default names people, tells the time in the reader\'s own zone, and sends them to Klaxon to acknowledge or resolve (issue 34 item 8)', () => {
    const [, plain] = contexts()[1]!;
    const ctx = { ...plain, event: 'alert.resolved', status: 'resolved', acked_by_email: 'ada@example.com', acked_by_name: 'Ada Lovelace', resolved_by_email: 'grace@example.com', resolved_by_name: 'Grace Hopper' };
    const slack = render(DEFAULT_TEMPLATES.slack, ctx);
    const text = JSON.stringify(slack);
    expect(text).toContain('*Acknowledged by*\\nAda Lovelace');
    expect(text).toContain('*Resolved by*\\nGrace Hopper');
    expect(text).not.toContain('@example.com');
    // Slack draws <!date^…> in each reader's zone and format; the ISO time is only the fallback.
    const context = slack.blocks.find((b: any) => b.type === 'context').elements[0].text as string;
    expect(context).toBe('Resolved <!date^1772359200^{date_short_pretty} at {time_secs}|2026-03-01T10:00:00.000Z> · acknowledge and resolve in Klaxon');
    expect(context).not.toContain('alert.resolved');
    // No interactive element: Slack cannot acknowledge or resolve yet; the one button opens the alert.
    const buttons = slack.blocks.filter((b: any) => b.type === 'actions').flatMap((b: any) => b.elements);
    expect(buttons).toEqual([{ type: 'button', text: { type: 'plain_text', text: 'Open in Klaxon' }, url: plain.alert_url }]);
    // Teams names them too.
    const teams = JSON.stringify(render(DEFAULT_TEMPLATES.teams, ctx));
    expect(teams).toContain('Ada Lovelace');
    expect(teams).not.toContain('@example.com');
    // The delivery's context carries the time in seconds.
    const snapshot = { vars: { ts: '2026-03-01T10:00:00.000Z', alert_id: 'alr_1' } } as unknown as DeliverySnapshot;
    expect(templateContext(snapshot, 'https://klaxon.example.com')).toMatchObject({ ts_unix: '1772359200', alert_url: 'https://klaxon.example.com/alerts/alr_1' });
  });
});
