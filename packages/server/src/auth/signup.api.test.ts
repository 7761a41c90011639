import { defaultSignupItems, signupItem } from '@gatehouse/entities';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../test-support/client.js';
import { ADMIN_PASSWORD } from '../test-support/server.js';
import { describeEachDatabase } from '../test-support/suite.js';

type Item = Record<string, unknown> & { name: string };

const item = signupItem;

/**
 * The items of a default application, as the console's Add creates them, but
 * with e-mail and phone taken without a code (code-flows.api.test.ts covers the codes).
 */
const DEFAULT_ITEMS = defaultSignupItems().map((row) =>
  row.name === 'Email' || row.name === 'Phone' ? { ...row, rule: 'No verification' } : row,
);

describeEachDatabase('sign-up (POST /api/signup)', (server) => {
  let admin: ApiClient;
  let counter = 0;

  /** An application of organization `org` with these sign-up items (and any other field given). */
  async function application(org: string, signupItems: Item[], fields: Record<string, unknown> = {}) {
    counter += 1;
    const name = `signup-app-${counter}`;
    const added = await admin.post('/api/add-application', {
      owner: 'admin',
      name,
      organization: org,
      cert: 'cert-built-in',
      enablePassword: true,
      enableSignUp: true,
      signupItems,
      ...fields,
    });
    expect(added.status, added.msg).toBe('ok');
    return name;
  }

  async function organization(name: string, fields: Record<string, unknown> = {}) {
    const added = await admin.post('/api/add-organization', {
      owner: 'admin',
      name,
      displayName: name,
      passwordType: 'salt',
      passwordOptions: ['AtLeast6'],
      countryCodes: ['US', 'DE'],
      initScore: 1500,
      ...fields,
    });
    expect(added.status, added.msg).toBe('ok');
  }

  function signup(body: Record<string, unknown>, language = 'en') {
    return new ApiClient(server().url, language).post('/api/signup', body);
  }

  async function storedUser(owner: string, name: string) {
    return (await admin.get('/api/get-user', { id: `${owner}/${name}` })).data;
  }

  const valid = (app: string, name: string) => ({
    application: app,
    organization: 'acme',
    username: name,
    password: 'secret-pass',
    confirm: 'secret-pass',
    name: `Person ${name}`,
    email: `${name}@acme.test`,
  });

  let app: string;

  beforeAll(async () => {
    admin = new ApiClient(server().url);
    await admin.login('admin', ADMIN_PASSWORD);
    await organization('acme');
    app = await application('acme', DEFAULT_ITEMS, { defaultGroup: 'acme/staff' });
  });

  it('creates the user in the organization, opens a session and answers owner/name', async () => {
    const client = new ApiClient(server().url);
    const answer = await client.post('/api/signup', { ...valid(app, 'newcomer'), phone: '2025550100', countryCode: 'US' });
    expect(answer).toMatchObject({ status: 'ok', data: 'acme/newcomer' });
    expect(client.sessionCookie).not.toBe('');
    const account = await client.get('/api/get-account');
    expect(account).toMatchObject({ status: 'ok', name: 'newcomer' });

    const user = await storedUser('acme', 'newcomer');
    expect(user).toMatchObject({
      owner: 'acme',
      name: 'newcomer',
      type: 'normal-user',
      displayName: 'Person newcomer',
      email: 'newcomer@acme.test',
      emailVerified: false,
      phone: '2025550100',
      countryCode: 'US',
      signupApplication: app,
      groups: ['acme/staff'],
      score: 1500,
      isAdmin: false,
      password: '***',
    });
    expect(user.id).toMatch(/^[0-9a-f-]{36}$/);

    // The password was stored hashed under the organization's type: it signs in.
    const again = new ApiClient(server().url);
    expect((await again.login('newcomer', 'secret-pass', 'acme')).status).toBe('ok');
  });

  it('takes the organization from the application and refuses another one', async () => {
    const { organization: _, ...body } = valid(app, 'noorg');
    expect(await signup(body)).toMatchObject({ status: 'ok', data: 'acme/noorg' });
    expect(await signup({ ...valid(app, 'elsewhere'), organization: 'built-in' })).toMatchObject({
      status: 'error',
      msg: `The application "${app}" signs users up in the organization "acme", not "built-in"`,
    });
  });

  it('refuses an unknown application, a disabled sign-up and a signed-in caller', async () => {
    expect(await signup({ ...valid('no-such-app', 'x1') })).toMatchObject({
      status: 'error',
      msg: 'The application "no-such-app" does not exist',
    });
    const closed = await application('acme', DEFAULT_ITEMS, { enableSignUp: false });
    expect(await signup(valid(closed, 'closed1'))).toMatchObject({
      status: 'error',
      msg: 'The application does not allow to sign up new account',
      code: 'signupDisabled',
    });
    expect(await storedUser('acme', 'closed1')).toBeNull();

    const signedIn = new ApiClient(server().url);
    await signedIn.login('admin', ADMIN_PASSWORD);
    expect(await signedIn.post('/api/signup', valid(app, 'twice'))).toMatchObject({
      status: 'error',
      msg: 'Please sign out first before signing up',
    });
  });

  it('applies the username rules with their messages', async () => {
    const cases: [string, string][] = [
      ['a', 'Username must have at least 2 characters'],
      ['', 'Username must have at least 2 characters'],
      ['1abc', 'Username cannot start with a digit'],
      ['bob@acme.test', 'Username cannot be an email address'],
      ['bob smith', 'Username cannot contain white spaces'],
      [
        'bob__smith',
        'The username may only contain letters, digits, dots, underlines or hyphens, cannot have two of these signs in a row, and cannot begin or end with one',
      ],
      [
        'bob-',
        'The username may only contain letters, digits, dots, underlines or hyphens, cannot have two of these signs in a row, and cannot begin or end with one',
      ],
      [`b${'o'.repeat(100)}`, 'Username is too long (maximum is 100 characters).'],
    ];
    for (const [username, msg] of cases) {
      expect(await signup({ ...valid(app, 'x'), username }), username).toMatchObject({ status: 'error', msg });
    }
    expect(await signup({ ...valid(app, 'x'), username: '1abc' }, 'zh')).toMatchObject({ msg: '用户名不能以数字开头' });
    expect(await signup({ ...valid(app, 'x'), username: 'dot.ted-name_1', email: 'dotted@acme.test' })).toMatchObject({
      status: 'ok',
    });
  });

  it('accepts an e-mail address as username where the organization allows it', async () => {
    await organization('mailnames', { useEmailAsUsername: true });
    const mailApp = await application('mailnames', DEFAULT_ITEMS);
    expect(
      await signup({ ...valid(mailApp, 'x'), organization: 'mailnames', username: 'carol@mail.test', email: 'carol@mail.test' }),
    ).toMatchObject({ status: 'ok', data: 'mailnames/carol@mail.test' });
  });

  it('refuses a username, e-mail or phone the organization already has', async () => {
    expect(await signup({ ...valid(app, 'dupe'), phone: '2025550111', countryCode: 'US' })).toMatchObject({ status: 'ok' });
    expect(await signup({ ...valid(app, 'dupe'), email: 'other@acme.test' })).toMatchObject({ msg: 'Username already exists' });
    expect(await signup({ ...valid(app, 'dupe2'), email: 'dupe@acme.test' })).toMatchObject({ msg: 'Email already exists' });
    expect(
      await signup({ ...valid(app, 'dupe3'), email: 'dupe3@acme.test', phone: '2025550111', countryCode: 'US' }),
    ).toMatchObject({ msg: 'Phone already exists' });
  });

  it("checks the password against the organization's options and the confirmation", async () => {
    expect(await signup({ ...valid(app, 'pw1'), password: '', confirm: '' })).toMatchObject({
      msg: 'The password cannot be empty',
    });
    expect(await signup({ ...valid(app, 'pw1'), password: 'short', confirm: 'short' })).toMatchObject({
      msg: 'The password must have at least 6 characters',
    });
    await organization('strict', { passwordOptions: ['AtLeast8', 'Aa123'] });
    const strictApp = await application('strict', DEFAULT_ITEMS);
    const strict = { ...valid(strictApp, 'pw2'), organization: 'strict' };
    expect(await signup({ ...strict, password: 'abcdefgh', confirm: 'abcdefgh' })).toMatchObject({
      msg: 'The password must contain at least one uppercase letter, one lowercase letter and one digit',
    });
    expect(await signup({ ...strict, password: 'Abcdefg1', confirm: 'Abcdefg1' })).toMatchObject({ status: 'ok' });
    expect(await signup({ ...valid(app, 'pw3'), confirm: 'not-the-same' })).toMatchObject({
      msg: 'Two passwords you typed do not match.',
    });
    // Casdoor's SDKs send no confirmation at all.
    const { confirm: _, ...noConfirm } = valid(app, 'pw4');
    expect(await signup(noConfirm)).toMatchObject({ status: 'ok' });
  });

  it('checks e-mail and phone', async () => {
    expect(await signup({ ...valid(app, 'em1'), email: '' })).toMatchObject({ msg: 'Email cannot be empty' });
    expect(await signup({ ...valid(app, 'em1'), email: 'not-an-address' })).toMatchObject({ msg: 'Email is invalid' });
    expect(await signup({ ...valid(app, 'em1'), phone: '12', countryCode: 'US' })).toMatchObject({
      msg: 'Phone number is invalid',
    });
    expect(await signup({ ...valid(app, 'em1'), phone: '2025550123', countryCode: 'FR' })).toMatchObject({
      msg: 'Your region is not allowed to sign up by phone',
    });
    const phoneFirst = await application('acme', [
      item('Username'),
      item('Password'),
      item('Email', { required: false, rule: 'No verification' }),
      item('Phone', { rule: 'No verification' }),
      item('Signup button'),
    ]);
    expect(await signup({ application: phoneFirst, username: 'ph1', password: 'secret-pass' })).toMatchObject({
      msg: 'Phone cannot be empty',
    });
    expect(
      await signup({
        application: phoneFirst,
        username: 'ph1',
        password: 'secret-pass',
        phone: '15123456789',
        countryCode: 'DE',
      }),
    ).toMatchObject({ status: 'ok' });
    expect(await storedUser('acme', 'ph1')).toMatchObject({ email: '', phone: '15123456789', countryCode: 'DE' });
  });

  it('applies the display name rules', async () => {
    expect(await signup({ ...valid(app, 'dn1'), name: '  ' })).toMatchObject({ msg: 'Display name cannot be blank' });
    const firstLast = await application('acme', [
      item('Username'),
      item('Display name', { rule: 'First, last' }),
      item('Password'),
      item('Signup button'),
    ]);
    const base = { application: firstLast, username: 'fl1', password: 'secret-pass' };
    expect(await signup({ ...base, lastName: 'Lovelace' })).toMatchObject({ msg: 'First name cannot be blank' });
    expect(await signup({ ...base, firstName: 'Ada' })).toMatchObject({ msg: 'Last name cannot be blank' });
    expect(await signup({ ...base, firstName: 'Ada', lastName: 'Lovelace' })).toMatchObject({ status: 'ok' });
    expect(await storedUser('acme', 'fl1')).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      displayName: 'Ada Lovelace',
    });
  });

  it('applies the custom items: required, choices, regex; hidden items are ignored', async () => {
    const custom = await application('acme', [
      item('Username', { regex: '^[a-z]+[0-9]*$' }),
      item('Password'),
      item('Gender', { type: 'Single Choice', options: ['female', 'male', 'other'] }),
      item('Education', { type: 'Multiple Choices', options: ['school', 'college', 'university'], required: false }),
      item('Affiliation', { required: false, regex: '^[A-Z]' }),
      item('ID card', { label: 'Member number', regex: '^M-\\d{4}$' }),
      item('Tag', { visible: false, required: false }),
      item('Signup button'),
    ]);
    const base = { application: custom, password: 'secret-pass', gender: 'female', idCard: 'M-1234' };
    expect(await signup({ ...base, username: 'cu1', gender: '' })).toMatchObject({ msg: 'Please input your Gender!' });
    expect(await signup({ ...base, username: 'cu1', idCard: '' })).toMatchObject({ msg: 'Please input your Member number!' });
    expect(await signup({ ...base, username: 'cu1', gender: 'robot' })).toMatchObject({
      msg: '"robot" is not a choice of the sign-up field "Gender"',
    });
    expect(await signup({ ...base, username: 'cu1', education: ['school', 'kindergarten'] })).toMatchObject({
      msg: '"kindergarten" is not a choice of the sign-up field "Education"',
    });
    expect(await signup({ ...base, username: 'cu1', affiliation: 'lowercase inc' })).toMatchObject({
      msg: `The value "lowercase inc" for signup field "Affiliation" doesn't match the signup item regex of the application "${custom}"`,
    });
    expect(await signup({ ...base, username: 'Cu1' })).toMatchObject({
      msg: `The value "Cu1" for signup field "Username" doesn't match the signup item regex of the application "${custom}"`,
    });
    expect(
      await signup({ ...base, username: 'cu1', education: ['school', 'university'], affiliation: 'Acme', tag: 'vip' }),
    ).toMatchObject({ status: 'ok' });
    expect(await storedUser('acme', 'cu1')).toMatchObject({
      gender: 'female',
      education: 'school, university',
      affiliation: 'Acme',
      tag: '',
      properties: { 'ID card': 'M-1234' },
    });

    const broken = await application('acme', [item('Username', { regex: '([a-z' }), item('Password'), item('Signup button')]);
    expect(await signup({ application: broken, username: 'br1', password: 'secret-pass' })).toMatchObject({ status: 'error' });
    expect((await signup({ application: broken, username: 'br1', password: 'secret-pass' })).msg).toMatch(
      /^The regex of the sign-up item "Username" is not valid: /,
    );
  });

  it('requires the agreement when its rule asks for it (Signin, Signin (Default True)), not with None', async () => {
    const agreeing = await application('acme', [
      item('Username'),
      item('Password'),
      item('Agreement', { rule: 'Signin' }),
      item('Signup button'),
    ]);
    const base = { application: agreeing, username: 'ag1', password: 'secret-pass' };
    expect(await signup(base)).toMatchObject({ msg: 'Please accept the agreement!' });
    expect(await signup({ ...base, agreement: false })).toMatchObject({ msg: 'Please accept the agreement!' });
    expect(await signup({ ...base, agreement: true })).toMatchObject({ status: 'ok' });
    const preTicked = await application('acme', [
      item('Username'),
      item('Password'),
      item('Agreement', { rule: 'Signin (Default True)' }),
      item('Signup button'),
    ]);
    expect(await signup({ application: preTicked, username: 'ag2', password: 'secret-pass' })).toMatchObject({
      msg: 'Please accept the agreement!',
    });
    // The default items carry an Agreement row with the rule None: nothing to accept.
    expect(await signup(valid(app, 'ag3'))).toMatchObject({ status: 'ok' });
  });

  it('ignores an invitation code where the application asks for none', async () => {
    expect(await signup({ ...valid(app, 'inv2'), invitationCode: 'abc' })).toMatchObject({ status: 'ok' });
  });

  it('numbers users with the Incremental ID rule, also when sign-ups race, and names them by id without a Username item', async () => {
    await organization('numbered');
    const numbered = await application('numbered', [
      item('ID', { visible: false, rule: 'Incremental' }),
      item('Username'),
      item('Password'),
      item('Signup button'),
    ]);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        signup({ application: numbered, username: `num${String.fromCharCode(97 + i)}`, password: 'secret-pass' }),
      ),
    );
    for (const answer of answers) expect(answer.status, answer.msg).toBe('ok');
    const users = (await admin.get('/api/get-users', { owner: 'numbered' })).data as { name: string; id: string }[];
    const ids = users
      .filter((u) => u.name.startsWith('num'))
      .map((u) => Number(u.id))
      .sort((a, b) => a - b);
    expect(ids).toEqual([1, 2, 3, 4, 5, 6]);

    const nameless = await application('numbered', [
      item('ID', { visible: false, rule: 'Incremental' }),
      item('Password'),
      item('Signup button'),
    ]);
    expect(await signup({ application: nameless, password: 'secret-pass' })).toMatchObject({ status: 'ok', data: 'numbered/7' });
    expect(await storedUser('numbered', '7')).toMatchObject({ id: '7', name: '7' });
  });

  describe('GET /api/get-default-application', () => {
    it("answers the organization's default application like get-app-login, without secrets", async () => {
      await organization('withdefault');
      const first = await application('withdefault', DEFAULT_ITEMS, { enableSignUp: false });
      const named = await application('withdefault', DEFAULT_ITEMS);
      // Without a named default: the oldest application that allows sign-up.
      let answer = await new ApiClient(server().url).get('/api/get-default-application', { id: 'admin/withdefault' });
      expect(answer).toMatchObject({ status: 'ok', data: { name: named, organization: 'withdefault', clientSecret: '***' } });
      expect(answer.data.organizationObj).toMatchObject({ name: 'withdefault' });

      await admin.post(
        '/api/update-organization',
        { owner: 'admin', name: 'withdefault', defaultApplication: first },
        { id: 'admin/withdefault' },
      );
      answer = await new ApiClient(server().url).get('/api/get-default-application', { id: 'admin/withdefault' });
      expect(answer.data.name).toBe(first);
      expect(answer.data.clientSecret).toBe('***');
    });

    it('says when the organization or its applications are missing', async () => {
      const anonymous = new ApiClient(server().url);
      expect(await anonymous.get('/api/get-default-application', { id: 'admin/no-such-org' })).toMatchObject({
        status: 'error',
        msg: 'The organization "no-such-org" does not exist',
      });
      await organization('appless');
      expect(await anonymous.get('/api/get-default-application', { id: 'admin/appless' })).toMatchObject({
        status: 'error',
        msg: 'The organization "appless" has no application',
      });
      expect(await anonymous.get('/api/get-default-application', { id: 'appless' })).toMatchObject({ status: 'error' });
    });
  });

  describe('GET /api/get-organization-names', () => {
    it('answers names and display names only, to anyone', async () => {
      const answer = await new ApiClient(server().url).get('/api/get-organization-names', { owner: 'admin' });
      expect(answer.status).toBe('ok');
      const rows = answer.data as Record<string, unknown>[];
      expect(rows).toContainEqual({ name: 'built-in', displayName: 'Built-in Organization' });
      expect(rows).toContainEqual({ name: 'acme', displayName: 'acme' });
      for (const row of rows) expect(Object.keys(row).sort()).toEqual(['displayName', 'name']);
      expect(JSON.stringify(rows)).not.toMatch(/password|masterPassword|salt/i);
    });

    it('narrows by a part of the name or display name and caps the page', async () => {
      await organization('zeta-corp', { displayName: 'Zeta Corporation' });
      const client = new ApiClient(server().url);
      const byName = await client.get('/api/get-organization-names', { owner: 'admin', value: 'ZETA' });
      expect(byName.data).toEqual([{ name: 'zeta-corp', displayName: 'Zeta Corporation' }]);
      const byDisplay = await client.get('/api/get-organization-names', { owner: 'admin', value: 'corporation' });
      expect(byDisplay.data).toEqual([{ name: 'zeta-corp', displayName: 'Zeta Corporation' }]);
      const wildcard = await client.get('/api/get-organization-names', { owner: 'admin', value: '%' });
      expect(wildcard.data).toEqual([]);
      const page = await client.get('/api/get-organization-names', { owner: 'admin', pageSize: 2 });
      expect(page.data).toHaveLength(2);
    });
  });
});
