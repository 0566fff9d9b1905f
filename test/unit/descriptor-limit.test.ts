import { describe, expect, it } from 'vitest';
import { fitConnections, openFilesLimit } from '../../src/http/limits.ts';

// docs/adr/0700: a connection cap above the process's descriptor limit protects nothing; serve warns.
const LIMITS = `Limit                     Soft Limit           Hard Limit           Units
Max processes             63704                63704                processes
Max open files            1024                 524288               files
Max locked memory         8388608              8388608              bytes
`;

describe('the open-file limit and the HTTP connection cap', () => {
  it('reads the soft limit of /proc/self/limits', () => {
    expect(openFilesLimit(LIMITS)).toBe(1024);
    expect(openFilesLimit(LIMITS.replace('1024                 524288', 'unlimited            unlimited'))).toBeUndefined();
    expect(openFilesLimit('')).toBeUndefined();
  });

  it('lowers a cap that does not fit, naming the variable and the limit; leaves one that fits alone', () => {
    const low = fitConnections(4_000, 1024);
    expect(low.maxConnections).toBe(768);
    expect(low.problem).toMatch(/KLAXON_HTTP_MAX_CONNECTIONS \(4000\).*open-file limit \(1024\).*at most 768.*ulimit -n/);
    expect(fitConnections(4_000, 8_000)).toEqual({ maxConnections: 4_000 });
    expect(fitConnections(4_000, 4_500)).toMatchObject({ maxConnections: 3_500 });
    expect(fitConnections(4_000, undefined)).toEqual({ maxConnections: 4_000 });
  });
});
