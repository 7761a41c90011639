import path from 'node:path';
import {
  ADMIN_OWNER,
  checkUpload,
  formatBytes,
  isAdmin,
  isGlobalAdmin,
  normalizeFilePath,
  organization,
  type Viewer,
} from '@gatehouse/entities';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireAccount } from '../auth/account.js';
import type { ServerContext } from '../context.js';
import { resourceOf, saveResource, uniqueKey } from '../domain/resource-uploads.js';
import { storageForUpload } from '../domain/storage-choice.js';
import { AppError } from '../errors.js';
import { ok } from '../http/envelope.js';
import { uploadedFile } from '../http/uploads.js';
import { attachmentDisposition, objectHeadersOf, SANDBOX_POLICY, servingOf } from '../integrations/storage/content-types.js';
import { FILES_PREFIX, LocalStorage } from '../integrations/storage/local.js';
import { localRoot } from '../integrations/storage/select.js';

export { FILES_PREFIX, formatBytes };

type Query = Record<string, string | undefined>;

/**
 * An ordinary user uploads one file only: their own avatar (tag avatar, at
 * avatar/<organization>/<name>.<extension>), through their organization's default storage.
 */
function isOwnAvatar(viewer: Viewer, query: Query): boolean {
  const relative = normalizeFilePath(query.fullFilePath ?? '');
  if (!relative || query.tag !== 'avatar' || query.provider) return false;
  if ((query.owner || viewer.owner) !== viewer.owner || (query.user || viewer.name) !== viewer.name) return false;
  return path.posix.dirname(relative) === `avatar/${viewer.owner}` && path.posix.parse(relative).name === viewer.name;
}

/** The public origin of the server: the configured one, else the one the request came to. */
export function publicOrigin(ctx: ServerContext, request: FastifyRequest): string {
  return ctx.config.origin ?? `${request.protocol}://${request.host}`;
}

/**
 * POST /api/upload-resource (Casdoor's wire: query owner, user, application, tag, parent,
 * fullFilePath, provider, createdTime, description; multipart field `file`; data = the file's URL,
 * data2 = its key in the storage, which is also the name of the Resource recorded for it) and the
 * read-only GET /files/* that serves what the local storage holds.
 *
 * Uploads are for signed-in administrators (and, for their own avatar, users); an organization
 * administrator uploads only for their own organization and below `<folder>/<own organization>/`. One file per request, at most the
 * configured size (UPLOAD_LIMIT_MB), of any format unless its tag asks for some (resource-files.ts).
 * What a browser may do with a file is decided when it is served (content-types.ts).
 */
export function registerStorageRoutes(app: FastifyInstance, ctx: ServerContext) {
  const limit = ctx.config.uploadLimitBytes;
  const served = new LocalStorage(localRoot(ctx));

  app.post(
    '/api/upload-resource',
    {
      config: { multipartOptions: { limits: { fileSize: limit, files: 1 } } },
      // Refuse before the body is read: anonymous callers never get to send a file.
      onRequest: async (request) => {
        const { viewer } = await requireAccount(ctx, request);
        if (!isAdmin(viewer) && !isOwnAvatar(viewer, request.query as Query)) throw new AppError('unauthorized');
      },
    },
    async (request) => {
      const { viewer } = await requireAccount(ctx, request);
      const query = request.query as Query;
      const requested = query.fullFilePath ?? '';
      const relative = normalizeFilePath(requested);
      if (!relative) throw new AppError('uploadBadPath', { path: requested });
      const owner = query.owner || viewer.owner;
      if (!isGlobalAdmin(viewer) && (relative.split('/')[1] !== viewer.owner || owner !== viewer.owner)) {
        throw new AppError('uploadOtherOrganization', { organization: viewer.owner });
      }
      const file = uploadedFile(request);
      if (!file) throw new AppError('uploadNoFile');
      // The multipart limit stops larger streams; this also covers any other way a body arrives.
      if (file.data.length > limit) throw new AppError('uploadTooLarge', { limit: formatBytes(limit) }, 413);
      const tag = query.tag ?? '';
      const check = checkUpload(relative, file.mimetype, tag);
      if (!check.ok) {
        const params = { format: check.fileFormat || '(none)', type: file.mimetype || '(none)' };
        if (check.reason === 'mismatch') throw new AppError('uploadTypeMismatch', params);
        throw new AppError('uploadTypeRefused', { ...params, allowed: check.allowed.join(', ') });
      }
      // A global admin uploads for any organization, or for admin (the shared owner).
      if (isGlobalAdmin(viewer) && owner !== ADMIN_OWNER && !(await ctx.repo(organization).exists(ADMIN_OWNER, owner))) {
        throw new AppError('organizationMissing', { name: owner });
      }

      const choice = await storageForUpload(
        ctx,
        viewer,
        { owner, provider: query.provider, application: query.application },
        publicOrigin(ctx, request),
      );
      const key = await uniqueKey(ctx, choice, relative, tag);
      const url = choice.storage.url(key);
      const record = resourceOf({
        owner,
        name: key,
        createdTime: query.createdTime,
        user: query.user || viewer.name,
        provider: choice.provider?.name ?? '',
        providerOwner: choice.provider?.owner ?? '',
        application: query.application ?? '',
        tag,
        parent: query.parent ?? '',
        fileName: path.posix.basename(key),
        fileType: check.fileType,
        fileFormat: check.fileFormat,
        fileSize: file.data.length,
        url,
        description: query.description ?? '',
      });
      await choice.storage.put(key, file.data, objectHeadersOf(key, tag === 'termsOfUse'));
      try {
        await saveResource(ctx, record);
      } catch (error) {
        // Nothing half-written: a file without its record is removed again.
        await choice.storage.delete(key).catch(() => {});
        throw error;
      }
      return ok(url, key);
    },
  );

  app.get(`${FILES_PREFIX}*`, async (request, reply) => {
    // The router has already decoded the path (%2F included): normalise what it gives.
    const relative = normalizeFilePath((request.params as { '*': string })['*']);
    const file = relative ? await served.open(relative) : null;
    if (!relative || !file) {
      return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    }
    const { contentType, presentation } = servingOf(relative);
    reply
      .type(contentType)
      .header('content-length', file.size)
      .header('cache-control', 'no-cache')
      .header('x-content-type-options', 'nosniff');
    if (presentation === 'attachment') reply.header('content-disposition', attachmentDisposition(relative));
    if (presentation !== 'inline') reply.header('content-security-policy', SANDBOX_POLICY);
    return reply.send(file.stream);
  });
}
