import { type Browser, expect, type Page, test } from '@playwright/test';
import { ADMIN_PASSWORD, baseURL } from '../playwright.config.js';
import { asAdmin, call, createOrganization, unique } from '../support/api.js';
import { saveButton } from '../support/console.js';
import { heading, signIn, toast } from '../support/fixtures.js';
import { startUpstream, type Upstream, upstreamPort } from '../support/upstream.js';

/**
 * Sign-in through a SAML provider in Chromium: a second Gatehouse (support/upstream.ts), started
 * here on its own port (E2E_SAML_UPSTREAM_PORT, default 18806), is the identity provider with its
 * built-in SAML IdP; its public origin is fixed to the address the browser uses (localhost), which
 * is its entity ID. An administrator configures the provider here from the IdP's metadata; people
 * sign in at the IdP's sign-in page and land signed in here (127.0.0.1, another site).
 */

const UPSTREAM_PORT = upstreamPort('E2E_SAML_UPSTREAM_PORT', 18806);
const UPSTREAM_BROWSER = `http://localhost:${UPSTREAM_PORT}`;
const UPSTREAM_SERVER = `http://127.0.0.1:${UPSTREAM_PORT}`;
const ACS = `${baseURL}/api/acs`;
const PROVIDER = 'corp-saml';

// The first SAML messages of each server wait for its XML schema validator to compile (seconds of
// CPU, protocols/saml/schema.ts), more on a busy machine.
test.describe.configure({ mode: 'serial', timeout: 240_000 });

let upstream: Upstream | undefined;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  upstream = await startUpstream({ port: UPSTREAM_PORT, origin: UPSTREAM_BROWSER });
});

test.afterAll(async () => {
  await upstream?.stop();
});

/** Runs `work` in an API session of the upstream's built-in admin. */
async function atUpstream<T>(work: (api: Awaited<ReturnType<Upstream['admin']>>) => Promise<T>): Promise<T> {
  if (!upstream) throw new Error('the upstream Gatehouse is not running');
  const api = await upstream.admin();
  try {
    return await work(api);
  } finally {
    await api.dispose();
  }
}

/**
 * Upstream: a SAML application for this instance (ACS and SP entity ID <this instance>/api/acs)
 * and a person. Here: an organization whose default application lists a SAML provider that has
 * no settings yet.
 */
async function setUp() {
  const person = unique('sam');
  const idpApp = unique('idp');
  await atUpstream(async (api) => {
    await call(api, '/api/add-application', {
      owner: 'admin',
      name: idpApp,
      displayName: 'Upstream IdP',
      organization: 'built-in',
      cert: 'cert-built-in',
      enablePassword: true,
      enableSigninSession: false,
      samlReplyUrl: ACS,
      redirectUris: [ACS],
    });
    await call(api, '/api/add-user', {
      owner: 'built-in',
      name: person,
      displayName: 'Sam Upstream',
      email: `${person}@upstream.example`,
      password: `${person}-pass`,
    });
  });
  const org = await createOrganization('saml');
  const application = unique('app-saml');
  await asAdmin(async (api) => {
    await call(api, '/api/add-provider', {
      owner: org,
      name: PROVIDER,
      displayName: 'Corp SAML',
      category: 'SAML',
      type: 'Custom',
      enableSignUp: true,
    });
    await call(api, '/api/add-application', {
      owner: 'admin',
      name: application,
      displayName: 'SAML App',
      organization: org,
      cert: 'cert-built-in',
      enablePassword: true,
      enableSignUp: true,
      providers: [
        { name: PROVIDER, canSignUp: true, canSignIn: true, canUnlink: true, prompted: false, signupGroup: '', rule: '' },
      ],
    });
    const stored = (await call(api, '/api/get-organization', undefined, { id: `admin/${org}` })).data;
    await call(api, '/api/update-organization', { ...stored, defaultApplication: application }, { id: `admin/${org}` });
  });
  return { org, person, idpApp };
}

/** The administrator fills the provider from the IdP's metadata on its edit page. */
async function configureFromMetadata(browser: Browser, org: string, idpApp: string) {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  try {
    const page = await context.newPage();
    await signIn(page, 'admin', ADMIN_PASSWORD);
    await page.goto(`/providers/${org}/${PROVIDER}`);
    await expect(heading(page, 'Edit Provider')).toBeVisible();
    const field = (label: string) => page.getByLabel(label, { exact: true });
    // What the IdP's administrator needs from us, read-only.
    await expect(field('SP ACS URL')).toHaveValue(ACS);
    await expect(field('SP Entity ID')).toHaveValue(ACS);
    await expect(field('SP ACS URL')).not.toBeEditable();
    await expect(page.getByRole('button', { name: 'Copy SP Entity ID' })).toBeVisible();

    await field('Metadata URL').fill(`${UPSTREAM_SERVER}/api/saml/metadata?application=admin/${idpApp}`);
    await page.getByRole('button', { name: 'Fetch', exact: true }).click();
    await expect(toast(page, 'Parse metadata successfully')).toBeVisible();
    await expect(field('SAML 2.0 endpoint (HTTP)')).toHaveValue(`${UPSTREAM_BROWSER}/api/saml/redirect/admin/${idpApp}`);
    await expect(field('Issuer URL')).toHaveValue(UPSTREAM_BROWSER);
    await expect(field('IdP certificate')).toHaveValue(/^MII/);
    await saveButton(page).click();
    await expect(toast(page, 'Successfully saved')).toBeVisible();
  } finally {
    await context.close();
  }
}

