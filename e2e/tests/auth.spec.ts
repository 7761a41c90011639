import { ADMIN_PASSWORD } from '../playwright.config.js';
import { accountMenu, expect, heading, logOut, signIn, submitSignInForm, teamTest, toast } from '../support/fixtures.js';

// Every test here signs in a session of its own: signing out ends only that session.
const test = teamTest;

// The server counts failed attempts per organization and login (the application's failedSigninLimit).
const WRONG_PASSWORD = /^password or code is incorrect, you have \d+ remaining chances$/;

test('the admin signs in at /login through the labelled form, Enter submitting it', async ({ page }) => {
  await page.goto('/login');
  await expect(heading(page, 'Gatehouse')).toBeVisible();
  await expect(page.getByLabel('Username')).toBeFocused();
  await submitSignInForm(page, 'admin', ADMIN_PASSWORD);
  await expect(page).toHaveURL('/');
  await expect(heading(page, 'Dashboard')).toBeVisible();
  await expect(accountMenu(page)).toHaveAccessibleName('Account menu of Admin');
});

test('a wrong password shows the server message and stays on the sign-in page', async ({ page }) => {
  await page.goto('/login');
  await submitSignInForm(page, 'admin', 'not-the-password');
  await expect(page.getByRole('alert')).toHaveText(WRONG_PASSWORD);
  await expect(page).toHaveURL('/login');
});

test('Logout in the account menu says so and ends the session', async ({ page }) => {
  await page.goto('/login');
  await submitSignInForm(page, 'admin', ADMIN_PASSWORD);
  await expect(heading(page, 'Dashboard')).toBeVisible();

  await logOut(page);
  await expect(toast(page, 'Logged out successfully')).toBeVisible();
  await expect(page).toHaveURL('/login');

  const account = await (await page.request.get('/api/get-account')).json();
  expect(account.code).toBe('pleaseLogin');
  await page.goto('/organizations');
  await expect(page).toHaveURL('/login');
});

test("an organization's user signs in at /login/{organization}, and signing out returns there", async ({ page, team }) => {
  // The built-in organization has no such user: the answer says where members of others sign in.
  await page.goto('/login');
  await submitSignInForm(page, team.user.name, team.user.password);
  await expect(page.getByRole('alert')).toHaveText(
    `The user "${team.user.name}" does not exist in the organization "built-in"; a member of another organization signs in at /login/<organization>`,
  );

  await page.goto(`/login/${team.org}`);
  await submitSignInForm(page, team.user.name, team.user.password);
  // Ordinary users start at the app launcher.
  await expect(page).toHaveURL('/apps');
  await expect(accountMenu(page)).toHaveAccessibleName('Account menu of Worker');

  await logOut(page);
  await expect(toast(page, 'Logged out successfully')).toBeVisible();
  await expect(page).toHaveURL(`/login/${team.org}`);
  await expect(page.getByLabel('Username')).toBeVisible();
});

test("signing out of a session opened on a console page goes to the organization's sign-in page", async ({ page, team }) => {
  await signIn(page, team.user.name, team.user.password, team.org);
  await page.goto('/account');
  await expect(heading(page, 'My Account')).toBeVisible();

  await logOut(page);
  await expect(toast(page, 'Logged out successfully')).toBeVisible();
  await expect(page).toHaveURL(`/login/${team.org}`);
  await expect(page.getByLabel('Username')).toBeVisible();
});
