export { createSlackApi, slackFailure, type SlackApi, type SlackFailure } from './slack.api.ts';
export { createSlackPoster, type SlackPoster, type SlackSendResult, POSTING_HOLD_MS } from './slack.poster.ts';
export { createSlackService, type SlackService, INTERACTIONS_PATH, COMMANDS_PATH, BOT_SCOPES } from './slack.service.ts';
export { slackRoutes, slackSchemas } from './slack.routes.ts';
export { slackSignature, validSlackSignature, SIGNATURE_WINDOW_SECONDS } from './slack.signature.ts';
export { alertMessage, threadLine, statusLine, ACTION_IDS, METADATA_EVENT } from './slack.message.ts';
export type { SlackConnectionRow, SlackMessageRow } from './slack.table.ts';
