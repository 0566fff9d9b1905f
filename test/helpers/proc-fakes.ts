import { renameSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { testClockText } from '../../src/lib/test-clock.ts';

/** Fakes the real-process tests (test/integration/durability/) share: mail counted by Message-ID, and the test clock file. */

/** An SMTP server on loopback that keeps each message by Message-ID; while `hold` is on it never answers DATA. */
export async function smtpCounter() {
  const received = new Map<string, number>();
  const heldIds = new Set<string>();
  let inFlight = 0;
  const state = { hold: false };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      const isHeld = state.hold;
      if (isHeld) inFlight++;
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const id = /Message-ID: <([^@>]+)@/i.exec(Buffer.concat(chunks).toString('utf8'))?.[1] ?? '?';
        // A held message never gets its answer: the client is killed waiting for it.
        if (isHeld) {
          heldIds.add(id);
          return;
        }
        received.set(id, (received.get(id) ?? 0) + 1);
        callback();
      });
    },
  });
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    received,
    state,
    inFlight: () => inFlight,
    /** Message-IDs of the messages held unanswered. */
    heldIds: () => heldIds,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The test clock every process of a test reads (src/lib/test-clock.ts): moved forward by rewriting its file whole. */
export function testClock(dir: string) {
  const path = join(dir, 'test-clock');
  let offset = 0;
  const write = () => {
    writeFileSync(`${path}.tmp`, testClockText(offset));
    renameSync(`${path}.tmp`, path);
  };
  write();
  return {
    path,
    advance(ms: number) {
      offset += ms;
      write();
    },
    /** Moves the processes' clock forward to the instant `at` (system time plus the offset). */
    setTo(at: number) {
      const next = at - Date.now();
      if (next < offset) throw new Error('the test clock only moves forward');
      offset = next;
      write();
    },
  };
}

