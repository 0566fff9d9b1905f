import { Type } from 'typebox';

const Nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()]);

export const TelegramLink = Type.Object(
  {
    configured: Type.Boolean({ description: 'A Telegram bot is configured on this server (TELEGRAM_BOT_TOKEN).' }),
    state: Type.Union([Type.Literal('unlinked'), Type.Literal('pending'), Type.Literal('linked'), Type.Literal('disabled')], {
      description: 'unlinked; pending (a link was made and not opened yet); linked (pages by telegram reach this chat); disabled (Telegram refused a page for good: see disabled_reason; link again to turn it back on).',
    }),
    username: Nullable(Type.String({ description: 'The linked Telegram account\'s username (or first name).' })),
    linked_at: Nullable(Type.String({ format: 'date-time' })),
    disabled_at: Nullable(Type.String({ format: 'date-time' })),
    disabled_reason: Nullable(Type.String({ description: 'Why pages stopped going to this chat, as Telegram said it (e.g. "Forbidden: bot was blocked by the user").' })),
    code_expires_at: Nullable(Type.String({ format: 'date-time', description: 'While pending: until when the last link works.' })),
  },
  { $id: 'TelegramLink' },
);

export const TelegramLinkCreated = Type.Object(
  {
    url: Type.String({ description: 'A t.me link that opens the bot with a one-time start code; pressing Start binds that chat to you. Shown once.' }),
    expires_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'TelegramLinkCreated' },
);

/** An Update as Telegram posts it (https://core.telegram.org/bots/api#update): read loosely, other fields ignored. */
export const TelegramUpdateBody = Type.Object(
  {
    update_id: Type.Integer({ description: 'Telegram\'s id of the update: a redelivered update acts once.' }),
    message: Type.Optional(Type.Object({
      message_id: Type.Integer(),
      chat: Type.Object({ id: Type.Integer(), type: Type.String() }, { additionalProperties: true }),
      from: Type.Optional(Type.Object({ id: Type.Integer(), username: Type.Optional(Type.String()), first_name: Type.Optional(Type.String()) }, { additionalProperties: true })),
      text: Type.Optional(Type.String()),
    }, { additionalProperties: true })),
    callback_query: Type.Optional(Type.Object({
      id: Type.String(),
      from: Type.Object({ id: Type.Integer(), username: Type.Optional(Type.String()), first_name: Type.Optional(Type.String()) }, { additionalProperties: true }),
      message: Type.Optional(Type.Object({ message_id: Type.Integer(), chat: Type.Object({ id: Type.Integer(), type: Type.String() }, { additionalProperties: true }) }, { additionalProperties: true })),
      data: Type.Optional(Type.String({ maxLength: 64 })),
    }, { additionalProperties: true })),
  },
  { $id: 'TelegramUpdate', additionalProperties: true },
);

export const telegramSchemas = [TelegramLink, TelegramLinkCreated, TelegramUpdateBody];
