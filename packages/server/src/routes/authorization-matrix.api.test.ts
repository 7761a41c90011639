import {
  application as applicationDef,
  DEFINITIONS,
  type EntityDefinition,
  entityByName,
  isReadOnly,
  keyFieldOf,
  nowRfc3339,
  organization as organizationDef,
  randomId,
  record as recordDef,
  verification as verificationDef,
  webhook as webhookDef,
} from '@gatehouse/entities';
import { beforeAll, expect, it } from 'vitest';
import { definitionHtml } from '../domain/application-definition.js';
import { writeSheet } from '../integrations/sheets/xlsx.js';
import { signedInAdmin } from '../test-support/accounts.js';
import {
  A_REDIRECT_URI,
  deletableName,
  type MatrixFixture,
  type MatrixRequest,
  mayOnTarget,
  ORG_A,
  ORG_B,
  type Outcome,
  PRIVATE_MARK,
  ROLES,
  type Role,
  type RoutePolicy,
  targetId,
  targetName,
  targetOwner,
  VIEWERS,
  WEBHOOK_EVENT,
} from '../test-support/authorization-matrix.js';
import { allRoutePolicies } from '../test-support/authorization-matrix-routes.js';
import { ApiClient } from '../test-support/client.js';
import { plantUserSecrets, SERVER_WRITTEN_SECRETS } from '../test-support/planted-secrets.js';
import { ADMIN_PASSWORD } from '../test-support/server.js';
import { describeEachDatabase, fullSizeEngine } from '../test-support/suite.js';

type Json = Record<string, unknown>;

/** Refusals for who is calling: the generic ones and the routes' own (a member's permission, another organization's upload or purchase, another user's consent). */
const DENIALS = new Set([
  'pleaseLogin',
  'unauthorized',
  'permissionNotSubmitter',
  'uploadOtherOrganization',
  'purchaseOtherOrganization',
  'consentOtherUser',
  // A browser's cookie may not sign out of everything with a GET (any page's image could).
  'ssoLogoutNeedsPost',
]);

const PASSWORDS: Record<'member' | 'otherAdmin' | 'orgAdmin' | 'globalAdmin', [string, string, string]> = {
  member: ['worker', 'Worker-Pass-7q', ORG_A],
  otherAdmin: ['boss', 'Other-Boss-Pass-7q', ORG_B],
  orgAdmin: ['boss', 'Boss-Pass-7q', ORG_A],
  globalAdmin: ['admin', ADMIN_PASSWORD, 'built-in'],
};
const ADMIN_VIEWER = { owner: 'built-in', name: 'admin', level: 'globalAdmin' as const };
const TARGET_USER_PASSWORD = 'Target-Plain-Pass-4k';

/** Secrets planted in organization A (and the built-in ones), each with the callers who may see it. */
interface Secret {
  label: string;
  value: string;
  visibleTo: ReadonlySet<Role>;
}

interface Answer {
  http: number;
  text: string;
  status?: string;
  code?: string;
  data?: unknown;
}

function isDenied(answer: Answer): boolean {
  if (answer.http === 401 || answer.http === 403) return true;
  // A spreadsheet upload names the row refused.
  if (answer.code === 'usersUploadRow' && answer.text.includes('Unauthorized operation')) return true;
  return answer.status === 'error' && DENIALS.has(answer.code ?? '');
}

function meets(outcome: Outcome, answer: Answer): boolean {
  switch (outcome) {
    case 'open':
      return true;
    case 'deny':
      return isDenied(answer);
    case 'pass':
      return !isDenied(answer);
    case 'ok':
      return answer.http < 300 && (answer.status === undefined || answer.status === 'ok');
  }
}

/** Callers who may see a secret of A's `entity` target: whoever may update it. */
function editors(entity: string): Set<Role> {
  const def = entityByName(entity);
  if (!def) throw new Error(`no entity ${entity}`);
  return new Set(ROLES.filter((role) => mayOnTarget(def, 'update', role)));
}

