import { promises as dnsPromises } from 'node:dns';
import { isIP } from 'node:net';
import os from 'node:os';

/**
 * Which addresses a webhook may reach (docs/adr/0462-webhook-ssrf.md). Private, loopback, link-local
 * and other non-public ranges are refused unless KLAXON_WEBHOOK_ALLOW_PRIVATE=true. The check runs
 * on the addresses the connection will use (the lookup that undici's connector calls), so a DNS
 * answer that changes after the URL was saved is caught too; IP literals never reach a lookup and
 * are checked before the request.
 */

type Range = [bytes: number[], bits: number, reason: string];

const v4 = (a: number, b: number, c: number, d: number, bits: number, reason: string): Range => [[a, b, c, d], bits, reason];
const V4_RANGES: Range[] = [
  v4(0, 0, 0, 0, 8, 'this-network'),
  v4(10, 0, 0, 0, 8, 'private'),
  v4(100, 64, 0, 0, 10, 'shared (carrier-grade NAT)'),
  v4(127, 0, 0, 0, 8, 'loopback'),
  v4(169, 254, 0, 0, 16, 'link-local (cloud metadata)'),
  v4(172, 16, 0, 0, 12, 'private'),
  v4(192, 0, 0, 0, 24, 'IETF protocol'),
  v4(192, 0, 2, 0, 24, 'documentation'),
  v4(192, 168, 0, 0, 16, 'private'),
  v4(198, 18, 0, 0, 15, 'benchmarking'),
  v4(198, 51, 100, 0, 24, 'documentation'),
  v4(203, 0, 113, 0, 24, 'documentation'),
  v4(224, 0, 0, 0, 4, 'multicast'),
  v4(240, 0, 0, 0, 4, 'reserved'),
];

/** 16 bytes of an IPv6 address (with `::` and a dotted IPv4 tail), or undefined. */
function ipv6Bytes(text: string): number[] | undefined {
  let s = text.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  let tail: number[] = [];
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(s);
  if (dotted) {
    const b = ipv4Bytes(dotted[1]!);
    if (!b) return undefined;
    tail = b;
    s = s.slice(0, -dotted[1]!.length) + '0:0';
  }
  const halves = s.split('::');
  if (halves.length > 2) return undefined;
  const groups = (part: string) => (part === '' ? [] : part.split(':'));
  const head = groups(halves[0]!);
  const rest = halves.length === 2 ? groups(halves[1]!) : [];
  const missing = 8 - head.length - rest.length;
  if (halves.length === 1 ? missing !== 0 : missing < 0) return undefined;
  const all = [...head, ...Array(halves.length === 2 ? missing : 0).fill('0'), ...rest];
  const bytes: number[] = [];
  for (const g of all) {
    if (!/^[0-9a-fA-F]{1,4}$/.test(g)) return undefined;
    const n = parseInt(g, 16);
    bytes.push(n >> 8, n & 255);
  }
  if (tail.length) bytes.splice(12, 4, ...tail);
  return bytes.length === 16 ? bytes : undefined;
}

function ipv4Bytes(text: string): number[] | undefined {
  const parts = text.split('.');
  if (parts.length !== 4 || parts.some((p) => !/^\d{1,3}$/.test(p) || Number(p) > 255)) return undefined;
  return parts.map(Number);
}

const inRange = (bytes: number[], [prefix, bits]: Range): boolean => {
  for (let i = 0; i < bits; i++) {
    const bit = (b: number) => (b >> (7 - (i % 8))) & 1;
    if (bit(bytes[i >> 3]!) !== bit(prefix[i >> 3] ?? 0)) return false;
  }
  return true;
};

const reason4 = (b: number[]) => V4_RANGES.find((r) => inRange(b, r))?.[2];

/** The reason given for an address of the host Klaxon runs on (docs/adr/0715). */
export const THIS_HOST = 'this host';

/**
 * One spelling per address: dotted IPv4 for IPv4 and IPv4-mapped or -compatible IPv6, else the 16
 * bytes in hex. A zone (`%eth0`) and brackets are dropped.
 */
function addressKey(address: string): string | undefined {
  const a = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const kind = isIP(a);
  if (kind === 4) return a;
  if (kind !== 6) return undefined;
  const b = ipv6Bytes(a);
  if (!b) return undefined;
  const zero10 = b.slice(0, 10).every((x) => x === 0);
  if (zero10 && ((b[10] === 0xff && b[11] === 0xff) || (b[10] === 0 && b[11] === 0 && !b.slice(12, 15).every((x) => x === 0)))) return b.slice(12).join('.');
  return b.map((x) => x.toString(16).padStart(2, '0')).join('');
}

type Interfaces = Record<string, ReadonlyArray<{ address: string; family: string | number }> | undefined>;

