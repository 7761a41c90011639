import { defaultAccountItems } from '@gatehouse/entities';
import { beforeAll, describe, expect, it } from 'vitest';
import { organizationTeam, type Team } from '../test-support/accounts.js';
import { ApiClient } from '../test-support/client.js';
import { describeEachDatabase } from '../test-support/suite.js';

const ORG = 'settings-org';
const ID = { id: `admin/${ORG}` };

/** The organization's own rules on save, and who sees its secrets. */
describeEachDatabase('organization settings', (server) => {
  let team: Team;

  beforeAll(async () => {
    team = await organizationTeam(server().url, ORG);
  });

  const stored = async () => (await team.admin.get('/api/get-organization', ID)).data;
  const save = async (changes: Record<string, unknown>, client = team.admin) =>
    client.post('/api/update-organization', { ...(await stored()), ...changes }, ID);

  describe('account items', () => {
    it('drops the rows left as "Please select an account item" and keeps the others in order', async () => {
      const items = defaultAccountItems().slice(0, 3);
      const placeholder = {
        name: 'Please select an account item',
        visible: true,
        viewRule: 'Public',
        modifyRule: 'Self',
        regex: '',
      };
      const answer = await save({
        accountItems: [items[0], placeholder, items[1], { ...placeholder, name: 'Please select an account item ' }, items[2]],
      });
      expect(answer.status).toBe('ok');
      expect((await stored()).accountItems).toEqual(items);
      await save({ accountItems: defaultAccountItems() });
    });

    it('refuses repeated and unknown names, misplaced or broken regexes and Self for items only admins see, changing nothing', async () => {
      const before = (await stored()).accountItems;
      const row = (name: string, rest: Record<string, unknown> = {}) => ({
        name,
        visible: true,
        viewRule: 'Public',
        modifyRule: 'Self',
        regex: '',
        ...rest,
      });
      const cases: [unknown[], string][] = [
        [[row('Email'), row('Bio'), row('Email')], 'The account item "Email" is listed more than once'],
        [[row('Shoe size')], 'Unknown account item: "Shoe size"'],
        [
          [row('Tag', { regex: '^[a-z]+$' })],
          'A regex can be set only on these account items: Display name, Password, Email, Phone, Location, Title, Homepage, Bio, Gender, Birthday, Education, ID card, ID card type; not on "Tag"',
        ],
        [[row('Bio', { regex: '([a-z' })], 'The regex of the account item "Bio" is not a valid regular expression: '],
        [
          [row('Bio', { viewRule: 'Admin', modifyRule: 'Self' })],
          'The modify rule of the account item "Bio" can only be Admin or Immutable (only administrators see it), not Self',
        ],
        [
          [row('Is admin', { viewRule: 'Self', modifyRule: 'Self' })],
          'The modify rule of the account item "Is admin" can only be Admin or Immutable (only administrators see it), not Self',
        ],
      ];
      for (const [accountItems, msg] of cases) {
        const answer = await save({ accountItems });
        expect(answer.status).toBe('error');
        expect(answer.msg.startsWith(msg)).toBe(true);
      }
      expect((await stored()).accountItems).toEqual(before);
      // A regex on an item that takes one, and Admin or Immutable where required, are fine.
      expect(
        (
          await save({
            accountItems: [
              row('Email', { regex: '^.+@example\\.com$' }),
              row('Is admin', { viewRule: 'Admin', modifyRule: 'Immutable' }),
            ],
          })
        ).status,
      ).toBe('ok');
      await save({ accountItems: before });
    });

    it('applies the same rules to a new organization', async () => {
      const answer = await team.admin.post('/api/add-organization', {
        owner: 'admin',
        name: 'settings-new',
        accountItems: [{ name: 'Tag', visible: true, viewRule: 'Public', modifyRule: 'Self', regex: 'x' }],
      });
      expect(answer).toMatchObject({ status: 'error', code: 'accountItemRegexNotAllowed' });
      expect((await team.admin.get('/api/get-organization', { id: 'admin/settings-new' })).data).toBeNull();
    });
  });

  describe('password obfuscator', () => {
    it("refuses a key that does not fit its type with Casdoor's message; Plain keeps no key", async () => {
      const before = (await stored()).passwordObfuscatorType;
      expect(await save({ passwordObfuscatorType: 'AES', passwordObfuscatorKey: '1234' })).toMatchObject({
        status: 'error',
        msg: "The password obfuscator key doesn't match the regex: ^[1-9a-f]{32}$",
      });
      expect(await save({ passwordObfuscatorType: 'DES', passwordObfuscatorKey: '0123456789abcdef' })).toMatchObject({
        status: 'error',
        msg: "The password obfuscator key doesn't match the regex: ^[1-9a-f]{16}$",
      });
      expect((await stored()).passwordObfuscatorType).toBe(before);
      expect((await save({ passwordObfuscatorType: 'DES', passwordObfuscatorKey: '123456789abcdef1' })).status).toBe('ok');
      // Switching type without a new key: the stored key no longer fits.
      expect(await save({ passwordObfuscatorType: 'AES' })).toMatchObject({ code: 'passwordObfuscatorKeyMismatch' });
      expect((await save({ passwordObfuscatorType: 'Plain' })).status).toBe('ok');
      expect(await stored()).toMatchObject({ passwordObfuscatorType: 'Plain', passwordObfuscatorKey: '' });
    });

    it('shows the key only to those who may edit the organization, and to its sign-in pages', async () => {
      const key = 'abcdef123456789abcdef123456789ab';
      await save({
        passwordObfuscatorType: 'AES',
        passwordObfuscatorKey: key,
        masterPassword: 'master-1',
        passwordSalt: 'pepper',
      });
      const app = `${ORG}-app`;
      await team.admin.post('/api/add-application', { owner: 'admin', name: app, organization: ORG });

      expect((await team.orgAdmin.get('/api/get-organization', ID)).data).toMatchObject({
        passwordObfuscatorKey: key,
        masterPassword: 'master-1',
      });
      expect((await team.member.get('/api/get-organization', ID)).data).toMatchObject({
        passwordObfuscatorKey: '***',
        masterPassword: '***',
      });
      expect((await team.member.get('/api/get-account')).data2).toMatchObject({ passwordObfuscatorKey: '***' });
      // The sign-in page (anyone) gets the key it encrypts with, and nothing secret.
      const page = await new ApiClient(server().url).get('/api/get-app-login', { id: `admin/${app}` });
      expect(page.data.organizationObj).toMatchObject({
        passwordObfuscatorType: 'AES',
        passwordObfuscatorKey: key,
        masterPassword: '***',
        passwordSalt: '***',
      });
      // The masked key sent back keeps the stored one.
      expect((await save({ displayName: 'Settings' }, team.orgAdmin)).status).toBe('ok');
      expect((await stored()).passwordObfuscatorKey).toBe(key);
      await save({ passwordObfuscatorType: 'Plain', masterPassword: '', passwordSalt: '' });
      const plain = await new ApiClient(server().url).get('/api/get-app-login', { id: `admin/${app}` });
      expect(plain.data.organizationObj).toMatchObject({ passwordObfuscatorType: 'Plain', passwordObfuscatorKey: '' });
    });
  });

  describe('other fields', () => {
    it('clears the dark logo with its switch; a client sending only the dark logo turns the switch on', async () => {
      const logoDark = 'https://cdn.example.com/dark.png';
      expect((await save({ enableDarkLogo: true, logoDark })).status).toBe('ok');
      expect(await stored()).toMatchObject({ enableDarkLogo: true, logoDark });
      expect((await save({ enableDarkLogo: false })).status).toBe('ok');
      expect(await stored()).toMatchObject({ enableDarkLogo: false, logoDark: '' });
      // Casdoor's clients know no switch: the dark logo alone.
      const { enableDarkLogo: _switch, ...withoutSwitch } = await stored();
      expect((await team.admin.post('/api/update-organization', { ...withoutSwitch, logoDark }, ID)).status).toBe('ok');
      expect(await stored()).toMatchObject({ enableDarkLogo: true, logoDark });
    });

    it('takes tags as value or value|label, and region codes as country codes', async () => {
      expect((await save({ tags: ['staff', 'vip|贵宾'] })).status).toBe('ok');
      expect(await save({ tags: ['|nameless'] })).toMatchObject({
        status: 'error',
        msg: 'A tag is a value or value|label; "|nameless" is neither',
      });
      expect(await save({ tags: ['a|b|c'] })).toMatchObject({ code: 'organizationTagInvalid' });
      expect((await stored()).tags).toEqual(['staff', 'vip|贵宾']);
      expect(await save({ countryCodes: ['US', 'Atlantis'] })).toMatchObject({ status: 'error', code: 'invalidField' });
      expect((await save({ countryCodes: ['DE', 'CN'] })).status).toBe('ok');
    });

    it('lets only global admins change the navigation items and header widgets', async () => {
      expect(await save({ widgetItems: ['language'] }, team.orgAdmin)).toMatchObject({
        status: 'error',
        msg: 'You are not allowed to change widgetItems',
      });
      expect((await save({ navItems: ['user-management', '/applications'], widgetItems: ['language'] })).status).toBe('ok');
      expect(await stored()).toMatchObject({ navItems: ['user-management', '/applications'], widgetItems: ['language'] });
      expect(await save({ navItems: ['/no-such-page'] })).toMatchObject({ status: 'error', code: 'invalidField' });
    });
  });
});
