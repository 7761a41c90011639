import { defaultSigninItems, signinItem } from '@gatehouse/entities';
import { describe, expect, it } from 'vitest';
import {
  codeTargetOf,
  forgetLinkOf,
  offeredSigninMethods,
  organizationChoiceOf,
  organizationSigninPath,
  type SigninContext,
  type SigninItemRow,
  signinLayout,
} from './signin-model';

const item = (name: string, fields: Partial<SigninItemRow> = {}): SigninItemRow => signinItem(name, { rule: 'None', ...fields });

const CONSOLE: SigninContext = { keepsSession: true, fromOrganizationChoice: false, signupLink: '/signup/shop' };
const PASSWORD = [{ name: 'Password', displayName: 'Password', rule: 'All' }];

const app = (fields: Record<string, unknown> = {}) => ({
  name: 'shop',
  organization: 'acme',
  enablePassword: true,
  signinMethods: PASSWORD,
  signinItems: defaultSigninItems(),
  signupItems: [],
  organizationObj: { languages: ['en', 'zh', 'es'] },
  ...fields,
});

const kinds = (layout: ReturnType<typeof signinLayout>) => layout.parts.map((part) => part.kind);

describe('signinLayout', () => {
  it('gives the default form while the application loads and for applications without sign-in items', () => {
    for (const record of [null, app({ signinItems: [] }), app({ signinItems: undefined })]) {
      const layout = signinLayout(record, CONSOLE);
      expect(kinds(layout)).toEqual(['username', 'password', 'autoSignin', 'loginButton', 'signupLink']);
      expect(layout).toMatchObject({ notice: null, showLogo: true, autoSigninDefault: true, agreement: 'none', css: '' });
    }
    // No session is kept (a protocol sign-in without the sign-in session): no box; no sign-up: no link.
    expect(kinds(signinLayout(null, { ...CONSOLE, keepsSession: false, signupLink: null }))).toEqual([
      'username',
      'password',
      'loginButton',
    ]);
  });

  it('follows the default items: languages, logo, the box beside the Forgot password? link, the button, the sign-up link', () => {
    const layout = signinLayout(app(), CONSOLE);
    expect(layout.parts).toEqual([
      { kind: 'languages', languages: ['en', 'zh'], labelled: false },
      { kind: 'logo', src: '' },
      { kind: 'username', label: '', placeholder: '' },
      { kind: 'password', label: '', placeholder: '' },
      { kind: 'forgotPassword', autoSignin: true, link: { label: '', to: '/forget/shop' } },
      { kind: 'loginButton', label: '' },
      { kind: 'signupLink', label: '', to: '/signup/shop' },
    ]);
    // The items place the logo and the language menu: the frame shows neither.
    expect(layout).toMatchObject({ showLogo: false, languages: null, notice: null });
  });

  it('places the Logo and Languages items at their rows, leaving hidden ones out', () => {
    const items = [item('Username'), item('Logo'), item('Password'), item('Languages'), item('Login button')];
    expect(kinds(signinLayout(app({ signinItems: items }), CONSOLE))).toEqual([
      'username',
      'logo',
      'password',
      'languages',
      'loginButton',
    ]);
    const reversed = [item('Languages'), item('Logo'), item('Username'), item('Password')];
    expect(kinds(signinLayout(app({ signinItems: reversed }), CONSOLE))).toEqual([
      'languages',
      'logo',
      'username',
      'password',
      'loginButton',
    ]);
    const hidden = [item('Languages', { visible: false }), item('Logo', { visible: false }), item('Username'), item('Password')];
    const layout = signinLayout(app({ signinItems: hidden }), CONSOLE);
    expect(kinds(layout)).toEqual(['username', 'password', 'loginButton']);
    expect(layout).toMatchObject({ showLogo: false, languages: null });
    // With one language there is nothing to choose: no menu.
    expect(kinds(signinLayout(app({ signinItems: items, organizationObj: { languages: ['zh'] } }), CONSOLE))).not.toContain(
      'languages',
    );
    // They stay when the page offers no password form (the notice says why).
    const refused = signinLayout(app({ signinItems: items, enablePassword: false }), CONSOLE);
    expect(kinds(refused)).toEqual(['logo', 'languages']);
  });

  it("shows the application's logo, else its organization's", () => {
    const items = [item('Logo')];
    const logo = (fields: Record<string, unknown>) => signinLayout(app({ signinItems: items, ...fields }), CONSOLE).parts[0];
    expect(logo({ logo: '/files/shop.png', organizationObj: { logo: '/files/acme.png' } })).toEqual({
      kind: 'logo',
      src: '/files/shop.png',
    });
    expect(logo({ logo: '', organizationObj: { logo: '/files/acme.png' } })).toEqual({ kind: 'logo', src: '/files/acme.png' });
    expect(logo({ organizationObj: null })).toEqual({ kind: 'logo', src: '' });
  });

  it('labels the language menu under the Languages item\'s "Label" rule', () => {
    const languages = (rule: string) =>
      signinLayout(app({ signinItems: [item('Languages', { rule })] }), CONSOLE).parts.find((part) => part.kind === 'languages');
    expect(languages('Label')).toEqual({ kind: 'languages', languages: ['en', 'zh'], labelled: true });
    expect(languages('None')).toEqual({ kind: 'languages', languages: ['en', 'zh'], labelled: false });
    expect(languages('')).toMatchObject({ labelled: false });
  });

  it('keeps the order of the items, leaves hidden ones out and takes their labels and placeholders', () => {
    const layout = signinLayout(
      app({
        signinItems: [
          item('Logo', { visible: false }),
          item('Login button', { label: 'Enter the shop' }),
          item('Password', { label: 'Secret', placeholder: 'your secret' }),
          item('Username', { label: 'Shopper', placeholder: 'name or e-mail' }),
          item('Forgot password?', { visible: false }),
          item('Signup link', { label: 'Create an account' }),
          item('Languages', { visible: false }),
        ],
      }),
      CONSOLE,
    );
    expect(layout.parts).toEqual([
      { kind: 'loginButton', label: 'Enter the shop' },
      { kind: 'password', label: 'Secret', placeholder: 'your secret' },
      { kind: 'username', label: 'Shopper', placeholder: 'name or e-mail' },
      // Casdoor keeps the box where the hidden link was.
      { kind: 'forgotPassword', autoSignin: true, link: null },
      { kind: 'signupLink', label: 'Create an account', to: '/signup/shop' },
    ]);
    expect(kinds(layout)).not.toContain('logo');
    expect(kinds(layout)).not.toContain('languages');
  });

  it('shows the Auto sign in box only when a session is kept and its item allows it', () => {
    const hidden = app({ signinItems: [item('Username'), item('Password'), item('Auto sign in', { visible: false })] });
    expect(kinds(signinLayout(hidden, CONSOLE))).toEqual(['username', 'password', 'loginButton']);
    const own = app({ signinItems: [item('Username'), item('Password'), item('Auto sign in'), item('Login button')] });
    expect(kinds(signinLayout(own, CONSOLE))).toEqual(['username', 'password', 'autoSignin', 'loginButton']);
    expect(kinds(signinLayout(own, { ...CONSOLE, keepsSession: false }))).toEqual(['username', 'password', 'loginButton']);
    // Beside a Forgot password? link, the box follows the Auto sign in item's visibility.
    const both = app({ signinItems: [item('Forgot password?'), item('Auto sign in', { visible: false })] });
    expect(signinLayout(both, CONSOLE).parts[0]).toEqual({
      kind: 'forgotPassword',
      autoSignin: false,
      link: { label: '', to: '/forget/shop' },
    });
  });

  it('starts the box unticked under the "Auto sign in - False" rule', () => {
    expect(signinLayout(app(), CONSOLE).autoSigninDefault).toBe(true);
    const off = app({ signinItems: [item('Forgot password?', { rule: 'Auto sign in - False' }), item('Login button')] });
    expect(signinLayout(off, CONSOLE).autoSigninDefault).toBe(false);
  });

  it('asks for the agreement when the Agreement item is visible and a rule asks for it', () => {
    const signup = (rule: string) => [{ name: 'Agreement', visible: true, required: true, rule }];
    const items = [item('Username'), item('Password'), item('Agreement'), item('Login button')];
    expect(signinLayout(app({ signinItems: items, signupItems: signup('None') }), CONSOLE).agreement).toBe('none');
    const required = signinLayout(app({ signinItems: items, signupItems: signup('Signin') }), CONSOLE);
    expect(required.agreement).toBe('unchecked');
    expect(kinds(required)).toEqual(['username', 'password', 'agreement', 'loginButton']);
    expect(signinLayout(app({ signinItems: items, signupItems: signup('Signin (Default True)') }), CONSOLE).agreement).toBe(
      'checked',
    );
    // The sign-in item's own rule, when it names one.
    const own = [item('Username'), item('Agreement', { rule: 'Signin' })];
    expect(signinLayout(app({ signinItems: own }), CONSOLE).agreement).toBe('unchecked');
    // A hidden Agreement item asks nothing.
    const hidden = [item('Agreement', { visible: false, rule: 'Signin' })];
    expect(signinLayout(app({ signinItems: hidden, signupItems: signup('Signin') }), CONSOLE).agreement).toBe('none');
  });

  it('renders custom items as HTML (Casdoor keeps it in customCss) and collects the CSS of visible items', () => {
    const layout = signinLayout(
      app({
        signinItems: [
          item('Username', { customCss: '<style>.login-username { color: red; }</style>' }),
          item('Password', { visible: false, customCss: '.login-password { color: blue; }' }),
          item('Text 1', { isCustom: true, customCss: '<p>Welcome</p>' }),
          item('Notice', { isCustom: true, label: '<b>Read me</b>' }),
          item('Hidden note', { isCustom: true, visible: false, customCss: '<p>no</p>' }),
        ],
      }),
      CONSOLE,
    );
    expect(layout.parts.filter((part) => part.kind === 'html')).toEqual([
      { kind: 'html', key: 'Text 1', html: '<p>Welcome</p>' },
      { kind: 'html', key: 'Notice', html: '<b>Read me</b>' },
    ]);
    expect(layout.css).toBe('.login-username { color: red; }');
  });

  it('shows the Back button only on the way back to the organization choice', () => {
    const items = [item('Back button'), item('Username'), item('Password')];
    expect(kinds(signinLayout(app({ signinItems: items }), CONSOLE))).not.toContain('backButton');
    expect(kinds(signinLayout(app({ signinItems: items }), { ...CONSOLE, fromOrganizationChoice: true }))[0]).toBe('backButton');
  });

  it('offers no password form when the application refuses passwords, keeping the sign-up link', () => {
    const disabled = signinLayout(app({ enablePassword: false }), CONSOLE);
    expect(disabled.notice).toBe('passwordDisabled');
    expect(kinds(disabled)).toEqual(['languages', 'logo', 'signupLink']);
    const noMethod = signinLayout(app({ signinMethods: [{ name: 'Face ID', rule: 'None' }] }), CONSOLE);
    expect(noMethod.notice).toBe('passwordDisabled');
    // A passkey alone still signs in: the username (optional) and the button.
    const passkeys = signinLayout(app({ signinMethods: [{ name: 'WebAuthn', rule: 'None' }] }), CONSOLE);
    expect(passkeys.notice).toBeNull();
    expect(passkeys.methods.map((m) => m.name)).toEqual(['WebAuthn']);
    expect(kinds(passkeys)).toEqual(expect.arrayContaining(['username', 'loginButton']));
    const hidden = signinLayout(app({ signinMethods: [{ name: 'Password', rule: 'Hide password' }] }), CONSOLE);
    expect(hidden.notice).toBe('noMethod');
    expect(kinds(hidden)).toEqual(['languages', 'logo', 'signupLink']);
    expect(signinLayout(app({ enablePassword: false, signinItems: [] }), CONSOLE).parts).toEqual([
      { kind: 'signupLink', label: '', to: '/signup/shop' },
    ]);
  });

  it('lists the organization languages the console speaks, hiding the menu below two', () => {
    // The frame's menu of the default form ...
    const frame = (organizationObj: unknown) => signinLayout(app({ signinItems: [], organizationObj }), CONSOLE).languages;
    expect(frame({ languages: ['en'] })).toBeNull();
    expect(frame({ languages: ['zh', 'en'] })).toEqual(['en', 'zh']);
    expect(frame(null)).toEqual(['en', 'zh']);
    // ... and the Languages item's.
    const menu = (organizationObj: unknown) =>
      signinLayout(app({ organizationObj }), CONSOLE).parts.find((part) => part.kind === 'languages');
    expect(menu({ languages: ['en'] })).toBeUndefined();
    expect(menu({ languages: ['zh', 'en'] })).toMatchObject({ languages: ['en', 'zh'] });
  });
});

