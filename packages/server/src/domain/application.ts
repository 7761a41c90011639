import {
  ADMIN_OWNER,
  type Application,
  application as applicationDef,
  applicationDefaults,
  isValidRedirectUri,
  listScope,
  nowRfc3339,
  type Organization,
  type RetiredCert,
  randomHex,
  SIGNIN_METHOD_RULES,
  SIGNUP_ITEM_RULES,
  type SigninMethod,
  type SignupItem,
  type Viewer,
} from '@gatehouse/entities';
import type { ServerContext } from '../context.js';
import { parsePastedCertificate, type SigningKeyProblem, signingKeyProblem } from '../crypto/certs.js';
import type { Db } from '../db/database.js';
import type { ListParams } from '../db/list.js';
import type { LooseRecord } from '../db/repository.js';
import { AppError } from '../errors.js';
import { refusal } from './actor.js';
import { certNameOf, certOfApplication } from './cert.js';
import { EntityDomain } from './entity-domain.js';
import { requireOrganization } from './organization.js';
import { maskRecord } from './records.js';

/** Grant types of an application saved without any. */
const DEFAULT_GRANT_TYPES = ['authorization_code'];

/**
 * Numbers an application added without them gets (the values of the console's Add): the field
 * kind's empty value, 0, is below their minimum of 1, and the record could not be saved again.
 */
const NUMBER_FIELDS = [
  'expireInHours',
  'refreshExpireInHours',
  'failedSigninLimit',
  'failedSigninFrozenTime',
  'formOffset',
] as const;

/** The rule of sign-in methods and sign-up items without rule choices of their own. An empty rule means the default. */
const NO_RULE = ['None'];

function checkSigninMethods(methods: SigninMethod[]): void {
  if (methods.length === 0) throw new AppError('signinMethodsEmpty');
  const seen = new Set<string>();
  for (const method of methods) {
    // The row schema already holds the name to SIGNIN_METHODS.
    if (seen.has(method.name)) throw new AppError('signinMethodDuplicate', { name: method.name });
    seen.add(method.name);
    const rules = SIGNIN_METHOD_RULES[method.name] ?? NO_RULE;
    if (method.rule !== '' && !rules.includes(method.rule)) {
      throw new AppError('signinMethodRuleInvalid', { name: method.name, rule: method.rule, rules: rules.join(', ') });
    }
  }
}

function checkSignupItems(items: SignupItem[]): void {
  for (const item of items) {
    if (item.name === 'Password' && !item.required) throw new AppError('signupPasswordOptional');
    const rules = SIGNUP_ITEM_RULES[item.name] ?? NO_RULE;
    if (item.rule !== '' && !rules.includes(item.rule)) {
      throw new AppError('signupItemRuleInvalid', { name: item.name, rule: item.rule, rules: rules.join(', ') });
    }
  }
  if (!items.some((item) => item.name === 'Signup button')) throw new AppError('signupButtonMissing');
}

/**
 * The application's own rules, on every add and update: completes what
 * the server decides (grant types) and refuses inconsistent settings with their messages.
 */
function checkApplication(app: Application): void {
  if (app.enableAutoSignin && !app.enableSigninSession) throw new AppError('autoSigninNeedsSession');
  checkSigninMethods(app.signinMethods);
  checkSignupItems(app.signupItems);
  for (const uri of app.redirectUris) {
    if (!isValidRedirectUri(uri)) throw new AppError('redirectUriInvalid', { uri });
  }
  // An unreadable SP certificate would silently stop requiring signed SAML requests.
  if (app.samlSpCert.trim() && !parsePastedCertificate(app.samlSpCert)) throw new AppError('samlSpCertInvalid');
  if (app.grantTypes.length === 0) app.grantTypes = [...DEFAULT_GRANT_TYPES];
}

/**
 * The provider rows naming a provider the application can use (on save, the rows are filtered to
 * providers that exist): one of its organization, or a shared one of
 * `admin`, as the sign-in pages look them up. Rows naming nothing else are dropped, in order.
 */
async function keepExistingProviders(trx: Db, app: Application): Promise<void> {
  const rows = app.providers;
  if (rows.length === 0) return;
  const names = [...new Set(rows.map((row) => row.name).filter((name) => name !== ''))];
  const found =
    names.length === 0
      ? []
      : await trx
          .selectFrom('provider')
          .select('name')
          .where('name', 'in', names)
          .where('owner', 'in', [...new Set([app.organization, ADMIN_OWNER])])
          .execute();
  const existing = new Set(found.map((row) => row.name));
  app.providers = rows.filter((row) => existing.has(row.name));
}

const SIGNING_KEY_MESSAGES = {
  noPrivateKey: 'applicationCertNoPrivateKey',
  privateKeyUnreadable: 'applicationCertNoPrivateKey',
  wrongKeyType: 'applicationCertWrongKey',
} as const satisfies Record<SigningKeyProblem, string>;

/**
 * The application's cert must exist (its organization's or a shared one) and hold a private key
 * that signs with the application's token signing method: otherwise every token, SAML response
 * and CAS answer of the application would fail later.
 */
async function checkSigningCert(server: ServerContext, trx: Db, app: Application): Promise<void> {
  const name = certNameOf(app);
  const cert = await certOfApplication(server, app, trx);
  if (!cert) throw new AppError('applicationCertMissing', { cert: name });
  const algorithm = app.tokenSigningMethod || 'RS256';
  const problem = signingKeyProblem(cert.privateKey, algorithm);
  if (problem) throw new AppError(SIGNING_KEY_MESSAGES[problem], { cert: name, algorithm });
}

