import { randomBytes } from 'node:crypto';
import {
  ADMIN_OWNER,
  API_MODEL_TEXT,
  applicationDefaults,
  BUILT_IN_ADAPTERS,
  BUILT_IN_ADMIN,
  BUILT_IN_APPLICATION,
  BUILT_IN_CAPTCHA_PROVIDER,
  BUILT_IN_CERT,
  BUILT_IN_ENFORCERS,
  BUILT_IN_MODELS,
  BUILT_IN_ORG,
  DEFAULT_MODEL_TEXT,
  defaultAccountItems,
  type Fields,
  providerRow,
} from '@gatehouse/entities';
import type { ServerContext } from '../context.js';
import { type GeneratedCert, generateCert } from '../crypto/certs.js';
import { applications } from './application.js';
import { adapters, enforcers, models } from './authorization/authorization-objects.js';
import { certs } from './cert.js';
import type { EntityDomain } from './entity-domain.js';
import { organizations } from './organization.js';
import { permissions } from './permission.js';
import { providers } from './provider.js';
import { users } from './user.js';

/**
 * Creates a record through its entity's domain (rules and hooks included) unless one with its key
 * exists; a concurrent start that created it first is not an error. Answers whether it created it.
 */
async function ensure<F extends Fields>(
  ctx: ServerContext,
  domain: EntityDomain<F>,
  record: { owner: string; name: string; [field: string]: unknown },
): Promise<boolean> {
  const repo = domain.repo(ctx);
  if (await repo.exists(record.owner, record.name)) return false;
  try {
    await domain.create(ctx, 'system', record);
    return true;
  } catch (error) {
    if (await repo.exists(record.owner, record.name)) return false;
    throw error;
  }
}

export interface SeedOptions {
  initAdminPassword?: string;
  /** A key pair to use for cert-built-in instead of generating one (tests share one per run). */
  builtInCert?: GeneratedCert;
}

/**
 * First-start data, created only when missing and through the entities' own write paths: the
 * organization built-in, the built-in cert with a key pair generated here (never shipped), the
 * built-in captcha provider, the built-in application, the user built-in/admin and the built-in
 * permission.
 * Returns the generated admin password when one had to be made up.
 */
