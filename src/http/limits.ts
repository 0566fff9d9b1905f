/** The largest request body Klaxon reads (vendor ingest URLs take more: ingest.routes.ts). */
export const BODY_LIMIT = 512 * 1024;

/**
 * The most a request may take to arrive whole, headers and body (docs/adr/0700): a body dripped
 * byte by byte cannot hold a connection for longer. Node's default is 5 minutes; Fastify's, none.
 */
export const REQUEST_TIMEOUT_MS = 30_000;

/** How often the server looks for requests past their headers or request timeout (Node: 30 s). */
export const connectionsCheckingIntervalMs = (idleTimeoutMs: number) => Math.max(50, Math.min(1_000, Math.floor(idleTimeoutMs / 2)));

/** Descriptors a process needs besides HTTP connections: the store, the spool, SMTP, sandboxes. */
export const DESCRIPTORS_BESIDES_HTTP = 1_000;

/**
 * The soft limit on open files from the text of /proc/self/limits (Linux), or undefined when it
 * says none or cannot be read.
 */
export function openFilesLimit(limitsText: string): number | undefined {
  const m = /^Max open files\s+(\d+|unlimited)\s/m.exec(limitsText);
  return m && m[1] !== 'unlimited' ? Number(m[1]) : undefined;
}

/**
 * The connection cap that fits under the process's descriptor limit, and what to tell the operator
 * when KLAXON_HTTP_MAX_CONNECTIONS did not fit: past the limit every accept and every file open
 * fails, health and the store included. It keeps min(1,000, a quarter of the limit) for the rest.
 */
export function fitConnections(maxConnections: number, limit: number | undefined): { maxConnections: number; problem?: string } {
  if (limit === undefined || maxConnections + DESCRIPTORS_BESIDES_HTTP <= limit) return { maxConnections };
  const fitted = Math.max(1, limit - Math.min(DESCRIPTORS_BESIDES_HTTP, Math.floor(limit / 4)));
  if (fitted >= maxConnections) return { maxConnections };
  return {
    maxConnections: fitted,
    problem: `KLAXON_HTTP_MAX_CONNECTIONS (${maxConnections}) does not fit under this process's open-file limit (${limit}) with room for the store, spool and SMTP: at most ${fitted} HTTP connections are taken; raise the limit (ulimit -n, systemd LimitNOFILE) to at least ${maxConnections + DESCRIPTORS_BESIDES_HTTP}, or lower KLAXON_HTTP_MAX_CONNECTIONS`,
  };
}
