import { z } from 'zod';
import { ADMIN_OWNER, BUILT_IN_ORG, isGlobalAdmin } from './access.js';
import { type AccountItem, defaultAccountItems, MODIFY_RULES, VIEW_RULES } from './account-items.js';
import { COUNTRY_CODES, LANGUAGES, OBFUSCATOR_TYPES, PASSWORD_OPTIONS, PASSWORD_TYPES } from './constants.js';
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
import { ipListProblem } from './field-checks.js';
import { MFA_RULES, MFA_TYPES, type MfaItem, mfaItemsProblem } from './mfa.js';
import { NAV_KEYS, WIDGET_KEYS } from './nav.js';
import { emptyTheme, themeDataSchema } from './theme.js';

const accountItemSchema = z.array(
  z.object({
    name: z.string().max(100),
    visible: z.boolean(),
    viewRule: z.enum(VIEW_RULES).or(z.literal('')),
    modifyRule: z.enum(MODIFY_RULES).or(z.literal('')),
    regex: z.string().max(1000).default(''),
  }),
) as z.ZodType<AccountItem[]>;

/**
 * Each method (phone, e-mail, app) at most once, with its rule; at most one Required (mfa.ts). The
 * console's rule "Prompt" is stored as Casdoor's "Prompted".
 */
const mfaRuleSchema = z.preprocess((rule) => (rule === 'Prompt' ? 'Prompted' : rule), z.enum(MFA_RULES));
const mfaItemSchema: z.ZodType<MfaItem[]> = z
  .array(z.object({ name: z.enum(MFA_TYPES), rule: mfaRuleSchema }))
  .max(MFA_TYPES.length);

/** The edit page's sections: every field of the organization, grouped. */
const ORGANIZATION_SECTIONS = [
  {
    key: 'basic',
    fields: [
      'name',
      'displayName',
      'logo',
      'enableDarkLogo',
      'logoDark',
      'favicon',
      'websiteUrl',
      'hasPrivilegeConsent',
      'defaultApplication',
    ],
  },
  {
    key: 'passwords',
    fields: [
      'passwordType',
      'passwordSalt',
      'passwordOptions',
      'passwordObfuscatorType',
      'passwordObfuscatorKey',
      'passwordExpireDays',
      'masterPassword',
      'defaultPassword',
      'masterVerificationCode',
      'ipWhitelist',
    ],
  },
  {
    key: 'users',
    fields: [
      'countryCodes',
      'languages',
      'defaultAvatar',
      'userTypes',
      'tags',
      'initScore',
      'enableSoftDeletion',
      'isProfilePublic',
      'useEmailAsUsername',
    ],
  },
  { key: 'console', fields: ['enableTour', 'navItems', 'widgetItems', 'themeData'] },
  { key: 'accountItems', fields: ['accountItems', 'mfaItems'] },
  // No fields: the organization's LDAP servers, listed and edited beside the form.
  { key: 'ldap', fields: [] },
] as const;

const globalAdminOnly = ({ viewer }: { viewer: Parameters<typeof isGlobalAdmin>[0] }) => isGlobalAdmin(viewer);

