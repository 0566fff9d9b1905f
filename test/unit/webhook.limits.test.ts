import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DISCORD, SLACK, TEAMS, providerWarnings } from '../../src/modules/webhook/webhook.limits.ts';

// The preview's provider-limit warnings (docs/adr/0464), pure.

describe('providerWarnings', () => {
  it('counts code points, not UTF-16 units: 150 astral characters fit a Slack header, 151 do not', () => {
    const header = (n: number) => ({ text: 'x', blocks: [{ type: 'header', text: { type: 'plain_text', text: '🚨'.repeat(n) } }] });
    expect(providerWarnings('slack', header(SLACK.header))).toEqual([]);
    expect(providerWarnings('slack', header(SLACK.header + 1))).toEqual([{ pointer: '/blocks/0/text/text', message: expect.stringMatching(/151 characters; the provider allows 150/) }]);
  });

  it('a body that is not an object, or says nothing, is one warning at the root', () => {
    for (const kind of ['slack', 'teams', 'discord'] as const) {
      for (const body of [null, 'text', 3, [1]]) {
        const w = providerWarnings(kind, body);
        expect(w.length, `${kind} ${JSON.stringify(body)}`).toBeGreaterThan(0);
        expect(w.some((x) => x.pointer === ''), `${kind} ${JSON.stringify(body)}`).toBe(true);
      }
    }
    expect(providerWarnings('slack', {})).toEqual([{ pointer: '/text', message: expect.stringMatching(/no_text/) }]);
    expect(providerWarnings('discord', { allowed_mentions: { parse: [] } })).toEqual([{ pointer: '', message: expect.stringMatching(/neither content nor embeds/) }]);
  });

  it('pointers index arrays, also into attachments[].blocks', () => {
    const blocks = [{ type: 'section', text: { type: 'mrkdwn', text: 'a' }, fields: Array.from({ length: 11 }, () => ({ type: 'mrkdwn', text: 'f' })) }];
    expect(providerWarnings('slack', { text: 'x', attachments: [{ blocks }] })).toEqual([{ pointer: '/attachments/0/blocks/0/fields', message: expect.stringMatching(/11 fields/) }]);
  });

  it('Teams: 28,672 bytes (UTF-8) is the edge; versions 1.0 to 1.5 pass', () => {
    const card = (version: unknown, pad = '') => ({ type: 'message', attachments: [{ contentType: 'application/vnd.microsoft.card.adaptive', content: { type: 'AdaptiveCard', version, body: [{ type: 'TextBlock', text: pad }] } }] });
    for (const v of TEAMS.versions) expect(providerWarnings('teams', card(v))).toEqual([]);
    for (const v of ['2.0', 1.4, null, '1.6']) expect(providerWarnings('teams', card(v)).map((w) => w.pointer)).toEqual(['/attachments/0/content/version']);
    const size = Buffer.byteLength(JSON.stringify(card('1.4')), 'utf8');
    expect(providerWarnings('teams', card('1.4', 'é'.repeat((TEAMS.bytes - size) / 2)))).toEqual([]);
    expect(providerWarnings('teams', card('1.4', 'é'.repeat((TEAMS.bytes - size) / 2) + 'x'))).toEqual([{ pointer: '', message: expect.stringMatching(/28673 bytes/) }]);
  });

  it('Discord: the 6,000-character total over embeds, and 10 embeds at most', () => {
    const ok = { allowed_mentions: { parse: [] }, embeds: [{ description: 'd'.repeat(DISCORD.description) }, { description: 'd'.repeat(DISCORD.total - DISCORD.description) }] };
    expect(providerWarnings('discord', ok)).toEqual([]);
    ok.embeds[1]!.description += 'd';
    expect(providerWarnings('discord', ok)).toEqual([{ pointer: '/embeds', message: expect.stringMatching(/6001 characters together/) }]);
    const many = { content: 'x', allowed_mentions: { parse: [] }, embeds: Array.from({ length: 11 }, () => ({ title: 't' })) };
    expect(providerWarnings('discord', many)).toEqual([{ pointer: '/embeds', message: expect.stringMatching(/11 embeds/) }]);
  });

  it('custom and native bodies are never warned about', () => {
    expect(providerWarnings('custom', { blocks: Array.from({ length: 99 }) })).toEqual([]);
    expect(providerWarnings('native', null)).toEqual([]);
  });

  it('never throws on any JSON, and every pointer is "" or starts with /', () => {
    fc.assert(
      fc.property(fc.constantFrom('slack', 'teams', 'discord', 'custom', 'native' as const), fc.jsonValue({ maxDepth: 6 }), (kind, body) => {
        for (const w of providerWarnings(kind, body)) {
          expect(w.pointer === '' || w.pointer.startsWith('/')).toBe(true);
          expect(w.message.length).toBeGreaterThan(0);
        }
      }),
      { seed: 464, numRuns: 500 },
    );
  });
});
