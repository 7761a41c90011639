import { expect, test } from '@playwright/test';
import { baseURL } from '../playwright.config.js';
import { asAdmin, call, unique } from '../support/api.js';
import { signIn, submitSignInForm } from '../support/fixtures.js';
import { type ServiceProvider, startServiceProvider } from '../support/saml-service-provider.js';

/**
 * A SAML service provider (@node-saml/node-saml, served on loopback, configured from our metadata)
 * signs a user in through our SAML identity provider in Chromium: the SP's AuthnRequest over
 * HTTP-Redirect or HTTP-POST, our sign-in page /login/saml/authorize/admin/{application}, and the
 * signed SAMLResponse posted back to the SP's assertion consumer service, which validates it.
 */

/** A user of built-in and a SAML application for the service provider (its entity ID and ACS URL). */
async function registerSamlApplication(sp: ServiceProvider) {
  const name = unique('saml');
  const user = unique('person');
  await asAdmin(async (api) => {
    await call(api, '/api/add-user', {
      owner: 'built-in',
      name: user,
      displayName: `Person ${user}`,
      email: `${user}@example.com`,
      password: 'person-pass-1',
    });
    await call(api, '/api/add-application', {
      owner: 'admin',
      name,
      displayName: 'Sample SP',
      organization: 'built-in',
      cert: 'cert-built-in',
      enablePassword: true,
      enableSigninSession: true,
      redirectUris: [sp.entityId],
      samlReplyUrl: sp.acsUrl,
      samlAttributes: [{ name: 'Department', nameFormat: '', value: 'dept-of-$user.name' }],
    });
  });
  await sp.useIdentityProvider(name);
  return { name, user };
}

test('a service provider signs a user in over the HTTP-Redirect binding', async ({ page }) => {
  const sp = await startServiceProvider();
  try {
    const { name, user } = await registerSamlApplication(sp);
    await page.goto(`${sp.origin}/login?binding=redirect&relayState=${encodeURIComponent('/reports?year=2024')}`);
    await expect(page).toHaveURL(new RegExp(`^${baseURL}/login/saml/authorize/admin/${name}\\?samlRequest=`));
    await expect(page.getByRole('heading', { name: 'Sample SP' })).toBeVisible();
    await submitSignInForm(page, user, 'person-pass-1');
    // The response is posted to the ACS URL, where the SP validated it.
    await expect(page.getByRole('heading', { name: `Hello ${user}` })).toBeVisible();
    expect(page.url()).toBe(sp.acsUrl);
    await expect(page.locator('#issuer')).toHaveText(baseURL);
    await expect(page.locator('#email')).toHaveText(`${user}@example.com`);
    await expect(page.locator('#display-name')).toHaveText(`Person ${user}`);
    await expect(page.locator('#department')).toHaveText(`dept-of-${user}`);
    await expect(page.locator('#relay-state')).toHaveText('/reports?year=2024');
  } finally {
    await sp.close();
  }
});

test('over the HTTP-POST binding a signed-in user continues as themselves', async ({ page }) => {
  const sp = await startServiceProvider();
  try {
    const { user } = await registerSamlApplication(sp);
    await signIn(page, user, 'person-pass-1');
    await page.goto(`${sp.origin}/login?binding=post&relayState=posted`);
    await expect(page.getByText(`You are signed in as Person ${user}.`)).toBeVisible();
    await expect(page.getByLabel('Password')).toHaveCount(0);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('heading', { name: `Hello ${user}` })).toBeVisible();
    expect(page.url()).toBe(sp.acsUrl);
    await expect(page.locator('#relay-state')).toHaveText('posted');
  } finally {
    await sp.close();
  }
});

test("a service provider may send the browser straight to the sign-in page, as Casdoor's metadata names it", async ({ page }) => {
  const sp = await startServiceProvider();
  try {
    const { name, user } = await registerSamlApplication(sp);
    await sp.useIdentityProvider(name, `${baseURL}/login/saml/authorize/admin/${name}`);
    await page.goto(`${sp.origin}/login?binding=redirect&relayState=direct`);
    await expect(page).toHaveURL(new RegExp(`^${baseURL}/login/saml/authorize/admin/${name}\\?SAMLRequest=`));
    await submitSignInForm(page, user, 'person-pass-1');
    await expect(page.getByRole('heading', { name: `Hello ${user}` })).toBeVisible();
    await expect(page.locator('#relay-state')).toHaveText('direct');
  } finally {
    await sp.close();
  }
});

test('an invalid SAML request or an unknown application is shown on the page, never answered', async ({ page }) => {
  const sp = await startServiceProvider();
  try {
    const { name } = await registerSamlApplication(sp);
    let reachedSp = false;
    page.on('request', (request) => {
      if (request.url().startsWith(sp.origin)) reachedSp = true;
    });
    await page.goto(`/login/saml/authorize/admin/${name}?samlRequest=not-a-saml-request&relayState=x`);
    await expect(page.getByRole('heading', { name: 'This sign-in request is invalid' })).toBeVisible();
    await expect(
      page.getByText(
        'The SAMLRequest cannot be read: it must be a base64 SAML message (DEFLATE-compressed for the HTTP-Redirect binding)',
      ),
    ).toBeVisible();
    await expect(page.getByLabel('Password')).toHaveCount(0);

    await page.goto(`/login/saml/authorize/admin/${name}`);
    await expect(page.getByText('Missing parameter: samlRequest')).toBeVisible();

    await page.goto('/login/saml/authorize/admin/no-such-application?samlRequest=x');
    await expect(page.getByRole('heading', { name: 'This sign-in request is invalid' })).toBeVisible();
    await expect(page.getByText('The application "no-such-application" does not exist')).toBeVisible();
    expect(reachedSp).toBe(false);
  } finally {
    await sp.close();
  }
});
