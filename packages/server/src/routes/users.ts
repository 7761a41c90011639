import type { FastifyInstance } from 'fastify';
import { requireAccount, requireOwnSignin } from '../auth/account.js';
import type { ServerContext } from '../context.js';
import { addUserKeys, countUsers } from '../domain/user.js';
import { exportUsers, uploadUsers } from '../domain/user-sheet.js';
import { AppError } from '../errors.js';
import { ok, requestLang } from '../http/envelope.js';
import { bodyOf, queryParam } from '../http/params.js';
import { uploadedFile } from '../http/uploads.js';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Users' calls beyond the generic CRUD routes. The user list's spreadsheets: POST /api/upload-users (multipart `file`, an .xlsx; `owner`
 * puts every user in that organization) and GET /api/export-users?owner= (the users the caller
 * may list there, as .xlsx); POST /api/add-user-keys, the user's API key pair; and GET
 * /api/get-user-count?owner=&isOnline= (Casdoor's: "" all, 1 or true online, 0 or false not).
 */
export function registerUserRoutes(app: FastifyInstance, ctx: ServerContext) {
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

  app.get('/api/get-user-count', async (request) => {
    const { viewer } = await requireAccount(ctx, request);
    const flag = queryParam(request, 'isOnline').toLowerCase();
    const online =
      flag === '' ? undefined : flag === '1' || flag === 'true' ? true : flag === '0' || flag === 'false' ? false : null;
    if (online === null) throw new AppError('invalidField', { field: 'isOnline', detail: '"", 1 or 0 (true or false)' });
    return ok(await countUsers(ctx, viewer, queryParam(request, 'owner'), online));
  });

  // POST /api/add-user-keys (body: the user, owner and name matter): a new accessKey/accessSecret.
  app.post('/api/add-user-keys', async (request) => {
    const { viewer } = await requireOwnSignin(ctx, request);
    const body = bodyOf(request);
    const text = (name: string) => (typeof body[name] === 'string' ? String(body[name]) : queryParam(request, name));
    await addUserKeys(ctx, viewer, { owner: text('owner'), name: text('name') });
    return ok('Affected');
  });
}
