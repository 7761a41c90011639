import { z } from 'zod';
import { allows, BUILT_IN_ORG, isAdmin, isDelegated, type Viewer } from './access.js';
import { BUILT_IN_ADMIN, NAME_PATTERN } from './constants.js';
import {
  bool,
  defineEntity,
  enumOf,
  type FieldRuleContext,
  int,
  json,
  money,
  organizationOwner,
  password,
  type RecordOf,
  secret,
  stringList,
  text,
  timestamp,
} from './define.js';
import { ipListProblem } from './field-checks.js';
import { CURRENCIES } from './money.js';
import { WEBAUTHN_CREDENTIAL_LIMIT, webauthnCredentialSchema } from './webauthn.js';

/** The built-in administrator keeps its organization and name. */
export function isBuiltInAdmin(record: Record<string, unknown>): boolean {
  return record.owner === BUILT_IN_ORG && record.name === BUILT_IN_ADMIN;
}

/**
 * The scopes a user granted to one application (`application` is its id, admin/<name>): Casdoor's
 * ConsentRecord, kept in the user's `applicationScopes`. Written only by /api/grant-consent and
 * /api/revoke-consent (protocols/oidc/consent.ts).
 */
export const consentRecordSchema = z.object({
  application: z.string().max(200),
  grantedScopes: z.array(z.string().max(100)).max(100),
});
export type ConsentRecord = z.infer<typeof consentRecordSchema>;

/** A user keeps at most five face IDs. */
export const MAX_FACE_IDS = 5;

/** An account of another application the user keeps here (Casdoor's ManagedAccount). */
const managedAccountSchema = z.object({
  application: z.string().max(100),
  username: z.string().max(100),
  password: z.string().max(100),
  signinUrl: z.string().max(200),
});
/** A one-time-password account the user keeps here, as an authenticator app would (MfaAccount). */
const mfaAccountSchema = z.object({
  accountName: z.string().max(100),
  issuer: z.string().max(100),
  secretKey: z.string().max(100),
  origin: z.string().max(100),
});
/** A face ID: a name, the face descriptor and the picture it came from (FaceId). */
const faceIdSchema = z.object({
  name: z.string().max(100),
  faceIdData: z.array(z.number()).max(1024),
  imageUrl: z.string().max(2000),
});

const adminsOnly = ({ viewer }: FieldRuleContext) => isAdmin(viewer);

/**
 * A security setting of the account (how it signs in, what it may reach, its factors): never
 * changed through a token issued to another application than the console's (Viewer.delegatedTo),
 * whoever its user is; `rule` is who may change it otherwise.
 */
const securityField =
  (rule: (ctx: FieldRuleContext) => boolean = () => true) =>
  (ctx: FieldRuleContext) =>
    !isDelegated(ctx.viewer) && rule(ctx);

/**
 * A user asked to change the password gets there through a code sent to their e-mail address or
 * phone (the forgotten-password page) or proves who they are with MFA: without any of them the
 * flag cannot be set (its switch is disabled). Clearing it is always possible.
 */
export function canRequirePasswordUpdate(record: Record<string, unknown>): boolean {
  return !!record.email || !!record.phone || !!record.preferredMfaType;
}

function needUpdatePasswordEditable({ viewer, record, next }: FieldRuleContext): boolean {
  if (!isAdmin(viewer)) return false;
  // Set: it may be cleared; not set: only for a user with an address or MFA (in the values being saved).
  return record.needUpdatePassword === true || canRequirePasswordUpdate(next ?? record);
}

/**
 * A multi-factor setup in progress: the method, the app's new secret, the recovery code's hash,
 * and once the user proved the method (or an administrator confirmed it), the address it goes to.
 */
const mfaSetupSchema = z.object({
  mfaType: z.string().max(20),
  secret: z.string().max(100),
  recoveryCodeHash: z.string().max(100),
  verified: z.boolean(),
  dest: z.string().max(255),
  countryCode: z.string().max(10),
  expiresTime: z.string().max(64),
});
export type MfaSetup = z.infer<typeof mfaSetupSchema>;
export function emptyMfaSetup(): MfaSetup {
  return { mfaType: '', secret: '', recoveryCodeHash: '', verified: false, dest: '', countryCode: '', expiresTime: '' };
}
const identityLocked = securityField(({ viewer, record }) => isAdmin(viewer) && !isBuiltInAdmin(record));
/** The identity-card fields are locked once the identity card is verified. */
export function isIdCardVerified(record: Record<string, unknown>): boolean {
  const properties = record.properties;
  if (typeof properties !== 'object' || properties === null || !('isIdCardVerified' in properties)) return false;
  return properties.isIdCardVerified === 'true';
}
const idCardUnlocked = ({ record }: FieldRuleContext) => !isIdCardVerified(record);

