/**
 * Which test files run in a fresh module graph (docs/adr/0776-shared-module-graph.md). Every other
 * file shares its worker's graph with the files before it (`isolate: false`), so it must leave
 * nothing behind that another file could see: no module mock, no stubbed global or environment,
 * no fake timers or spies left in place. `test/unit/test-isolation.test.ts` holds every file to it.
 */
export const ISOLATED_FILES = [
  // vi.mock('better-sqlite3'): a mocked module would be the next file's module too.
  'test/unit/spool-durability.test.ts',
];

/** What a file may only do in the isolated project, and what a shared one must undo if it does. */
export const NEEDS_ISOLATION: { what: string; pattern: RegExp; unless?: RegExp }[] = [
  { what: 'a module mock (vi.mock, vi.doMock, vi.hoisted)', pattern: /\bvi\.(mock|doMock|unmock|doUnmock|hoisted|importMock|resetModules)\(/ },
  { what: 'a stubbed global or environment variable (vi.stubGlobal, vi.stubEnv)', pattern: /\bvi\.(stubGlobal|stubEnv)\(/ },
  { what: 'an assignment to process.env', pattern: /process\.env(\.\w+|\[[^\]]+\])\s*(=(?!=)|\?\?=|\|\|=)|delete\s+process\.env|Object\.assign\(\s*process\.env/ },
  { what: 'an assignment to a global', pattern: /\bglobalThis\.\w+\s*=(?!=)|\bglobal\.\w+\s*=(?!=)/ },
  { what: 'fake timers not set back (vi.useFakeTimers without vi.useRealTimers)', pattern: /\bvi\.useFakeTimers\(/, unless: /\bvi\.useRealTimers\(/ },
  { what: 'a spy not restored (vi.spyOn without mockRestore or vi.restoreAllMocks)', pattern: /\bvi\.spyOn\(/, unless: /\.mockRestore\(\)|\bvi\.restoreAllMocks\(\)/ },
];
