import { randomBytes, randomUUID } from 'node:crypto';
import {
  ADMIN_OWNER,
  application,
  BUILT_IN_ADMIN,
  BUILT_IN_APPLICATION,
  BUILT_IN_CAPTCHA_PROVIDER,
  BUILT_IN_CERT,
  BUILT_IN_ORG,
  cert,
  defaultAccountItems,
  nowRfc3339,
  organization,
  provider,
  randomHex,
  user,
} from '@gatehouse/entities';
import { hashPassword, newSalt } from '../auth/passwords/index.js';
import type { ServerContext } from '../context.js';
import type { Rec, Repository } from '../crud/repository.js';
import { type GeneratedCert, generateCert } from '../crypto/certs.js';

function complete(fields: Record<string, { empty: () => unknown }>, values: Rec): Rec {
  const out: Rec = {};
  for (const [k, f] of Object.entries(fields)) out[k] = k in values ? values[k] : f.empty();
  return out;
}

/** Inserts unless present; a concurrent start that inserted first is not an error. */
async function ensure(repo: Repository, record: Rec): Promise<boolean> {
  if (await repo.exists(String(record.owner), String(record.name))) return false;
  try {
    await repo.insert(complete(repo.def.fields, record));
    return true;
  } catch (error) {
    if (await repo.exists(String(record.owner), String(record.name))) return false;
    throw error;
  }
}

export interface SeedOptions {
  initAdminPassword?: string;
  /** A key pair to use for cert-built-in instead of generating one (tests share one per run). */
  builtInCert?: GeneratedCert;
}

/**
 * First-start data, created only when missing: organization built-in, user built-in/admin, the
 * built-in application, the built-in captcha provider and the built-in cert with a key pair
 * generated here (never shipped).
 * Returns the generated admin password when one had to be made up.
 */
export async function seed(ctx: ServerContext, options: SeedOptions = {}): Promise<{ generatedAdminPassword?: string }> {
  const now = nowRfc3339();

  await ensure(ctx.repo(organization), {
    owner: ADMIN_OWNER,
    name: BUILT_IN_ORG,
    createdTime: now,
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

  let generatedAdminPassword: string | undefined;
  const users = ctx.repo(user);
  if (!(await users.exists(BUILT_IN_ORG, BUILT_IN_ADMIN))) {
    const password = options.initAdminPassword ?? randomBytes(12).toString('base64url');
    const inserted = await ensure(users, {
      owner: BUILT_IN_ORG,
      name: BUILT_IN_ADMIN,
      createdTime: now,
      updatedTime: now,
      id: randomUUID(),
      type: 'normal-user',
      password: await hashPassword('bcrypt', password, ''),
      passwordType: 'bcrypt',
      passwordSalt: newSalt(),
      displayName: 'Admin',
      email: 'admin@example.com',
      countryCode: 'US',
      affiliation: 'Example Inc.',
      tag: 'staff',
      score: 2000,
      ranking: 1,
      isAdmin: true,
      signupApplication: BUILT_IN_APPLICATION,
      lastChangePasswordTime: now,
    });
    if (inserted && !options.initAdminPassword) generatedAdminPassword = password;
  }

  await ensure(ctx.repo(application), {
    owner: ADMIN_OWNER,
    name: BUILT_IN_APPLICATION,
    createdTime: now,
    displayName: 'Gatehouse',
    organization: BUILT_IN_ORG,
    cert: BUILT_IN_CERT,
    clientId: randomHex(20),
    clientSecret: randomHex(40),
    tokenFormat: 'JWT',
    tokenSigningMethod: 'RS256',
    expireInHours: 168,
    refreshExpireInHours: 168,
    failedSigninLimit: 5,
    failedSigninFrozenTime: 15,
    grantTypes: ['authorization_code'],
    enablePassword: true,
    enableSignUp: true,
    formOffset: 2,
    // As Casdoor's: the built-in captcha provider, listed with rule None (shown to nobody until chosen).
    providers: [
      {
        name: BUILT_IN_CAPTCHA_PROVIDER,
        canSignUp: false,
        canSignIn: false,
        canUnlink: false,
        prompted: false,
        signupGroup: '',
        rule: 'None',
        countryCodes: [],
      },
    ],
  });

  // The built-in image captcha, shared with every organization (owner admin).
  await ensure(ctx.repo(provider), {
    owner: ADMIN_OWNER,
    name: BUILT_IN_CAPTCHA_PROVIDER,
    createdTime: now,
    displayName: 'Captcha Default',
    category: 'Captcha',
    type: 'Default',
  });

  const certs = ctx.repo(cert);
  if (!(await certs.exists(ADMIN_OWNER, BUILT_IN_CERT))) {
    const keys =
      options.builtInCert ??
      (await generateCert({
        algorithm: 'RS256',
        bitSize: 4096,
        expireInYears: 20,
        commonName: 'Gatehouse Built-in Cert',
        organization: BUILT_IN_ORG,
      }));
    await ensure(certs, {
      owner: ADMIN_OWNER,
      name: BUILT_IN_CERT,
      createdTime: now,
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
  return { generatedAdminPassword };
}
