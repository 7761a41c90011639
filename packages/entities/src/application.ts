import { z } from 'zod';
import { ADMIN_OWNER, isGlobalAdmin } from './access.js';
import {
  customScopeSchema,
  defaultSigninItems,
  defaultSigninMethods,
  defaultSignupItems,
  ORG_CHOICE_MODES,
  providerRowSchema,
  samlAttributeSchema,
  signinItemSchema,
  signinMethodSchema,
  signupItemSchema,
} from './application-items.js';
import { BUILT_IN_APPLICATION, BUILT_IN_CERT, CUSTOM_URL_MARKER } from './constants.js';
import {
  bool,
  defineEntity,
  enumOf,
  int,
  json,
  type RecordOf,
  recordName,
  secret,
  stringList,
  text,
  timestamp,
} from './define.js';
import { ipListProblem, urlProblem } from './field-checks.js';
import { emptyTheme, themeDataSchema } from './theme.js';
export const TOKEN_FORMATS = ['JWT', 'JWT-Empty', 'JWT-Custom', 'JWT-Standard'] as const;
export const TOKEN_SIGNING_METHODS = ['RS256', 'RS512', 'ES256', 'ES384', 'ES512'] as const;
export const GRANT_TYPES = [
  'authorization_code',
  'password',
  'client_credentials',
  'token',
  'id_token',
  'refresh_token',
  'urn:ietf:params:oauth:grant-type:device_code',
] as const;

/** A cert an application stopped signing with, and until when tokens it signed may still be presented (RFC 3339). */
export const retiredCertSchema = z.object({ cert: z.string().max(100), until: z.string().max(64) });
export type RetiredCert = z.infer<typeof retiredCertSchema>;

/** User fields a JWT-Custom token may carry (besides the standard claims). */
export const TOKEN_FIELD_OPTIONS = [
  'owner',
  'name',
  'id',
  'type',
  'displayName',
  'firstName',
  'lastName',
  'avatar',
  'email',
  'emailVerified',
  'phone',
  'countryCode',
  'region',
  'location',
  'affiliation',
  'title',
  'homepage',
  'bio',
  'tag',
  'language',
  'gender',
  'birthday',
  'education',
  'score',
  'karma',
  'ranking',
  'isAdmin',
  'isForbidden',
  'signupApplication',
  'groups',
  'properties',
  // The names of the user's roles and permissions (Casdoor's Roles, Permissions, permissionNames).
  'roles',
  'permissions',
  'permissionNames',
] as const;

const onlyGlobalAdmin = ({ viewer }: { viewer: Parameters<typeof isGlobalAdmin>[0] }) => isGlobalAdmin(viewer);

/**
 * The edit page's sections: every field of the application but its fixed
 * owner and created time, each once.
 */
const APPLICATION_SECTIONS = [
  {
    key: 'basic',
    fields: ['name', 'displayName', 'logo', 'homepageUrl', 'description', 'organization', 'isShared', 'tags'],
  },
  {
    key: 'oauth',
    fields: [
      'clientId',
      'clientSecret',
      'redirectUris',
      'forcedRedirectOrigin',
      'grantTypes',
      'customScopes',
      'cert',
      'tokenFormat',
      'tokenSigningMethod',
      'tokenFields',
      'expireInHours',
      'refreshExpireInHours',
    ],
  },
  {
    key: 'signin',
    fields: [
      'enablePassword',
      'enableCodeSignin',
      'enableSigninSession',
      'enableAutoSignin',
      'enableLinkWithEmail',
      'failedSigninLimit',
      'failedSigninFrozenTime',
      'orgChoiceMode',
      'signinMethods',
      'signinItems',
      'signinUrl',
      'forgetUrl',
      'ipWhitelist',
    ],
  },
  {
    key: 'signup',
    fields: ['enableSignUp', 'defaultGroup', 'signupUrl', 'affiliationUrl', 'termsOfUse', 'signupItems'],
  },
  { key: 'providers', fields: ['providers'] },
  {
    key: 'saml',
    fields: [
      'samlReplyUrl',
      'enableSamlCompress',
      'enableSamlC14n10',
      'useEmailAsSamlNameId',
      'enableSamlPostBinding',
      'samlSpCert',
      'samlAttributes',
    ],
  },
  {
    key: 'appearance',
    fields: ['formOffset', 'formBackgroundUrl', 'formBackgroundUrlMobile', 'formSideHtml', 'themeData'],
  },
  {
    key: 'html',
    fields: ['formCss', 'formCssMobile', 'signinHtml', 'signupHtml', 'headerHtml', 'footerHtml'],
  },
] as const;

