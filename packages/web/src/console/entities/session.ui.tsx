import { Link } from 'react-router';
import { deleteSession } from '../data/sessions';
import type { EntityOverrides, ListCellProps } from './ui-types';

/** The user a Session belongs to, linked to the user's page. */
function UserCell({ record }: ListCellProps) {
  const owner = String(record.owner ?? '');
  const name = String(record.name ?? '');
  return <Link to={`/users/${encodeURIComponent(owner)}/${encodeURIComponent(name)}`}>{name}</Link>;
}

/**
 * Sessions: the users signed in, one row per user and application with its
 * session ids as tags, and Delete, which signs those browsers out. No Add and no edit page (the
 * definition is a view of the server's sessions).
 */
const overrides: EntityOverrides = {
  listCells: { name: UserCell },
  rowKey: (record) => `${record.owner}/${record.name}/${record.application}`,
  deleteRecord: deleteSession,
};

export default overrides;
