/** The largest request body Klaxon reads (vendor ingest URLs take more: ingest.routes.ts). */
export const BODY_LIMIT = 512 * 1024;