/** Applications: the clients users sign in to (OAuth/OIDC, SAML, CAS). */
export const application = defineEntity({
  name: 'application',
  table: 'application',
  orgField: 'organization',
  fixedOwner: ADMIN_OWNER,
  orgParam: 'organization',
  access: { read: 'anyone', create: 'orgAdmin', update: 'orgAdmin', delete: 'orgAdmin' },
  defaultSort: { field: 'createdTime', order: 'descend' },
  fields: {
    owner: text({ max: 100, editable: () => false }),
    name: recordName(BUILT_IN_APPLICATION),
    createdTime: timestamp({ sortable: true }),
    displayName: text({ max: 255, sortable: true, searchable: true }),
    logo: text({ max: 2000, format: 'image' }),
    // A URL, or the marker that sends each user to their own homepage from the app launcher.
    homepageUrl: text({
      max: 2000,
      format: 'url',
      check: (value) => (value === CUSTOM_URL_MARKER ? null : urlProblem(value)),
    }),
    description: text({ max: 2000, format: 'multiline' }),
    organization: text({ max: 100, ref: 'organization', sortable: true, searchable: true, editable: onlyGlobalAdmin }),
    isShared: bool({ editable: onlyGlobalAdmin }),
    tags: stringList(),
    clientId: text({ max: 100, sortable: true, searchable: true }),
    clientSecret: secret({ max: 200 }),
    cert: text({ max: 100, ref: 'cert' }),
    // Certs the application signed with before its current one, each until the last token it signed
    // expires: its key set keeps them so that those tokens still verify (domain/application.ts).
    retiredCerts: json(z.array(retiredCertSchema).max(20), () => [], { hidden: true, serverOnly: true }),
    redirectUris: stringList({ maxItems: 100 }),
    forcedRedirectOrigin: text({ max: 2000, format: 'url' }),
    tokenFormat: enumOf(TOKEN_FORMATS),
    tokenSigningMethod: enumOf(TOKEN_SIGNING_METHODS, { allowEmpty: true }),
    tokenFields: stringList({
      options: TOKEN_FIELD_OPTIONS,
      strict: true,
      editable: ({ record, next }) => (next ?? record).tokenFormat === 'JWT-Custom',
    }),
    expireInHours: int({ min: 1 }),
    refreshExpireInHours: int({ min: 1 }),
    failedSigninLimit: int({ min: 1 }),
    /** Minutes an account stays frozen after failedSigninLimit wrong passwords. */
    failedSigninFrozenTime: int({ min: 1 }),
    defaultGroup: text({ max: 200 }),
    enablePassword: bool(),
    enableSignUp: bool(),
    enableSigninSession: bool(),
    enableAutoSignin: bool(),
    enableCodeSignin: bool(),
    enableLinkWithEmail: bool(),
    signinMethods: json(z.array(signinMethodSchema).max(10), defaultSigninMethods),
    orgChoiceMode: enumOf(ORG_CHOICE_MODES, { allowEmpty: true }),
    signupUrl: text({ max: 2000, format: 'url' }),
    signinUrl: text({ max: 2000, format: 'url' }),
    forgetUrl: text({ max: 2000, format: 'url' }),
    affiliationUrl: text({ max: 2000, format: 'url' }),
    ipWhitelist: text({ max: 2000, check: ipListProblem }),
    termsOfUse: text({ max: 2000, format: 'url' }),
    signupHtml: text({ max: 100_000, format: 'multiline' }),
    signinHtml: text({ max: 100_000, format: 'multiline' }),
    headerHtml: text({ max: 100_000, format: 'multiline' }),
    footerHtml: text({ max: 100_000, format: 'multiline' }),
    grantTypes: stringList({ options: GRANT_TYPES, strict: true }),
    /** Scopes beyond OpenID Connect's: requesting one asks the user's consent (protocols/oidc/consent.ts). */
    customScopes: json(z.array(customScopeSchema).max(100), () => []),
    samlReplyUrl: text({ max: 2000, format: 'url' }),
    enableSamlCompress: bool(),
    enableSamlC14n10: bool(),
    useEmailAsSamlNameId: bool(),
    enableSamlPostBinding: bool(),
    /** The SP's signing certificate (PEM): when set, AuthnRequests must be signed with its key. */
    samlSpCert: text({ max: 20_000, format: 'multiline' }),
    samlAttributes: json(z.array(samlAttributeSchema).max(100), () => []),
    providers: json(z.array(providerRowSchema).max(100), () => []),
    formBackgroundUrl: text({ max: 2000, format: 'image' }),
    formBackgroundUrlMobile: text({ max: 2000, format: 'image' }),
    formCss: text({ max: 100_000, format: 'multiline' }),
    formCssMobile: text({ max: 100_000, format: 'multiline' }),
    formOffset: int({ min: 1, max: 4 }),
    formSideHtml: text({ max: 100_000, format: 'multiline' }),
    themeData: json(themeDataSchema, emptyTheme),
    signinItems: json(z.array(signinItemSchema).max(100), defaultSigninItems),
    signupItems: json(z.array(signupItemSchema).max(100), defaultSignupItems),
  },
  newRecord: ({ organization, random, now }) => {
    const id = random(6);
    return {
      owner: ADMIN_OWNER,
      name: `application_${id}`,
      createdTime: now(),
      displayName: `New Application - ${id}`,
      organization,
      ...applicationDefaults(),
      redirectUris: ['http://localhost:9000/callback'],
      grantTypes: ['authorization_code', 'password', 'client_credentials', 'token', 'id_token', 'refresh_token'],
    };
  },
  list: {
    columns: [
      { field: 'name' },
      { field: 'createdTime' },
      { field: 'displayName' },
      { field: 'logo', width: 80 },
      { field: 'organization' },
      { field: 'clientId' },
    ],
  },
  formSections: APPLICATION_SECTIONS.map((section) => ({ key: section.key, fields: [...section.fields] })),
  form: APPLICATION_SECTIONS.flatMap((section) => [...section.fields]),
  undeletable: (r) => r.name === BUILT_IN_APPLICATION,
});

export type Application = RecordOf<typeof application.fields>;

/**
 * What a new application has unless it says otherwise: the console's Add, the built-in
 * application, and an application added through the API without these values (whose numbers would
 * otherwise be 0, below their minimum of 1).
 */
export function applicationDefaults() {
  return {
    cert: BUILT_IN_CERT,
    tokenFormat: 'JWT',
    tokenSigningMethod: 'RS256',
    expireInHours: 168,
    refreshExpireInHours: 168,
    failedSigninLimit: 5,
    failedSigninFrozenTime: 15,
    enablePassword: true,
    enableSignUp: true,
    signinMethods: defaultSigninMethods(),
    signupItems: defaultSignupItems(),
    signinItems: defaultSigninItems(),
    formOffset: 2,
  } as const;
}
