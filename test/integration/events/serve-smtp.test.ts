import { execFile } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../../src/http/logging.ts';
import { type RunningServer, startServer } from '../../../src/server.ts';
import { DIALECTS, createTestStore, type TestStore } from '../../helpers/app.ts';
import { findBinary } from '../../helpers/binaries.ts';

/** `klaxon serve` runs the SMTP ingest listener for roles api and all, and stops it on close. */
const SWAKS = findBinary('swaks');
const title = SWAKS ? 'serve starts and stops the SMTP listener' : 'serve starts and stops the SMTP listener (SKIPPED: swaks is not installed; apt-get install swaks)';

const swaks = (port: number, to: string) =>
  new Promise<string>((resolve) => {
    execFile(SWAKS!, ['--server', `127.0.0.1:${port}`, '--to', to, '--from', 'x@example.com', '--quit-after', 'RCPT', '--timeout', '10'], (_err, stdout, stderr) => resolve(`${stdout}${stderr}`));
  });

for (const dialect of DIALECTS) {
  describe.skipIf(!SWAKS)(`${dialect}: ${title}`, () => {
    let ts: TestStore;
    const servers: RunningServer[] = [];

    beforeAll(async () => {
      ts = await createTestStore(dialect, { PORT: '0', SMTP_PORT: '0', HOST: '127.0.0.1' });
    });
    afterAll(async () => {
      for (const s of servers) await s.close().catch(() => undefined);
      await ts?.drop();
    });

    it('role all listens for SMTP on SMTP_PORT and answers through ingest; close stops it', async () => {
      const server = await startServer(ts.config, { role: 'all', logger: createLogger('silent') });
      servers.push(server);
      expect(server.smtpPort).toBeGreaterThan(0);
      const out = await swaks(server.smtpPort!, `0123456789abcdef0123456789abcdef@${ts.config.emailDomain}`);
      expect(out).toMatch(/<-\s+220 .*Klaxon alert ingest/);
      expect(out).toMatch(/<\*\*\s+550 5\.1\.1/);
      await server.close();
      servers.pop();
      const after = await swaks(server.smtpPort!, `x@${ts.config.emailDomain}`);
      expect(after).toMatch(/Connection refused|could not connect/i);
    });

    it('role worker runs no SMTP listener', async () => {
      const server = await startServer(ts.config, { role: 'worker', logger: createLogger('silent') });
      servers.push(server);
      expect(server.smtpPort).toBeUndefined();
    });
  });
}
