import type { Permission } from './permission.js';
import type { Role } from './role.js';
import type { User } from './user.js';

/**
 * Properties that hold what a third-party sign-in returned (`oauth_<provider>_accessToken` ...,
 * Casdoor's naming): the user's tokens at another service stay here.
 */
function isProviderProperty(key: string): boolean {
  return key.toLowerCase().startsWith('oauth_');
}

/** The user's properties a relying party may see: the administrator's attributes and sign-up answers. */
export function releasedProperties(properties: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(properties)) if (!isProviderProperty(key)) out[key] = value;
  return out;
}

/**
 * What a relying party may learn about a user: the fields an application receives in a token
 * (every format), and CAS and SAML attributes are taken from. An allow-list, so a field added to
 * the user leaves the server nowhere until it is named here: never a password, salt or hash, an
 * access key or secret, a TOTP secret or recovery code, MFA or passkey state, managed accounts,
 * one-time-password accounts, face data, the directory entry, the ID card, the balance, consents,
 * IP rules or sign-in state. The profile is Casdoor's token user (UserWithoutThirdIdp) without them,
 * so Casdoor's SDKs (parseJwtToken) read the fields they expect.
 */
export function releasedUser(user: User, access: ReleasedAccess) {
  return {
    owner: user.owner,
    name: user.name,
    createdTime: user.createdTime,
    updatedTime: user.updatedTime,
    deletedTime: user.deletedTime,
    id: user.id,
    type: user.type,
    displayName: user.displayName,
    firstName: user.firstName,
    lastName: user.lastName,
    avatar: user.avatar,
    email: user.email,
    emailVerified: user.emailVerified,
    phone: user.phone,
    countryCode: user.countryCode,
    region: user.region,
    location: user.location,
    address: user.address,
    affiliation: user.affiliation,
    title: user.title,
    homepage: user.homepage,
    bio: user.bio,
    tag: user.tag,
    language: user.language,
    gender: user.gender,
    birthday: user.birthday,
    education: user.education,
    score: user.score,
    karma: user.karma,
    ranking: user.ranking,
    isAdmin: user.isAdmin,
    isForbidden: user.isForbidden,
    isDeleted: user.isDeleted,
    signupApplication: user.signupApplication,
    groups: user.groups,
    properties: releasedProperties(user.properties),
    roles: access.roles,
    permissions: access.permissions,
  };
}

export type ReleasedUser = ReturnType<typeof releasedUser>;

/**
 * A role as a user's answers and tokens carry it: Casdoor's role of the extended user, whose
 * member lists it leaves out (Casdoor's users: nil; here an empty list): who else holds a role is
 * not the holder's to learn.
 */
export function releasedRole(role: Role) {
  return {
    owner: role.owner,
    name: role.name,
    createdTime: role.createdTime,
    displayName: role.displayName,
    description: role.description,
    users: [] as string[],
    groups: role.groups,
    roles: role.roles,
    domains: role.domains,
    isEnabled: role.isEnabled,
  };
}

/** A permission as a user's answers and tokens carry it: the record without its users (as releasedRole). */
export function releasedPermission(permission: Permission) {
  return {
    owner: permission.owner,
    name: permission.name,
    createdTime: permission.createdTime,
    displayName: permission.displayName,
    description: permission.description,
    users: [] as string[],
    groups: permission.groups,
    roles: permission.roles,
    domains: permission.domains,
    model: permission.model,
    adapter: permission.adapter,
    resourceType: permission.resourceType,
    resources: permission.resources,
    actions: permission.actions,
    effect: permission.effect,
    isEnabled: permission.isEnabled,
    submitter: permission.submitter,
    approver: permission.approver,
    approveTime: permission.approveTime,
    state: permission.state,
  };
}

/**
 * The roles and permissions a user holds (Casdoor's ExtendUserWithRolesAndPermissions): the
 * enabled roles naming the user, a group of theirs, or one of those roles as a sub-role; the
 * enabled and approved permissions naming the user, a group of theirs or one of their roles.
 */
export interface ReleasedAccess {
  roles: ReturnType<typeof releasedRole>[];
  permissions: ReturnType<typeof releasedPermission>[];
}

/** What a user no role or permission names holds. */
export function noAccess(): ReleasedAccess {
  return { roles: [], permissions: [] };
}
