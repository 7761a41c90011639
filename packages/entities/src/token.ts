import { ADMIN_OWNER, BUILT_IN_ORG } from './access.js';
import { BUILT_IN_ADMIN, BUILT_IN_APPLICATION } from './constants.js';
import { bool, defineEntity, int, organizationFieldRecords, type RecordOf, text, timestamp } from './define.js';

/**
 * Tokens issued by the OAuth 2.0 / OpenID Connect endpoints. The
 * access token is kept so administrators can inspect it; refresh tokens and codes are looked up by
 * hash or value and never shown beyond what the token list and page show.
 */
export const token = defineEntity({
  name: 'token',
  table: 'token',
  ...organizationFieldRecords,
  fields: {
    owner: text({ max: 100, editable: () => false }),
    name: text({ max: 100, sortable: true, searchable: true }),
    createdTime: timestamp({ sortable: true }),
    application: text({ max: 100, ref: 'application', sortable: true, searchable: true }),
    organization: text({ max: 100, ref: 'organization', sortable: true, searchable: true }),
    user: text({ max: 100, sortable: true, searchable: true }),
    // Issued by the server; administrators read them, nobody rewrites them.
    code: text({ max: 100, searchable: true, editable: () => false }),
    accessToken: text({ max: 100_000, format: 'multiline', editable: () => false }),
    expiresIn: { ...int({ min: 0 }), sortable: true },
    scope: text({ max: 2000, searchable: true }),
    tokenType: text({ max: 100 }),
    // Kept by the server only.
    accessTokenHash: text({ max: 64, hidden: true, serverOnly: true }),
    refreshTokenHash: text({ max: 64, hidden: true, serverOnly: true }),
    refreshExpireTime: timestamp({ hidden: true }),
    codeChallenge: text({ max: 200, hidden: true, serverOnly: true }),
    codeExpireTime: timestamp({ hidden: true }),
    codeIsUsed: bool({ hidden: true, serverOnly: true }),
    redirectUri: text({ max: 2000, hidden: true, serverOnly: true }),
    nonce: text({ max: 500, hidden: true, serverOnly: true }),
    /** The first token of a refresh chain: revoking a reused refresh token revokes the chain. */
    family: text({ max: 100, hidden: true, serverOnly: true }),
    /** The refresh token of this row has been exchanged for a newer one. */
    isRotated: bool({ hidden: true, serverOnly: true }),
    isRevoked: bool({ serverOnly: true }),
    authTime: int({ wide: true, hidden: true, serverOnly: true }),
    /** How the user proved who they are (the ID token's amr: pwd, otp, sms, hwk, fed, mfa), space-separated. */
    authMethods: text({ max: 100, hidden: true, serverOnly: true }),
    /**
     * The grant was obtained with the client's secret: refreshing it needs the secret too (a
     * confidential client's refresh token alone is not enough).
     */
    clientAuthenticated: bool({ hidden: true, serverOnly: true }),
  },
  newRecord: ({ random, now }) => ({
    owner: ADMIN_OWNER,
    name: `token_${random(6)}`,
    createdTime: now(),
    application: BUILT_IN_APPLICATION,
    organization: BUILT_IN_ORG,
    user: BUILT_IN_ADMIN,
    expiresIn: 7200,
    scope: 'read',
    tokenType: 'Bearer',
  }),
  list: {
    columns: [
      { field: 'name' },
      { field: 'createdTime' },
      { field: 'application' },
      { field: 'organization' },
      { field: 'user' },
      { field: 'code' },
      { field: 'accessToken' },
      { field: 'expiresIn' },
      { field: 'scope' },
    ],
  },
  form: ['owner', 'name', 'application', 'organization', 'user', 'code', 'accessToken', 'expiresIn', 'scope', 'tokenType'],
});

export type Token = RecordOf<typeof token.fields>;
