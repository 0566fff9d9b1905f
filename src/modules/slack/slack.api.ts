import { ErrorCode, LogLevel, WebClient } from '@slack/web-api';

/**
 * The Slack Web API through the official client (`@slack/web-api`), pointed at SLACK_API_URL
 * (default https://slack.com/api; tests give a fake on loopback). The client never retries on its
 * own and rejects a 429 at once: the webhook delivery worker and the paging engine own retries.
 */
export interface SlackApi {
  client(token: string): WebClient;
}

export function createSlackApi(opts: { apiUrl: string; timeoutMs?: number }): SlackApi {
  const base = opts.apiUrl.endsWith('/') ? opts.apiUrl : `${opts.apiUrl}/`;
  const clients = new Map<string, WebClient>();
  return {
    client(token: string) {
      let c = clients.get(token);
      if (!c) {
        if (clients.size > 200) clients.clear();
        c = new WebClient(token, {
          slackApiUrl: base, allowAbsoluteUrls: false, retryConfig: { retries: 0 }, rejectRateLimitedCalls: true,
          timeout: opts.timeoutMs ?? 10_000, logLevel: LogLevel.ERROR,
        });
        clients.set(token, c);
      }
      return c;
    },
  };
}

/** What a failed call means for the message and its destination. */
export interface SlackFailure {
  /** retry: later; gone: the channel or the app is gone (the destination is disabled); failed: this message only. */
  verdict: 'retry' | 'gone' | 'failed';
  /** Slack's error code (`channel_not_found`, `token_revoked`…) or the transport's reason; never a token. */
  error: string;
  status?: number;
  retryAfterMs?: number;
}

/** Errors that mean the channel or the app's access to it is gone: nothing posts there until someone fixes it. */
const GONE = new Set([
  'channel_not_found', 'is_archived', 'not_in_channel', 'invalid_auth', 'token_revoked', 'token_expired', 'account_inactive',
  'not_authed', 'missing_scope', 'no_permission', 'team_access_not_granted', 'ekm_access_denied', 'restricted_action',
]);
/** Errors Slack asks to retry. */
const RETRY = new Set(['ratelimited', 'internal_error', 'fatal_error', 'service_unavailable', 'request_timeout']);

export function slackFailure(err: unknown): SlackFailure {
  const e = err as { code?: string; data?: { error?: string }; retryAfter?: number; statusCode?: number; message?: string };
  switch (e.code) {
    case ErrorCode.PlatformError: {
      const error = e.data?.error ?? 'unknown_error';
      return { verdict: GONE.has(error) ? 'gone' : RETRY.has(error) ? 'retry' : 'failed', error, status: 200 };
    }
    case ErrorCode.RateLimitedError:
      return { verdict: 'retry', error: 'ratelimited', status: 429, retryAfterMs: Math.max(1, e.retryAfter ?? 1) * 1000 };
    case ErrorCode.HTTPError:
      return { verdict: (e.statusCode ?? 500) >= 500 || e.statusCode === 408 ? 'retry' : 'failed', error: `HTTP ${e.statusCode ?? '?'}`, ...(e.statusCode ? { status: e.statusCode } : {}) };
    case ErrorCode.RequestError:
      return { verdict: 'retry', error: 'the request to Slack failed (network)' };
    default:
      return { verdict: 'retry', error: 'the request to Slack failed' };
  }
}
