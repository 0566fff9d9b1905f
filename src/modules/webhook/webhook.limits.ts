import type { WebhookKind } from './webhook.ts';

/**
 * What a chat provider would refuse or cut, found in a rendered body before it is sent: the
 * preview's warnings (docs/adr/0464). Limits are the providers' documented ones
 * (shared/reference/contracts.md 6, dashboard-webhooks.md A2.5). A warning is not an error: the
 * template is valid, but the provider would answer 400 (Slack `invalid_blocks`, Discord 50035) or
 * truncate, so the editor shows where and why. Lengths count code points, as the providers count
 * characters.
 */
export interface PreviewWarning {
  /** JSON pointer (RFC 6901) into the rendered body. */
  pointer: string;
  message: string;
}

export const SLACK = { blocks: 50, text: 40_000, header: 150, section: 3000, fields: 10, field: 2000, blockId: 255, contextElements: 10, actionElements: 25, buttonText: 75, url: 3000 } as const;
export const TEAMS = { bytes: 28_672, versions: ['1.0', '1.1', '1.2', '1.3', '1.4', '1.5'] } as const;
export const DISCORD = { content: 2000, embeds: 10, title: 256, description: 4096, fields: 25, fieldName: 256, fieldValue: 1024, footer: 2048, author: 256, total: 6000 } as const;

