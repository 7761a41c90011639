/**
 * Who may do what. The server decides with these functions on every call; the console calls the
 * same functions only to hide or disable what the server would refuse.
 */

/** The organization whose administrators administer everything. */
export const BUILT_IN_ORG = 'built-in';
/** Owner of global records (organizations, applications, shared certs and providers). */
export const ADMIN_OWNER = 'admin';

export type Level = 'globalAdmin' | 'orgAdmin' | 'user';

/** The signed-in account as the access rules see it. */
export interface Viewer {
  owner: string;
  name: string;
  level: Level;
  /**
   * The caller acts through an access token issued to this application (not the console's own):
   * it may do what its user may, except read or change the user's credentials and security
   * settings (API keys, password, MFA, passkeys, e-mail and phone, the fields `securityField`
   * marks), which stay with the user's own sign-in (issue 26).
   */
  delegatedTo?: string;
}

/** Whether the caller acts through a token issued to another application (see Viewer.delegatedTo). */
export function isDelegated(viewer: Viewer | null | undefined): boolean {
  return !!viewer?.delegatedTo;
}

/**
 * anyone: no sign-in needed.
 * member: any account of the record's organization (and global admins).
 * orgAdminOrSelf: administrators of the record's organization, or the record is the account itself.
 * orgAdmin: administrators of the record's organization (and global admins).
 * globalAdmin: administrators of the built-in organization only.
 * nobody: no one, global admins included. An entity whose create, update and delete rules are all
 * `nobody` is read-only (see `isReadOnly`): its records come from the server's own work
 * (verification codes), the CRUD routes refuse to write them and the console offers no Add, Edit or
 * Delete.
 */
export type AccessRule = 'anyone' | 'member' | 'orgAdminOrSelf' | 'orgAdmin' | 'globalAdmin' | 'nobody';

export function levelOf(account: { owner: string; isAdmin: boolean }): Level {
  if (account.owner === BUILT_IN_ORG && account.isAdmin) return 'globalAdmin';
  return account.isAdmin ? 'orgAdmin' : 'user';
}

export function isGlobalAdmin(viewer: Viewer | null | undefined): boolean {
  return viewer?.level === 'globalAdmin';
}

/** Global admins and organization admins. */
export function isAdmin(viewer: Viewer | null | undefined): boolean {
  return viewer?.level === 'globalAdmin' || viewer?.level === 'orgAdmin';
}

/**
 * Whether `viewer` passes `rule` for a record of organization `organization`.
 * `isSelf` is true when the record is the viewer's own user record.
 */
export function allows(rule: AccessRule, viewer: Viewer | null, organization: string, isSelf = false): boolean {
  if (rule === 'anyone') return true;
  if (!viewer || rule === 'nobody') return false;
  if (viewer.level === 'globalAdmin') return true;
  const sameOrg = organization !== '' && viewer.owner === organization;
  switch (rule) {
    case 'member':
      return sameOrg;
    case 'orgAdminOrSelf':
      return isSelf || (sameOrg && viewer.level === 'orgAdmin');
    case 'orgAdmin':
      return sameOrg && viewer.level === 'orgAdmin';
    case 'globalAdmin':
      return false;
  }
}

/** Whether nobody may add, change or delete records through the CRUD routes (see `nobody`). */
export function isReadOnly(access: { create: AccessRule; update: AccessRule; delete: AccessRule }): boolean {
  return access.create === 'nobody' && access.update === 'nobody' && access.delete === 'nobody';
}

/**
 * The organization a list call is scoped to. Global admins may ask for any organization or for
 * all ('' ); everyone else is held to their own, whatever they ask for. Returns null when the
 * request names another organization, which the server refuses.
 */
export function listScope(viewer: Viewer, requested: string): string | null {
  if (viewer.level === 'globalAdmin') return requested;
  if (requested === '' || requested === viewer.owner) return viewer.owner;
  return null;
}
