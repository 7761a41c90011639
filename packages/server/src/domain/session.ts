import { allows, may, nowRfc3339, type Session, session as sessionDef, type Viewer } from '@gatehouse/entities';
import { sql } from 'kysely';
import type { ServerContext } from '../context.js';
import type { Db } from '../db/database.js';
import { containsCondition, hasNul, type ListParams, NOTHING } from '../db/list.js';
import { AppError } from '../errors.js';
import { refusal } from './actor.js';
import { heldListScope } from './entity-domain.js';

/**
 * Casdoor's Session entity over the server's session rows (`authSession`, one per signed-in
 * browser; auth/session.ts): one Session per user and application, grouped in SQL, its `sessionId`
 * the ids of those rows (SHA-256 of each browser's cookie token, never the token). Deleting a
 * Session deletes the rows, so each browser is signed out at its next request. Expired rows are
 * not sessions any more (the hourly purge removes them).
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

function live(db: Db) {
  return db.selectFrom('authSession').where('expiresTime', '>', nowRfc3339());
}

function ofKey(db: Db, key: SessionKey) {
  return live(db).where('owner', '=', key.owner).where('name', '=', key.name).where('application', '=', key.application);
}

/** The rows' ids of the sessions of these keys, oldest first, in one query. */
async function sessionIdsOf(db: Db, keys: SessionKey[]): Promise<Map<string, string[]>> {
  const ids = new Map<string, string[]>();
  if (keys.length === 0) return ids;
  const rows = await live(db)
    .select(['owner', 'name', 'application', 'id'])
    .where((eb) =>
      eb.or(keys.map((k) => eb.and([eb('owner', '=', k.owner), eb('name', '=', k.name), eb('application', '=', k.application)]))),
    )
    .orderBy('createdTime')
    .orderBy('id')
    .execute();
  for (const row of rows) {
    const key = `${row.owner}/${row.name}/${row.application}`;
    ids.set(key, [...(ids.get(key) ?? []), row.id]);
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
  let rows = live(db);
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
 * by `sessionId`; each browser so signed out finds its cookie refused at its next request.
 */
export async function deleteSessions(
  server: ServerContext,
  viewer: Viewer,
  key: SessionKey,
  sessionId?: string,
): Promise<boolean> {
  if (!may(sessionDef, 'delete', viewer, { owner: key.owner })) throw refusal(viewer);
  let query = server.database.db
    .deleteFrom('authSession')
    .where('owner', '=', key.owner)
    .where('name', '=', key.name)
    .where('application', '=', key.application);
  if (sessionId) query = query.where('id', '=', sessionId);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
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
