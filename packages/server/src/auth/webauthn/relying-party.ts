import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config/config.js';
import { AppError } from '../../errors.js';
import { originOf } from '../../http/origin.js';

/** Who the passkeys are for: the RP ID (a domain) and the origin the browser's pages run on. */
export interface RelyingParty {
  id: string;
  origin: string;
}

/**
 * The relying party of this server: the configured ORIGIN (behind a proxy), else the origin the
 * request came to; its host name is the RP ID, so a passkey works on this host and no other.
 * Browsers accept only a domain as RP ID (an IP address is "an invalid domain"): a server opened
 * by its address is told so rather than handing out options no browser takes.
 */
export function relyingPartyOf(config: Config, request: FastifyRequest): RelyingParty {
  return relyingPartyFor(originOf(config, request));
}

/** The relying party of pages served from `origin` (scheme://host[:port]). */
export function relyingPartyFor(origin: string): RelyingParty {
  const host = new URL(origin).hostname;
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  if (isIP(bare) !== 0) throw new AppError('webauthnNeedsDomain', { host: bare });
  return { id: host, origin };
}
