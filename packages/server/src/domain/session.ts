import { allows, may, nowRfc3339, type Session, session as sessionDef, type Viewer } from '@gatehouse/entities';
import { sql } from 'kysely';
import type { ServerContext } from '../context.js';
import type { Db } from '../db/database.js';
import { containsCondition, hasNul, type ListParams, NOTHING } from '../db/list.js';
import { AppError } from '../errors.js';
import { refusal } from './actor.js';
import { heldListScope } from './entity-domain.js';
import { inTransaction } from './transaction.js';

/**
 * Casdoor's Session entity over two kinds of rows: the server's sign-in sessions (`authSession`,
 * one per signed-in browser; auth/session.ts), whose id is the SHA-256 of a browser's cookie token
 * (never the token), and the ids an application recorded with add-session or update-session
 * (`recordedSession`, ids of the application's own sessions, which it checks with
 * is-session-duplicated). One Session per user and application, grouped in SQL, its `sessionId`
 * both kinds of ids. A recorded id is never a sign-in: nothing an API caller writes can make a
 * cookie. Deleting a Session deletes both, so each browser is signed out at its next request.
 * Expired sign-in rows are not sessions any more (the hourly purge removes them).
 */

/** A Session's key, Casdoor's sessionPkId owner/name/application. */
export interface SessionKey {
  owner: string;
  name: string;
  application: string;
}

export function parseSessionPkId(id: string): SessionKey {
  const parts = id.split('/');
  const [owner, name, application] = parts;
  if (parts.length !== 3 || !owner || !name || !application) throw new AppError('badSessionId', { id });
  return { owner, name, application };
}

/** Every session row: live sign-ins and recorded ids, as (owner, name, application, createdTime, id). */
function sessionRows(db: Db) {
  const signIns = db
    .selectFrom('authSession')
    .select(['owner', 'name', 'application', 'createdTime', 'id'])
    .where('expiresTime', '>', nowRfc3339());
  const recorded = db.selectFrom('recordedSession').select(['owner', 'name', 'application', 'createdTime', 'sessionId as id']);
  return db.selectFrom(signIns.unionAll(recorded).as('row'));
}

function ofKey(db: Db, key: SessionKey) {
  return sessionRows(db).where('owner', '=', key.owner).where('name', '=', key.name).where('application', '=', key.application);
}

/** The rows' ids of the sessions of these keys, oldest first, in one query. */
async function sessionIdsOf(db: Db, keys: SessionKey[]): Promise<Map<string, string[]>> {
  const ids = new Map<string, string[]>();
  if (keys.length === 0) return ids;
  const rows = await sessionRows(db)
    .select(['owner', 'name', 'application', 'id'])
    .where((eb) =>
      eb.or(keys.map((k) => eb.and([eb('owner', '=', k.owner), eb('name', '=', k.name), eb('application', '=', k.application)]))),
    )
    .orderBy('createdTime')
    .orderBy('id')
    .execute();
  for (const row of rows) {
    const key = `${row.owner}/${row.name}/${row.application}`;
    const held = ids.get(key) ?? [];
    if (!held.includes(row.id)) ids.set(key, [...held, row.id]);
  }
  return ids;
}

/**
 * GET /api/get-sessions: one page of Sessions as `viewer` may see them (organization admins their
 * organization's only), sorted and searched by the definition's allow-lists (parsed by the caller).
 */