export const user = defineEntity({
  name: 'user',
  table: 'user',
  orgField: 'owner',
  orgParam: 'owner',
  globalListAliases: ['get-global-users'],
  groupMembers: true,
  access: { read: 'orgAdminOrSelf', create: 'orgAdmin', update: 'orgAdminOrSelf', delete: 'orgAdmin' },
  defaultSort: { field: 'createdTime', order: 'descend' },
  fields: {
    owner: organizationOwner(securityField((ctx) => !isBuiltInAdmin(ctx.record))),
    name: text({ max: 100, sortable: true, searchable: true, pattern: NAME_PATTERN, editable: identityLocked }),
    createdTime: timestamp({ sortable: true }),
    updatedTime: timestamp(),
    id: text({ max: 100, serverOnly: true, searchable: true }),
    type: text({ max: 100, editable: adminsOnly }),
    password: password(),
    passwordSalt: text({ max: 100, hidden: true, serverOnly: true }),
    passwordType: text({ max: 100, hidden: true, serverOnly: true }),
    // The uuid of the directory entry the user was synced from (LDAP servers, ldap.ts): such a user
    // signs in with the directory's password. Set by the sync only.
    ldap: text({ max: 100, serverOnly: true }),
    displayName: text({ max: 255, sortable: true, searchable: true }),
    firstName: text({ max: 100 }),
    lastName: text({ max: 100 }),
    avatar: text({ max: 2000, format: 'image' }),
    email: text({ max: 255, format: 'email', sortable: true, searchable: true, editable: securityField(adminsOnly) }),
    emailVerified: bool({ editable: securityField(adminsOnly) }),
    phone: text({ max: 100, sortable: true, searchable: true, editable: securityField(adminsOnly) }),
    countryCode: text({ max: 10, editable: securityField() }),
    region: text({ max: 100 }),
    location: text({ max: 255 }),
    address: stringList({ maxItems: 10 }),
    affiliation: text({ max: 255, sortable: true, searchable: true }),
    title: text({ max: 255 }),
    homepage: text({ max: 2000, format: 'url' }),
    bio: text({ max: 2000, format: 'multiline' }),
    tag: text({ max: 100, sortable: true, searchable: true, editable: adminsOnly }),
    language: text({ max: 100 }),
    gender: text({ max: 100 }),
    birthday: text({ max: 100 }),
    education: text({ max: 100 }),
    // What the user may spend with Balance payment providers (integrations/payment/balance.ts), in
    // balanceCurrency. Only administrators set it; payments deduct from it on the server.
    balance: money({ editable: adminsOnly }),
    balanceCurrency: enumOf(CURRENCIES, { editable: adminsOnly }),
    score: int({ editable: adminsOnly }),
    karma: int({ editable: adminsOnly }),
    ranking: int({ editable: adminsOnly }),
    signupApplication: text({ max: 100, editable: adminsOnly }),
    isAdmin: { ...bool({ editable: identityLocked }), sortable: true },
    isForbidden: { ...bool({ editable: identityLocked }), sortable: true },
    isDeleted: { ...bool({ editable: identityLocked }), sortable: true },
    deletedTime: timestamp(),
    needUpdatePassword: bool({ editable: securityField(needUpdatePasswordEditable) }),
    lastChangePasswordTime: timestamp(),
    ipWhitelist: text({ max: 2000, editable: securityField(adminsOnly), check: ipListProblem }),
    groups: stringList({ editable: securityField(adminsOnly) }),
    properties: json(z.record(z.string().max(200), z.string().max(10_000)), () => ({}), { editable: adminsOnly }),
    idCardType: text({ max: 100, editable: idCardUnlocked }),
    idCard: text({ max: 100, editable: idCardUnlocked }),
    realName: text({ max: 100, editable: idCardUnlocked }),
    // API keys: generated by the server (POST /api/add-user-keys), never typed in.
    accessKey: secret({ max: 100, serverOnly: true }),
    accessSecret: secret({ max: 100, serverOnly: true }),
    managedAccounts: json(z.array(managedAccountSchema).max(100), () => [], {
      secretKeys: ['password'],
      editable: securityField(),
    }),
    mfaAccounts: json(z.array(mfaAccountSchema).max(100), () => [], { secretKeys: ['secretKey'], editable: securityField() }),
    faceIds: json(z.array(faceIdSchema).max(MAX_FACE_IDS, { message: `at most ${MAX_FACE_IDS} face IDs` }), () => [], {
      editable: securityField(),
    }),
    applicationScopes: json(z.array(consentRecordSchema).max(1000), () => [], { serverOnly: true }),
    // Passkeys (webauthn.ts): registered by the user themself, removed by the user or an
    // administrator through their own calls, never through update-user (a form saved with an older
    // copy of the list must neither undo a registration nor bring back a removed credential).
    webauthnCredentials: json(z.array(webauthnCredentialSchema).max(WEBAUTHN_CREDENTIAL_LIMIT), () => [], {
      serverOnly: true,
    }),
    // Multi-factor authentication (Casdoor's columns), written only by the MFA calls (/api/mfa/setup/*,
    // delete-mfa, set-preferred-mfa) and the sign-in; the secrets never leave the server.
    preferredMfaType: text({ max: 100, serverOnly: true }),
    mfaPhoneEnabled: bool({ serverOnly: true }),
    mfaEmailEnabled: bool({ serverOnly: true }),
    totpSecret: text({ max: 100, hidden: true, serverOnly: true }),
    /** SHA-256 of each recovery code (a code signs in once, then a new one is issued). */
    recoveryCodes: stringList({ maxItems: 20, hidden: true, serverOnly: true }),
    /** The setup in progress (/api/mfa/setup/initiate → verify → enable). */
    mfaSetup: json(mfaSetupSchema, emptyMfaSetup, { hidden: true, serverOnly: true }),
  },
  newRecord: ({ organization, random, now }) => {
    const id = random(6);
    const name = `user_${id}`;
    return {
      owner: organization,
      name,
      createdTime: now(),
      type: 'normal-user',
      displayName: `New User - ${id}`,
      email: `${name}@example.com`,
      tag: 'staff',
      affiliation: 'Example Inc.',
      isAdmin: organization === BUILT_IN_ORG,
    };
  },
  list: {
    columns: [
      { field: 'owner' },
      { field: 'name' },
      { field: 'createdTime' },
      { field: 'displayName' },
      { field: 'avatar', width: 80 },
      { field: 'email' },
      { field: 'phone' },
      { field: 'affiliation' },
      { field: 'tag' },
      { field: 'isAdmin', width: 100 },
      { field: 'isForbidden', width: 100 },
      { field: 'isDeleted', width: 100 },
    ],
  },
  // The fields of the edit form in the order of the default account items; which of them show, in
  // which order, follows the organization's account items (web: user-form-layout.ts).
  form: [
    'owner',
    'id',
    'name',
    'displayName',
    'firstName',
    'lastName',
    'avatar',
    'type',
    'password',
    'email',
    'phone',
    'countryCode',
    'region',
    'location',
    'address',
    'affiliation',
    'title',
    'idCardType',
    'idCard',
    'realName',
    'homepage',
    'bio',
    'tag',
    'language',
    'gender',
    'birthday',
    'education',
    'balance',
    'balanceCurrency',
    'score',
    'karma',
    'ranking',
    'signupApplication',
    'groups',
    'applicationScopes',
    'properties',
    'isAdmin',
    'isForbidden',
    'isDeleted',
    'lastChangePasswordTime',
    'managedAccounts',
    'faceIds',
    'mfaAccounts',
    'needUpdatePassword',
    'ipWhitelist',
  ],

  // The built-in administrator, and whoever is signed in (no deleting yourself).
  undeletable: (r, viewer) => isBuiltInAdmin(r) || isSelf(viewer, r),
  isSelf: (viewer, record) => isSelf(viewer, record),
});

export type User = RecordOf<typeof user.fields>;

/** The viewer is looking at their own user record. */
export function isSelf(viewer: Viewer | null, record: { owner?: unknown; name?: unknown }): boolean {
  return !!viewer && viewer.owner === record.owner && viewer.name === record.name;
}

/**
 * Who may take back a user's OAuth consents (POST /api/revoke-consent): the user, as in Casdoor
 * (the Consents account item is Self/Self), and the administrators of the user's organization, who
 * already may change or delete the user. Revoking only withdraws access (the application asks
 * again); granting stays the user's own decision on the consent screen.
 */
export function mayRevokeConsents(viewer: Viewer | null, user: { owner?: unknown; name?: unknown }): boolean {
  return isSelf(viewer, user) || allows('orgAdmin', viewer, typeof user.owner === 'string' ? user.owner : '');
}
