/**
 * `npm run bench`: Gatehouse under load, each scenario beside its ceiling measured in the same run.
 * The database (SQLite in a temporary folder, or BENCH_DATABASE_URL) is filled by the bulk
 * generator with BENCH_USERS users (default 1,000,000), the built server starts on a loopback
 * port, and autocannon drives each scenario for BENCH_SECONDS (default 8). Ceilings: a Fastify
 * hello-world in a process of its own, raw RS256 signatures and raw password checks on every
 * core (ceilings.ts); node-oidc-provider runs beside it as a reference (reference.ts).
 * Prints one markdown table.
 */
import os from 'node:os';
import type autocannon from 'autocannon';
import { helloWorld, passwordChecksPerSecond, signsPerSecond } from './ceilings.js';
import {
  Admin,
  AUTHZ_ORG,
  authnRequest,
  authzSetup,
  BASE,
  benchDatabase,
  CAS_SERVICE,
  enforceTimes,
  FORM,
  generateUsers,
  oauthSetup,
  POLICY_ROWS,
  PORT,
  ROLES,
  residentMegabytes,
  startGatehouse,
} from './gatehouse.js';
import { CONNECTIONS, DURATION, type Measured, measure, stop } from './load.js';
import { measureReference } from './reference.js';

const USERS = Number(process.env.BENCH_USERS ?? 1_000_000);
/** Only the scenarios whose name matches (case-blind), for a quick before/after of a few: BENCH_ONLY='introspection|SAML'. */
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, 'i') : null;
const chosen = (name: string) => !ONLY || ONLY.test(name);

interface Ceiling {
  name: string;
  rate: number;
}

interface Row {
  scenario: string;
  measured?: Measured;
  ceiling?: Ceiling;
  /** Why there is no figure (a scenario that failed its probe), or what to read beside it. */
  note?: string;
}

interface Scenario {
  name: string;
  path: string;
  method?: 'GET' | 'POST';
  body?: string;
  headers?: Record<string, string>;
  /** A text the answer holds when the call did what the scenario says (probed once before the load). */
  expect?: string;
  requests?: autocannon.Request[];
  note?: string;
}

/** Calls the scenario once and answers what is wrong with its answer, if anything. */
async function probe(s: Scenario): Promise<string | undefined> {
  const res = await fetch(`${BASE}${s.path}`, { method: s.method ?? 'GET', headers: s.headers, body: s.body });
  const text = await res.text();
  if (!res.ok) return `HTTP ${res.status}: ${text.slice(0, 200)}`;
  const expected = s.expect ?? '"status":"ok"';
  return text.includes(expected) ? undefined : `answer lacks ${expected}: ${text.slice(0, 200)}`;
}

/**
 * Waits until the server answers health within 50 ms: calls of the previous scenario that were
 * still queued when its load stopped (a slow query's backlog) must not count against the next.
 * Answers the seconds it waited.
 */
async function settle(): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < 120_000) {
    const t = performance.now();
    try {
      await (await fetch(`${BASE}/api/health`)).arrayBuffer();
      if (performance.now() - t < 50) break;
    } catch {
      // A kept-alive connection the server closed meanwhile: ask again on a new one.
    }
  }
  return (performance.now() - started) / 1000;
}

async function run(s: Scenario, ceiling?: Ceiling): Promise<Row> {
  if (!chosen(s.name)) return { scenario: s.name, ceiling, note: 'not measured: BENCH_ONLY' };
  const waited = await settle();
  if (waited > 2) console.log(`    (the server was busy for ${waited.toFixed(0)} s with the previous scenario's backlog)`);
  if (!s.requests) {
    const problem = await probe(s);
    if (problem) return { scenario: s.name, ceiling, note: `FAILED: ${problem}` };
  }
  try {
    const measured = await measure({ url: `${BASE}${s.path}`, ...s });
    console.log(`    ${measured.rate}/s, p50 ${measured.p50} ms, p99 ${measured.p99} ms, ${measured.errors} errors`);
    return { scenario: s.name, measured, ceiling, note: s.note };
  } catch (error) {
    return { scenario: s.name, ceiling, note: `FAILED: ${String(error)}` };
  }
}