/**
 * Every address of this host's network interfaces (os.networkInterfaces(), read on each call: an
 * interface can come and go, and a webhook connection is not a hot path).
 */
export function hostAddressSet(interfaces: Interfaces = os.networkInterfaces()): ReadonlySet<string> {
  const set = new Set<string>();
  for (const list of Object.values(interfaces)) for (const i of list ?? []) {
    const key = addressKey(i.address);
    if (key !== undefined) set.add(key);
  }
  return set;
}

/**
 * Why an IP address may not be reached, or undefined for a public address. `own` is this host's
 * addresses (read from its interfaces when not given): a webhook never reaches Klaxon's own host,
 * whichever of its addresses it is (docs/adr/0715).
 */
export function blockedReason(address: string, own?: ReadonlySet<string>): string | undefined {
  const reason = rangeReason(address);
  if (reason !== undefined) return reason;
  const key = addressKey(address);
  return key !== undefined && (own ?? hostAddressSet()).has(key) ? THIS_HOST : undefined;
}

function rangeReason(address: string): string | undefined {
  const kind = isIP(address.replace(/^\[|\]$/g, ''));
  if (kind === 4) return reason4(ipv4Bytes(address)!);
  if (kind !== 6) return 'unparseable';
  const b = ipv6Bytes(address);
  if (!b) return 'unparseable';
  const zero = (from: number, to: number) => b.slice(from, to).every((x) => x === 0);
  if (zero(0, 16)) return 'unspecified';
  if (zero(0, 15) && b[15] === 1) return 'loopback';
  // IPv4 inside IPv6: mapped (::ffff:a.b.c.d), compatible (::a.b.c.d), NAT64 (64:ff9b::/96), 6to4 (2002::/16).
  if (zero(0, 10) && b[10] === 0xff && b[11] === 0xff) return reason4(b.slice(12)) && `IPv4-mapped ${reason4(b.slice(12))}`;
  if (zero(0, 12)) return reason4(b.slice(12)) ?? 'IPv4-compatible';
  if (b[0] === 0x00 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b && zero(4, 12)) return reason4(b.slice(12)) && `NAT64 ${reason4(b.slice(12))}`;
  if (b[0] === 0x20 && b[1] === 0x02) return reason4(b.slice(2, 6)) && `6to4 ${reason4(b.slice(2, 6))}`;
  // Documentation (RFC 3849) and discard-only (RFC 6666): never a real receiver.
  if (b[0] === 0x20 && b[1] === 0x01 && b[2] === 0x0d && b[3] === 0xb8) return 'documentation';
  if (b[0] === 0x01 && zero(1, 8)) return 'discard-only';
  if ((b[0]! & 0xfe) === 0xfc) return 'unique-local (private)';
  if (b[0] === 0xfe && (b[1]! & 0xc0) === 0x80) return 'link-local';
  if (b[0] === 0xff) return 'multicast';
  return undefined;
}

/** `localhost` and `*.localhost` are loopback by definition (RFC 6761 6.3): refused without a lookup. */
export const isLocalhostName = (hostname: string): boolean => /(^|\.)localhost$/i.test(hostname.replace(/\.$/, ''));

const defaultPort = (u: URL): string => u.port || (u.protocol === 'https:' ? '443' : u.protocol === 'http:' ? '80' : '');

/**
 * Whether a URL points at this Klaxon itself: the origin of KLAXON_PUBLIC_URL (docs/adr/0715). The
 * host compares without case or a final dot; http and https on their default ports count as the
 * same origin (one proxy usually answers both). Holds with KLAXON_WEBHOOK_ALLOW_PRIVATE=true too.
 */
export function ownOriginProblem(u: URL, publicUrl: string): string | undefined {
  let own: URL;
  try {
    own = new URL(publicUrl);
  } catch {
    return undefined;
  }
  const host = (x: URL) => x.hostname.toLowerCase().replace(/\.$/, '');
  if (host(u) !== host(own)) return undefined;
  const same = defaultPort(u) === defaultPort(own) && u.protocol === own.protocol;
  const bothDefault = !u.port && !own.port;
  if (!same && !bothDefault) return undefined;
  return `${u.protocol}//${u.host} is this Klaxon's own public URL (KLAXON_PUBLIC_URL ${own.origin}): a webhook to it would feed its own alerts back in a loop; point it at another receiver`;
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}
/** Every address of a host name. */
export type LookupAll = (hostname: string) => Promise<ResolvedAddress[]>;

/**
 * The system resolver (getaddrinfo, /etc/hosts included), or the DNS server `host:port` when one is
 * configured (KLAXON_WEBHOOK_DNS_SERVER), queried for A and AAAA records.
 */
