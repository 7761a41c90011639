import { setOutboundAllowlist } from '../integrations/http/address-guard.js';

/**
 * Runs before every test file: the peers the tests start (identity providers, SMTP, S3, HTTP
 * services) listen on loopback, which the outbound rules refuse unless allowlisted, as a
 * deployment would with OUTBOUND_ALLOWLIST. Tests of the refusals set their own list.
 */
setOutboundAllowlist(['127.0.0.1', '::1', 'localhost']);
