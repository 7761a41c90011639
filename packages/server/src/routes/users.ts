import { allows, MAX_PAGE_SIZE, user as userDef } from '@gatehouse/entities';
import type { FastifyInstance } from 'fastify';
import { accountOf, requireAccount, requireOwnSignin } from '../auth/account.js';
import { DEFAULT_LOCKOUT, verifyCredentials } from '../auth/credentials.js';
import type { ServerContext } from '../context.js';
import { addUserKeys, countUsers, users } from '../domain/user.js';
import { exportUsers, uploadUsers } from '../domain/user-sheet.js';
import { AppError } from '../errors.js';
import { ok, requestLang } from '../http/envelope.js';
import { bodyOf, queryOf, queryParam } from '../http/params.js';
import { uploadedFile } from '../http/uploads.js';
import { parseListQuery } from './list-query.js';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Users' calls beyond the generic CRUD routes. The user list's spreadsheets: POST /api/upload-users (multipart `file`, an .xlsx; `owner`
 * puts every user in that organization) and GET /api/export-users?owner= (the users the caller
 * may list there, as .xlsx); POST /api/add-user-keys, the user's API key pair; GET
 * /api/get-user-count?owner=&isOnline= (Casdoor's: "" all, 1 or true online, 0 or false not);
 * GET /api/get-sorted-users?owner=&sorter=&limit= (the first `limit` users by a sortable column,
 * descending; the column in the database's snake_case or the wire's camelCase); and POST
 * /api/check-user-password (body owner, name, password: ok or the sign-in's refusal, wrong
 * passwords counted toward the lockout as at sign-in; for the organization's administrators).
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
  app.get('/api/get-sorted-users', async (request) => {
    const viewer = (await accountOf(ctx, request))?.viewer ?? null;
    const limit = queryParam(request, 'limit');
    if (!/^\d+$/.test(limit) || Number(limit) < 1 || Number(limit) > MAX_PAGE_SIZE) {
      throw new AppError('invalidField', { field: 'limit', detail: `a whole number from 1 to ${MAX_PAGE_SIZE}` });
    }
    const sorter = queryParam(request, 'sorter').replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
    const params = parseListQuery(userDef, {
      ...queryOf(request),
      sortField: sorter,
      sortOrder: 'descend',
      p: '1',
      pageSize: limit,
    });
    return ok((await users.listFor(ctx, viewer, params)).records);
  });

  app.post('/api/check-user-password', async (request) => {
    const { viewer } = await requireAccount(ctx, request);
    const body = bodyOf(request);
    const text = (name: string) => (typeof body[name] === 'string' ? String(body[name]) : '');
    if (!allows('orgAdmin', viewer, text('owner'))) throw new AppError('unauthorized');
    await verifyCredentials(ctx, {
      organization: text('owner'),
      username: text('name'),
      password: text('password'),
      lockout: DEFAULT_LOCKOUT,
      // The user's own password wherever it is kept: the directory's for a directory user.
      directory: 'with',
    });
    return ok();
  });
}
