import type { FastifyInstance } from 'fastify';
import { accountOf, requireAccount } from '../auth/account.js';
import type { ServerContext } from '../context.js';
import type { EntityDomain } from '../domain/entity-domain.js';
import { permissions, permissionsByRole, updatePermissions } from '../domain/permission.js';
import { roles } from '../domain/role.js';
import { uploadSheet } from '../domain/sheet-upload.js';
import { AppError } from '../errors.js';
import { ok, requestLang } from '../http/envelope.js';
import { queryParam } from '../http/params.js';
import { uploadedFile } from '../http/uploads.js';

/**
 * Roles' and permissions' calls beyond the generic CRUD routes: the lists'
 * uploads, POST /api/upload-roles and /api/upload-permissions (multipart `file`, an .xlsx; `owner`
 * puts every record in that organization), GET /api/get-permissions-by-role?id= and POST
 * /api/update-permissions (a list of permissions). get-permissions-by-submitter is the generic
 * list of one's own records (routes/entities.ts, the definition's `ownRecords`).
 */
export function registerRoleAndPermissionRoutes(app: FastifyInstance, ctx: ServerContext) {
  const upload = (path: string, domain: EntityDomain) =>
    app.post(path, async (request) => {
      const { viewer } = await requireAccount(ctx, request);
      const file = uploadedFile(request);
      if (!file) throw new AppError('missingParameter', { name: 'file' });
      const count = await uploadSheet(ctx, viewer, domain, {
        file,
        organization: queryParam(request, 'owner'),
        lang: requestLang(request),
      });
      return ok('Affected', count);
    });
  upload('/api/upload-roles', roles);
  upload('/api/upload-permissions', permissions);

  app.get('/api/get-permissions-by-role', async (request) => {
    const viewer = (await accountOf(ctx, request))?.viewer ?? null;
    const records = await permissionsByRole(ctx, viewer, queryParam(request, 'id'));
    return ok(records, records.length);
  });

  app.post('/api/update-permissions', async (request) => {
    const { viewer } = await requireAccount(ctx, request);
    return ok((await updatePermissions(ctx, viewer, request.body)) ? 'Affected' : 'Unaffected');
  });
}
