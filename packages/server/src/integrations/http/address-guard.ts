import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { parseIpRange } from '@gatehouse/entities';
import { AppError } from '../../errors.js';

/**
 * Which addresses the server may call out to. Administrators configure addresses (metadata URLs,
 * providers' endpoints, SMTP hosts, later webhooks); a hostile or careless one must not reach the
 * server's own machine or network: loopback, link-local (cloud metadata at 169.254.169.254),
 * private, shared (CGNAT), multicast, broadcast and reserved ranges are refused, checked on the
 * addresses a name resolves to. Deliberate internal targets are allowed by OUTBOUND_ALLOWLIST
 * (hosts and CIDR ranges).
 */
const FORBIDDEN_V4 = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const;
/** IPv6: only global unicast (2000::/3) is public, less its documentation, 6to4 and Teredo ranges. */
const FORBIDDEN_V6 = [
  ['2001::', 32],
  ['2001:db8::', 32],
  ['2002::', 16],
] as const;

const forbidden = new BlockList();
for (const [address, prefix] of FORBIDDEN_V4) forbidden.addSubnet(address, prefix, 'ipv4');
for (const [address, prefix] of FORBIDDEN_V6) forbidden.addSubnet(address, prefix, 'ipv6');
const globalUnicastV6 = new BlockList();
globalUnicastV6.addSubnet('2000::', 3, 'ipv6');

/** An IPv4-mapped IPv6 address ("::ffff:10.0.0.1") as its IPv4 address; others unchanged. */
function unmapped(address: string): string {
  const lower = address.toLowerCase();
  if (lower.startsWith('::ffff:') && isIP(lower.slice(7)) === 4) return lower.slice(7);
  return lower;
}

/** Whether an IP address is one the server may call (a public unicast address). */
export function isPublicAddress(address: string): boolean {
  const plain = unmapped(address);
  const family = isIP(plain);
  if (family === 0) return false;
  if (family === 4) return !forbidden.check(plain, 'ipv4');
  return globalUnicastV6.check(plain, 'ipv6') && !forbidden.check(plain, 'ipv6');
}

/** Hosts and CIDR ranges the server may call although they are internal (OUTBOUND_ALLOWLIST). */
export class OutboundAllowlist {
  readonly #hosts = new Set<string>();
  readonly #ranges = new BlockList();

  /** Entries: host names ("idp.internal"), addresses ("10.0.0.5", "::1") or CIDR ranges ("10.1.0.0/16"). */
  constructor(entries: readonly string[]) {
    for (const raw of entries) {
      const entry = raw.trim().toLowerCase();
      if (!entry) continue;
      const range = parseIpRange(entry);
      if (range) this.#ranges.addSubnet(range.address, range.prefix, range.family === 4 ? 'ipv4' : 'ipv6');
      else this.#hosts.add(entry.replace(/^\[|\]$/g, ''));
    }
  }

  allowsHost(host: string): boolean {
    return this.#hosts.has(host.toLowerCase().replace(/^\[|\]$/g, ''));
  }

  allowsAddress(address: string): boolean {
    const plain = unmapped(address);
    const family = isIP(plain);
    return family !== 0 && this.#ranges.check(plain, family === 4 ? 'ipv4' : 'ipv6');
  }
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/**
 * The address to connect to for `host`, after checking it against a server's allowlist (its
 * Outbound, outbound.ts): an allowlisted host resolves freely; otherwise every address the name
 * resolves to must be public or allowlisted (a name that also resolves to an internal address is
 * refused, whichever address a connection would pick).
 */
export async function resolveOutboundHost(allowlist: OutboundAllowlist, host: string, shownAs: string): Promise<ResolvedAddress> {
  const bare = host.replace(/^\[|\]$/g, '');
  const literal = isIP(bare);
  let addresses: ResolvedAddress[];
  if (literal !== 0) {
    addresses = [{ address: bare, family: literal === 4 ? 4 : 6 }];
  } else {
    try {
      const found = await lookup(bare, { all: true, verbatim: true });
      addresses = found.map((entry) => ({ address: entry.address, family: entry.family === 6 ? 6 : 4 }));
    } catch (error) {
      const detail = error instanceof Error ? error.message : 'no such host';
      throw new AppError('outboundFailed', { url: shownAs, detail });
    }
  }
  const first = addresses[0];
  if (!first) throw new AppError('outboundFailed', { url: shownAs, detail: 'no such host' });
  if (allowlist.allowsHost(bare)) return first;
  const refused = addresses.find((entry) => !isPublicAddress(entry.address) && !allowlist.allowsAddress(entry.address));
  if (refused) throw new AppError('outboundAddressRefused', { url: shownAs, address: refused.address });
  return first;
}