export function createLookup(dnsServer?: string): LookupAll {
  if (!dnsServer) {
    return async (hostname) => (await dnsPromises.lookup(hostname, { all: true, verbatim: true })).map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
  }
  const resolver = new dnsPromises.Resolver({ timeout: 2_000, tries: 2 });
  resolver.setServers([dnsServer]);
  return async (hostname) => {
    if (isIP(hostname)) return [{ address: hostname, family: isIP(hostname) === 6 ? 6 : 4 }];
    const settle = async (f: () => Promise<string[]>) => f().catch((err: NodeJS.ErrnoException) => (err.code === 'ENODATA' || err.code === 'ENOTFOUND' ? [] : Promise.reject(err)));
    const [a, aaaa] = await Promise.all([settle(() => resolver.resolve4(hostname)), settle(() => resolver.resolve6(hostname))]);
    const all = [...a.map((address) => ({ address, family: 4 as const })), ...aaaa.map((address) => ({ address, family: 6 as const }))];
    if (!all.length) throw Object.assign(new Error(`${hostname} does not resolve`), { code: 'ENOTFOUND' });
    return all;
  };
}

/** An error our guard raised: the delivery log says why, with no URL in it. */
export class BlockedAddressError extends Error {
  readonly code = 'EWEBHOOKBLOCKED';
}

const blockedMessage = (what: string, address: string, reason: string) =>
  `${what} ${address}, ${reason === THIS_HOST ? "one of this host's own addresses" : `a ${reason} address`}: webhooks reach public addresses only (an operator may allow private ones with KLAXON_WEBHOOK_ALLOW_PRIVATE=true)`;

/** The host of a URL as an IP literal, brackets removed, or undefined for a name. */
export const literalHost = (u: URL): string | undefined => {
  const h = u.hostname.replace(/^\[|\]$/g, '');
  return isIP(h) ? h : undefined;
};

/**
 * Refuses, without a lookup, an IP-literal URL host in a blocked range or of this host (a literal
 * never reaches a lookup), and a localhost name.
 */
export function checkLiteral(u: URL, allowPrivate: boolean, own?: ReadonlySet<string>): void {
  if (allowPrivate) return;
  if (isLocalhostName(u.hostname)) throw new BlockedAddressError(`the host is ${u.hostname}, a loopback name: webhooks reach public addresses only (an operator may allow private ones with KLAXON_WEBHOOK_ALLOW_PRIVATE=true)`);
  const literal = literalHost(u);
  if (literal === undefined) return;
  const reason = blockedReason(literal, own);
  if (reason) throw new BlockedAddressError(blockedMessage('the address is', literal, reason));
}

/** Resolves a host and refuses it when any of its addresses is blocked (a rebinding answer may alternate). */
export async function checkedAddresses(lookup: LookupAll, hostname: string, allowPrivate: boolean): Promise<ResolvedAddress[]> {
  const all = await lookup(hostname);
  if (!allowPrivate) {
    const own = hostAddressSet();
    for (const a of all) {
      const reason = blockedReason(a.address, own);
      if (reason) throw new BlockedAddressError(blockedMessage(`${hostname} resolves to`, a.address, reason));
    }
  }
  return all;
}

type LookupCallback = (err: Error | null, address?: string | ResolvedAddress[], family?: number) => void;

/**
 * A `lookup` for net.connect/tls.connect (undici passes its connector's options through): the
 * connection goes to the addresses checked here, so nothing can change between check and connect.
 * Node 20's autoSelectFamily asks with `all: true`.
 */
export function guardedLookup(lookup: LookupAll, allowPrivate: boolean) {
  return (hostname: string, options: { all?: boolean; family?: number } | number | undefined, callback: LookupCallback): void => {
    const opts = typeof options === 'object' && options !== null ? options : {};
    checkedAddresses(lookup, hostname, allowPrivate).then(
      (all) => {
        const wanted = opts.family === 4 || opts.family === 6 ? all.filter((a) => a.family === opts.family) : all;
        const list = wanted.length ? wanted : all;
        if (opts.all) callback(null, list);
        else callback(null, list[0]!.address, list[0]!.family);
      },
      (err: Error) => callback(err),
    );
  };
}

/** How much of a response is read and kept in the delivery log. */
export const RESPONSE_HEAD_BYTES = 4096;

export interface PostResult {
  /** The answer, when there was one. */
  status?: number;
  retryAfter?: string;
  bodyHead: string;
  durationMs: number;
  /** Why there was no answer: dns, blocked, timeout, connect, tls, other. No URL is ever in it. */
  error?: { class: 'dns' | 'blocked' | 'timeout' | 'connect' | 'tls' | 'other'; message: string };
}

/** The webhooks' HTTP client (src/providers/webhook-http.ts; tests may give their own). */
export interface WebhookHttp {
  post(url: string, headers: Record<string, string>, body: string, signal?: AbortSignal): Promise<PostResult>;
  close(): Promise<void>;
}