const markOf = (def: EntityDefinition) => `${PRIVATE_MARK}-${def.name}-MARK`;
/** Where the mark goes in records without a display name. */
const MARK_FIELDS: Record<string, string> = {
  resource: 'description',
  record: 'object',
  adapter: 'host',
  token: 'scope',
  verification: 'receiver',
  syncer: 'database',
  ldap: 'serverName',
};
/** Entities whose target carries a private mark: those not everyone may read. */
const MARKED = DEFINITIONS.filter((def) => !def.view && def.access.read !== 'anyone' && def.orgField !== 'name');

/**
 * The authorization matrix (issue 15): every route of the server's route table, called as each kind
 * of caller, aimed at organization A's records, and checked against the expected table
 * (test-support/authorization-matrix.ts and authorization-matrix-routes.ts). Besides each answer's
 * class, no answer may carry a secret planted in A (or a built-in one) to a caller who may not edit
 * its record, nor the private mark of a record to a caller who may not read it; refused writes
 * change nothing.
 */
describeEachDatabase('authorization matrix', (server, engine) => {
  /** Every route on the full-size engine; every fourth route, the same ones each run, on the others. */
  const fullSize = engine === fullSizeEngine();
  const sampled = <T>(list: T[]): T[] => (fullSize ? list : list.filter((_, index) => index % 4 === 0));
  const policies = allRoutePolicies();
  const sessions = new Map<Role, string>();
  const credentials: Partial<Record<Role, Record<string, string>>> = {};
  const secrets: Secret[] = [];
  const targets: Record<string, Json> = {};
  const sheets = new Map<string, Uint8Array>();
  let admin: ApiClient;
  let fixture: MatrixFixture;
  const failures: string[] = [];
  /** The secrets and marks some answer carried (to whoever may see them): the checks are not vacuous. */
  const seen = new Set<string>();
  let checks = 0;

  const newRecord = (def: EntityDefinition, role: Role, name: string): Json => {
    const base: Json = def.newRecord({ organization: ORG_A, viewer: ADMIN_VIEWER, random: randomId, now: nowRfc3339 });
    const out: Json = { ...base, owner: targetOwner(def), [keyFieldOf(def)]: name };
    if (def.orgField === 'organization') out.organization = ORG_A;
    if (def.name === 'cert') out.bitSize = 2048;
    if (def.name === 'organization') out.owner = 'admin';
    if (role !== 'globalAdmin' && def.name === 'application') out.clientId = randomId(20);
    // Fields the caller may not set are left to their defaults (a permission's state).
    const viewer = VIEWERS[role];
    for (const [key, field] of Object.entries(def.fields)) {
      if (key === 'owner' || key === keyFieldOf(def) || key === def.orgField) continue;
      if (viewer && field.editable && !field.editable({ viewer, record: out, next: out, adding: true })) delete out[key];
    }
    return out;
  };

  async function login(role: keyof typeof PASSWORDS): Promise<string> {
    const client = new ApiClient(server().url);
    const [name, password, org] = PASSWORDS[role];
    const answer = await client.login(name, password, org);
    expect(answer.status, `${role} signs in: ${answer.msg}`).toBe('ok');
    return client.sessionCookie;
  }

  async function call(
    role: Role,
    method: string,
    path: string,
    request: MatrixRequest,
    cookie = sessions.get(role),
  ): Promise<Answer> {
    const client = new ApiClient(server().url);
    const headers: Record<string, string> = {};
    if (cookie) headers.cookie = cookie;
    let payload: string | FormData | undefined;
    if (request.file) {
      const form = new FormData();
      const content = request.file.content;
      const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : content;
      form.append('file', new Blob([new Uint8Array(bytes)], { type: request.file.type }), request.file.name);
      payload = form;
    } else if (request.body !== undefined) {
      payload = JSON.stringify(request.body);
      headers['content-type'] = 'application/json';
    }
    const response = await client.raw(method, request.path ?? path, {
      query: { ...request.query, ...credentials[role] },
      body: payload,
      headers,
    });
    const type = response.headers.get('content-type') ?? '';
    const raw = new Uint8Array(await response.arrayBuffer());
    const text = new TextDecoder().decode(raw);
    const answer: Answer = { http: response.status, text };
    if (type.includes('json')) {
      try {
        const parsed: unknown = JSON.parse(text);
        if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
          const envelope: Json = { ...parsed };
          if (typeof envelope.status === 'string') answer.status = envelope.status;
          if (typeof envelope.code === 'string') answer.code = envelope.code;
          answer.data = envelope.data;
        }
      } catch {
        // Not JSON after all: judged by its HTTP status.
      }
    }
    return answer;
  }

  /** One route as one caller: the answer's class, then the leak checks. */
  async function check(route: string, policy: RoutePolicy, role: Role, cookie?: string): Promise<Answer> {
    const [method = 'GET', path = '/'] = route.split(' ');
    const answer = await call(role, method, path, policy.request(fixture, role), cookie ?? sessions.get(role));
    checks++;
    const outcome = policy.expect[role];
    if (!meets(outcome, answer)) {
      failures.push(
        `${route} as ${role}: expected ${outcome}, got HTTP ${answer.http} ${answer.status ?? ''} ${answer.code ?? ''} ${answer.text.slice(0, 160)}`,
      );
    }
    for (const secret of secrets) {
      if (!answer.text.includes(secret.value)) continue;
      seen.add(secret.label);
      if (!secret.visibleTo.has(role)) failures.push(`${route} as ${role}: the answer holds ${secret.label}`);
    }
    for (const def of MARKED) {
      if (!answer.text.includes(markOf(def))) continue;
      seen.add(markOf(def));
      if (!mayOnTarget(def, 'read', role)) {
        failures.push(`${route} as ${role}: the answer shows A's ${def.name} ${targetName(def)}, which ${role} may not read`);
      }
    }
    return answer;
  }

  async function inBatches<T>(items: T[], size: number, work: (item: T) => Promise<unknown>) {
    for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(work));
  }

  async function readAsAdmin(def: EntityDefinition, id: string): Promise<Json | null> {
    const answer = await admin.get(`/api/get-${def.name}`, { id });
    if (answer.status !== 'ok' || !answer.data || typeof answer.data !== 'object') return null;
    return { ...answer.data };
  }

  /** Deliveries of A's webhook: one the calls read and replay, one per caller to delete; the payload carries the webhook's mark. */
  async function insertWebhookEvents() {
    const now = nowRfc3339();
    const names = [WEBHOOK_EVENT, ...ROLES.map((role) => `${WEBHOOK_EVENT}-${role}`.toLowerCase())];
    await server()
      .ctx.database.db.insertInto('webhookEvent')
      .values(
        names.map((name) => ({
          owner: 'admin',
          name,
          createdTime: now,
          updatedTime: now,
          webhook: 'admin/mx-webhook',
          organization: ORG_A,
          eventType: 'add-user',
          state: 'Failed',
          payload: JSON.stringify({ note: markOf(webhookDef) }),
          extendedUser: '',
          attemptCount: 1,
          maxRetries: 0,
          nextRetryTime: '',
          lastStatusCode: 0,
          lastResponse: '',
          lastError: '',
          dueAt: 0,
          leaseUntil: 0,
          leaseId: '',
        })),
      )
      .execute();
  }

  beforeAll(async () => {
    admin = await signedInAdmin(server().url);
    sessions.set('globalAdmin', admin.sessionCookie);
    const added = async (path: string, payload: Json) => {
      const answer = await admin.post(path, payload);
      expect(answer.status, `${path} ${JSON.stringify(payload).slice(0, 200)}: ${answer.msg}`).toBe('ok');
    };
    for (const org of [ORG_A, ORG_B]) {
      await added('/api/add-organization', {
        owner: 'admin',
        name: org,
        displayName: org,
        isProfilePublic: false,
        masterPassword: `${org}-master-password-secret`,
        defaultPassword: `${org}-default-password-secret`,
        passwordObfuscatorKey: '',
      });
    }
    await added('/api/add-user', { owner: ORG_A, name: 'boss', isAdmin: true, password: PASSWORDS.orgAdmin[1] });
    await added('/api/add-user', { owner: ORG_A, name: 'worker', password: PASSWORDS.member[1] });
    await added('/api/add-user', { owner: ORG_B, name: 'boss', isAdmin: true, password: PASSWORDS.otherAdmin[1] });
    for (const role of ['member', 'otherAdmin', 'orgAdmin'] as const) sessions.set(role, await login(role));
    await insertWebhookEvents();
    await added('/api/add-user-keys', { owner: ORG_A, name: 'worker' });

    // One target record of every entity in A, its secrets set and its private mark in its display name.
    const planted: Record<string, Json> = {
      user: { password: TARGET_USER_PASSWORD, groups: [`${ORG_A}/mx-group`] },
      provider: { clientSecret: 'mx-provider-client-secret', clientSecret2: 'mx-provider-client-secret-2' },
      syncer: { password: 'mx-syncer-db-password', sshPassword: 'mx-syncer-ssh-password' },
      adapter: {
        useSameDb: false,
        type: 'Database',
        databaseType: 'mysql',
        port: 9,
        user: 'root',
        database: 'casbin',
        password: 'mx-adapter-db-password',
      },
      ldap: { password: 'mx-ldap-bind-password' },
      // An organization administrator's write keeps a webhook to its organization (domain/webhook.ts): set from the start, the callers' updates change nothing.
      webhook: { secret: 'mx-webhook-signing-secret', singleOrgOnly: true },
      permission: { users: [`${ORG_A}/mx-user`] },
      payment: { user: 'admin' },
      application: { redirectUris: [A_REDIRECT_URI] },
    };
    for (const def of DEFINITIONS) {
      if (def.view || def.name === 'organization') continue;
      const body: Json = { ...newRecord(def, 'globalAdmin', targetName(def)), ...planted[def.name] };
      if (MARKED.includes(def)) body[MARK_FIELDS[def.name] ?? 'displayName'] = markOf(def);
      if (isReadOnly(def.access)) {
        const full: Json = {};
        for (const [key, field] of Object.entries(def.fields)) full[key] = key in body ? body[key] : field.empty();
        if (def === recordDef || def === verificationDef)
          await server()
            .ctx.repo(def)
            .insert({ ...full, createdTime: nowRfc3339() });
        continue;
      }
      await added(`/api/add-${def.name}`, body);
    }
    // A session of the target user (the session calls aim at it), who then gets the secrets only the
    // MFA and passkey calls write (planted-secrets.ts, the same the protocol tests plant).
    expect((await new ApiClient(server().url).login('mx-user', TARGET_USER_PASSWORD, ORG_A)).status).toBe('ok');
    await plantUserSecrets(server(), ORG_A, 'mx-user', true);
    for (const def of DEFINITIONS) {
      if (def.view) continue;
      const read = await readAsAdmin(def, targetId(def));
      expect(read, `A's ${def.name} ${targetId(def)} reads back`).not.toBeNull();
      if (read) targets[def.name] = read;
    }

    // The callers by credentials: A's application (client id and secret) and the member's key pair.
    const app = targets.application ?? {};
    credentials.apiClient = { clientId: String(app.clientId), clientSecret: String(app.clientSecret) };
    const [worker] = await server()
      .ctx.database.db.selectFrom('user')
      .select(['accessKey', 'accessSecret'])
      .where('owner', '=', ORG_A)
      .where('name', '=', 'worker')
      .execute();
    credentials.accessKey = { accessKey: String(worker?.accessKey), accessSecret: String(worker?.accessSecret) };

    // The secrets no answer may carry to a caller who may not edit their record.
    const nobody = new Set<Role>();
    const secretOf = (label: string, value: unknown, visibleTo: Set<Role>) => {
      if (typeof value === 'string' && value.length >= 8 && value !== '***') secrets.push({ label, value, visibleTo });
    };
    const hashes = await server()
      .ctx.database.db.selectFrom('user')
      .select(['owner', 'name', 'password', 'passwordSalt'])
      .where('owner', 'in', [ORG_A, ORG_B, 'built-in'])
      .execute();
    for (const row of hashes) {
      secretOf(`the password hash of ${row.owner}/${row.name}`, row.password, nobody);
      secretOf(`the password salt of ${row.owner}/${row.name}`, row.passwordSalt, nobody);
    }
    for (const [, password] of Object.values(PASSWORDS)) secretOf('a plaintext password', password, nobody);
    secretOf('the target user plaintext password', TARGET_USER_PASSWORD, nobody);
    for (const [label, { value, readers }] of Object.entries(SERVER_WRITTEN_SECRETS))
      secretOf(`the target user's ${label}`, value, readers === 'nobody' ? nobody : editors('user'));
    secretOf(
      "the member's access secret",
      worker?.accessSecret,
      new Set(['member', 'accessKey', 'orgAdmin', 'globalAdmin', 'apiClient']),
    );
    const secretFields: [string, string][] = [
      ['application', 'clientSecret'],
      ['provider', 'clientSecret'],
      ['provider', 'clientSecret2'],
      ['syncer', 'password'],
      ['syncer', 'sshPassword'],
      ['adapter', 'password'],
      ['ldap', 'password'],
      ['webhook', 'secret'],
      ['organization', 'masterPassword'],
      ['organization', 'defaultPassword'],
    ];
    for (const [entity, field] of secretFields) secretOf(`A's ${entity} ${field}`, targets[entity]?.[field], editors(entity));
    // A line from the middle of the key: private numbers (its first lines hold the public modulus).
    const pemLine = (pem: unknown) => {
      const lines = typeof pem === 'string' ? pem.trim().split('\n') : [];
      return lines[Math.floor(lines.length / 2)] ?? '';
    };
    secretOf("A's cert private key", pemLine(targets.cert?.privateKey), editors('cert'));
    const builtIn = await server()
      .ctx.database.db.selectFrom('application')
      .select(['name', 'clientSecret'])
      .where('organization', '=', 'built-in')
      .execute();
    for (const row of builtIn)
      secretOf(`built-in application ${row.name}'s client secret`, row.clientSecret, new Set(['globalAdmin']));
    const certs = await server().ctx.database.db.selectFrom('cert').select(['owner', 'name', 'privateKey']).execute();
    for (const row of certs) {
      if (row.owner === ORG_A) continue;
      secretOf(`cert ${row.owner}/${row.name}'s private key`, pemLine(row.privateKey), new Set(['globalAdmin']));
    }
    const otherOrg = await readAsAdmin(organizationDef, `admin/${ORG_B}`);
    secretOf("B's master password", otherOrg?.masterPassword, new Set(['otherAdmin', 'globalAdmin']));

    fixture = {
      targets,
      newRecord: (def, role) => newRecord(def, role, deletableName(def, role)),
      applicationFile: (role) => {
        const app = newRecord(applicationDef, role, deletableName(applicationDef, role));
        return definitionHtml({ ...app, name: `mx-upload-app-${role}`.toLowerCase() });
      },
      sheet: (kind, role) => sheets.get(`${kind}/${role}`) ?? new Uint8Array(),
    };
    for (const kind of ['users', 'roles', 'permissions'] as const) {
      for (const role of ROLES) {
        const name = `mx-sheet-${kind}-${role}`.toLowerCase();
        const users = kind === 'permissions' ? [JSON.stringify([`${ORG_A}/mx-user`])] : [];
        const headers = ['owner', 'name', 'displayName', ...(users.length > 0 ? ['users'] : [])];
        sheets.set(`${kind}/${role}`, await writeSheet(kind, headers, [[ORG_A, name, name, ...users]]));
      }
    }
  });

  it('has a row in the expected table for every route, and a route for every row', () => {
    const registered = new Set(server().routes.map((r) => `${r.method} ${r.url}`));
    const missing = [...registered].filter((route) => !(route in policies));
    const gone = Object.keys(policies).filter((route) => !registered.has(route));
    expect(missing, 'routes the server answers without a row in test-support/authorization-matrix-routes.ts').toEqual([]);
    expect(gone, 'rows of the authorization matrix without a route').toEqual([]);
  });

  it('never expects a caller outside organization A to change its records (the rows derived from the rules are checked against the invariant, not only against the rules)', () => {
    const writes = Object.entries(policies).filter(([route]) => /^POST \/api\/(add|update|delete)-/.test(route));
    expect(writes.length).toBeGreaterThan(50);
    const wrong = writes
      .filter(([, policy]) => policy.expect.anonymous !== 'deny' || policy.expect.otherAdmin !== 'deny')
      .map(([route]) => route);
    expect(wrong).toEqual([]);
  });

  it('answers every route as every caller as the table says, leaking nothing', async () => {
    const routes = Object.entries(policies);
    const deletes = routes.filter(([route]) => /^POST \/api\/delete-/.test(route) && isGeneric(route));
    const own = routes.filter(([, p]) => p.ownSession);
    const first = sampled(routes.filter(([route, p]) => !p.ownSession && !deletes.some(([d]) => d === route)));
    const pairs = (list: [string, RoutePolicy][]) =>
      list.flatMap(([route, policy]) => ROLES.map((role) => ({ route, policy, role })));

    const started = Date.now();
    await inBatches(pairs(first), 12, ({ route, policy, role }) => check(route, policy, role));

    // Deletes: a caller allowed to delete deletes a record made for it (its own add, or the global admin's).
    for (const def of DEFINITIONS) {
      if (def.view || isReadOnly(def.access)) continue;
      for (const role of ROLES) {
        if (!mayOnTarget(def, 'delete', role)) continue;
        const name = deletableName(def, role);
        if (await readAsAdmin(def, `${targetOwner(def)}/${name}`)) continue;
        const body = newRecord(def, 'globalAdmin', name);
        const answer = await admin.post(`/api/add-${def.name}`, body);
        expect(answer.status, `the global admin adds ${def.name} ${name} for ${role} to delete: ${answer.msg}`).toBe('ok');
      }
    }
    await inBatches(pairs(sampled(deletes)), 12, ({ route, policy, role }) => check(route, policy, role));

    // Calls that end the caller's session run with sessions of their own.
    for (const { route, policy, role } of pairs(own)) {
      const cookie = role in PASSWORDS ? await login(role as keyof typeof PASSWORDS) : undefined;
      await check(route, policy, role, cookie);
    }

    // Refused writes changed nothing: A's targets are there, as they were; refused adds added nothing.
    for (const def of DEFINITIONS) {
      if (def.view) continue;
      const now = await readAsAdmin(def, targetId(def));
      if (!now) {
        failures.push(`A's ${def.name} ${targetId(def)} is gone`);
        continue;
      }
      const before = targets[def.name] ?? {};
      for (const field of ['displayName', 'description', 'tag', 'remark']) {
        if (field in before && now[field] !== before[field] && !(def.name === 'user' && field === 'tag')) {
          failures.push(`A's ${def.name} ${field} changed from ${String(before[field])} to ${String(now[field])}`);
        }
      }
      for (const role of ROLES) {
        if (mayOnTarget(def, 'create', role) || isReadOnly(def.access)) continue;
        if (mayOnTarget(def, 'delete', role)) continue;
        if (await readAsAdmin(def, `${targetOwner(def)}/${deletableName(def, role)}`)) {
          failures.push(`${role} added ${def.name} ${deletableName(def, role)} although refused`);
        }
      }
    }

    const routeCount = first.length + sampled(deletes).length + own.length;
    console.log(
      `authorization matrix [${server().engine}]: ${routeCount}${fullSize ? '' : ` of ${Object.keys(policies).length}`} routes x ${ROLES.length} callers = ${checks} calls checked` +
        ` (${Object.values(policies).filter((p) => p.group === 'api').length} API, ${Object.values(policies).filter((p) => p.group === 'protocol').length} protocol), ${secrets.length} secrets planted, ${Date.now() - started} ms`,
    );
    expect(failures).toEqual([]);
    // Every planted secret is shown to someone who may see it: a check of the full table only.
    if (fullSize) {
      const planted = [...MARKED.map(markOf), ...secrets.filter((s) => s.label.startsWith("A's")).map((s) => s.label)];
      expect(
        planted.filter((label) => !seen.has(label)),
        'secrets and marks no answer showed even to who may see them',
      ).toEqual([]);
    }
    expect(checks).toBe(routeCount * ROLES.length);
  }, 120_000);

  function isGeneric(route: string): boolean {
    return DEFINITIONS.some((def) => !def.view && route === `POST /api/delete-${def.name}`);
  }
});
