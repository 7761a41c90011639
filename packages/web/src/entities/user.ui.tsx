import { isAdmin } from '@gatehouse/entities';
import { ConsentsField } from './consents-field';
import { EmailField, PhoneField } from './reset-address';
import { SetPasswordField } from './set-password';
import { ThirdPartyLogins } from './third-party-logins';
import type { EntityOverrides } from './ui-types';
import { UserGroupsField } from './user-groups-field';
import { UserSheetTools } from './user-list-tools';
import { UserTagField } from './user-tag-field';

/** sessionStorage key of the user list the edit page returns to (a group's, an organization's ...). */
const USER_LIST_URL_KEY = 'userListUrl';

const overrides: EntityOverrides = {
  // E-mail and phone: typed by administrators, reset with a code by the user themself.
  fieldControls: {
    password: SetPasswordField,
    applicationScopes: ConsentsField,
    email: EmailField,
    phone: PhoneField,
    groups: UserGroupsField,
    tag: UserTagField,
  },
  // Linked accounts of identity providers (Casdoor's "3rd-party logins" item), after the fields.
  formExtras: [ThirdPartyLogins],
  // Upload (.xlsx) and Export beside Add.
  listToolbar: UserSheetTools,
  exitPath: (viewer) => sessionStorage.getItem(USER_LIST_URL_KEY) ?? (isAdmin(viewer) ? '/users' : '/'),
  listUrlKey: USER_LIST_URL_KEY,
  refusedAsNotFound: 'general.userNotFoundSubtitle',
};

export default overrides;
