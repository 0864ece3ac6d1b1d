// Webhook URLs are given by tenants and called by our servers: without a guard, a subscription to
// http://169.254.169.254/ or http://localhost:5432/ would make the service probe its own network
// (SSRF). A host is refused when any address it resolves to is loopback, private, link-local,
// shared (CGNAT), multicast or reserved, unless WEBHOOK_ALLOW_PRIVATE_ADDRESSES says so. The check
// runs when a subscription is made and again at each delivery, inside the connection's own DNS
// lookup, so a name that resolves elsewhere later (DNS rebinding) is caught on the address used.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { lookup } from 'node:dns/promises';
import { BlockList, isIP, type LookupFunction } from 'node:net';

const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24],
  ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128], ['::1', 128], ['64:ff9b::', 96], ['64:ff9b:1::', 48], ['100::', 64], ['2001:db8::', 32], ['fc00::', 7], ['fe80::', 10], ['fec0::', 10], ['ff00::', 8],
] as const) blocked.addSubnet(net, prefix, 'ipv6');

/** Whether an IP address is one a webhook may not reach (IPv4-mapped IPv6 judged by its IPv4). */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return blocked.check(mapped[1]!, 'ipv4');
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family === 6) return blocked.check(address, 'ipv6');
  return true;
}

/** `[::1]` → `::1`: a URL's hostname as DNS and isIP take it. */
export const bareHost = (hostname: string) => hostname.replace(/^\[(.*)\]$/, '$1');

/** Why the host may not be called (it does not resolve, or resolves to a refused address); undefined when it may. */
export async function addressProblem(hostname: string, allowPrivate: boolean): Promise<string | undefined> {
  const host = bareHost(hostname);
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
    } catch {
      return `the host ${host} does not resolve`;
    }
  }
  if (allowPrivate) return undefined;
  const refused = addresses.find(isPrivateAddress);
  return refused ? `the host resolves to ${refused}, a loopback, private or reserved address` : undefined;
}

export class AddressRefused extends Error {
  readonly code = 'ADDRESS_REFUSED';
}

/**
 * The DNS lookup a delivery's connection makes: the system's, refusing (with AddressRefused) a name
 * that resolves to any refused address. Literal IP hosts never reach a lookup: check them with
 * `addressProblem` first.
 */
export function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, found: LookupAddress[]) => {
      if (err) return callback(err, '', 0);
      const refused = allowPrivate ? undefined : found.find((a) => isPrivateAddress(a.address));
      if (refused || found.length === 0) return callback(new AddressRefused(`${hostname} resolves to ${refused?.address ?? 'nothing'}`), '', 0);
      // net asks for every address when it tries them in turn (autoSelectFamily), else for one.
      if (options.all) callback(null, found);
      else callback(null, found[0]!.address, found[0]!.family);
    });
  };
}
