import { type User, user as userDef } from '@gatehouse/entities';
import type { ServerContext } from '../../context.js';
import { invalidGrant } from './errors.js';

/** The user a grant is for, who must still exist and be allowed to sign in. */
export async function activeUserOf(server: ServerContext, owner: string, name: string): Promise<User> {
  const user = await server.repo(userDef).get(owner, name);
  if (!user || user.isDeleted) throw invalidGrant('The user no longer exists');
  if (user.isForbidden) throw invalidGrant('The user is forbidden to sign in');
  return user;
}
