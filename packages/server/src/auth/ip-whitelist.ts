import { BlockList, isIPv4 } from 'node:net';
import { type Application, ipListEntries, parseIpRange, type User } from '@gatehouse/entities';
import type { ServerContext } from '../context.js';
import { organizationByName } from '../domain/organization.js';
import { AppError } from '../errors.js';

/** A client address as Node reports it, IPv4-mapped IPv6 ("::ffff:10.0.0.1") read as IPv4. */
function plainAddress(ip: string): { address: string; family: 'ipv4' | 'ipv6' } {
  const mapped = ip.toLowerCase().startsWith('::ffff:') ? ip.slice(7) : '';
  if (mapped && isIPv4(mapped)) return { address: mapped, family: 'ipv4' };
  return { address: ip, family: isIPv4(ip) ? 'ipv4' : 'ipv6' };
}

/** Whether `ip` is in the comma-separated list of addresses and CIDR ranges (an empty list allows every address). */
export function ipAllowed(ip: string, list: string): boolean {
  const entries = ipListEntries(list);
  if (entries.length === 0) return true;
  const allowed = new BlockList();
  for (const entry of entries) {
    const range = parseIpRange(entry);
    // Stored lists were validated on save; an entry that does not parse allows nothing.
    if (range) allowed.addSubnet(range.address, range.prefix, range.family === 4 ? 'ipv4' : 'ipv6');
  }
  const { address, family } = plainAddress(ip);
  return allowed.check(address, family);
}

/**
 * Casdoor's entry check at sign-in: the client's address must be in the IP whitelist of the user,
 * of the application and of the organization, wherever one is set.
 */
export async function checkEntryIp(server: ServerContext, ip: string, user: User, app: Application): Promise<void> {
  const org = await organizationByName(server, user.owner);
  for (const holder of [user, app, org]) {
    if (holder && !ipAllowed(ip, holder.ipWhitelist)) throw new AppError('ipNotAllowed', { ip, name: holder.name });
  }
}
