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
export function releasedUser(user: User) {
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
  };
}

export type ReleasedUser = ReturnType<typeof releasedUser>;
