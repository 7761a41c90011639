import { type Envelope, user as userDef } from '@gatehouse/entities';
import { TOTP } from 'otpauth';
import { usedOnceId } from '../db/used-once.js';
import type { CookieBrowser } from './browser.js';
import type { ApiClient } from './client.js';
import { totpCode } from './mfa.js';
import type { TestServer } from './server.js';

/**
 * A user who has every kind of secret a user record can hold, for the tests that check what leaves
 * the server: no protocol answer (token of any format, userinfo, introspection, SAML or CAS
 * attributes) and no API answer to a reader who may not edit the user may carry any of them.
 */
export interface SecretKeeper {
  owner: string;
  name: string;
  /** The user's id (its `id` field). */
  id: string;
  password: string;
  /** Each planted secret by what it is (the value is long and unique enough to be found in any text). */
  secrets: Record<string, string>;
}

/** The keeper's authenticator-app secret (base32), when MFA is on. */
export const TOTP_SECRET = 'PLANTEDTOTPSECRET3J5Q';

/**
 * User fields whose name must not appear as a claim or attribute either (even empty): the
 * credentials, MFA and passkey state, and the server's own bookkeeping.
 */
export const SECRET_FIELD_NAMES = [
  'password',
  'passwordSalt',
  'passwordType',
  'accessKey',
  'accessSecret',
  'totpSecret',
  'recoveryCodes',
  'preferredMfaType',
  'mfaPhoneEnabled',
  'mfaEmailEnabled',
  'mfaSetup',
  'mfaAccounts',
  'managedAccounts',
  'webauthnCredentials',
  'faceIds',
  'ldap',
  'idCard',
  'idCardType',
  'realName',
  'applicationScopes',
  'ipWhitelist',
  'balance',
  'needUpdatePassword',
];

/**
 * The secrets only the server's own calls write (the MFA and passkey calls) and the secret parts of
 * JSON fields, planted on an existing user as those calls would leave them. Each comes with who may
 * read it through the API: nobody, or whoever may edit the user (masked for everyone else).
 */
export const SERVER_WRITTEN_SECRETS = {
  'the TOTP secret': { value: TOTP_SECRET, readers: 'nobody' },
  'a recovery code hash': { value: 'planted-recovery-code-hash-6n4', readers: 'nobody' },
  "the MFA setup's secret": { value: 'PLANTEDMFASETUPSECRET8R2', readers: 'nobody' },
  "the MFA setup's recovery hash": { value: 'planted-setup-recovery-hash-1v9', readers: 'nobody' },
  "a managed account's password": { value: 'planted-managed-password-5m8', readers: 'editors' },
  "a one-time-password account's key": { value: 'PLANTEDMFAACCOUNTKEY2T7', readers: 'editors' },
} as const;

/**
 * Plants SERVER_WRITTEN_SECRETS and a passkey on `owner/name`. With `mfa` the authenticator app is
 * on (its secret is a TOTP key: totpCode(TOTP_SECRET)), so each sign-in takes a second step.
 */
export async function plantUserSecrets(server: TestServer, owner: string, name: string, mfa: boolean): Promise<void> {
  const planted = (label: keyof typeof SERVER_WRITTEN_SECRETS) => SERVER_WRITTEN_SECRETS[label].value;
  await server.ctx.repo(userDef).update(owner, name, {
    totpSecret: mfa ? TOTP_SECRET : '',
    recoveryCodes: [planted('a recovery code hash')],
    preferredMfaType: mfa ? 'app' : '',
    mfaSetup: {
      mfaType: 'app',
      secret: planted("the MFA setup's secret"),
      recoveryCodeHash: planted("the MFA setup's recovery hash"),
      verified: false,
      dest: '',
      countryCode: '',
      expiresTime: '',
    },
    managedAccounts: [
      { application: 'other-app', username: 'keeper', password: planted("a managed account's password"), signinUrl: '' },
    ],
    mfaAccounts: [
      { accountName: 'keeper', issuer: 'Elsewhere', secretKey: planted("a one-time-password account's key"), origin: '' },
    ],
    webauthnCredentials: [
      {
        id: 'cGxhbnRlZC1wYXNza2V5LWlkLTNiNw==',
        publicKey: 'cGxhbnRlZC1wYXNza2V5LXB1YmxpYy1rZXk=',
        attestationType: 'none',
        transport: [],
        flags: { userPresent: true, userVerified: true, backupEligible: false, backupState: false },
        authenticator: { AAGUID: '', signCount: 0, cloneWarning: false, attachment: '' },
        createdTime: '',
      },
    ],
  });
}

/**
 * Adds `owner/name` with every secret set: a password (its hash and salt stored), an API key pair,
 * SERVER_WRITTEN_SECRETS (TOTP secret, recovery code hashes, an MFA setup in progress, managed
 * accounts' passwords, one-time-password accounts' keys), a passkey, face data, an ID card, and a
 * provider's access token among the properties (not a directory entry: such a user signs in with
 * the directory's password). `admin` must be the global administrator. With `mfa` (the default)
 * the authenticator app is on; without it the password grant can serve the user.
 */
