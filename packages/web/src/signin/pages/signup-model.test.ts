import { defaultSignupItems, type SignupItemRow, signupItem } from '@gatehouse/entities';
import { describe, expect, it } from 'vitest';
import { isConsolePath } from '../../shared/components/console-path';
import { signupProviders } from '../../shared/components/signin-providers';
import {
  fieldViolation,
  providersRule,
  type SignupApplication,
  type SignupField,
  signinPageOf,
  signupApplicationOf,
  signupBody,
  signupFields,
  signupLinkOf,
  signupValuesOf,
} from './signup-model';

const item = signupItem;

/** The items the console's Add gives an application. */
const DEFAULT_ITEMS = defaultSignupItems();

const appWith = (signupItems: SignupItemRow[], extra: Partial<SignupApplication> = {}): SignupApplication => ({
  name: 'shop',
  organization: 'acme',
  signupItems,
  tags: [],
  countryCodes: ['US', 'DE'],
  passwordOptions: ['AtLeast6'],
  emailAsUsername: false,
  ...extra,
});

const fieldOf = (app: SignupApplication, kind: SignupField['kind']) => {
  const field = signupFields(app.signupItems).find((f) => f.kind === kind);
  if (!field) throw new Error(`no ${kind} input`);
  return field;
};

describe('signupApplicationOf', () => {
  it("reads the items, tags and the organization's country codes, password options and e-mail usernames", () => {
    const app = signupApplicationOf({
      name: 'shop',
      organization: 'acme',
      signupItems: DEFAULT_ITEMS,
      tags: ['vip'],
      organizationObj: { countryCodes: ['US'], passwordOptions: ['AtLeast8'], useEmailAsUsername: true },
    });
    expect(app).toEqual({
      name: 'shop',
      organization: 'acme',
      signupItems: DEFAULT_ITEMS,
      tags: ['vip'],
      countryCodes: ['US'],
      passwordOptions: ['AtLeast8'],
      emailAsUsername: true,
      providers: [],
    });
    expect(signupApplicationOf({ name: 'bare', organization: 'acme' })).toMatchObject({
      signupItems: [],
      countryCodes: [],
      passwordOptions: [],
      emailAsUsername: false,
    });
  });
});