const int = (n: number) => Math.round(n).toLocaleString('en-US');

function table(rows: Row[]): string {
  const lines = [
    '| scenario | req/s | p50 ms | p99 ms | errors | ceiling | ceiling/s | ratio |',
    '| --- | ---: | ---: | ---: | ---: | --- | ---: | ---: |',
  ];
  for (const { scenario, measured: m, ceiling: c, note } of rows) {
    const ratio = m && c ? `${Math.round((100 * m.rate) / c.rate)} %` : '';
    const name = note ? `${scenario} (${note})` : scenario;
    lines.push(
      `| ${name} | ${m ? int(m.rate) : '—'} | ${m?.p50 ?? ''} | ${m?.p99 ?? ''} | ${m?.errors ?? ''} | ${c?.name ?? ''} | ${c ? int(c.rate) : ''} | ${ratio} |`,
    );
  }
  return lines.join('\n');
}

async function main() {
  const target = benchDatabase();
  console.log(`generating ${int(USERS)} users over 20 organizations (${target.engine})...`);
  const generation = await generateUsers(target, USERS);
  console.log(`generated in ${generation.toFixed(1)} s`);
  const server = await startGatehouse(target);
  const rows: Row[] = [];
  const notes: string[] = [];
  try {
    const idleRss = residentMegabytes(server);
    const admin = await Admin.signIn();
    const oauth = await oauthSetup(admin);
    const user = await Admin.signIn('bench-oauth', 'bench-oauth-pass');
    console.log(`adding ${ROLES} roles and ${ROLES} permissions (${int(POLICY_ROWS)} policy rows)...`);
    const authz = await authzSetup(admin, USERS);
    const enforceBody = JSON.stringify([authz.user, authz.resource, 'Read']);

    console.log('measuring the Fastify hello-world ceiling...');
    const hello = await helloWorld(PORT + 1);
    const helloCeiling = { name: 'Fastify hello-world', rate: hello.rate };
    rows.push({ scenario: 'Fastify hello-world (the ceiling)', measured: hello });

    const session = { cookie: admin.cookie };
    const json = { 'content-type': 'application/json', origin: BASE, cookie: admin.cookie };
    const secretOf = (app: { clientId: string; clientSecret: string }) => ({
      client_id: app.clientId,
      client_secret: app.clientSecret,
    });
    const pipeline: Scenario[] = [
      { name: 'health (no auth)', path: '/api/health' },
      { name: 'get-account', path: '/api/get-account', headers: session },
      {
        name: 'userinfo',
        path: '/api/userinfo',
        headers: { authorization: `Bearer ${oauth.accessToken}` },
        expect: '"sub"',
      },
      {
        name: 'introspection',
        method: 'POST',
        path: '/api/login/oauth/introspect',
        headers: FORM,
        body: new URLSearchParams({ token: oauth.accessToken, ...secretOf(oauth.app2048) }).toString(),
        expect: '"active":true',
      },
      { name: `users page 1 (all orgs, newest first)`, path: '/api/get-users?owner=&p=1&pageSize=10', headers: session },
      {
        name: 'users sorted by name (all orgs)',
        path: '/api/get-users?owner=&p=1&pageSize=10&sortField=name&sortOrder=ascend',
        headers: session,
      },
      {
        name: 'users page 5 of one org by createdTime desc',
        path: '/api/get-users?owner=bench-org-3&p=5&pageSize=10&sortField=createdTime&sortOrder=descend',
        headers: session,
      },
      { name: 'users search by name', path: '/api/get-users?owner=&p=1&pageSize=10&field=name&value=user4242', headers: session },
      {
        name: 'users search by email',
        path: '/api/get-users?owner=&p=1&pageSize=10&field=email&value=user4242@',
        headers: session,
      },
      { name: 'organizations page 1', path: '/api/get-organizations?owner=admin&p=1&pageSize=10', headers: session },
      { name: 'get-user', path: '/api/get-user?id=bench-org-1/user21', headers: session },
      {
        name: `enforce (${int(POLICY_ROWS)} policies, ${int(ROLES)} roles)`,
        method: 'POST',
        path: `/api/enforce?owner=${AUTHZ_ORG}`,
        body: enforceBody,
        headers: json,
        expect: '"data":[true]',
      },
      { name: 'dashboard (all orgs)', path: '/api/get-dashboard?owner=', headers: session, expect: '"userCounts"' },
    ];
    for (const s of pipeline) {
      console.log(`  ${s.name}`);
      rows.push(await run(s, helloCeiling));
    }

    // SAML: the IdP answering an SP's AuthnRequest for a signed-in user (the session stands in for
    // the password): the Response and its assertion are each signed with bench-cert-2048.
    const samlRequest = authnRequest();
    const samlLogin = {
      type: 'saml',
      application: 'bench-app-2048',
      organization: 'built-in',
      signinMethod: 'Password',
      autoSignin: true,
      samlRequest,
      relayState: 'bench',
    };
    // CAS: a fresh service ticket per validation, so each cycle is two calls: the signed-in user's
    // POST /api/login type=cas (issues the ticket), then serviceValidate (redeems it).
    let casFailures = 0;
    const casTicket = new WeakMap<object, string>();
    const casRequests: autocannon.Request[] = [
      {
        method: 'POST',
        path: `/api/login?service=${encodeURIComponent(CAS_SERVICE)}`,
        headers: { 'content-type': 'application/json', origin: BASE, cookie: user.cookie },
        body: JSON.stringify({ type: 'cas', application: 'bench-app-2048', organization: 'built-in', autoSignin: true }),
        onResponse: (_status, body, context) => {
          casTicket.set(context, (JSON.parse(body) as { data: string }).data);
        },
      },
      {
        method: 'GET',
        setupRequest: (request, context) => ({
          ...request,
          path: `/cas/built-in/bench-app-2048/serviceValidate?ticket=${casTicket.get(context)}&service=${encodeURIComponent(CAS_SERVICE)}`,
        }),
        onResponse: (_status, body) => {
          if (!body.includes('authenticationSuccess')) casFailures++;
        },
      },
    ];

    console.log('measuring RS256 signatures on every core (RSA 2048, RSA 4096)...');
    const sign2048 = await signsPerSecond(oauth.key2048);
    const sign4096 = await signsPerSecond(oauth.key4096);
    const samlCeiling = { name: 'RS256-2048 signs ÷ 2', rate: sign2048 / 2 };
    console.log('  SAML response');
    rows.push(
      await run(
        {
          name: 'SAML response (signed-in user)',
          method: 'POST',
          path: '/api/login',
          headers: { 'content-type': 'application/json', origin: BASE, cookie: user.cookie },
          body: JSON.stringify(samlLogin),
          expect: '"redirectUrl":"https://sp.bench.test/saml/acs"',
        },
        samlCeiling,
      ),
    );
    console.log('  CAS cycle');
    const casName = 'CAS login→ticket→serviceValidate (cycles/s of 2 calls; latency per call)';
    const cas = await run(
      { name: casName, path: '/api/login', requests: casRequests },
      { name: 'hello-world ÷ 2', rate: hello.rate / 2 },
    );
    if (cas.measured) cas.measured.rate = Math.round(cas.measured.rate / 2);
    if (casFailures > 0) cas.note = `${casFailures} validations failed`;
    rows.push(cas);

    for (const [bits, app, rate] of [
      [2048, oauth.app2048, sign2048],
      [4096, oauth.app4096, sign4096],
    ] as const) {
      console.log(`  client_credentials RSA ${bits}`);
      rows.push(
        await run(
          {
            name: `client_credentials (RSA ${bits}, token stored)`,
            method: 'POST',
            path: '/api/login/oauth/access_token',
            headers: FORM,
            body: new URLSearchParams({ grant_type: 'client_credentials', ...secretOf(app) }).toString(),
            expect: '"access_token"',
          },
          { name: `RS256-${bits} signs, ${os.availableParallelism()} cores`, rate },
        ),
      );
    }

    console.log('measuring password checks on every core...');
    const org = (await admin.get('/api/get-organization?id=admin/built-in')).data as { passwordType: string };
    const hashing = await passwordChecksPerSecond(org.passwordType, 'bench-oauth-pass');
    const cost = hashing.hash.split('$')[2];
    console.log('  password login');
    const loginBody = JSON.stringify({
      type: 'login',
      application: 'app-built-in',
      organization: 'built-in',
      username: 'bench-oauth',
      password: 'bench-oauth-pass',
      autoSignin: true,
    });
    const loginName = `password login (${org.passwordType} cost ${cost})`;
    const storm = chosen(loginName);
    const [login, cheap] = await Promise.all([
      run(
        {
          name: loginName,
          method: 'POST',
          path: '/api/login',
          headers: { 'content-type': 'application/json', origin: BASE },
          body: loginBody,
        },
        { name: `${org.passwordType} checks, ${os.availableParallelism()} cores`, rate: hashing.rate },
      ),
      // A cheap call at a low rate during the storm: does hashing leave the event loop free?
      new Promise((r) => setTimeout(r, 1000)).then(() =>
        storm
          ? measure({
              url: `${BASE}/api/get-account`,
              headers: session,
              connections: 1,
              overallRate: 20,
              duration: Math.max(2, DURATION - 2),
            })
          : undefined,
      ),
    ]);
    rows.push(login);
    if (cheap)
      rows.push({ scenario: 'get-account at 20/s during the login storm', measured: cheap, note: `p99 ${cheap.p99} ms` });

    console.log('measuring node-oidc-provider (RSA 2048, then RSA 4096)...');
    const ref2048 = await measureReference(PORT + 2, 2048, true);
    const ref4096 = await measureReference(PORT + 3, 4096, false);
    rows.push(
      {
        scenario: 'reference: node-oidc-provider introspection (opaque)',
        measured: ref2048.introspection,
        ceiling: helloCeiling,
      },
      {
        scenario: 'reference: node-oidc-provider client_credentials (RSA 2048, JWT)',
        measured: ref2048.clientCredentials,
        ceiling: { name: 'RS256-2048 signs', rate: sign2048 },
      },
      {
        scenario: 'reference: node-oidc-provider client_credentials (RSA 4096, JWT)',
        measured: ref4096.clientCredentials,
        ceiling: { name: 'RS256-4096 signs', rate: sign4096 },
      },
    );

    const inside = await enforceTimes(admin, enforceBody, 2000);
    notes.push(`enforce inside the server (Server-Timing, 2,000 sequential calls): p50 ${inside.p50} ms, p99 ${inside.p99} ms`);
    const reference = ref2048.introspection?.rate ?? 0;
    for (const name of ['userinfo', 'introspection']) {
      const rate = rows.find((r) => r.scenario === name)?.measured?.rate ?? 0;
      notes.push(
        `${name} ${int(rate)}/s = ${Math.round((100 * rate) / reference)} % of node-oidc-provider's introspection (target >= 100 %)`,
      );
    }
    notes.push(`server RSS: ${idleRss} MB idle after start, ${residentMegabytes(server)} MB after the run`);
    notes.push(
      `${target.engine}, ${int(USERS)} users generated in ${generation.toFixed(1)} s; ${CONNECTIONS} connections, ${DURATION} s per scenario; ${os.availableParallelism()} cores, Node ${process.version}`,
    );
  } finally {
    await stop(server);
    target.cleanup();
  }
  console.log(`\n${table(rows)}\n`);
  for (const note of notes) console.log(`- ${note}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
