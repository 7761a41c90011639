import { expect, test } from '@playwright/test';
import { asAdmin, call, unique } from '../support/api.js';
import { startRelyingParty } from '../support/relying-party.js';

/**
 * A relying-party application (openid-client, served on loopback) signs a user in through the
 * authorization-code flow with PKCE in Chromium: our sign-in page, then back to the application.
 */

async function registerApplication(redirectUri: string, fields: Record<string, unknown> = {}) {
  const name = unique('rp');
  return asAdmin(async (api) => {
    const user = unique('person');
    await call(api, '/api/add-user', { owner: 'built-in', name: user, email: `${user}@example.com`, password: 'person-pass-1' });
    await call(api, '/api/add-application', {
      owner: 'admin',
      name,
      organization: 'built-in',
      cert: 'cert-built-in',
      redirectUris: [redirectUri],
      grantTypes: ['authorization_code', 'refresh_token'],
      enablePassword: true,
      expireInHours: 1,
      refreshExpireInHours: 1,
      failedSigninLimit: 3,
      failedSigninFrozenTime: 10,
      tokenFormat: 'JWT-Standard',
      ...fields,
    });
    const app = (await call(api, '/api/get-application', undefined, { id: `admin/${name}` })).data;
    return { app, user };
  });
}

test('a relying party signs a user in through the authorization-code flow', async ({ page }, info) => {
  const port = 19100 + info.workerIndex * 10 + info.retry;
  const { app, user } = await registerApplication(`http://127.0.0.1:${port}/callback`, { displayName: 'Sample RP' });
  const rp = await startRelyingParty(app.clientId, app.clientSecret, port);
  try {
    await page.goto(`${rp.url}/login`);
    await expect(page).toHaveURL(/\/login\/oauth\/authorize\?/);
    await expect(page.getByRole('heading', { name: 'Sample RP' })).toBeVisible();
    await page.getByLabel('Username').fill(user);
    await page.getByLabel('Password').fill('person-pass-1');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('heading', { name: `Hello ${user}` })).toBeVisible();
    await expect(page.locator('#email')).toHaveText(`${user}@example.com`);
  } finally {
    await rp.close();
  }
});

test('an unregistered redirect URI shows an error and never redirects', async ({ page }) => {
  const { app } = await registerApplication('http://127.0.0.1:19999/callback');
  await page.goto(
    `/login/oauth/authorize?client_id=${app.clientId}&response_type=code&redirect_uri=${encodeURIComponent('https://evil.example/cb')}&scope=openid&state=x`,
  );
  await expect(page.getByText('This sign-in request is invalid')).toBeVisible();
  await expect(
    page.getByText("Redirect URI: https://evil.example/cb doesn't exist in the allowed Redirect URI list"),
  ).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/login/oauth/authorize');
});

test('wrong passwords count down and then freeze the sign-in', async ({ page }) => {
  const { app, user } = await registerApplication('http://127.0.0.1:19998/callback');
  await page.goto(
    `/login/oauth/authorize?client_id=${app.clientId}&response_type=code&redirect_uri=${encodeURIComponent('http://127.0.0.1:19998/callback')}&scope=openid&state=x`,
  );
  await page.getByLabel('Username').fill(user);
  for (const left of [2, 1]) {
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert')).toHaveText(`password or code is incorrect, you have ${left} remaining chances`);
  }
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  const frozen = 'You have entered the wrong password or code too many times, please wait for 10 minutes and try again';
  await expect(page.getByRole('alert')).toHaveText(frozen);
  // Even the right password is refused while frozen.
  await page.getByLabel('Password').fill('person-pass-1');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert')).toHaveText(frozen);
});

test('the device page signs a device in with the code it shows', async ({ page, request }) => {
  const { app, user } = await registerApplication('http://127.0.0.1:19997/callback', {
    grantTypes: ['authorization_code', 'urn:ietf:params:oauth:grant-type:device_code'],
  });
  const started = await (await request.post('/api/device-auth', { form: { client_id: app.clientId, scope: 'openid' } })).json();
  await page.goto(new URL(started.verification_uri).pathname);
  await expect(page.getByLabel('Code shown on your device')).toHaveValue(started.user_code);
  await page.getByLabel('Username').fill(user);
  await page.getByLabel('Password').fill('person-pass-1');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Your device is signed in')).toBeVisible();
  const token = await request.post('/api/login/oauth/access_token', {
    form: {
      grant_type: 'urn:ietf:params:oauth:grant-type:device_code',
      device_code: started.device_code,
      client_id: app.clientId,
      client_secret: app.clientSecret,
    },
  });
  expect((await token.json()).access_token).toBeTruthy();
});

test('implicit id_token token, then max_age and prompt=none with the session the first sign-in left', async ({ page }) => {
  const callback = 'http://127.0.0.1:19996/implicit';
  const { app, user } = await registerApplication(callback, {
    grantTypes: ['authorization_code', 'token', 'id_token'],
    enableSigninSession: true,
    enableAutoSignin: true,
  });
  // The application's page: the browser lands there with the answer in the address.
  await page.route(`${callback}**`, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<h1>Back at the application</h1>' }),
  );
  const authorize = (params: Record<string, string>) =>
    `/login/oauth/authorize?${new URLSearchParams({ client_id: app.clientId, redirect_uri: callback, scope: 'openid', state: 'st', ...params })}`;
  const landed = async () => {
    await expect(page.getByRole('heading', { name: 'Back at the application' })).toBeVisible();
    return new URL(page.url());
  };

  await page.goto(authorize({ response_type: 'id_token token', nonce: 'n-1' }));
  await page.getByLabel('Username').fill(user);
  await page.getByLabel('Password').fill('person-pass-1');
  await page.getByRole('button', { name: 'Sign In' }).click();
  const fragment = new URLSearchParams((await landed()).hash.slice(1));
  expect(fragment.get('access_token')).toBeTruthy();
  expect(fragment.get('id_token')).toBeTruthy();
  expect(fragment.get('id_token')).not.toBe(fragment.get('access_token'));
  expect(fragment.get('state')).toBe('st');
  const claims = JSON.parse(Buffer.from(String(fragment.get('id_token')).split('.')[1], 'base64url').toString());
  expect(claims).toMatchObject({ nonce: 'n-1', aud: app.clientId });

  // The session would continue at once, but the application wants a sign-in at most 0 s old.
  await page.waitForTimeout(1100);
  await page.goto(authorize({ response_type: 'code', max_age: '0' }));
  await expect(page.getByRole('alert')).toHaveText('The application asks you to sign in again');
  await page.getByLabel('Username').fill(user);
  await page.getByLabel('Password').fill('person-pass-1');
  await page.getByRole('button', { name: 'Sign In' }).click();
  expect((await landed()).searchParams.get('code')).toBeTruthy();

  // prompt=none shows nothing: a session too old for max_age is login_required at the application.
  await page.waitForTimeout(1100);
  await page.goto(authorize({ response_type: 'code', prompt: 'none', max_age: '0' }));
  expect((await landed()).searchParams.get('error')).toBe('login_required');
});