describe('signupFields', () => {
  it('gives one input per visible item, in order, without the ID and an agreement with rule None', () => {
    const fields = signupFields(DEFAULT_ITEMS);
    expect(fields.map((f) => [f.kind, f.name, f.required])).toEqual([
      ['username', 'username', true],
      ['displayName', 'name', true],
      ['password', 'password', true],
      ['confirm', 'confirm', true],
      ['email', 'email', true],
      ['emailCode', 'emailCode', true],
      ['phone', 'phone', false],
      ['phoneCode', 'phoneCode', false],
      ['button', '', false],
      ['providers', '', false],
    ]);
  });

  it("places the Providers item's buttons where the item is, big or (by default) small, never required", () => {
    const items = [item('Username'), item('Providers', { rule: 'big' }), item('Password'), item('Signup button')];
    const fields = signupFields(items);
    expect(fields.map((f) => f.kind)).toEqual(['username', 'providers', 'password', 'button']);
    const providers = fields[1] as SignupField;
    expect(providers.required).toBe(false);
    expect(providersRule(providers.row)).toBe('big');
    expect(providersRule(item('Providers', { rule: 'small' }))).toBe('small');
    expect(providersRule(item('Providers', { rule: 'None' }))).toBe('small');
    expect(signupFields([item('Providers', { visible: false }), item('Signup button')]).map((f) => f.kind)).toEqual(['button']);
    // Nothing to check and nothing to send.
    const app = appWith(items);
    expect(fieldViolation(app, providers, {}, 'Providers')).toBeNull();
    expect(signupBody(app, fields, { username: 'ada', password: 'secret1' }, '')).toEqual({
      application: 'shop',
      organization: 'acme',
      username: 'ada',
      password: 'secret1',
    });
  });

  it('asks for the code of an e-mail address or phone number unless the rule is "No verification"', () => {
    const kinds = (rule: string) =>
      signupFields([item('Email', { rule }), item('Phone', { rule, required: false })]).map((f) => f.kind);
    expect(kinds('Normal')).toEqual(['email', 'emailCode', 'phone', 'phoneCode']);
    expect(kinds('No verification')).toEqual(['email', 'phone']);
  });

  it('needs a code only where its address is given', () => {
    const app = appWith(DEFAULT_ITEMS);
    const emailCode = fieldOf(app, 'emailCode');
    const phoneCode = fieldOf(app, 'phoneCode');
    expect(fieldViolation(app, emailCode, { email: 'ada@acme.test', emailCode: '' }, 'Email code')).toEqual({
      key: 'signupItemRequired',
      params: { name: 'Email code' },
    });
    expect(fieldViolation(app, emailCode, { email: 'ada@acme.test', emailCode: '123456' }, 'Email code')).toBeNull();
    expect(fieldViolation(app, phoneCode, { phone: '', phoneCode: '' }, 'Phone code')).toBeNull();
    expect(fieldViolation(app, phoneCode, { phone: '2025550100', phoneCode: ' ' }, 'Phone code')).toMatchObject({
      key: 'signupItemRequired',
    });
  });

  it('skips hidden items and follows the order of the items', () => {
    const fields = signupFields([
      item('Email', { required: false, rule: 'No verification' }),
      item('Username', { visible: false }),
      item('Password'),
      item('Signup button'),
    ]);
    expect(fields.map((f) => f.kind)).toEqual(['email', 'password', 'button']);
    expect(fields[0]?.required).toBe(false);
  });

  it('gives the agreement an input when its rule asks for one', () => {
    for (const rule of ['Signin', 'Signin (Default True)']) {
      expect(signupFields([item('Agreement', { rule })]).map((f) => f.kind)).toEqual(['agreement']);
    }
    expect(signupFields([item('Agreement', { rule: 'None' })])).toEqual([]);
  });

  it('turns a First, last display name into one input pair and drops separate First name and Last name items', () => {
    const fields = signupFields([item('Display name', { rule: 'First, last' }), item('First name'), item('Last name')]);
    expect(fields.map((f) => f.kind)).toEqual(['firstLast']);
    expect(signupFields([item('First name'), item('Last name')]).map((f) => [f.kind, f.name])).toEqual([
      ['firstName', 'firstName'],
      ['lastName', 'lastName'],
    ]);
  });

  it('maps custom items to the field the server reads, and Text items to HTML blocks', () => {
    const fields = signupFields([
      item('Gender', { type: 'Single Choice', options: ['female', 'male'] }),
      item('Country/Region'),
      item('Favourite Colour', { required: false }),
      item('Text 1', { label: '<b>Welcome</b>' }),
      item('Email or Phone'),
      item('Invitation code'),
    ]);
    expect(fields.map((f) => [f.kind, f.name])).toEqual([
      ['custom', 'gender'],
      ['custom', 'region'],
      ['custom', 'favourite colour'],
      ['text', ''],
      ['emailOrPhone', 'emailOrPhone'],
      ['invitationCode', 'invitationCode'],
    ]);
  });
});

