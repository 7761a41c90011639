import { ADMIN_PASSWORD } from '../playwright.config.js';
import { updateRecord } from '../support/api.js';
import { adminTest, expect, heading, rowOf, signIn, submitSignInForm, teamTest as test } from '../support/fixtures.js';

test('signed out, a guarded page sends to /login, and signing in lands back on it', async ({ page }) => {
  await page.goto('/organizations?field=name&value=built-in');
  await expect(page).toHaveURL('/login');

  await submitSignInForm(page, 'admin', ADMIN_PASSWORD);
  await expect(page).toHaveURL('/organizations?field=name&value=built-in');
  await expect(heading(page, 'Organizations')).toBeVisible();
  await expect(rowOf(page, 'built-in')).toBeVisible();
});

adminTest('while the account is not yet known, a guarded page renders nothing and stays put', async ({ page }) => {
  let answer = () => {};
  const held = new Promise<void>((resolve) => {
    answer = resolve;
  });
  await page.route('**/api/get-account', async (route) => {
    await held;
    await route.continue();
  });

  const visited: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
  });

  await page.goto('/organizations');
  // The console frame is up (it renders with the guard), but the guarded page is not.
  await expect(page.getByRole('button', { name: 'Theme' })).toBeVisible();
  await expect(page.getByRole('main')).toBeEmpty();
  await expect(page).toHaveURL('/organizations');

  answer();
  await expect(heading(page, 'Organizations')).toBeVisible();
  // Not even a passing visit to the sign-in page (which would have come back here).
  expect(new Set(visited)).toEqual(new Set(['/organizations']));
});

test('an account flagged needUpdatePassword is sent to /forget/{application}', async ({ page, team }) => {
  // Only a user who can prove who they are (an address, or MFA) is asked to change the password.
  await updateRecord('user', team.org, team.user.name, { email: 'worker@example.com', needUpdatePassword: true });
  await signIn(page, team.user.name, team.user.password, team.org);

  for (const path of ['/account', '/organizations', '/apps']) {
    await page.goto(path);
    // The organization has no default application: the built-in one.
    await expect(page).toHaveURL('/forget/app-built-in');
    await expect(heading(page, 'Reset password')).toBeVisible();
  }
});

test('the unguarded user page renders signed out and, as the server refuses the user, shows the user 404', async ({
  page,
  team,
}) => {
  await page.goto(`/users/${team.org}/${team.user.name}`);
  // Not sent to /login (no guard): the user page answers "does not exist or not authorized".
  await expect(page).toHaveURL('/404');
  await expect(heading(page, '404 NOT FOUND')).toBeVisible();
  await expect(
    page.getByText('Sorry, the user you visited does not exist or you are not authorized to access this user.', { exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Display name' })).toHaveCount(0);
});