describe('sign-in by code', () => {
  const BOTH = [
    { name: 'Password', displayName: 'Password', rule: 'All' },
    { name: 'Verification code', displayName: 'Verification code', rule: 'All' },
  ];

  it('places the choice of methods at the Signin methods item, when there is a choice', () => {
    const layout = signinLayout(app({ signinMethods: BOTH }), CONSOLE);
    expect(layout.methods.map((m) => m.name)).toEqual(['Password', 'Verification code']);
    expect(kinds(layout)).toEqual([
      'languages',
      'logo',
      'methods',
      'username',
      'password',
      'forgotPassword',
      'loginButton',
      'signupLink',
    ]);
    // Without sign-in items the choice comes first; with one method there is none.
    expect(kinds(signinLayout(app({ signinMethods: BOTH, signinItems: [] }), CONSOLE))[0]).toBe('methods');
    expect(kinds(signinLayout(app(), CONSOLE))).not.toContain('methods');
    const hidden = defaultSigninItems().map((row) => (row.name === 'Signin methods' ? { ...row, visible: false } : row));
    expect(kinds(signinLayout(app({ signinMethods: BOTH, signinItems: hidden }), CONSOLE))).not.toContain('methods');
  });

  it('keeps the form for an application that takes codes only, without passwords', () => {
    const layout = signinLayout(app({ enablePassword: false, signinMethods: [BOTH[1]] }), CONSOLE);
    expect(layout.notice).toBeNull();
    expect(layout.methods.map((m) => m.name)).toEqual(['Verification code']);
    expect(kinds(layout)).toContain('password');
    expect(kinds(layout)).toContain('loginButton');
  });

  it('asks for the address the rule of the method accepts', () => {
    const rule = (r: string) => codeTargetOf([{ name: 'Verification code', rule: r }]);
    expect(rule('All')).toBe('emailOrPhone');
    expect(rule('Email only')).toBe('email');
    expect(rule('Phone only')).toBe('phone');
  });
});