describe('fieldViolation', () => {
  const app = appWith(DEFAULT_ITEMS);

  it('asks for an empty required input by its label', () => {
    expect(fieldViolation(app, fieldOf(app, 'username'), { username: '' }, 'Username')).toEqual({
      key: 'signupItemRequired',
      params: { name: 'Username' },
    });
    expect(fieldViolation(app, fieldOf(app, 'email'), { email: '  ' }, 'Email')).toMatchObject({ key: 'signupItemRequired' });
    // An optional empty input is fine.
    expect(fieldViolation(app, fieldOf(app, 'phone'), { phone: '' }, 'Phone')).toBeNull();
  });

  it('applies the username rules of the server', () => {
    const username = fieldOf(app, 'username');
    expect(fieldViolation(app, username, { username: '1abc' }, 'Username')).toMatchObject({ key: 'usernameStartsWithDigit' });
    expect(fieldViolation(app, username, { username: 'bob@acme.test' }, 'Username')).toMatchObject({ key: 'usernameIsEmail' });
    expect(fieldViolation(app, username, { username: 'bob__smith' }, 'Username')).toMatchObject({ key: 'usernameInvalid' });
    expect(fieldViolation(app, username, { username: 'bob' }, 'Username')).toBeNull();
    const mailNames = appWith(DEFAULT_ITEMS, { emailAsUsername: true });
    expect(fieldViolation(mailNames, username, { username: 'bob@acme.test' }, 'Username')).toBeNull();
  });

  it("checks the password against the organization's options and the confirmation against the password", () => {
    const strict = appWith(DEFAULT_ITEMS, { passwordOptions: ['AtLeast8', 'Aa123'] });
    const password = fieldOf(strict, 'password');
    expect(fieldViolation(strict, password, { password: 'Abc1' }, 'Password')).toEqual({ key: 'passwordAtLeast8' });
    expect(fieldViolation(strict, password, { password: 'abcdefgh' }, 'Password')).toEqual({ key: 'passwordAa123' });
    expect(fieldViolation(strict, password, { password: 'Abcdefg1' }, 'Password')).toBeNull();
    const confirm = fieldOf(strict, 'confirm');
    expect(fieldViolation(strict, confirm, { password: 'Abcdefg1', confirm: 'Abcdefg2' }, 'Confirm')).toEqual({
      key: 'confirmPasswordMismatch',
    });
    expect(fieldViolation(strict, confirm, { password: 'Abcdefg1', confirm: 'Abcdefg1' }, 'Confirm')).toBeNull();
  });

  it("checks the e-mail address, the phone number and the phone's country code", () => {
    expect(fieldViolation(app, fieldOf(app, 'email'), { email: 'not-an-address' }, 'Email')).toEqual({ key: 'emailInvalid' });
    const phone = fieldOf(app, 'phone');
    expect(fieldViolation(app, phone, { phone: '12', countryCode: 'US' }, 'Phone')).toEqual({ key: 'phoneInvalid' });
    expect(fieldViolation(app, phone, { phone: '2025550100', countryCode: 'FR' }, 'Phone')).toEqual({
      key: 'phoneRegionNotAllowed',
    });
    expect(fieldViolation(app, phone, { phone: '2025550100', countryCode: 'US' }, 'Phone')).toBeNull();
  });

  it('checks the one input of Email or Phone as an address or a number', () => {
    const either = appWith([item('Email or Phone')]);
    const field = fieldOf(either, 'emailOrPhone');
    expect(fieldViolation(either, field, { emailOrPhone: 'a@b' }, 'Email or Phone')).toEqual({ key: 'emailInvalid' });
    expect(fieldViolation(either, field, { emailOrPhone: '123', countryCode: 'US' }, 'Email or Phone')).toEqual({
      key: 'phoneInvalid',
    });
    expect(fieldViolation(either, field, { emailOrPhone: 'a@b.test' }, 'Email or Phone')).toBeNull();
  });

  it('checks each half of a First, last display name', () => {
    const names = appWith([item('Display name', { rule: 'First, last', regex: '^[A-Z]' })]);
    const field = fieldOf(names, 'firstLast');
    expect(fieldViolation(names, field, { firstName: '', lastName: 'Lovelace' }, '', 'firstName')).toEqual({
      key: 'firstNameBlank',
    });
    expect(fieldViolation(names, field, { firstName: 'Ada', lastName: '' }, '', 'lastName')).toEqual({ key: 'lastNameBlank' });
    expect(fieldViolation(names, field, { firstName: 'ada', lastName: 'Lovelace' }, '', 'firstName')).toEqual({
      key: 'signupRegexMismatch',
      params: { value: 'ada', name: 'Display name', application: 'shop' },
    });
    expect(fieldViolation(names, field, { firstName: 'Ada', lastName: 'Lovelace' }, '', 'lastName')).toBeNull();
    // Optional: both empty is fine, one without the other is not.
    const optional = appWith([item('Display name', { rule: 'First, last', required: false })]);
    const optionalField = fieldOf(optional, 'firstLast');
    expect(fieldViolation(optional, optionalField, { firstName: '', lastName: '' }, '', 'firstName')).toBeNull();
    expect(fieldViolation(optional, optionalField, { firstName: '', lastName: 'X' }, '', 'firstName')).toEqual({
      key: 'firstNameBlank',
    });
  });

  it('applies choices and the regex of custom items', () => {
    const custom = appWith([
      item('Gender', { type: 'Single Choice', options: ['female', 'male'] }),
      item('Education', { type: 'Multiple Choices', options: ['school', 'college'], required: false }),
      item('ID card', { label: 'Member number', regex: '^M-\\d{4}$' }),
    ]);
    const [gender, education, idCard] = signupFields(custom.signupItems) as [SignupField, SignupField, SignupField];
    expect(fieldViolation(custom, gender, { gender: undefined }, 'Gender')).toEqual({
      key: 'signupItemRequired',
      params: { name: 'Gender' },
    });
    expect(fieldViolation(custom, gender, { gender: 'robot' }, 'Gender')).toEqual({
      key: 'signupOptionInvalid',
      params: { value: 'robot', name: 'Gender' },
    });
    expect(fieldViolation(custom, education, { education: [] }, 'Education')).toBeNull();
    expect(fieldViolation(custom, education, { education: ['school', 'college'] }, 'Education')).toBeNull();
    expect(fieldViolation(custom, idCard, { idCard: 'X-1' }, 'Member number')).toEqual({
      key: 'signupRegexMismatch',
      params: { value: 'X-1', name: 'ID card', application: 'shop' },
    });
  });

  it('requires the agreement to be ticked', () => {
    const agreeing = appWith([item('Agreement', { rule: 'Signin' })]);
    const field = fieldOf(agreeing, 'agreement');
    expect(fieldViolation(agreeing, field, { agreement: false }, 'Agreement')).toEqual({ key: 'agreementRequired' });
    expect(fieldViolation(agreeing, field, { agreement: true }, 'Agreement')).toBeNull();
  });
});