export async function seed(ctx: ServerContext, options: SeedOptions = {}): Promise<{ generatedAdminPassword?: string }> {
  await ensure(ctx, organizations, {
    owner: ADMIN_OWNER,
    name: BUILT_IN_ORG,
    displayName: 'Built-in Organization',
    websiteUrl: 'https://example.com',
    passwordType: 'bcrypt',
    passwordOptions: ['AtLeast6'],
    passwordObfuscatorType: 'Plain',
    countryCodes: ['US', 'ES', 'FR', 'DE', 'GB', 'CN', 'JP', 'KR', 'VN', 'ID', 'SG', 'IN'],
    languages: ['en', 'es', 'fr', 'de', 'ja', 'zh', 'vi', 'pt', 'tr', 'pl', 'uk'],
    userTypes: ['normal-user', 'paid-user'],
    initScore: 2000,
    enableTour: true,
    isProfilePublic: true,
    navItems: ['all'],
    widgetItems: ['all'],
    accountItems: defaultAccountItems(),
  });

  if (!(await certs.repo(ctx).exists(ADMIN_OWNER, BUILT_IN_CERT))) {
    const keys =
      options.builtInCert ??
      (await generateCert({
        algorithm: 'RS256',
        bitSize: 4096,
        expireInYears: 20,
        commonName: 'Gatehouse Built-in Cert',
        organization: BUILT_IN_ORG,
      }));
    await ensure(ctx, certs, {
      owner: ADMIN_OWNER,
      name: BUILT_IN_CERT,
      displayName: 'Built-in Cert',
      scope: 'JWT',
      type: 'x509',
      cryptoAlgorithm: 'RS256',
      bitSize: 4096,
      expireInYears: 20,
      certificate: keys.certificate,
      privateKey: keys.privateKey,
    });
  }

  // The built-in image captcha, shared with every organization (owner admin).
  await ensure(ctx, providers, {
    owner: ADMIN_OWNER,
    name: BUILT_IN_CAPTCHA_PROVIDER,
    displayName: 'Captcha Default',
    category: 'Captcha',
    type: 'Default',
  });

  // Casdoor's shared payment providers: the buyer's balance, and a dummy that pays at once.
  await ensure(ctx, providers, {
    owner: ADMIN_OWNER,
    name: 'provider_balance',
    displayName: 'Balance',
    category: 'Payment',
    type: 'Balance',
  });
  await ensure(ctx, providers, {
    owner: ADMIN_OWNER,
    name: 'provider_payment_dummy',
    displayName: 'Dummy Payment',
    category: 'Payment',
    type: 'Dummy',
  });

  await ensure(ctx, applications, {
    owner: ADMIN_OWNER,
    name: BUILT_IN_APPLICATION,
    displayName: 'Gatehouse',
    organization: BUILT_IN_ORG,
    ...applicationDefaults(),
    grantTypes: ['authorization_code'],
    // As Casdoor's: the built-in captcha provider, listed with rule None (shown to nobody until chosen).
    providers: [providerRow(BUILT_IN_CAPTCHA_PROVIDER, 'None')],
  });

  let generatedAdminPassword: string | undefined;
  if (!(await users.repo(ctx).exists(BUILT_IN_ORG, BUILT_IN_ADMIN))) {
    const password = options.initAdminPassword ?? randomBytes(12).toString('base64url');
    const created = await ensure(ctx, users, {
      owner: BUILT_IN_ORG,
      name: BUILT_IN_ADMIN,
      type: 'normal-user',
      password,
      displayName: 'Admin',
      email: 'admin@example.com',
      countryCode: 'US',
      affiliation: 'Example Inc.',
      tag: 'staff',
      score: 2000,
      ranking: 1,
      isAdmin: true,
      signupApplication: BUILT_IN_APPLICATION,
    });
    if (created && !options.initAdminPassword) generatedAdminPassword = password;
  }
  await seedAuthz(ctx);

  // Casdoor's built-in permission: every user of the built-in organization may use the built-in
  // application (its model and adapter come with the authorization engine's built-in records).
  await ensure(ctx, permissions, {
    owner: BUILT_IN_ORG,
    name: 'permission-built-in',
    displayName: 'Built-in Permission',
    description: 'Built-in Permission',
    users: [`${BUILT_IN_ORG}/*`],
    model: `${BUILT_IN_ORG}/user-model-built-in`,
    resourceType: 'Application',
    resources: [BUILT_IN_APPLICATION],
    actions: ['Read', 'Write', 'Admin'],
    effect: 'Allow',
    isEnabled: true,
    submitter: BUILT_IN_ADMIN,
    approver: BUILT_IN_ADMIN,
    state: 'Approved',
  });
  return { generatedAdminPassword };
}

/**
 * The built-in models, adapters and enforcers of the organization built-in (Casdoor's init.go):
 * the API model and the user model (role-based), their adapters keeping policies in this
 * database (tables casbin_api_rule and casbin_user_rule), and one enforcer for each pair.
 */
async function seedAuthz(ctx: ServerContext): Promise<void> {
  const [apiModel, userModel] = BUILT_IN_MODELS;
  const [apiAdapter, userAdapter] = BUILT_IN_ADAPTERS;
  const [apiEnforcer, userEnforcer] = BUILT_IN_ENFORCERS;
  await ensure(ctx, models, { owner: BUILT_IN_ORG, name: apiModel, displayName: 'API Model', modelText: API_MODEL_TEXT });
  await ensure(ctx, models, {
    owner: BUILT_IN_ORG,
    name: userModel,
    displayName: 'Built-in Model',
    modelText: DEFAULT_MODEL_TEXT,
  });
  await ensure(ctx, adapters, { owner: BUILT_IN_ORG, name: apiAdapter, table: 'casbin_api_rule', useSameDb: true });
  await ensure(ctx, adapters, { owner: BUILT_IN_ORG, name: userAdapter, table: 'casbin_user_rule', useSameDb: true });
  const enforcer = (name: string, displayName: string, model: string, adapter: string) =>
    ensure(ctx, enforcers, {
      owner: BUILT_IN_ORG,
      name,
      displayName,
      model: `${BUILT_IN_ORG}/${model}`,
      adapter: `${BUILT_IN_ORG}/${adapter}`,
    });
  await enforcer(apiEnforcer, 'API Enforcer', apiModel, apiAdapter);
  await enforcer(userEnforcer, 'User Enforcer', userModel, userAdapter);
}
