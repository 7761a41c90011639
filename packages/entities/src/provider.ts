import { z } from 'zod';
import { ADMIN_OWNER, isGlobalAdmin } from './access.js';
import {
  bool,
  defineEntity,
  enumOf,
  int,
  json,
  type RecordOf,
  recordName,
  secret,
  sharedOwner,
  text,
  timestamp,
} from './define.js';
import { ALL_PROVIDER_TYPES, BUILT_IN_CAPTCHA_PROVIDER, defaultUserMapping, PROVIDER_CATEGORIES } from './provider-types.js';

/** A name → value map (HTTP headers, user mapping), as Casdoor stores them. */
const stringMap = z.record(z.string().max(200), z.string().max(2000)).refine((map) => Object.keys(map).length <= 100, {
  message: 'at most 100 entries',
});

/**
 * Providers: the outside services Gatehouse uses: social and
 * enterprise sign-in (OAuth, SAML), e-mail, SMS, notifications, storage, captcha, Web3, payment and
 * face ID. Providers of `admin` are shared with every organization; only global admins change them.
 */
export const provider = defineEntity({
  name: 'provider',
  table: 'provider',
  orgField: 'owner',
  orgParam: 'owner',
  globalListAliases: ['get-global-providers'],
  shared: true,
  // As Casdoor's: secrets only to a read that asks with withSecret=1 (the console's edit page).
  secretsRead: 'onRequest',
  access: { read: 'orgAdmin', create: 'orgAdmin', update: 'orgAdmin', delete: 'orgAdmin' },
  defaultSort: { field: 'createdTime', order: 'descend' },
  fields: {
    owner: sharedOwner(),
    name: recordName(BUILT_IN_CAPTCHA_PROVIDER),
    createdTime: timestamp({ sortable: true }),
    displayName: text({ max: 255, sortable: true, searchable: true }),
    category: { ...enumOf(PROVIDER_CATEGORIES), sortable: true, filters: PROVIDER_CATEGORIES },
    type: { ...text({ max: 100, sortable: true }), filters: ALL_PROVIDER_TYPES },
    subType: text({ max: 100 }),
    method: text({ max: 100 }),
    clientId: text({ max: 200, sortable: true, searchable: true }),
    clientSecret: secret({ max: 20_000 }),
    clientId2: text({ max: 2000 }),
    clientSecret2: secret({ max: 20_000 }),
    enableSignUp: bool(),
    host: text({ max: 200 }),
    port: int({ min: 0, max: 65_535 }),
    disableSsl: bool(),
    providerUrl: text({ max: 2000, format: 'url' }),
    title: text({ max: 200 }),
    content: text({ max: 100_000, format: 'multiline' }),
    receiver: text({ max: 200 }),
    endpoint: text({ max: 2000 }),
    intranetEndpoint: text({ max: 2000 }),
    bucket: text({ max: 200 }),
    pathPrefix: text({ max: 200 }),
    domain: text({ max: 2000 }),
    regionId: text({ max: 100 }),
    appId: text({ max: 200 }),
    signName: text({ max: 200 }),
    templateCode: text({ max: 200 }),
    metadata: text({ max: 200_000, format: 'multiline' }),
    idP: text({ max: 20_000, format: 'multiline' }),
    issuerUrl: text({ max: 2000 }),
    enableSignAuthnRequest: bool(),
    cert: text({ max: 100, ref: 'cert' }),
    emailRegex: text({ max: 200 }),
    customAuthUrl: text({ max: 2000, format: 'url' }),
    customTokenUrl: text({ max: 2000, format: 'url' }),
    customUserInfoUrl: text({ max: 2000, format: 'url' }),
    customLogo: text({ max: 2000, format: 'image' }),
    scopes: text({ max: 1000 }),
    httpHeaders: json(stringMap, () => ({})),
    userMapping: json(stringMap, () => ({})),
  },
  // Global admins add shared providers; organization admins add providers of their own organization.
  newRecord: ({ organization, viewer, random, now }) => {
    const id = random(6);
    return {
      owner: isGlobalAdmin(viewer) ? ADMIN_OWNER : organization,
      name: `provider_${id}`,
      createdTime: now(),
      displayName: `New Provider - ${id}`,
      category: 'OAuth',
      type: 'GitHub',
      method: 'Normal',
      enableSignUp: true,
      port: 0,
      userMapping: defaultUserMapping('user'),
    };
  },
  list: {
    columns: [
      { field: 'name' },
      { field: 'owner' },
      { field: 'createdTime' },
      { field: 'displayName' },
      { field: 'category' },
      { field: 'type' },
      { field: 'clientId' },
      { field: 'providerUrl' },
    ],
  },
  // Edit page order; the console shows only the fields of the chosen category and type
  // (packages/web/src/console/entities/provider-rules.ts), so one order serves every kind of provider.
  form: [
    'owner',
    'name',
    'displayName',
    'category',
    'type',
    'subType',
    'method',
    'clientId',
    'clientSecret',
    'clientId2',
    'clientSecret2',
    'appId',
    'enableSignUp',
    'host',
    'port',
    'disableSsl',
    'enableSignAuthnRequest',
    'metadata',
    'endpoint',
    'idP',
    'issuerUrl',
    'intranetEndpoint',
    'bucket',
    'pathPrefix',
    'domain',
    'regionId',
    'signName',
    'templateCode',
    'customAuthUrl',
    'customTokenUrl',
    'customUserInfoUrl',
    'scopes',
    'customLogo',
    'emailRegex',
    'cert',
    'httpHeaders',
    'userMapping',
    'title',
    'content',
    'providerUrl',
    'receiver',
  ],
  undeletable: (r) => r.name === BUILT_IN_CAPTCHA_PROVIDER,
});

export type Provider = RecordOf<typeof provider.fields>;
