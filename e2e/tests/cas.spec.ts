import { type APIRequestContext, type Page, test } from '@playwright/test';
import { asAdmin, call, createOrganization, unique } from '../support/api.js';
import { type CasService, readCasXml, startCasService } from '../support/cas-service.js';
import { expect, heading, signIn, submitSignInForm, tabTo } from '../support/fixtures.js';

/**
 * A CAS-protected service (a loopback web application that sends signed-out visitors to the CAS
 * sign-in page, as a CAS client does) signs people in through /cas/{organization}/{application}/login
 * in Chromium; the test validates the tickets the service receives at p3/serviceValidate, as the
 * service's back end would. Also: refused services and applications, continuing as the signed-in
 * user, renew, gateway, signing in without a service, and the sign-out page.
 */

interface Setup {
  app: string;
  user: string;
  password: string;
  displayName: string;
  email: string;
  cas: CasService;
  /** The CAS base path of the application. */
  base: string;
}

let opened: CasService[] = [];
test.afterEach(async () => {
  await Promise.all(opened.map((service) => service.close()));
  opened = [];
});

/** A service on loopback, its application (the service's URL among its Redirect URLs) and a user of built-in. */
async function setUp(fields: Record<string, unknown> = {}): Promise<Setup> {
  const app = unique('cas');
  const cas = await startCasService('built-in', app);
  opened.push(cas);
  const user = unique('casuser');
  const password = `${user}-pass`;
  const displayName = `Cas & ${user}`;
  const email = `${user}@example.com`;
  await asAdmin(async (api) => {
    await call(api, '/api/add-user', { owner: 'built-in', name: user, displayName, email, firstName: 'Casey', password });
    await call(api, '/api/add-application', {
      owner: 'admin',
      name: app,
      displayName: `Service ${app}`,
      organization: 'built-in',
      cert: 'cert-built-in',
      enablePassword: true,
      enableSigninSession: true,
      redirectUris: [`${cas.origin}/app`],
      ...fields,
    });
  });
  return { app, user, password, displayName, email, cas, base: `/cas/built-in/${app}` };
}

/** The ticket the service received: the browser is at the service URL, kept exactly, with ?ticket= added. */
async function ticketAtService(page: Page, setup: Setup): Promise<string> {
  await expect(page.getByRole('heading', { name: 'CAS service' })).toBeVisible();
  const url = page.url();
  const prefix = `${setup.cas.service}&ticket=`;
  expect(url.startsWith(prefix), url).toBe(true);
  const ticket = url.slice(prefix.length);
  expect(ticket).toMatch(/^ST-[A-Za-z0-9]{29}$/);
  return ticket;
}

/** Validates a ticket at the CAS 3.0 endpoint, as the service's back end does. */
async function validate(
  page: Page,
  request: APIRequestContext,
  setup: Setup,
  ticket: string,
  extra: Record<string, string> = {},
) {
  const response = await request.get(`${setup.base}/p3/serviceValidate`, {
    params: { ticket, service: setup.cas.service, ...extra },
  });
  expect(response.headers()['content-type']).toContain('application/xml');
  return readCasXml(page, await response.text());
}

test('a CAS service signs a person in with a password and validates the ticket once', async ({ page, request }) => {
  const setup = await setUp();
  await page.goto(setup.cas.service);
  // The service sent the browser to its application's sign-in page.
  await expect(page).toHaveURL(`${setup.base}/login?service=${encodeURIComponent(setup.cas.service)}`);
  await expect(heading(page, `Service ${setup.app}`)).toBeVisible();
  await submitSignInForm(page, setup.user, setup.password);

  const ticket = await ticketAtService(page, setup);
  const answer = await validate(page, request, setup, ticket);
  expect(answer.failure).toBeNull();
  expect(answer.user).toBe(setup.user);
  expect(answer.attributes.email).toEqual([setup.email]);
  expect(answer.attributes.displayName).toEqual([setup.displayName]);
  expect(answer.attributes.firstName).toEqual(['Casey']);
  expect(answer.attributes.owner).toEqual(['built-in']);
  expect(answer.attributes.isFromNewLogin).toEqual(['true']);
  expect(answer.attributes.password).toBeUndefined();

  // A ticket is good for one validation only.
  expect((await validate(page, request, setup, ticket)).failure).toBe('INVALID_TICKET');
});

