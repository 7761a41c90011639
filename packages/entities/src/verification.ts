import { bool, defineEntity, int, password, type RecordOf, text, timestamp } from './define.js';

/** What a code is sent through: the category of the provider that sent it (as Casdoor records it). */
export const VERIFICATION_TYPES = ['Email', 'SMS'] as const;

/**
 * What a code was sent for (Casdoor's send-verification-code `method`): signing up, signing in,
 * a forgotten password, changing the account's e-mail or phone, setting up and passing MFA.
 */
export const VERIFICATION_METHODS = ['signup', 'login', 'forget', 'reset', 'mfaSetup', 'mfaAuth'] as const;
export type VerificationMethod = (typeof VERIFICATION_METHODS)[number];

/**
 * Verification codes sent by e-mail or SMS, one record per code sent,
 * owned by the organization of the application it was sent for. Read-only for everyone: the server
 * writes them when it sends and checks codes; administrators of the organization list them. The
 * code is stored as a hash and answered as *** (a code must never be readable, even by
 * administrators: it signs someone in or resets their password).
 */
export const verification = defineEntity({
  name: 'verification',
  table: 'verification',
  orgField: 'owner',
  orgParam: 'owner',
  access: { read: 'orgAdmin', create: 'nobody', update: 'nobody', delete: 'nobody' },
  defaultSort: { field: 'createdTime', order: 'descend' },
  fields: {
    owner: text({ max: 100, ref: 'organization', sortable: true, searchable: true }),
    name: text({ max: 100, sortable: true, searchable: true }),
    createdTime: timestamp({ sortable: true }),
    type: { ...text({ max: 10, sortable: true }), filters: VERIFICATION_TYPES },
    /** The account the code was sent for (owner/name), '' before it exists (sign-up). */
    user: text({ max: 255, sortable: true, searchable: true }),
    provider: text({ max: 100, sortable: true, searchable: true }),
    /** The address the request came from. */
    remoteAddr: text({ max: 100, sortable: true, searchable: true }),
    /** The e-mail address (lower case) or the phone number (E.164) the code went to. */
    receiver: text({ max: 255, sortable: true, searchable: true }),
    /** A salted hash of the code, answered as ***. */
    code: password(),
    isUsed: bool({ sortable: true }),
    // Kept by the server only.
    method: text({ max: 20, hidden: true, serverOnly: true }),
    /** When the code stops being accepted (ISO 8601 with milliseconds). */
    expireTime: timestamp({ hidden: true }),
    /** Wrong codes tried against this one; at the limit it is burnt. */
    wrongTimes: int({ hidden: true, serverOnly: true }),
    /**
     * After verify-code: the hash of the token (a cookie of the browser that verified) that lets
     * set-password use this code once, and when that permission ends.
     */
    grantHash: text({ max: 64, hidden: true, serverOnly: true }),
    grantExpireTime: timestamp({ hidden: true }),
  },
  // Never added through the console or the CRUD routes; a valid record for the definition checks.
  newRecord: ({ organization, random, now }) => ({
    owner: organization,
    name: `verification_${random(6)}`,
    createdTime: now(),
    type: 'Email',
  }),
  list: {
    columns: [
      { field: 'name' },
      { field: 'owner' },
      { field: 'createdTime' },
      { field: 'type' },
      { field: 'user' },
      { field: 'provider' },
      { field: 'remoteAddr' },
      { field: 'receiver' },
      { field: 'code' },
      { field: 'isUsed', width: 90 },
    ],
  },
  form: ['owner', 'name', 'createdTime', 'type', 'user', 'provider', 'remoteAddr', 'receiver', 'code', 'isUsed'],
  // A list only: there is nothing to edit.
});

export type Verification = RecordOf<typeof verification.fields>;