export async function listSessions(
  server: ServerContext,
  viewer: Viewer | null,
  params: ListParams,
): Promise<{ records: Session[]; total: number | null }> {
  const scope = heldListScope(sessionDef, viewer, params.organization);
  const { db, dialect } = server.database;
  let rows = sessionRows(db);
  if (hasNul(scope)) rows = rows.where(NOTHING);
  else if (scope !== '') rows = rows.where('owner', '=', scope);
  if (params.search) rows = rows.where(containsCondition(params.search.field, params.search.value, dialect));
  const grouped = rows
    .select(['owner', 'name', 'application'])
    .select((eb) => eb.fn.min('createdTime').as('createdTime'))
    .groupBy(['owner', 'name', 'application']);
  const { field, order } = params.sort;
  let page =
    field === 'createdTime' ? grouped.orderBy((eb) => eb.fn.min('createdTime'), order) : grouped.orderBy(sql.ref(field), order);
  for (const key of ['owner', 'name', 'application'] as const) if (key !== field) page = page.orderBy(key, order);
  let total: number | null = null;
  if (params.page !== undefined && params.pageSize !== undefined) {
    page = page.limit(params.pageSize).offset((params.page - 1) * params.pageSize);
    const count = await db
      .selectFrom(grouped.as('grouped'))
      .select((eb) => eb.fn.countAll<number | string>().as('total'))
      .executeTakeFirst();
    total = Number(count?.total ?? 0);
  }
  const groups = await page.execute();
  const ids = await sessionIdsOf(db, groups);
  const records = groups.map((g) => ({ ...g, sessionId: ids.get(`${g.owner}/${g.name}/${g.application}`) ?? [] }));
  return { records, total };
}

/** GET /api/get-session?sessionPkId=: the Session, or null when the user has no session there. */
export async function readSession(server: ServerContext, viewer: Viewer | null, key: SessionKey): Promise<Session | null> {
  if (!may(sessionDef, 'read', viewer, { owner: key.owner })) throw refusal(viewer);
  const ids = (await sessionIdsOf(server.database.db, [key])).get(`${key.owner}/${key.name}/${key.application}`);
  if (!ids) return null;
  const first = await ofKey(server.database.db, key).select('createdTime').orderBy('createdTime').executeTakeFirst();
  return { ...key, createdTime: first?.createdTime ?? '', sessionId: ids };
}

/**
 * POST /api/delete-session: deletes the user's sessions in the application, or only the one named
 * by `sessionId` (a sign-in or a recorded id); each browser so signed out finds its cookie refused
 * at its next request.
 */
export async function deleteSessions(
  server: ServerContext,
  viewer: Viewer,
  key: SessionKey,
  sessionId?: string,
): Promise<boolean> {
  if (!may(sessionDef, 'delete', viewer, { owner: key.owner })) throw refusal(viewer);
  return inTransaction(server, undefined, async (trx) => {
    let signIns = trx
      .deleteFrom('authSession')
      .where('owner', '=', key.owner)
      .where('name', '=', key.name)
      .where('application', '=', key.application);
    let recorded = recordedOfKey(trx, key);
    if (sessionId) {
      signIns = signIns.where('id', '=', sessionId);
      recorded = recorded.where('sessionId', '=', sessionId);
    }
    const results = [await signIns.executeTakeFirst(), await recorded.executeTakeFirst()];
    return results.some((result) => Number(result.numDeletedRows) > 0);
  });
}

/** The most ids one Session records, and the longest id (Casdoor's session ids are 32 characters). */
const MAX_RECORDED_IDS = 100;
const MAX_ID_LENGTH = 100;

/** The body of add-session or update-session, checked: a key and a list of ids. */
export function recordedSessionOf(body: Record<string, unknown>): SessionKey & { sessionId: string[] } {
  const text = (name: string) => (typeof body[name] === 'string' ? String(body[name]) : '');
  const key = parseSessionPkId(`${text('owner')}/${text('name')}/${text('application')}`);
  const ids = body.sessionId ?? [];
  const valid = (id: unknown): id is string =>
    typeof id === 'string' && id.length > 0 && id.length <= MAX_ID_LENGTH && !/\p{Cc}/u.test(id);
  if (!Array.isArray(ids) || ids.length > MAX_RECORDED_IDS || !ids.every(valid)) {
    throw new AppError('sessionIdsInvalid', { max: MAX_RECORDED_IDS, length: MAX_ID_LENGTH });
  }
  return { ...key, sessionId: [...new Set(ids)] };
}

