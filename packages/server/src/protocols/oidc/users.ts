import { type User, user as userDef } from '@gatehouse/entities';
import type { ServerContext } from '../../context.js';
import { prepared } from '../../db/prepared.js';
import { invalidGrant } from './errors.js';

/** The user a grant is for, who must still exist and be allowed to sign in. */
export async function activeUserOf(server: ServerContext, owner: string, name: string): Promise<User> {
  const user = await server.repo(userDef).get(owner, name);
  if (!user || user.isDeleted) throw invalidGrant('The user no longer exists');
  if (user.isForbidden) throw invalidGrant('The user is forbidden to sign in');
  return user;
}

/**
 * The id of a user who may still use what was issued to them (neither deleted nor forbidden), or
 * undefined: the narrow read of the checks made on every call, such as introspection.
 */
const userState = prepared('user-state', (db, owner, name) =>
  db.selectFrom('user').select(['id', 'isDeleted', 'isForbidden']).where('owner', '=', owner).where('name', '=', name),
);

export async function activeUserId(server: ServerContext, owner: string, name: string): Promise<string | undefined> {
  const [row] = await server.database.queries.run(server.database.db, userState, owner, name);
  return row && !row.isDeleted && !row.isForbidden ? row.id : undefined;
}
