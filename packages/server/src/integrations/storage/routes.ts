import path from 'node:path';
import { isAdmin, isGlobalAdmin } from '@gatehouse/entities';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireAccount } from '../../auth/account.js';
import type { ServerContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { ok } from '../../http/envelope.js';
import { LocalStorage, MAX_UPLOAD_BYTES, normalizeFilePath } from './local.js';

/** Where stored files are served (read-only). */
export const FILES_PREFIX = '/files/';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.htm': 'text/html; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/plain; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.csv': 'text/csv; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.pdf': 'application/pdf',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.svg': 'image/svg+xml',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.mp3': 'audio/mpeg',
  '.wav': 'audio/wav',
  '.ogg': 'audio/ogg',
  '.doc': 'application/msword',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.xls': 'application/vnd.ms-excel',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** Types a browser would run scripts in: served in a sandbox (an opaque origin, no scripts). */
const ACTIVE_TYPES = new Set(['.html', '.htm', '.svg']);
const SANDBOX_POLICY = "sandbox; default-src 'none'; img-src * data:; style-src * 'unsafe-inline'; font-src * data:; media-src *";

/** "5 MB" for 5 * 1024 * 1024. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;
  if (bytes >= 1024) return `${Math.round((bytes / 1024) * 10) / 10} KB`;
  return `${bytes} bytes`;
}

type Query = Record<string, string | undefined>;

/** The public URL of a stored file: the configured origin, else the one the request came to. */
function fileUrl(ctx: ServerContext, request: FastifyRequest, relative: string): string {
  const origin = ctx.config.origin ?? `${request.protocol}://${request.host}`;
  return `${origin}${FILES_PREFIX}${relative.split('/').map(encodeURIComponent).join('/')}`;
}

/**
 * POST /api/upload-resource (Casdoor's wire: query owner, user, application, tag, parent,
 * fullFilePath; multipart field `file`; data = the file's URL, data2 = its stored path) and the
 * read-only GET /files/* that serves what was stored. Uploads are for signed-in administrators;
 * an organization administrator writes only below `<folder>/<own organization>/`.
 */
export function registerStorageRoutes(app: FastifyInstance, ctx: ServerContext) {
  const storage = new LocalStorage(path.join(ctx.config.dataDir, 'files'));

  app.post(
    '/api/upload-resource',
    {
      config: { multipartOptions: { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1 } } },
      // Refuse before the body is read: anonymous callers never get to send a file.
      onRequest: async (request) => {
        const { viewer } = await requireAccount(ctx, request);
        if (!isAdmin(viewer)) throw new AppError('unauthorized');
      },
    },
    async (request) => {
      const { viewer } = await requireAccount(ctx, request);
      const query = request.query as Query;
      const requested = query.fullFilePath ?? '';
      const relative = normalizeFilePath(requested);
      if (!relative) throw new AppError('uploadBadPath', { path: requested });
      if (!isGlobalAdmin(viewer)) {
        const organization = relative.split('/')[1];
        const owner = query.owner ?? viewer.owner;
        if (organization !== viewer.owner || owner !== viewer.owner) {
          throw new AppError('uploadOtherOrganization', { organization: viewer.owner });
        }
      }
      const file = (request.body as Record<string, unknown> | undefined)?.file;
      if (!Buffer.isBuffer(file)) throw new AppError('uploadNoFile');
      // The multipart limit stops larger streams; this also covers any other way a body arrives.
      if (file.length > MAX_UPLOAD_BYTES) throw new AppError('uploadTooLarge', { limit: formatBytes(MAX_UPLOAD_BYTES) }, 413);
      await storage.put(relative, file);
      return ok(fileUrl(ctx, request, relative), relative);
    },
  );

  app.get(`${FILES_PREFIX}*`, async (request, reply) => {
    // The router has already decoded the path (%2F included): normalise what it gives.
    const relative = normalizeFilePath((request.params as { '*': string })['*']);
    const file = relative ? await storage.open(relative) : null;
    if (!relative || !file) {
      return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    }
    const extension = path.extname(relative).toLowerCase();
    const type = CONTENT_TYPES[extension];
    reply
      .type(type ?? 'application/octet-stream')
      .header('content-length', file.size)
      .header('cache-control', 'no-cache')
      .header('x-content-type-options', 'nosniff');
    if (!type) reply.header('content-disposition', 'attachment');
    if (ACTIVE_TYPES.has(extension)) reply.header('content-security-policy', SANDBOX_POLICY);
    return reply.send(file.stream);
  });
}