/** Refuses unless `viewer` administers the Session's organization and its user and application exist. */
async function checkRecordable(server: ServerContext, viewer: Viewer, key: SessionKey): Promise<void> {
  if (!allows(sessionDef.access.delete, viewer, key.owner)) throw refusal(viewer);
  const { db } = server.database;
  const user = await db
    .selectFrom('user')
    .select('name')
    .where('owner', '=', key.owner)
    .where('name', '=', key.name)
    .executeTakeFirst();
  if (!user) throw new AppError('sessionUserMissing', { owner: key.owner, name: key.name });
  const app = await db.selectFrom('application').select('name').where('name', '=', key.application).executeTakeFirst();
  if (!app) throw new AppError('applicationMissing', { name: key.application });
}

/** A delete of the ids recorded for the key. */
function recordedOfKey(trx: Db, key: SessionKey) {
  return trx
    .deleteFrom('recordedSession')
    .where('owner', '=', key.owner)
    .where('name', '=', key.name)
    .where('application', '=', key.application);
}

/** Records `ids` for the key, leaving out those it already holds (sign-ins or recorded ones). */
async function recordIds(trx: Db, key: SessionKey, ids: string[]): Promise<number> {
  const held = (await sessionIdsOf(trx, [key])).get(`${key.owner}/${key.name}/${key.application}`) ?? [];
  const fresh = ids.filter((id) => !held.includes(id));
  if (fresh.length === 0) return 0;
  const createdTime = nowRfc3339();
  await trx
    .insertInto('recordedSession')
    .values(fresh.map((sessionId) => ({ ...key, sessionId, createdTime })))
    .execute();
  return fresh.length;
}

/**
 * POST /api/add-session (Casdoor's AddSession): records the application's session ids for the user
 * and application, adding to those the Session holds. The ids are only recorded: they sign no one in.
 */
export async function addSession(server: ServerContext, viewer: Viewer, body: Record<string, unknown>): Promise<boolean> {
  const { sessionId, ...key } = recordedSessionOf(body);
  await checkRecordable(server, viewer, key);
  return (await inTransaction(server, undefined, (trx) => recordIds(trx, key, sessionId))) > 0;
}

/**
 * POST /api/update-session (Casdoor's UpdateSession): the Session's recorded ids become `sessionId`;
 * its browsers' sign-ins stay (they end by signing out or delete-session). False when the user has
 * no Session in the application.
 */
export async function updateSession(server: ServerContext, viewer: Viewer, body: Record<string, unknown>): Promise<boolean> {
  const { sessionId, ...key } = recordedSessionOf(body);
  await checkRecordable(server, viewer, key);
  return inTransaction(server, undefined, async (trx) => {
    const exists = await ofKey(trx, key).select('id').executeTakeFirst();
    if (!exists) return false;
    await recordedOfKey(trx, key).execute();
    await recordIds(trx, key, sessionId);
    return true;
  });
}

/** A user's recorded session ids follow a rename of the user (domain/user.ts). */
export async function renameRecordedSessions(
  trx: Db,
  before: { owner: string; name: string },
  after: { owner: string; name: string },
) {
  await trx
    .updateTable('recordedSession')
    .set({ owner: after.owner, name: after.name })
    .where('owner', '=', before.owner)
    .where('name', '=', before.name)
    .execute();
}

/** A deleted user's recorded session ids go with it. */
export async function deleteRecordedSessions(trx: Db, user: { owner: string; name: string }) {
  await trx.deleteFrom('recordedSession').where('owner', '=', user.owner).where('name', '=', user.name).execute();
}

/**
 * GET /api/is-session-duplicated (Casdoor's IsSessionDuplicated): whether the user is signed in to
 * the application in a browser other than the one of `sessionId`. For the user and the
 * administrators of the organization.
 */
export async function isSessionDuplicated(
  server: ServerContext,
  viewer: Viewer | null,
  key: SessionKey,
  sessionId: string,
): Promise<boolean> {
  const self = viewer?.owner === key.owner && viewer.name === key.name;
  if (!self && !allows(sessionDef.access.read, viewer, key.owner)) throw refusal(viewer);
  const other = await ofKey(server.database.db, key).select('id').where('id', '!=', sessionId).executeTakeFirst();
  return other !== undefined;
}
