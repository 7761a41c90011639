import { application, splitId } from '@gatehouse/entities';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireAccount } from '../auth/account.js';
import type { ServerContext } from '../context.js';
import { applications } from '../domain/application.js';
import {
  definitionHtml,
  definitionOf,
  isHtmlUpload,
  MAX_DEFINITION_BYTES,
  parseDefinitionHtml,
} from '../domain/application-definition.js';
import { canUpdate, maskRecord } from '../domain/records.js';
import { AppError } from '../errors.js';
import { ok } from '../http/envelope.js';
import { queryParam } from '../http/params.js';
import { uploadedFile } from '../http/uploads.js';

/**
 * GET /api/export-application?id=admin/{name}: the definition file of an application, for those who
 * may change it. POST /api/upload-application[?organization=]: creates an application from an
 * uploaded definition file (multipart field `file`), under the add-application rules; the
 * organization given in the query, when any, replaces the file's.
 */
export function registerApplicationTransferRoutes(app: FastifyInstance, ctx: ServerContext) {
  const repo = ctx.repo(application);

  app.get('/api/export-application', async (request: FastifyRequest, reply) => {
    const { viewer } = await requireAccount(ctx, request);
    const id = queryParam(request, 'id');
    const key = splitId(id);
    if (!key) throw new AppError('badId', { id });
    const record = await repo.get(key.owner, key.name);
    if (!record) throw new AppError('missing', { entity: 'application', id });
    if (!canUpdate(application, viewer, record)) throw new AppError('unauthorized');
    const html = definitionHtml(record);
    return reply
      .type('text/html; charset=utf-8')
      .header('content-disposition', `attachment; filename="${record.name.replace(/[^\w.-]/g, '_')}.html"`)
      .header('cache-control', 'no-store')
      .header('content-security-policy', "sandbox; default-src 'none'; style-src 'unsafe-inline'")
      .send(html);
  });

  app.post(
    '/api/upload-application',
    {
      config: { multipartOptions: { limits: { fileSize: MAX_DEFINITION_BYTES, files: 1 } } },
      onRequest: async (request) => {
        await requireAccount(ctx, request);
      },
    },
    async (request) => {
      const { viewer } = await requireAccount(ctx, request);
      const file = uploadedFile(request);
      if (!file) throw new AppError('uploadNoFile');
      if (!isHtmlUpload(file.filename, file.mimetype)) throw new AppError('selectHtmlFile');
      const definition = definitionOf(parseDefinitionHtml(file.data.toString('utf8')));
      const organization = queryParam(request, 'organization');
      if (organization) definition.organization = organization;
      const record = await applications.create(ctx, viewer, definition);
      return ok('Affected', maskRecord(application, record, viewer));
    },
  );
}