test('a wrong password is shown on the page and the person stays there', async ({ page }) => {
  const setup = await setUp();
  await page.goto(setup.cas.service);
  await submitSignInForm(page, setup.user, 'not-the-password');
  await expect(page.getByRole('alert')).toContainText('password or code is incorrect');
  expect(new URL(page.url()).pathname).toBe(`${setup.base}/login`);
});

test('refused services and applications show the server message and never redirect', async ({ page }) => {
  const setup = await setUp();
  const evil = 'https://evil.example/app';
  await page.goto(`${setup.base}/login?service=${encodeURIComponent(evil)}`);
  await expect(heading(page, 'This sign-in request is invalid')).toBeVisible();
  await expect(
    page.getByText(`The service ${evil} is not allowed: it must match one of the Redirect URLs of the application`),
  ).toBeVisible();
  await expect(page.getByLabel('Username')).toHaveCount(0);
  expect(new URL(page.url()).pathname).toBe(`${setup.base}/login`);

  // Same host and port, another path: refused too.
  await page.goto(`${setup.base}/login?service=${encodeURIComponent(`${setup.cas.origin}/other`)}`);
  await expect(page.getByText(`The service ${setup.cas.origin}/other is not allowed`, { exact: false })).toBeVisible();

  const missing = unique('nope');
  await page.goto(`/cas/built-in/${missing}/login?service=${encodeURIComponent(setup.cas.service)}`);
  await expect(heading(page, 'This sign-in request is invalid')).toBeVisible();
  await expect(page.getByText(`The application "${missing}" does not exist`)).toBeVisible();

  const otherOrg = await createOrganization('casorg');
  await page.goto(`/cas/${otherOrg}/${setup.app}/login?service=${encodeURIComponent(setup.cas.service)}`);
  await expect(page.getByText(`The application "${setup.app}" does not belong to the organization "${otherOrg}"`)).toBeVisible();
});