/** On the IdP's sign-in page: the person's password (its application keeps no session, so it asks every time). */
async function signInAtIdp(page: Page, person: string, idpApp: string) {
  await expect(page).toHaveURL(new RegExp(`^${UPSTREAM_BROWSER}/login/saml/authorize/admin/${idpApp}\\?`));
  await expect(page.getByRole('heading', { name: 'Upstream IdP' })).toBeVisible();
  await page.getByLabel('Username').fill(person);
  await page.getByLabel('Password').fill(`${person}-pass`);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

async function expectSignedInAs(page: Page, person: string) {
  await expect(page).not.toHaveURL(/\/(callback|login)/, { timeout: 90_000 });
  await page.goto('/account');
  await expect(heading(page, 'My Account')).toBeVisible();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(person);
  await expect(page.getByLabel('Display name', { exact: true })).toHaveValue('Sam Upstream');
}

test('an administrator configures a SAML provider from its metadata; a new person signs up through it, then signs in with a signed request', async ({
  browser,
}) => {
  const { org, person, idpApp } = await setUp();
  await configureFromMetadata(browser, org, idpApp);

  // Over HTTP-Redirect: the sign-in page's button sends the browser to the IdP.
  const first = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  try {
    const page = await first.newPage();
    await page.goto(`/login/${org}`);
    await expect(page.getByRole('heading', { name: 'SAML App' })).toBeVisible();
    await page.getByRole('button', { name: 'Sign in with Corp SAML' }).click();
    await signInAtIdp(page, person, idpApp);
    // The IdP posts its response to our ACS, which hands it to /callback: signed in as a new user.
    await expectSignedInAs(page, person);
    await expect(
      page.getByRole('region', { name: 'Third-party logins' }).getByRole('row').filter({ hasText: 'Corp SAML' }),
    ).toContainText(`${person}@upstream.example`);
  } finally {
    await first.close();
  }

  // Signed AuthnRequests go over HTTP-POST; the IdP checks them with our certificate.
  const ours = await asAdmin(async (api) => (await call(api, '/api/get-cert', undefined, { id: 'admin/cert-built-in' })).data);
  await atUpstream(async (api) => {
    const app = (await call(api, '/api/get-application', undefined, { id: `admin/${idpApp}` })).data;
    await call(api, '/api/update-application', { ...app, samlSpCert: ours.certificate }, { id: `admin/${idpApp}` });
  });
  await asAdmin(async (api) => {
    const provider = (await call(api, '/api/get-provider', undefined, { id: `${org}/${PROVIDER}` })).data;
    await call(api, '/api/update-provider', { ...provider, enableSignAuthnRequest: true }, { id: `${org}/${PROVIDER}` });
  });
  const second = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  try {
    const page = await second.newPage();
    const ssoPost = page.waitForRequest(
      (request) => request.method() === 'POST' && request.url() === `${UPSTREAM_BROWSER}/api/saml/redirect/admin/${idpApp}`,
    );
    await page.goto(`/login/${org}`);
    await page.getByRole('button', { name: 'Sign in with Corp SAML' }).click();
    expect((await ssoPost).postData() ?? '').toMatch(/^SAMLRequest=.+&RelayState=.+/);
    await signInAtIdp(page, person, idpApp);
    // The same person: the same account, no new one.
    await expectSignedInAs(page, person);
  } finally {
    await second.close();
  }
});

test('a response carried to another browser, or used twice, signs nobody in', async ({ browser }) => {
  const { org, person, idpApp } = await setUp();
  await configureFromMetadata(browser, org, idpApp);
  const starter = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const other = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  try {
    const page = await starter.newPage();
    // Stop the IdP's post at our ACS and keep what it carried.
    let posted = '';
    await page.route(ACS, async (route) => {
      posted = route.request().postData() ?? '';
      await route.abort();
    });
    await page.goto(`/login/${org}`);
    await page.getByRole('button', { name: 'Sign in with Corp SAML' }).click();
    await signInAtIdp(page, person, idpApp);
    await expect.poll(() => posted).toMatch(/^SAMLResponse=/);
    await page.unroute(ACS);
    const fields = new URLSearchParams(posted);

    /** Posts the captured response to our ACS from `target`, as the IdP's page did. */
    const postFrom = async (target: Page) => {
      await target.setContent(
        `<form method="post" action="${ACS}">${[...fields]
          .map(([name, value]) => `<input type="hidden" name="${name}" value="${value}">`)
          .join('')}</form>`,
      );
      await target.locator('form').evaluate((form: HTMLFormElement) => form.submit());
    };

    const victim = await other.newPage();
    await postFrom(victim);
    await expect(victim.getByText('Sign-in failed')).toBeVisible();
    await expect(
      victim.getByText('The sign-in state is invalid or belongs to another browser: please start signing in again'),
    ).toBeVisible();
    // The response never stays in the address.
    expect(new URL(victim.url()).hash).toBe('');

    // The browser that started the sign-in uses it once.
    await postFrom(page);
    await expectSignedInAs(page, person);
    await postFrom(page);
    await expect(page.getByText('This SAML response has already been used: please sign in again')).toBeVisible();
  } finally {
    await starter.close();
    await other.close();
  }
});
