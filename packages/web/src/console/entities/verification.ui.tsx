import { Link } from 'react-router';
import type { EntityOverrides, ListCellProps } from './ui-types';

/** The account a code was sent for (owner/name), linked to its page; empty before it existed (sign-up). */
function UserCell({ record }: ListCellProps) {
  const user = String(record.user ?? '');
  const slash = user.indexOf('/');
  if (slash <= 0) return user || null;
  const path = `/users/${encodeURIComponent(user.slice(0, slash))}/${encodeURIComponent(user.slice(slash + 1))}`;
  return <Link to={path}>{user}</Link>;
}

/**
 * Verifications: a read-only list of the codes sent. The generic list shows it
 * without Add, Edit or Delete (the definition lets nobody write them) and the code as ***.
 */
const overrides: EntityOverrides = {
  listCells: { user: UserCell },
};

export default overrides;