type J = Record<string, unknown>;
const isObj = (v: unknown): v is J => typeof v === 'object' && v !== null && !Array.isArray(v);
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const len = (v: unknown): number => (typeof v === 'string' ? [...v].length : 0);
const esc = (k: string | number) => String(k).replace(/~/g, '~0').replace(/\//g, '~1');
const at = (...parts: (string | number)[]) => parts.map((p) => `/${esc(p)}`).join('');

export function providerWarnings(kind: WebhookKind, body: unknown): PreviewWarning[] {
  if (kind === 'slack') return slackWarnings(body);
  if (kind === 'teams') return teamsWarnings(body);
  if (kind === 'discord') return discordWarnings(body);
  return [];
}

function tooLong(out: PreviewWarning[], pointer: string, value: unknown, max: number, what: string) {
  const n = len(value);
  if (n > max) out.push({ pointer, message: `${what} is ${n} characters; the provider allows ${max}: truncate it (e.g. | truncate(${max - 20})) before escaping` });
}

/** Slack incoming webhooks with Block Kit. */
function slackWarnings(body: unknown): PreviewWarning[] {
  const out: PreviewWarning[] = [];
  if (!isObj(body)) return [{ pointer: '', message: 'Slack expects a JSON object with text and blocks' }];
  const blocks = arr(body.blocks);
  if (typeof body.text !== 'string' || body.text.trim() === '') {
    out.push({ pointer: '/text', message: blocks.length ? 'text is the notification and accessibility fallback when blocks are used; Slack recommends always setting it' : 'Slack refuses a message without text or blocks (no_text)' });
  }
  tooLong(out, '/text', body.text, SLACK.text, 'text');
  const checkBlocks = (list: unknown[], base: (string | number)[]) => {
    if (list.length > SLACK.blocks) out.push({ pointer: at(...base), message: `${list.length} blocks; Slack allows at most ${SLACK.blocks} in a message (invalid_blocks)` });
    list.forEach((b, i) => {
      if (!isObj(b)) return;
      const p = [...base, i];
      tooLong(out, at(...p, 'block_id'), b.block_id, SLACK.blockId, 'block_id');
      const text = isObj(b.text) ? b.text : undefined;
      if (b.type === 'header') {
        if (text && text.type !== 'plain_text') out.push({ pointer: at(...p, 'text', 'type'), message: 'a header block takes plain_text only' });
        tooLong(out, at(...p, 'text', 'text'), text?.text, SLACK.header, 'a header text');
      }
      if (b.type === 'section') {
        if (text) {
          tooLong(out, at(...p, 'text', 'text'), text.text, SLACK.section, 'a section text');
          if (len(text.text) === 0) out.push({ pointer: at(...p, 'text', 'text'), message: 'a section text must not be empty (use | default("—"))' });
        }
        const fields = arr(b.fields);
        if (fields.length > SLACK.fields) out.push({ pointer: at(...p, 'fields'), message: `${fields.length} fields; a section takes at most ${SLACK.fields}` });
        fields.forEach((f, j) => tooLong(out, at(...p, 'fields', j, 'text'), isObj(f) ? f.text : undefined, SLACK.field, 'a section field'));
      }
      if (b.type === 'context') {
        const n = arr(b.elements).length;
        if (n > SLACK.contextElements) out.push({ pointer: at(...p, 'elements'), message: `${n} elements; a context block takes at most ${SLACK.contextElements}` });
      }
      if (b.type === 'actions') {
        const els = arr(b.elements);
        if (els.length > SLACK.actionElements) out.push({ pointer: at(...p, 'elements'), message: `${els.length} elements; an actions block takes at most ${SLACK.actionElements}` });
        els.forEach((e, j) => {
          if (!isObj(e)) return;
          tooLong(out, at(...p, 'elements', j, 'text', 'text'), isObj(e.text) ? e.text.text : undefined, SLACK.buttonText, 'a button text');
          tooLong(out, at(...p, 'elements', j, 'url'), e.url, SLACK.url, 'a button URL');
        });
      }
    });
  };
  checkBlocks(blocks, ['blocks']);
  arr(body.attachments).forEach((a, i) => {
    if (isObj(a)) checkBlocks(arr(a.blocks), ['attachments', i, 'blocks']);
  });
  return out;
}

/** Microsoft Teams through a Workflows webhook: an Adaptive Card attachment, 28 KB at most. */
function teamsWarnings(body: unknown): PreviewWarning[] {
  const out: PreviewWarning[] = [];
  const bytes = Buffer.byteLength(JSON.stringify(body ?? null), 'utf8');
  if (bytes > TEAMS.bytes) out.push({ pointer: '', message: `the message is ${bytes} bytes; Teams refuses more than ${TEAMS.bytes} (MessageSizeExceeded)` });
  if (!isObj(body)) return [...out, { pointer: '', message: 'Teams Workflows expects {"type": "message", "attachments": [an Adaptive Card]}' }];
  if (body.type !== 'message') out.push({ pointer: '/type', message: 'Teams Workflows expects "type": "message"' });
  const atts = arr(body.attachments);
  if (!atts.length) out.push({ pointer: '/attachments', message: 'Teams Workflows posts the Adaptive Card of attachments[0]; there is none' });
  atts.forEach((a, i) => {
    if (!isObj(a)) return;
    if (a.contentType !== 'application/vnd.microsoft.card.adaptive') {
      out.push({ pointer: at('attachments', i, 'contentType'), message: 'must be "application/vnd.microsoft.card.adaptive" for Teams to render the card' });
    }
    const card = isObj(a.content) ? a.content : undefined;
    if (!card) {
      out.push({ pointer: at('attachments', i, 'content'), message: 'the Adaptive Card goes in content' });
      return;
    }
    if (card.type !== 'AdaptiveCard') out.push({ pointer: at('attachments', i, 'content', 'type'), message: 'must be "AdaptiveCard"' });
    if (typeof card.version !== 'string' || !(TEAMS.versions as readonly string[]).includes(card.version)) {
      out.push({ pointer: at('attachments', i, 'content', 'version'), message: `Adaptive Card version ${JSON.stringify(card.version ?? null)}: Teams renders ${TEAMS.versions.join(', ')} (1.4 is the safe choice for mobile and desktop)` });
    }
    if (!arr(card.body).length) out.push({ pointer: at('attachments', i, 'content', 'body'), message: 'an Adaptive Card without body elements shows nothing' });
  });
  return out;
}

/** Discord execute-webhook: content, up to 10 embeds, 6,000 characters over all embeds. */
function discordWarnings(body: unknown): PreviewWarning[] {
  const out: PreviewWarning[] = [];
  if (!isObj(body)) return [{ pointer: '', message: 'Discord expects a JSON object with content or embeds' }];
  tooLong(out, '/content', body.content, DISCORD.content, 'content');
  const embeds = arr(body.embeds);
  if (len(body.content) === 0 && !embeds.length) out.push({ pointer: '', message: 'Discord refuses a message with neither content nor embeds (50006)' });
  if (embeds.length > DISCORD.embeds) out.push({ pointer: '/embeds', message: `${embeds.length} embeds; Discord takes at most ${DISCORD.embeds}` });
  let total = 0;
  embeds.forEach((e, i) => {
    if (!isObj(e)) return;
    const p = ['embeds', i];
    tooLong(out, at(...p, 'title'), e.title, DISCORD.title, 'an embed title');
    tooLong(out, at(...p, 'description'), e.description, DISCORD.description, 'an embed description');
    const footer = isObj(e.footer) ? e.footer.text : undefined;
    const author = isObj(e.author) ? e.author.name : undefined;
    tooLong(out, at(...p, 'footer', 'text'), footer, DISCORD.footer, 'an embed footer');
    tooLong(out, at(...p, 'author', 'name'), author, DISCORD.author, 'an embed author name');
    const fields = arr(e.fields);
    if (fields.length > DISCORD.fields) out.push({ pointer: at(...p, 'fields'), message: `${fields.length} fields; an embed takes at most ${DISCORD.fields}` });
    total += len(e.title) + len(e.description) + len(footer) + len(author);
    fields.forEach((f, j) => {
      if (!isObj(f)) return;
      tooLong(out, at(...p, 'fields', j, 'name'), f.name, DISCORD.fieldName, 'a field name');
      tooLong(out, at(...p, 'fields', j, 'value'), f.value, DISCORD.fieldValue, 'a field value');
      total += len(f.name) + len(f.value);
    });
    if (e.color !== undefined && (typeof e.color !== 'number' || !Number.isInteger(e.color) || e.color < 0 || e.color > 0xffffff)) {
      out.push({ pointer: at(...p, 'color'), message: 'an embed colour is an integer from 0 to 16777215 (0xFFFFFF); keep the expression alone in the string so it stays a number' });
    }
  });
  if (total > DISCORD.total) out.push({ pointer: '/embeds', message: `the embeds hold ${total} characters together; Discord allows ${DISCORD.total}` });
  const am = isObj(body.allowed_mentions) ? body.allowed_mentions : undefined;
  if (!am || !Array.isArray(am.parse) || am.parse.length) {
    out.push({ pointer: '/allowed_mentions', message: 'without "allowed_mentions": {"parse": []} alert text containing @everyone or a role mention pings the channel' });
  }
  return out;
}
