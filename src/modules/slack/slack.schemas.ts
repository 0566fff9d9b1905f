import { Type } from 'typebox';

export const SlackConnectionPut = Type.Object(
  {
    bot_token: Type.String({ minLength: 1, maxLength: 300, description: 'The app\'s Bot User OAuth Token (xoxb-…), checked with Slack\'s auth.test. Stored sealed, shown masked.' }),
    signing_secret: Type.String({ minLength: 1, maxLength: 200, description: 'The app\'s Signing Secret, which checks every button press and slash command. Stored sealed, never shown.' }),
  },
  { $id: 'SlackConnectionPut', additionalProperties: false },
);

const Nullable = <T extends ReturnType<typeof Type.String>>(s: T) => Type.Union([s, Type.Null()]);
export const SlackConnection = Type.Object(
  {
    connected: Type.Boolean({ description: 'Whether this organization has a Slack app connected.' }),
    team_id: Nullable(Type.String({ description: 'The Slack workspace (team) id, as auth.test answered it.' })),
    team_name: Nullable(Type.String({ description: 'The workspace\'s name.' })),
    bot_user_id: Nullable(Type.String()),
    bot_token: Nullable(Type.String({ description: 'Masked: its prefix and last four characters.' })),
    signing_secret: Nullable(Type.String({ description: 'Always masked.' })),
    updated_at: Nullable(Type.String()),
  },
  { $id: 'SlackConnection' },
);

export const SlackManifest = Type.Object(
  {
    display_information: Type.Unknown(),
    features: Type.Unknown(),
    oauth_config: Type.Unknown(),
    settings: Type.Unknown(),
  },
  { $id: 'SlackManifest', description: 'A Slack app manifest (JSON) naming this instance\'s interactivity and slash command URLs.' },
);

export const SlackCommandAnswer = Type.Object(
  { response_type: Type.Literal('ephemeral'), text: Type.String() },
  { $id: 'SlackCommandAnswer' },
);

export const slackSchemaList = [SlackConnectionPut, SlackConnection, SlackManifest, SlackCommandAnswer];
