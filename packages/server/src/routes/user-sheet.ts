import type { FastifyInstance } from 'fastify';
import { requireAccount } from '../auth/account.js';
import type { ServerContext } from '../context.js';
import { exportUsers, uploadUsers } from '../domain/user-sheet.js';
import { AppError } from '../errors.js';
import { ok, requestLang } from '../http/envelope.js';
import { queryParam } from '../http/params.js';
import { uploadedFile } from '../http/uploads.js';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * The user list's spreadsheet calls: POST /api/upload-users (multipart `file`, an .xlsx; `owner`
 * puts every user in that organization) and GET /api/export-users?owner= (the users the caller
 * may list there, as .xlsx).
 */
export function registerUserSheetRoutes(app: FastifyInstance, ctx: ServerContext) {
  app.post('/api/upload-users', async (request) => {
    const { viewer } = await requireAccount(ctx, request);
    const file = uploadedFile(request);
    if (!file) throw new AppError('missingParameter', { name: 'file' });
    const count = await uploadUsers(ctx, viewer, file, queryParam(request, 'owner'), requestLang(request));
    return ok('Affected', count);
  });

  app.get('/api/export-users', async (request, reply) => {
    const { viewer } = await requireAccount(ctx, request);
    const owner = queryParam(request, 'owner');
    const workbook = await exportUsers(ctx, viewer, owner);
    const name = `users${owner ? `-${owner.replace(/[^\w.-]/g, '_')}` : ''}.xlsx`;
    return reply.type(XLSX_TYPE).header('content-disposition', `attachment; filename="${name}"`).send(workbook);
  });
}