describe('offeredSigninMethods', () => {
  it('offers only the methods of this release, in order, Password unless hidden or refused', () => {
    const methods = [
      { name: 'Verification code', rule: 'All' },
      { name: 'Password', displayName: 'Pass', rule: 'Non-LDAP' },
    ];
    expect(offeredSigninMethods({ enablePassword: true, signinMethods: methods }, ['Password'])).toEqual([methods[1]]);
    const webAuthn = { name: 'WebAuthn', rule: 'None' };
    expect(
      offeredSigninMethods({ enablePassword: true, signinMethods: [...methods, webAuthn, { name: 'Face ID', rule: 'None' }] }),
    ).toEqual([...methods, webAuthn]);
    expect(offeredSigninMethods({ enablePassword: false, signinMethods: [webAuthn] })).toEqual([webAuthn]);
    expect(offeredSigninMethods({ enablePassword: true, signinMethods: [] }).map((m) => m.name)).toEqual(['Password']);
    // Codes do not depend on passwords being accepted.
    expect(offeredSigninMethods({ enablePassword: false, signinMethods: methods })).toEqual([methods[0]]);
    expect(offeredSigninMethods({ enablePassword: true, signinMethods: [{ name: 'Password', rule: 'Hide-Password' }] })).toEqual(
      [],
    );
  });
});