export async function addSecretKeeper(
  server: TestServer,
  admin: ApiClient,
  { owner = 'built-in', name = 'secret-keeper', mfa = true }: { owner?: string; name?: string; mfa?: boolean } = {},
): Promise<SecretKeeper> {
  const password = 'planted-plaintext-password-7x1';
  const added = await admin.post('/api/add-user', {
    owner,
    name,
    password,
    displayName: 'Secret Keeper',
    email: `${name}@example.com`,
    emailVerified: true,
    phone: '5550123',
    groups: [],
    idCardType: 'planted-idcard-type-4k2',
    idCard: 'planted-idcard-number-4k2',
    realName: 'planted-real-name-4k2',
    ipWhitelist: '127.0.0.1/32,::1/128,203.0.113.77/32',
    properties: { department: 'released-property-ok', oauth_GitHub_accessToken: 'planted-provider-token-9q3' },
    faceIds: [{ name: 'face', faceIdData: [0.7391846213], imageUrl: 'https://example.com/planted-face-image-8w1.png' }],
  });
  if (added.status !== 'ok') throw new Error(`add-user ${owner}/${name}: ${added.msg}`);
  const keys = await admin.post('/api/add-user-keys', { owner, name });
  if (keys.status !== 'ok') throw new Error(`add-user-keys: ${keys.msg}`);
  await plantUserSecrets(server, owner, name, mfa);
  const stored = await server.ctx.repo(userDef).get(owner, name);
  if (!stored) throw new Error(`${owner}/${name} was not stored`);
  const serverWritten = Object.entries(SERVER_WRITTEN_SECRETS).map(([label, { value }]) => [label, value]);
  return {
    owner,
    name,
    id: stored.id,
    password,
    secrets: {
      ...Object.fromEntries(serverWritten),
      'the TOTP secret': mfa ? TOTP_SECRET : '',
      'the plaintext password': password,
      'the password hash': stored.password,
      'the password salt': stored.passwordSalt,
      'the access key': stored.accessKey,
      'the access secret': stored.accessSecret,
      'face data': '0.7391846213',
      "a face ID's picture": 'planted-face-image-8w1',
      "a passkey's id": 'cGxhbnRlZC1wYXNza2V5LWlkLTNiNw',
      "a passkey's public key": 'cGxhbnRlZC1wYXNza2V5LXB1YmxpYy1rZXk',
      'the ID card type': 'planted-idcard-type-4k2',
      'the ID card number': 'planted-idcard-number-4k2',
      'the real name': 'planted-real-name-4k2',
      'the IP allow-list': '203.0.113.77',
      "a provider's access token": 'planted-provider-token-9q3',
    },
  };
}

/** Every planted secret found in `text` (an answer, a decoded token, a decoded assertion). */
export function secretsIn(text: string, keeper: SecretKeeper): string[] {
  return Object.entries(keeper.secrets)
    .filter(([, value]) => value !== '' && text.includes(value))
    .map(([label]) => label);
}

/** Every secret field's name used as a key anywhere in a decoded JSON value (claims, attributes). */
export function secretKeysIn(value: unknown): string[] {
  const found = new Set<string>();
  const visit = (node: unknown) => {
    if (Array.isArray(node)) for (const item of node) visit(item);
    else if (node !== null && typeof node === 'object')
      for (const [key, inner] of Object.entries(node)) {
        if (SECRET_FIELD_NAMES.includes(key)) found.add(key);
        visit(inner);
      }
  };
  visit(value);
  return [...found];
}

/**
 * POST /api/login as the keeper with `body` (the sign-in type's fields) and `query`; when the
 * answer asks for the second factor, posts the app's current code as the sign-in page would. Each
 * code is accepted once: the claims of earlier codes are dropped first, as the next period would.
 */
export async function keeperLogin(
  server: TestServer,
  browser: CookieBrowser,
  keeper: SecretKeeper,
  body: Record<string, unknown>,
  query: Record<string, string | undefined> = {},
): Promise<Envelope> {
  const first = await browser.post('/api/login', { ...body, username: keeper.name, password: keeper.password }, query);
  if (first.status !== 'ok' || first.data !== 'NextMfa') return first;
  const now = TOTP.counter({ timestamp: Date.now() });
  const claims = [now - 1, now, now + 1].map((step) => usedOnceId('mfa-totp-step', `${keeper.id}:${step}`));
  await server.ctx.database.db.deleteFrom('usedOnce').where('id', 'in', claims).execute();
  return browser.post('/api/login', { ...body, mfaType: 'app', passcode: totpCode(TOTP_SECRET) }, query);
}
