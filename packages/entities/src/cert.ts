import { ADMIN_OWNER, isGlobalAdmin } from './access.js';
import { BUILT_IN_CERT } from './constants.js';
import { defineEntity, enumOf, int, type RecordOf, recordName, secret, sharedOwner, text, timestamp } from './define.js';

export const CERT_ALGORITHMS = ['RS256', 'RS384', 'RS512', 'ES256', 'ES384', 'ES512', 'PS256', 'PS384', 'PS512'] as const;
export const RSA_BIT_SIZES = [1024, 2048, 4096] as const;

/**
 * Certificates and key pairs that sign tokens and assertions. Certs of
 * `admin` are shared: every organization sees and uses them, only global admins change them.
 */
export const cert = defineEntity({
  name: 'cert',
  table: 'cert',
  orgField: 'owner',
  orgParam: 'owner',
  globalListAliases: ['get-global-certs'],
  shared: true,
  access: { read: 'orgAdmin', create: 'orgAdmin', update: 'orgAdmin', delete: 'orgAdmin' },
  defaultSort: { field: 'createdTime', order: 'descend' },
  fields: {
    owner: sharedOwner(),
    name: recordName(BUILT_IN_CERT),
    createdTime: timestamp({ sortable: true }),
    displayName: text({ max: 255, sortable: true, searchable: true }),
    scope: { ...enumOf(['JWT'] as const), sortable: true, filters: ['JWT'] },
    type: { ...enumOf(['x509', 'Payment'] as const), sortable: true, filters: ['x509', 'Payment'] },
    cryptoAlgorithm: { ...enumOf(CERT_ALGORITHMS), sortable: true },
    bitSize: int({ min: 0 }),
    expireInYears: int({ min: 1, max: 100 }),
    certificate: text({ max: 20_000, format: 'multiline' }),
    privateKey: secret({ max: 20_000 }),
  },
  // Global admins add shared certs; organization admins add certs of their own organization.
  newRecord: ({ organization, viewer, random, now }) => {
    const id = random(6);
    return {
      owner: isGlobalAdmin(viewer) ? ADMIN_OWNER : organization,
      name: `cert_${id}`,
      createdTime: now(),
      displayName: `New Cert - ${id}`,
      scope: 'JWT',
      type: 'x509',
      cryptoAlgorithm: 'RS256',
      bitSize: 4096,
      expireInYears: 20,
    };
  },
  list: {
    columns: [
      { field: 'name' },
      { field: 'owner' },
      { field: 'createdTime' },
      { field: 'displayName' },
      { field: 'scope' },
      { field: 'type' },
      { field: 'cryptoAlgorithm' },
      { field: 'bitSize' },
      { field: 'expireInYears' },
    ],
  },
  form: [
    'owner',
    'name',
    'displayName',
    'scope',
    'type',
    'cryptoAlgorithm',
    'bitSize',
    'expireInYears',
    'certificate',
    'privateKey',
  ],
  undeletable: (r) => r.name === BUILT_IN_CERT,
});

export type Cert = RecordOf<typeof cert.fields>;
