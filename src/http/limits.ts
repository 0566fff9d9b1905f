/** The largest request body Klaxon reads (vendor ingest URLs take more: ingest.routes.ts). */
export const BODY_LIMIT = 512 * 1024;

/**
 * The most a request may take to arrive whole, headers and body (docs/adr/0700): a body dripped
 * byte by byte cannot hold a connection for longer. Node's default is 5 minutes; Fastify's, none.
 */
export const REQUEST_TIMEOUT_MS = 30_000;

/** How often the server looks for requests past their headers or request timeout (Node: 30 s). */
export const connectionsCheckingIntervalMs = (idleTimeoutMs: number) => Math.max(50, Math.min(1_000, Math.floor(idleTimeoutMs / 2)));
