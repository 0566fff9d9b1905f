import { describe, expect, it } from 'vitest';
import { isStoreUnavailable } from '../../src/db/unavailable.ts';

describe('isStoreUnavailable', () => {
  it('takes SQLite errors by their extended result codes, as better-sqlite3 reports them (disk I/O, busy, full)', () => {
    for (const code of ['SQLITE_IOERR', 'SQLITE_IOERR_WRITE', 'SQLITE_IOERR_FSYNC', 'SQLITE_IOERR_SHORT_READ', 'SQLITE_BUSY', 'SQLITE_BUSY_SNAPSHOT', 'SQLITE_BUSY_TIMEOUT', 'SQLITE_LOCKED', 'SQLITE_LOCKED_SHAREDCACHE', 'SQLITE_FULL']) {
      expect(isStoreUnavailable(Object.assign(new Error('x'), { code })), code).toBe(true);
    }
  });

  it('does not take a bad unit or request for an outage', () => {
    for (const code of ['SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT_FOREIGNKEY', 'SQLITE_ERROR', 'SQLITE_MISMATCH', 'SQLITE_IOERRX', '23505', '22021', undefined]) {
      expect(isStoreUnavailable(Object.assign(new Error('x'), { code })), String(code)).toBe(false);
    }
  });

  it('takes PostgreSQL connection and resource errors, a standby after failover (read-only), and a failed connect to every address', () => {
    for (const code of ['08006', '57P01', '53300', '53100', '25006', 'ECONNREFUSED']) expect(isStoreUnavailable(Object.assign(new Error('x'), { code })), code).toBe(true);
    expect(isStoreUnavailable(new AggregateError([Object.assign(new Error('v4'), { code: 'ECONNREFUSED' }), Object.assign(new Error('v6'), { code: 'ECONNREFUSED' })]))).toBe(true);
    expect(isStoreUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
  });

  it('takes any error PostgreSQL ends the session with (FATAL, PANIC): a database not accepting connections, gone, or a rejected login', () => {
    for (const code of ['55000', '3D000', '28P01', '28000']) {
      expect(isStoreUnavailable(Object.assign(new Error('x'), { code, severity: 'FATAL' })), code).toBe(true);
    }
    expect(isStoreUnavailable(Object.assign(new Error('x'), { code: 'XX000', severity: 'PANIC' }))).toBe(true);
    // The same codes at ERROR severity are about the statement, not the session.
    expect(isStoreUnavailable(Object.assign(new Error('x'), { code: '55000', severity: 'ERROR' }))).toBe(false);
    expect(isStoreUnavailable(Object.assign(new Error('x'), { code: '23505', severity: 'ERROR' }))).toBe(false);
  });
});
