import { Outbound } from '../integrations/http/outbound.js';

/**
 * The addresses the tests' peers (identity providers, SMTP, S3, HTTP services, slapd) listen on:
 * loopback, which the outbound rules refuse unless allowlisted, as a deployment would allow them
 * with OUTBOUND_ALLOWLIST. Test servers are configured with it (server.ts).
 */
export const LOOPBACK_ALLOWLIST: readonly string[] = ['127.0.0.1', '::1', 'localhost'];

/** The outbound client of a server with that allowlist, for integrations a test calls without a server. */
export const loopbackOutbound = new Outbound(LOOPBACK_ALLOWLIST);
