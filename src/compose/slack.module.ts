import { createSlackService, slackRoutes } from '../modules/slack/index.ts';
import type { AlertsModule } from './alerts.module.ts';
import type { Core, Routes } from './core.ts';
import type { PagingModule } from './paging.module.ts';

/**
 * Slack as an app (PRODUCT.md 12; docs/adr/0830–0832): the organization's connection and manifest,
 * Slack's signed button presses and /klaxon commands (acting through the alert service), and the
 * `slack_app` delivery the webhooks module sends through (the poster is the paging module's, which
 * its chat steps share).
 */
export function createSlackModule(core: Core, deps: { alerts: AlertsModule; paging: PagingModule }) {
  const { config, db, clock, box, onBackgroundError } = core;
  const slack = createSlackService({
    db, clock, box, api: core.slackApi, poster: deps.paging.slackPoster, publicUrl: config.publicUrl, alerts: deps.alerts.alerts, directory: deps.paging.directory,
    onError: (err) => onBackgroundError(err, 'a Slack button press or command failed after it was answered'),
  });
  const routes = { slack: slackRoutes({ slack }) } satisfies Routes;
  return { slack, routes };
}
export type SlackModule = ReturnType<typeof createSlackModule>;
