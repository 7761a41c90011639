import { isAdmin } from '@gatehouse/entities/plain';
import type { EntityOverrides } from './ui-types';
import { UserSheetTools } from './user-list-tools';

/** sessionStorage key of the user list the edit page returns to (a group's, an organization's ...). */
const USER_LIST_URL_KEY = 'userListUrl';

/** Users: the list's spreadsheet tools and where the edit page returns; the form is in user.edit.tsx. */
const overrides: EntityOverrides = {
  // Upload (.xlsx) and Export beside Add.
  listToolbar: UserSheetTools,
  exitPath: (viewer) => sessionStorage.getItem(USER_LIST_URL_KEY) ?? (isAdmin(viewer) ? '/users' : '/'),
  listUrlKey: USER_LIST_URL_KEY,
};

export default overrides;
