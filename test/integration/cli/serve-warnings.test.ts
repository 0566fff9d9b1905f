import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../../src/http/logging.ts';
import { startServer } from '../../../src/server.ts';
import { createTestStore, type TestStore } from '../../helpers/app.ts';

/** Start-up lines at warn level, captured. */
function capture() {
  const lines: Array<{ level: number; msg: string }> = [];
  const out = new Writable({
    write(chunk, _enc, done) {
      for (const l of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(l));
      done();
    },
  });
  return { logger: createLogger('warn', out), warnings: () => lines.filter((l) => l.level === 40).map((l) => l.msg) };
}

// Ingest URLs are built from KLAXON_PUBLIC_URL; its default names localhost, which no sender on
// another machine reaches. Listening beyond loopback with that default earns a warning at start.
describe('serve warns when the ingest URLs it hands out name a loopback address', () => {
  let ts: TestStore | undefined;
  afterEach(async () => {
    await ts?.drop();
    ts = undefined;
  });

  const started = async (env: Record<string, string>) => {
    // Every role listens now (a worker answers /healthz): on any free port.
    ts = await createTestStore('sqlite', { PORT: '0', ...env });
    const log = capture();
    const server = await startServer(ts.config, { role: 'worker', logger: log.logger });
    await server.close();
    return log.warnings().filter((m) => m.includes('KLAXON_PUBLIC_URL'));
  };

  it('HOST 0.0.0.0 with a localhost KLAXON_PUBLIC_URL: warned', async () => {
    expect(await started({ HOST: '0.0.0.0', KLAXON_PUBLIC_URL: 'http://localhost:8080' })).toHaveLength(1);
  });

  it('a public KLAXON_PUBLIC_URL, or Klaxon listening on loopback only: no warning', async () => {
    expect(await started({ HOST: '0.0.0.0', KLAXON_PUBLIC_URL: 'https://klaxon.example.com' })).toEqual([]);
    await ts?.drop();
    expect(await started({ HOST: '127.0.0.1', KLAXON_PUBLIC_URL: 'http://127.0.0.1:8080' })).toEqual([]);
  });
});
