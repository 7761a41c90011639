import { originsOf, safeReturnUrl } from '../crud/return-url';
import { getOrganizationApplications } from '../data/launcher';
import { AvatarField } from './avatar-field';
import { ConsentsField } from './consents-field';
import { EmailField, PhoneField } from './reset-address';
import { SetPasswordField } from './set-password';
import { ThirdPartyLogins } from './third-party-logins';
import type { EntityOverrides } from './ui-types';
import { UserPermissions, UserRoles } from './user-access-section';
import { useUserFormLayout } from './user-form-layout';
import { UserGroupsField } from './user-groups-field';
import { UserKeys } from './user-keys';
import { UserMfaSection } from './user-mfa-section';
import { FaceIdsTable, ManagedAccountsTable, MfaAccountsTable, PropertiesTable } from './user-tables';
import { UserTagField } from './user-tag-field';
import { WebauthnCredentials } from './user-webauthn-section';

/** The user form (the edit page and My Account), loaded with the edit page only. */
const overrides: EntityOverrides = {
  // E-mail and phone: typed by administrators, reset with a code by the user themself.
  fieldControls: {
    password: SetPasswordField,
    applicationScopes: ConsentsField,
    email: EmailField,
    phone: PhoneField,
    groups: UserGroupsField,
    avatar: AvatarField,
    tag: UserTagField,
    properties: PropertiesTable,
    managedAccounts: ManagedAccountsTable,
    mfaAccounts: MfaAccountsTable,
    faceIds: FaceIdsTable,
  },
  // Which fields show, in which order and editable by whom: the organization's account items.
  useFormLayout: useUserFormLayout,
  blocks: {
    // Linked accounts of identity providers (Casdoor's "3rd-party logins" item).
    thirdPartyLogins: ThirdPartyLogins,
    mfa: UserMfaSection,
    webauthnCredentials: WebauthnCredentials,
    keys: UserKeys,
    roles: UserRoles,
    permissions: UserPermissions,
  },
  // Back to an application of the viewer's organization (or the console) that sent them here.
  resolveReturnUrl: async (raw, viewer) => {
    const apps = viewer ? ((await getOrganizationApplications(viewer.owner, 1, 100)).data ?? []) : [];
    const addresses = apps.flatMap((app) => [...(Array.isArray(app.redirectUris) ? app.redirectUris : []), app.homepageUrl]);
    return safeReturnUrl(raw, window.location.origin, originsOf(addresses));
  },
  refusedAsNotFound: 'general.userNotFoundSubtitle',
};

export default overrides;
