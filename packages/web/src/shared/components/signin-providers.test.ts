import { describe, expect, it } from 'vitest';
import { signinLayout } from '../../signin/components/signin-model';
import { consolePathOr, readProviderState, signinProviders } from './signin-providers';

const provider = (name: string, type: string, fields: Record<string, unknown> = {}) => ({
  owner: 'acme',
  name,
  displayName: `${name} sign-in`,
  category: 'OAuth',
  type,
  subType: '',
  customLogo: '',
  ...fields,
});

const app = {
  name: 'app-social',
  providers: [
    { name: 'gh', canSignIn: true, canSignUp: true, provider: provider('gh', 'GitHub') },
    { name: 'hidden', canSignIn: false, canSignUp: true, provider: provider('hidden', 'Google') },
    { name: 'fb', canSignIn: true, provider: provider('fb', 'Facebook') },
    { name: 'captcha', canSignIn: true, provider: { ...provider('captcha', 'Default'), category: 'Captcha' } },
    { name: 'gone', canSignIn: true, provider: null },
    { name: 'corp', canSignIn: true, provider: provider('corp', 'Custom', { displayName: '', customLogo: '/files/corp.png' }) },
    { name: 'wallet', canSignIn: true, provider: provider('wallet', 'MetaMask', { category: 'Web3', displayName: 'MetaMask' }) },
    { name: 'onboard', canSignIn: true, provider: provider('onboard', 'Web3Onboard', { category: 'Web3' }) },
    { name: 'corp-saml', canSignIn: true, provider: provider('corp-saml', 'Keycloak', { category: 'SAML', owner: 'admin' }) },
    { name: 'idaas', canSignIn: true, provider: provider('idaas', 'Aliyun IDaaS', { category: 'SAML' }) },
  ],
};

const context = { keepsSession: true, fromOrganizationChoice: false, signupLink: null };

describe('the identity providers of a sign-in page', () => {
  it('are the rows that may sign in, of OAuth, Web3 and SAML types this release signs in with, in order', () => {
    expect(signinProviders(app)).toEqual([
      { name: 'gh', displayName: 'gh sign-in', owner: 'acme', category: 'OAuth', type: 'GitHub', logo: '' },
      { name: 'corp', displayName: 'corp', owner: 'acme', category: 'OAuth', type: 'Custom', logo: '/files/corp.png' },
      { name: 'wallet', displayName: 'MetaMask', owner: 'acme', category: 'Web3', type: 'MetaMask', logo: '' },
      { name: 'corp-saml', displayName: 'corp-saml sign-in', owner: 'admin', category: 'SAML', type: 'Keycloak', logo: '' },
    ]);
    expect(signinProviders(null)).toEqual([]);
  });

  it('appear where the Providers item is, with its rule, and under the default form', () => {
    const items = [
      { name: 'Username', visible: true },
      { name: 'Password', visible: true },
      { name: 'Login button', visible: true },
      { name: 'Providers', visible: true, rule: 'small' },
    ];
    expect(signinLayout({ ...app, signinItems: items }, context).parts.at(-1)).toEqual({ kind: 'providers', rule: 'small' });
    const hidden = items.map((row) => (row.name === 'Providers' ? { ...row, visible: false } : row));
    expect(signinLayout({ ...app, signinItems: hidden }, context).parts.some((part) => part.kind === 'providers')).toBe(false);
    expect(signinLayout(app, context).parts.map((part) => part.kind)).toContain('providers');
    // Without providers to show, no item.
    expect(signinLayout({ ...app, providers: [], signinItems: items }, context).parts.map((part) => part.kind)).not.toContain(
      'providers',
    );
    // An application that refuses passwords still offers its providers.
    const noPassword = signinLayout({ ...app, enablePassword: false }, context);
    expect(noPassword.parts).toEqual([{ kind: 'providers', rule: 'big' }]);
  });
});

describe('the state the callback page reads', () => {
  it('decodes the flow (UTF-8 included) and refuses what is not a state', () => {
    const flow = {
      application: 'app',
      provider: 'gh',
      method: 'signup',
      type: 'code',
      query: { state: 'é' },
      body: {},
      redirectUri: 'x',
      from: '/a',
    };
    const bytes = new TextEncoder().encode(JSON.stringify(flow));
    const payload = btoa(String.fromCharCode(...bytes))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
    expect(readProviderState(`${payload}.signature`)).toEqual(flow);
    expect(readProviderState('%%%')).toBeNull();
    expect(readProviderState('')).toBeNull();
  });

  it('returns only to console paths', () => {
    expect(consolePathOr('/account', '/')).toBe('/account');
    expect(consolePathOr('//evil.example', '/')).toBe('/');
    expect(consolePathOr('https://evil.example', '/login')).toBe('/login');
  });
});