/** Client credentials are generated by the server: a 20-hex-digit id and a 40-hex-digit secret. */
export const applications = new EntityDomain(applicationDef, {
  beforeAdd: async ({ trx, server }, app, provided) => {
    await requireOrganization(server, app.organization, trx);
    const defaults = applicationDefaults();
    for (const field of NUMBER_FIELDS) if (!provided.has(field)) app[field] = defaults[field];
    checkApplication(app);
    await checkSigningCert(server, trx, app);
    await keepExistingProviders(trx, app);
    if (!app.clientId) app.clientId = randomHex(20);
    if (!app.clientSecret) app.clientSecret = randomHex(40);
  },
  beforeUpdate: async ({ trx, server }, before, next) => {
    if (next.organization !== before.organization) await requireOrganization(server, next.organization, trx);
    checkApplication(next);
    await checkSigningCert(server, trx, next);
    await keepExistingProviders(trx, next);
    next.retiredCerts = await retiredCertsAfter(server, trx, before, next);
  },
});

/**
 * The certs an application's key set keeps after an update: when it signs with another cert from
 * now on, the one it used is kept until the last token it signed expires (expireInHours from now),
 * so that relying parties reading the application's JWKS still verify those tokens; a cert it
 * returns to, and those past their time, leave the list. Kept as cert ids (owner/name).
 */
async function retiredCertsAfter(server: ServerContext, trx: Db, before: Application, next: Application): Promise<RetiredCert[]> {
  const [previous, current] = await Promise.all([certOfApplication(server, before, trx), certOfApplication(server, next, trx)]);
  const idOf = (cert: { owner: string; name: string }) => `${cert.owner}/${cert.name}`;
  const now = nowRfc3339();
  const kept = before.retiredCerts.filter((entry) => entry.until > now && (!current || entry.cert !== idOf(current)));
  if (!previous || (current && idOf(previous) === idOf(current))) return kept;
  const until = nowRfc3339(new Date(Date.now() + Math.max(1, before.expireInHours) * 3600_000));
  return [...kept.filter((entry) => entry.cert !== idOf(previous)), { cert: idOf(previous), until }].slice(-20);
}

/** The application named `name` (applications are owned by `admin`), if any. */
/**
 * The application named `name`. Outside a transaction it is read from the record cache (frozen:
 * change a copy); inside one, from the transaction, which may have changed it.
 */
export function applicationByName(server: ServerContext, name: string, trx?: Db): Promise<Application | undefined> {
  const repo = server.repo(applicationDef);
  if (trx) return repo.get(ADMIN_OWNER, name, trx);
  const caches = server.services.recordCaches;
  return caches.applications.get(name, () => repo.get(ADMIN_OWNER, name), caches.trusted());
}

/** The application whose client id is `clientId`, if any (from the record cache, frozen). */
export function applicationByClientId(server: ServerContext, clientId: string): Promise<Application | undefined> {
  if (!clientId) return Promise.resolve(undefined);
  const caches = server.services.recordCaches;
  return caches.clients.get(clientId, () => server.repo(applicationDef).findBy('clientId', clientId), caches.trusted());
}

/** The origin (scheme://host:port) of an http(s) URL, or null. */
function httpOrigin(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * Whether `origin` is the origin of a redirect URI of some application: the sites the server sends
 * authorization codes to, whose pages may read its answers from the browser (CORS; from the record
 * cache, emptied with every application write).
 */
export async function isRedirectOrigin(server: ServerContext, origin: string): Promise<boolean> {
  const caches = server.services.recordCaches;
  const known = await caches.redirectOrigins.get(
    'all',
    async () => {
      const rows = await server.database.db.selectFrom('application').select('redirectUris').execute();
      const origins = new Set(rows.flatMap((row) => row.redirectUris.flatMap((uri) => httpOrigin(uri) ?? [])));
      return { origins: [...origins] };
    },
    caches.trusted(),
  );
  return known?.origins.includes(origin) ?? false;
}

/**
 * The organization's default application (Casdoor's rule): the one it names if it exists, else its
 * oldest application that allows sign-up, else its oldest application.
 */
export async function defaultApplicationOf(server: ServerContext, org: Organization): Promise<Application | undefined> {
  if (org.defaultApplication) {
    const named = await applicationByName(server, org.defaultApplication);
    if (named) return named;
  }
  const apps = await server.database.db
    .selectFrom('application')
    .selectAll()
    .where('owner', '=', ADMIN_OWNER)
    .where('organization', '=', org.name)
    .orderBy('createdTime', 'asc')
    .orderBy('name', 'asc')
    .execute();
  return apps.find((app) => app.enableSignUp) ?? apps[0];
}

/**
 * The applications of an organization as its members read them (secrets masked), one page:
 * GET /api/get-organization-applications, the app launcher's list. Members see their own
 * organization's; global admins any.
 */
export async function organizationApplications(
  server: ServerContext,
  viewer: Viewer | null,
  params: ListParams,
): Promise<{ records: LooseRecord[]; total: number | null }> {
  if (!viewer) throw refusal(null);
  const scope = listScope(viewer, params.organization);
  if (scope === null) throw refusal(viewer);
  const { records, total } = await server.repo(applicationDef).list(params, scope);
  return { records: records.map((record) => maskRecord(applicationDef, record, viewer)), total };
}