test('a signed-in person continues as themselves, and renew asks for the password again', async ({ page, request }) => {
  const setup = await setUp();
  await signIn(page, setup.user, setup.password);
  await page.goto(setup.cas.service);
  await expect(page.getByText(`You are signed in as ${setup.displayName}.`)).toBeVisible();
  await expect(page.getByLabel('Password')).toHaveCount(0);
  const continueButton = page.getByRole('button', { name: 'Continue', exact: true });
  await tabTo(page, continueButton);
  await page.keyboard.press('Enter');

  const ticket = await ticketAtService(page, setup);
  const answer = await validate(page, request, setup, ticket);
  expect(answer.user).toBe(setup.user);
  // The session stood in for the password.
  expect(answer.attributes.isFromNewLogin).toEqual(['false']);

  // renew: the password is asked even though the person is signed in, and the ticket says so.
  await page.goto(`${setup.base}/login?service=${encodeURIComponent(setup.cas.service)}&renew=true`);
  await expect(heading(page, `Service ${setup.app}`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue', exact: true })).toHaveCount(0);
  await submitSignInForm(page, setup.user, setup.password);
  const renewed = await ticketAtService(page, setup);
  const fresh = await validate(page, request, setup, renewed, { renew: 'true' });
  expect(fresh.user).toBe(setup.user);
  expect(fresh.attributes.isFromNewLogin).toEqual(['true']);
});

test('an application with auto sign-in lets a signed-in person through without a click', async ({ page, request }) => {
  const setup = await setUp({ enableAutoSignin: true });
  await signIn(page, setup.user, setup.password);
  await page.goto(setup.cas.service);
  const ticket = await ticketAtService(page, setup);
  expect((await validate(page, request, setup, ticket)).user).toBe(setup.user);
});

test('gateway returns to the service without a ticket when signed out, with one when signed in', async ({ page, request }) => {
  const setup = await setUp();
  const gateway = `${setup.base}/login?service=${encodeURIComponent(setup.cas.service)}&gateway=true`;
  await page.goto(gateway);
  // Back at the service with no ticket, which sends the visitor on to the ordinary sign-in page.
  await expect(page).toHaveURL(`${setup.base}/login?service=${encodeURIComponent(setup.cas.service)}`);
  await expect(page.getByLabel('Username')).toBeVisible();

  await signIn(page, setup.user, setup.password);
  await page.goto(gateway);
  const ticket = await ticketAtService(page, setup);
  expect((await validate(page, request, setup, ticket)).user).toBe(setup.user);
});

test('signing in without a service opens single sign-on for the services of the application', async ({ page }) => {
  const setup = await setUp();
  await page.goto(`${setup.base}/login`);
  await submitSignInForm(page, setup.user, setup.password);
  await expect(heading(page, 'You are signed in')).toBeVisible();
  await expect(page.getByText(`You can now open the services that sign in through Service ${setup.app}.`)).toBeVisible();
  // The service then only asks to continue.
  await page.goto(setup.cas.service);
  await expect(page.getByText(`You are signed in as ${setup.displayName}.`)).toBeVisible();
});

test('the sign-out page ends the session and returns to an accepted service only', async ({ page }) => {
  const setup = await setUp();
  const service = encodeURIComponent(setup.cas.service);

  // With an accepted service: signed out, back at the service, which asks to sign in again.
  await signIn(page, setup.user, setup.password);
  await page.goto(`${setup.base}/logout?service=${service}`);
  await expect(page).toHaveURL(`${setup.base}/login?service=${service}`);
  await expect(page.getByLabel('Username')).toBeVisible();
  expect((await (await page.request.get('/api/get-account')).json()).status).toBe('error');

  // Without a service: the page says so and offers to sign in again.
  await signIn(page, setup.user, setup.password);
  await page.goto(`${setup.base}/logout`);
  await expect(heading(page, 'You have signed out')).toBeVisible();
  expect((await (await page.request.get('/api/get-account')).json()).status).toBe('error');
  await page.getByRole('link', { name: 'Sign in again' }).click();
  await expect(page).toHaveURL(`${setup.base}/login`);
  await expect(page.getByLabel('Username')).toBeVisible();

  // A service the application does not accept is never redirected to.
  await signIn(page, setup.user, setup.password);
  await page.goto(`${setup.base}/logout?service=${encodeURIComponent('https://evil.example/app')}`);
  await expect(heading(page, 'You have signed out')).toBeVisible();
  await expect(page.getByRole('alert')).toContainText(
    'You were not sent back to the service: The service https://evil.example/app is not allowed',
  );
  expect((await (await page.request.get('/api/get-account')).json()).status).toBe('error');
});

test.describe('on a phone, in Chinese', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, locale: 'zh-CN' });

  async function expectNoHorizontalScroll(page: Page) {
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  }

  test('the sign-in page and its errors fit the width', async ({ page, request }) => {
    const setup = await setUp();
    const evil = `https://evil.example/${'a-very-long-path-segment/'.repeat(6)}app`;
    await page.goto(`${setup.base}/login?service=${encodeURIComponent(evil)}`);
    await expect(heading(page, '此登录请求无效')).toBeVisible();
    await expect(page.getByText(`不允许的服务 ${evil}`, { exact: false })).toBeVisible();
    await expectNoHorizontalScroll(page);

    await page.goto(setup.cas.service);
    await expect(heading(page, `Service ${setup.app}`)).toBeVisible();
    await expectNoHorizontalScroll(page);
    await page.getByLabel('用户名').fill(setup.user);
    await page.getByLabel('密码').fill(setup.password);
    await page.getByLabel('密码').press('Enter');
    const ticket = await ticketAtService(page, setup);
    expect((await validate(page, request, setup, ticket)).user).toBe(setup.user);

    await page.goto(`${setup.base}/logout`);
    await expect(heading(page, '您已退出登录')).toBeVisible();
    await expect(page.getByRole('link', { name: '重新登录' })).toBeVisible();
    await expectNoHorizontalScroll(page);
  });
});
