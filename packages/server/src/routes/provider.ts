import { isAdmin } from '@gatehouse/entities';
import type { FastifyInstance } from 'fastify';
import { requireAccount } from '../auth/account.js';
import type { ServerContext } from '../context.js';
import { AppError } from '../errors.js';
import { ok } from '../http/envelope.js';

/** Largest metadata document fetched (metadata of federations with many certificates stays far below). */
export const SAML_METADATA_MAX_BYTES = 512 * 1024;

/**
 * Provider helpers the console's provider page calls. POST /api/fetch-saml-metadata
 * {url} fetches an identity provider's SAML metadata for the provider edit page, which then parses
 * it: a browser cannot read another origin's metadata itself. Administrators only; the address goes
 * through the outbound rules (http or https only, a time limit, a size cap, no redirects).
 */
export function registerProviderRoutes(app: FastifyInstance, ctx: ServerContext) {
  app.post('/api/fetch-saml-metadata', async (request) => {
    const { viewer } = await requireAccount(ctx, request);
    if (!isAdmin(viewer)) throw new AppError('unauthorized');
    const body = (request.body ?? {}) as { url?: unknown };
    const url = typeof body.url === 'string' ? body.url.trim() : '';
    const response = await ctx.services.outbound.fetch(url, {
      method: 'GET',
      headers: { accept: 'application/samlmetadata+xml, application/xml, text/xml;q=0.9, */*;q=0.1' },
      maxBytes: SAML_METADATA_MAX_BYTES,
    });
    if (!response.ok) throw new AppError('samlMetadataFetchFailed', { url, status: response.status });
    return ok(response.text);
  });
}