export const organization = defineEntity({
  name: 'organization',
  table: 'organization',
  orgField: 'name',
  fixedOwner: ADMIN_OWNER,
  orgParam: 'organizationName',
  access: { read: 'member', create: 'globalAdmin', update: 'orgAdmin', delete: 'globalAdmin' },
  defaultSort: { field: 'createdTime', order: 'descend' },
  fields: {
    owner: text({ max: 100, editable: () => false }),
    name: recordName(BUILT_IN_ORG),
    createdTime: timestamp({ sortable: true }),
    displayName: text({ max: 255, sortable: true, searchable: true }),
    logo: text({ max: 2000, format: 'image' }),
    logoDark: text({ max: 2000, format: 'image' }),
    enableDarkLogo: bool(),
    favicon: text({ max: 2000, format: 'image' }),
    websiteUrl: text({ max: 255, format: 'url', sortable: true, searchable: true }),
    hasPrivilegeConsent: bool({ editable: ({ record }) => record.name === BUILT_IN_ORG }),
    passwordType: { ...enumOf(PASSWORD_TYPES), sortable: true, filters: ['plain', 'salt', 'md5-salt'] },
    passwordSalt: text({ max: 100, sortable: true, searchable: true }),
    passwordOptions: stringList({ options: PASSWORD_OPTIONS, strict: true }),
    passwordObfuscatorType: enumOf(OBFUSCATOR_TYPES, { allowEmpty: true }),
    // A secret for whoever may not edit the organization; the sign-in pages get it with the
    // application they load (they encrypt with it), as Casdoor's do.
    passwordObfuscatorKey: secret({ max: 200 }),
    passwordExpireDays: int({ min: 0 }),
    countryCodes: stringList({ options: COUNTRY_CODES, strict: true }),
    languages: stringList({ options: LANGUAGES, strict: true }),
    defaultAvatar: text({ max: 2000, format: 'image' }),
    defaultApplication: text({ max: 100, ref: 'application' }),
    userTypes: stringList(),
    tags: stringList(),
    masterPassword: secret({ max: 200 }),
    defaultPassword: secret({ max: 200 }),
    masterVerificationCode: secret({ max: 100 }),
    ipWhitelist: text({ max: 2000, check: ipListProblem }),
    initScore: int(),
    enableSoftDeletion: { ...bool(), sortable: true },
    isProfilePublic: bool(),
    useEmailAsUsername: bool(),
    enableTour: bool(),
    navItems: stringList({ options: NAV_KEYS, strict: true, editable: globalAdminOnly }),
    widgetItems: stringList({ options: WIDGET_KEYS, strict: true, editable: globalAdminOnly }),
    accountItems: json(accountItemSchema, defaultAccountItems),
    mfaItems: { ...json(mfaItemSchema, () => []), check: mfaItemsProblem },
    themeData: json(themeDataSchema, emptyTheme),
  },
  newRecord: ({ random, now }) => {
    const id = random(6);
    return {
      owner: ADMIN_OWNER,
      name: `organization_${id}`,
      createdTime: now(),
      displayName: `New Organization - ${id}`,
      websiteUrl: '',
      favicon: '',
      // A real hash by default; plain stays selectable (Casdoor's default is plain).
      passwordType: 'bcrypt',
      passwordSalt: '',
      passwordOptions: ['AtLeast6'],
      passwordObfuscatorType: 'Plain',
      passwordObfuscatorKey: '',
      passwordExpireDays: 0,
      countryCodes: ['US'],
      defaultAvatar: '',
      defaultApplication: '',
      userTypes: ['normal-user', 'paid-user'],
      tags: [],
      languages: [...LANGUAGES],
      initScore: 2000,
      enableSoftDeletion: false,
      isProfilePublic: true,
      enableTour: true,
      navItems: ['all'],
      widgetItems: ['all'],
      accountItems: defaultAccountItems(),
      mfaItems: [],
      themeData: emptyTheme(),
    };
  },
  list: {
    columns: [
      { field: 'name' },
      { field: 'createdTime' },
      { field: 'displayName' },
      { field: 'favicon', width: 70 },
      { field: 'websiteUrl' },
      { field: 'passwordType' },
      { field: 'passwordSalt' },
      { field: 'defaultAvatar', width: 90 },
      { field: 'enableSoftDeletion', width: 100 },
    ],
  },
  formSections: ORGANIZATION_SECTIONS.map((section) => ({ key: section.key, fields: [...section.fields] })),
  form: ORGANIZATION_SECTIONS.flatMap((section) => [...section.fields]),
  undeletable: (r) => r.name === BUILT_IN_ORG,
});

export type Organization = RecordOf<typeof organization.fields>;