describe('signupBody', () => {
  it("builds Casdoor's AuthForm from the inputs, trimming all but the passwords", () => {
    const app = appWith(DEFAULT_ITEMS);
    const body = signupBody(
      app,
      signupFields(app.signupItems),
      {
        username: ' ada ',
        name: 'Ada Lovelace',
        password: ' secret ',
        confirm: ' secret ',
        email: 'ada@acme.test ',
        emailCode: ' 123456 ',
        phone: '2025550100',
        phoneCode: '654321',
        countryCode: 'US',
      },
      '',
    );
    expect(body).toEqual({
      application: 'shop',
      organization: 'acme',
      username: 'ada',
      name: 'Ada Lovelace',
      password: ' secret ',
      confirm: ' secret ',
      email: 'ada@acme.test',
      emailCode: '123456',
      phone: '2025550100',
      phoneCode: '654321',
      countryCode: 'US',
    });
  });

  it('sends no country code without a phone number, and values of hidden items never', () => {
    const app = appWith([
      item('Username'),
      item('Password'),
      item('Phone', { required: false, rule: 'No verification' }),
      item('Email', { visible: false }),
    ]);
    const body = signupBody(
      app,
      signupFields(app.signupItems),
      { username: 'ada', password: 'pw', phone: '', countryCode: 'US', email: 'x@y.z' },
      '',
    );
    expect(body).toEqual({ application: 'shop', organization: 'acme', username: 'ada', password: 'pw', phone: '' });
  });

  it('sends first and last name, custom values, choices, and the agreement as a boolean', () => {
    const app = appWith([
      item('Display name', { rule: 'First, last' }),
      item('Gender', { type: 'Single Choice', options: ['female'] }),
      item('Education', { type: 'Multiple Choices', options: ['school', 'college'] }),
      item('Favourite Colour'),
      item('Agreement', { rule: 'Signin' }),
    ]);
    const body = signupBody(
      app,
      signupFields(app.signupItems),
      {
        firstName: ' Ada',
        lastName: 'Lovelace ',
        gender: 'female',
        education: ['school', 'college'],
        'favourite colour': ' teal ',
        agreement: true,
      },
      '',
    );
    expect(body).toEqual({
      application: 'shop',
      organization: 'acme',
      firstName: 'Ada',
      lastName: 'Lovelace',
      gender: 'female',
      education: ['school', 'college'],
      'favourite colour': 'teal',
      agreement: true,
    });
    expect(signupBody(app, signupFields(app.signupItems), {}, '').agreement).toBe(false);
  });

  it('sends Email or Phone as the field it is', () => {
    const app = appWith([item('Email or Phone')]);
    const fields = signupFields(app.signupItems);
    expect(signupBody(app, fields, { emailOrPhone: 'ada@acme.test', countryCode: 'US' }, '')).toEqual({
      application: 'shop',
      organization: 'acme',
      email: 'ada@acme.test',
    });
    expect(signupBody(app, fields, { emailOrPhone: ' 2025550100 ', countryCode: 'DE' }, '')).toEqual({
      application: 'shop',
      organization: 'acme',
      phone: '2025550100',
      countryCode: 'DE',
    });
    expect(signupValuesOf({ emailOrPhone: '2025550100' })).toEqual({ phone: '2025550100' });
  });

  it("sends the link's invitation code, unless the form has an input for it", () => {
    const plain = appWith([item('Username')]);
    expect(signupBody(plain, signupFields(plain.signupItems), { username: 'ada' }, 'CODE1')).toMatchObject({
      invitationCode: 'CODE1',
    });
    expect(signupBody(plain, signupFields(plain.signupItems), { username: 'ada' }, '')).not.toHaveProperty('invitationCode');
    const invited = appWith([item('Invitation code')]);
    expect(signupBody(invited, signupFields(invited.signupItems), { invitationCode: ' TYPED ' }, 'CODE1')).toMatchObject({
      invitationCode: 'TYPED',
    });
  });
});

