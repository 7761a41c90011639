import type { Page } from '@playwright/test';
import { addApplication, asAdmin, call, createOrganization, unique } from '../support/api.js';
import { adminTest, expect, heading, signIn, teamTest, toast } from '../support/fixtures.js';

/**
 * Items of an application that send codes need a provider to send them: a new application offers
 * only what its organization's providers can do, the edit page warns the administrator of each
 * item whose provider is missing, and the end user who meets one reads a plain sentence.
 */

async function getApplication(name: string) {
  return asAdmin(async (api) => (await call(api, '/api/get-application', undefined, { id: `admin/${name}` })).data);
}

/** An organization whose application has the default code items and no provider at all, and a user with an e-mail address. */
async function applicationWithoutProviders(user: string) {
  const org = await createOrganization();
  const email = `${user}@${org}.example`;
  await asAdmin((api) =>
    call(api, '/api/add-user', { owner: org, name: user, displayName: user, email, password: `${user}-pass` }),
  );
  const name = await addApplication({
    organization: org,
    enablePassword: true,
    enableSignUp: true,
    providers: [],
    signinMethods: [
      { name: 'Password', displayName: 'Password', rule: 'All' },
      { name: 'Verification code', displayName: 'Verification code', rule: 'All' },
    ],
  });
  return { org, name, email };
}

const warning = (page: Page, title: string) => page.getByRole('alert').filter({ hasText: title });

teamTest(
  'a new application lists its organization’s e-mail provider and verifies e-mail addresses with it',
  async ({ page, team }) => {
    const mail = unique('mail');
    await asAdmin((api) =>
      call(api, '/api/add-provider', { owner: team.org, name: mail, displayName: mail, category: 'Email', type: 'Default' }),
    );
    await signIn(page, team.admin.name, team.admin.password, team.org);
    await page.goto('/applications');
    await page.getByRole('button', { name: 'Add' }).click();
    await expect(toast(page, 'Successfully added')).toBeVisible();
    await expect(heading(page, 'New Application')).toBeVisible();
    const name = decodeURIComponent(new URL(page.url()).pathname.split('/')[3] ?? '');

    const stored = await getApplication(name);
    expect(stored.providers.map((row: { name: string }) => row.name)).toContain(mail);
    expect(stored.signupItems.find((item: { name: string }) => item.name === 'Email')).toMatchObject({ rule: 'Normal' });
    expect(stored.signinMethods.find((method: { name: string }) => method.name === 'Verification code')?.rule).toMatch(
      /^(Email only|All)$/,
    );
    await expect(page.getByRole('group', { name: 'Providers', exact: true }).locator(`[title="${mail}"]`)).toBeVisible();
    await expect(warning(page, 'Some items send codes that no provider can send')).toHaveCount(0);
  },
);

adminTest(
  'the application page names each item that lacks its provider; the end user reads a plain sentence',
  async ({ page, browser }) => {
    const { org, name, email } = await applicationWithoutProviders('ana');
    await page.goto(`/applications/${org}/${name}`);
    await expect(heading(page, 'Edit Application')).toBeVisible();
    const title = 'Some items send codes that no provider can send';
    // One warning where sign-in methods are set, one where sign-up items are, all of them by the Providers list.
    await expect(warning(page, title)).toHaveCount(3);
    await expect(warning(page, title).first()).toContainText(
      'The "Verification code" sign-in method needs an Email or SMS provider',
    );
    await expect(warning(page, title).nth(1)).toContainText('Sign-up checks the e-mail address with a code');
    await expect(warning(page, title).nth(2).getByRole('listitem')).toHaveCount(3);

    // The end user of that application is told plainly, without the administrator's instructions.
    const visitor = await browser.newPage({ storageState: { cookies: [], origins: [] } });
    await visitor.goto(`/login/${org}`);
    await visitor.getByRole('tab', { name: 'Verification code' }).click();
    await visitor.getByLabel('Email or phone').fill(email);
    await visitor.getByRole('button', { name: 'Send Code' }).click();
    await expect(
      visitor.getByText("Codes cannot be sent by e-mail here yet. Please contact the site's administrator."),
    ).toBeVisible();
    await expect(visitor.getByText('Providers')).toHaveCount(0);
    await visitor.close();

    // Sign-up without codes, and the method removed: no warning is left.
    await asAdmin(async (api) => {
      const stored = await getApplication(name);
      await call(
        api,
        '/api/update-application',
        {
          ...stored,
          signinMethods: [{ name: 'Password', displayName: 'Password', rule: 'All' }],
          signupItems: stored.signupItems.map((item: { name: string }) =>
            item.name === 'Email' || item.name === 'Phone' ? { ...item, rule: 'No verification' } : item,
          ),
        },
        { id: `admin/${name}` },
      );
    });
    await page.reload();
    await expect(heading(page, 'Edit Application')).toBeVisible();
    await expect(page.getByLabel('Display name', { exact: true })).toHaveValue(`App ${name}`);
    await expect(warning(page, title)).toHaveCount(0);
    await asAdmin((api) => call(api, '/api/delete-application', { owner: 'admin', name }));
  },
);

adminTest.describe('in Chinese', () => {
  adminTest.use({ locale: 'zh-CN' });

  adminTest('the warning and the end user’s sentence are in Chinese', async ({ page, browser }) => {
    const { org, name, email } = await applicationWithoutProviders('lin');
    await page.goto(`/applications/${org}/${name}`);
    await expect(warning(page, '部分项目需要发送验证码，但没有可用的提供商')).toHaveCount(3);

    const visitor = await browser.newPage({ locale: 'zh-CN', storageState: { cookies: [], origins: [] } });
    await visitor.goto(`/login/${org}`);
    await visitor.getByRole('tab', { name: '验证码' }).click();
    await visitor.getByRole('textbox').first().fill(email);
    await visitor.getByRole('button', { name: /发送/ }).click();
    await expect(visitor.getByText('暂时无法通过邮件发送验证码，请联系网站管理员。')).toBeVisible();
    await visitor.close();
    await asAdmin((api) => call(api, '/api/delete-application', { owner: 'admin', name }));
  });
});