describe('links', () => {
  it('sends Forgot password? to the forget URL, else to the console page of the application', () => {
    expect(forgetLinkOf({ name: 'shop', forgetUrl: 'https://shop.test/reset' })).toBe('https://shop.test/reset');
    expect(forgetLinkOf({ name: 'my shop' })).toBe('/forget/my%20shop');
    expect(forgetLinkOf(null)).toBe('/forget/app-built-in');
  });
});

describe('organization choice', () => {
  it('asks for an organization under Select or Input, unless the page came from the choice', () => {
    const none = new URLSearchParams();
    expect(organizationChoiceOf({ orgChoiceMode: 'Select' }, none)).toBe('Select');
    expect(organizationChoiceOf({ orgChoiceMode: 'Input' }, none)).toBe('Input');
    expect(organizationChoiceOf({ orgChoiceMode: 'None' }, none)).toBeNull();
    expect(organizationChoiceOf({ orgChoiceMode: '' }, none)).toBeNull();
    expect(organizationChoiceOf(null, none)).toBeNull();
    expect(organizationChoiceOf({ orgChoiceMode: 'Select' }, new URLSearchParams('orgChoiceMode=None'))).toBeNull();
  });

  it("goes to the organization's sign-in page, which skips the choice", () => {
    expect(organizationSigninPath(' acme ')).toBe('/login/acme?orgChoiceMode=None');
    expect(organizationSigninPath('a/b')).toBe('/login/a%2Fb?orgChoiceMode=None');
  });
});