describe('links between the sign-in and sign-up pages', () => {
  it('sign in now: back to the authorization request, else the sign-in URL, else the console sign-in page', () => {
    const app = { name: 'shop', organization: 'acme corp', signinUrl: '' };
    expect(signinPageOf(app, '?client_id=c&state=s')).toBe('/login/oauth/authorize?client_id=c&state=s');
    expect(signinPageOf({ ...app, signinUrl: 'https://shop.example/login' }, null)).toBe('https://shop.example/login');
    expect(signinPageOf(app, null)).toBe('/login/acme%20corp');
    expect(signinPageOf({ name: 'app-built-in', organization: 'built-in' }, null)).toBe('/login');
  });

  it('sign up now: only where sign-up is allowed and the Signup link item is visible', () => {
    const app = { name: 'shop', enableSignUp: true, signinItems: [{ name: 'Signup link', visible: true }] };
    expect(signupLinkOf(app)).toBe('/signup/shop');
    expect(signupLinkOf(app, '?client_id=c')).toBe('/signup/oauth/authorize?client_id=c');
    expect(signupLinkOf({ ...app, signupUrl: 'https://shop.example/join' })).toBe('https://shop.example/join');
    expect(signupLinkOf({ ...app, enableSignUp: false })).toBeNull();
    expect(signupLinkOf({ ...app, signinItems: [{ name: 'Signup link', visible: false }] })).toBeNull();
    expect(signupLinkOf({ name: 'old', enableSignUp: true })).toBe('/signup/old');
    expect(signupLinkOf(undefined)).toBeNull();
  });

  it('tells console paths from other sites', () => {
    expect(isConsolePath('/login')).toBe(true);
    expect(isConsolePath('//evil.example')).toBe(false);
    expect(isConsolePath('https://shop.example/login')).toBe(false);
  });
});

describe('the identity providers one may sign up with', () => {
  const provider = (name: string, category: string, type: string) => ({
    owner: 'acme',
    name,
    displayName: `${name} provider`,
    category,
    type,
    subType: '',
    customLogo: '',
  });

  it('are the rows that may sign up, of the kinds a sign-in page offers, in order', () => {
    const app = {
      providers: [
        { name: 'gh', canSignUp: true, canSignIn: false, provider: provider('gh', 'OAuth', 'GitHub') },
        { name: 'google', canSignUp: false, canSignIn: true, provider: provider('google', 'OAuth', 'Google') },
        { name: 'mail', canSignUp: true, provider: provider('mail', 'Email', 'Default') },
        { name: 'captcha', canSignUp: true, provider: provider('captcha', 'Captcha', 'Default') },
        { name: 'gone', canSignUp: true, provider: null },
        { name: 'fb', canSignUp: true, provider: provider('fb', 'OAuth', 'Facebook') },
        { name: 'corp', canSignUp: true, provider: provider('corp', 'OAuth', 'Custom') },
        { name: 'wallet', canSignUp: true, provider: provider('wallet', 'Web3', 'MetaMask') },
        { name: 'wallet-off', canSignUp: false, canSignIn: true, provider: provider('wallet-off', 'Web3', 'MetaMask') },
      ],
    };
    expect(signupProviders(app).map((p) => [p.name, p.displayName, p.type])).toEqual([
      ['gh', 'gh provider', 'GitHub'],
      ['corp', 'corp provider', 'Custom'],
      ['wallet', 'wallet provider', 'MetaMask'],
    ]);
    expect(signupProviders(null)).toEqual([]);
    expect(signupProviders({ providers: 'none' })).toEqual([]);
  });
});
