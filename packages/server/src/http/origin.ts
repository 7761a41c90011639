import type { FastifyRequest } from 'fastify';
import type { Config } from '../config/config.js';

/**
 * The issuer and the base of every endpoint URL: ORIGIN when configured (behind a proxy),
 * otherwise the origin the request came to.
 */
export function originOf(config: Config, request: FastifyRequest): string {
  if (config.origin) return config.origin;
  return `${request.protocol}://${request.host}`;
}
