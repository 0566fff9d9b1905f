export { createIngestService, type IngestService, type SourceAdapter, type ParsedItem, type IngestReply, type IngestSnapshotEntries } from './ingest.service.ts';
export { createCommitter, applyUnit, isStoreUnavailable, type Committer, type BatchExecutor } from './committer.ts';
export { createPgExecutor } from './ingest.pg.ts';
export { ingestRoutes, ingestSchemas } from './ingest.routes.ts';
export { type IngestUnit, type UnitOutcome, type ResponseKind, renderResponse, nativeResponse } from './ingest.ts';
export { parseNativeSignal } from './native.ts';
export * as receiptRepository from './receipt.repository.ts';
export { openSpool, createSpoolDrainer, bufferedResponse, type Spool, type SpoolDrainer } from './spool.ts';
export { sqliteBatchApplier, createSqliteThreadExecutor, SQLITE_INGEST_OP } from './ingest.sqlite.ts';
