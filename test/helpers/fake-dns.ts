import { createSocket } from 'node:dgram';
import type { AddressInfo } from 'node:net';
import * as packet from 'dns-packet';

/**
 * A DNS server on 127.0.0.1 (UDP, random port) that answers A and AAAA queries from a table the
 * test changes at will (a rebinding attacker's server); unknown names get NXDOMAIN. Point Klaxon at
 * it with KLAXON_WEBHOOK_DNS_SERVER.
 */
export async function startFakeDns() {
  const records = new Map<string, string[]>();
  const socket = createSocket('udp4');
  socket.on('message', (msg, rinfo) => {
    let query: packet.Packet;
    try {
      query = packet.decode(msg);
    } catch {
      return;
    }
    const q = query.questions?.[0];
    const addresses = q ? records.get(q.name.toLowerCase()) : undefined;
    const answers = (addresses ?? [])
      .filter((a) => (q!.type === 'A' ? !a.includes(':') : q!.type === 'AAAA' ? a.includes(':') : false))
      .map((data) => ({ type: q!.type as 'A', class: 'IN' as const, name: q!.name, ttl: 0, data }));
    const reply = packet.encode({
      id: query.id,
      type: 'response',
      flags: packet.RECURSION_DESIRED | packet.RECURSION_AVAILABLE | (addresses === undefined ? 3 : 0),
      questions: query.questions ?? [],
      answers,
    });
    socket.send(reply, rinfo.port, rinfo.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', () => resolve()));
  const port = (socket.address() as AddressInfo).port;
  return {
    server: `127.0.0.1:${port}`,
    /** Sets the addresses a name resolves to (A for IPv4, AAAA for IPv6). */
    set(name: string, ...addresses: string[]) {
      records.set(name.toLowerCase(), addresses);
    },
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
