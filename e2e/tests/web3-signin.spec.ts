import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { type Address, verifyTypedData } from 'viem';
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts';
import { asAdmin, call, createOrganization, unique } from '../support/api.js';
import { heading, logOut, signIn, toast } from '../support/fixtures.js';

/**
 * Sign-in with an injected wallet in Chromium. The page gets an EIP-1193 provider
 * (window.ethereum, as MetaMask injects it) whose eth_signTypedData_v4 is answered in Node by a
 * viem private-key account: the console's typed data is signed as a wallet signs it, and the
 * server checks that signature.
 */

/** An organization whose default application offers the MetaMask provider "wallet" (sign-up allowed). */
async function setUp() {
  const org = await createOrganization('web3');
  const application = unique('app-wallet');
  await asAdmin(async (api) => {
    await call(api, '/api/add-provider', {
      owner: org,
      name: 'wallet',
      displayName: 'MetaMask',
      category: 'Web3',
      type: 'MetaMask',
      enableSignUp: true,
    });
    await call(api, '/api/add-application', {
      owner: 'admin',
      name: application,
      displayName: 'Wallet App',
      organization: org,
      cert: 'cert-built-in',
      enablePassword: true,
      enableSignUp: true,
      providers: [
        { name: 'wallet', canSignUp: true, canSignIn: true, canUnlink: true, prompted: false, signupGroup: '', rule: '' },
      ],
    });
    const stored = (await call(api, '/api/get-organization', undefined, { id: `admin/${org}` })).data;
    await call(api, '/api/update-organization', { ...stored, defaultApplication: application }, { id: `admin/${org}` });
    await call(api, '/api/add-user', { owner: org, name: 'holder', displayName: 'Holder', password: 'holder-pass' });
  });
  return { org };
}

interface WalletOptions {
  /** The wallet refuses to sign (EIP-1193 error 4001), as when the person clicks Reject. */
  rejectSignature?: boolean;
}

/**
 * Injects window.ethereum into every page of `context`, backed by `account`. Answers the typed
 * data the page asked to have signed (as JSON text), for the test to look at.
 */
async function injectWallet(context: BrowserContext, account: PrivateKeyAccount, options: WalletOptions = {}) {
  const signed: string[] = [];
  await context.exposeFunction('__walletSignTypedData', async (from: string, typedData: string) => {
    if (from.toLowerCase() !== account.address.toLowerCase()) throw new Error(`unknown account ${from}`);
    signed.push(typedData);
    return account.signTypedData(JSON.parse(typedData));
  });
  await context.addInitScript(
    ({ address, rejectSignature }) => {
      const sign = (window as unknown as { __walletSignTypedData: (from: string, data: string) => Promise<string> })
        .__walletSignTypedData;
      const rpcError = (code: number, message: string) => Object.assign(new Error(message), { code });
      (window as unknown as { ethereum: unknown }).ethereum = {
        isMetaMask: true,
        request: async ({ method, params }: { method: string; params?: unknown[] }) => {
          switch (method) {
            case 'eth_requestAccounts':
            case 'eth_accounts':
              return [address];
            case 'eth_chainId':
              return '0x89';
            case 'eth_signTypedData_v4':
              if (rejectSignature) throw rpcError(4001, 'User rejected the request.');
              return sign(String(params?.[0]), String(params?.[1]));
            default:
              throw rpcError(4200, `The method ${method} is not supported`);
          }
        },
      };
    },
    { address: account.address.toLowerCase(), rejectSignature: options.rejectSignature ?? false },
  );
  return signed;
}

/** The Web3 tokens the page keeps in localStorage, by key. */
const web3Tokens = (page: Page) =>
  page.evaluate(() =>
    Object.fromEntries(
      Object.keys(localStorage)
        .filter((key) => key.startsWith('Web3AuthToken_'))
        .map((key) => [key, localStorage.getItem(key)]),
    ),
  );

test('a new wallet signs up with MetaMask; its token is kept until logout', async ({ browser }) => {
  const { org } = await setUp();
  const account = privateKeyToAccount(generatePrivateKey());
  const address = account.address.toLowerCase();
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const signed = await injectWallet(context, account);
  const page = await context.newPage();
  try {
    await page.goto(`/login/${org}`);
    await expect(page.getByRole('heading', { name: 'Wallet App' })).toBeVisible();
    await page.getByRole('button', { name: 'Sign in with MetaMask' }).click();

    // Through /callback into the console, signed in as the new user named after the address.
    await expect(page).not.toHaveURL(/\/(callback|login)/);
    expect(signed).toHaveLength(1);
    const typedData = JSON.parse(signed[0] ?? '{}');
    expect(typedData).toMatchObject({ primaryType: 'AuthRequest', domain: { name: 'Gatehouse', version: '1', chainId: 137 } });
    expect(typedData.message.nonce).toMatch(/^[A-Za-z0-9_-]{22}$/);

    const key = `Web3AuthToken_${address}`;
    const tokens = await web3Tokens(page);
    expect(Object.keys(tokens)).toEqual([key]);
    const token = JSON.parse(tokens[key] ?? '{}');
    expect(token).toEqual({
      address,
      walletType: 'MetaMask',
      createAt: expect.any(Number),
      typedData: signed[0],
      signature: expect.stringMatching(/^0x[0-9a-f]{130}$/),
    });
    expect(await verifyTypedData({ ...typedData, address: address as Address, signature: token.signature })).toBe(true);

    await page.goto('/account');
    await expect(heading(page, 'My Account')).toBeVisible();
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue(address);
    await expect(page.getByLabel('Display name', { exact: true })).toHaveValue(`${address.slice(0, 6)}…${address.slice(-4)}`);
    const row = page.getByRole('region', { name: 'Third-party logins' }).getByRole('row').filter({ hasText: 'MetaMask' });
    await expect(row).toContainText(address);

    await logOut(page);
    await expect(toast(page, 'Logged out successfully')).toBeVisible();
    expect(await web3Tokens(page)).toEqual({});
  } finally {
    await context.close();
  }
});

test('without an injected wallet the button says the MetaMask plugin is not detected', async ({ browser }) => {
  const { org } = await setUp();
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  try {
    await page.goto(`/login/${org}`);
    await page.getByRole('button', { name: 'Sign in with MetaMask' }).click();
    await expect(page.getByRole('alert').getByText('MetaMask plugin not detected', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/login/${org}$`));
  } finally {
    await context.close();
  }
});

test('a wallet that refuses to sign leaves the person on the sign-in page, nothing stored', async ({ browser }) => {
  const { org } = await setUp();
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  await injectWallet(context, privateKeyToAccount(generatePrivateKey()), { rejectSignature: true });
  const page = await context.newPage();
  try {
    await page.goto(`/login/${org}`);
    await page.getByRole('button', { name: 'Sign in with MetaMask' }).click();
    await expect(
      page.getByRole('alert').getByText('Failed to obtain MetaMask authorization: User rejected the request.', { exact: true }),
    ).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/login/${org}$`));
    expect(await web3Tokens(page)).toEqual({});
  } finally {
    await context.close();
  }
});

test('a signed-in user links a wallet on the account page', async ({ browser }) => {
  const { org } = await setUp();
  const account = privateKeyToAccount(generatePrivateKey());
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  await injectWallet(context, account);
  const page = await context.newPage();
  try {
    await signIn(page, 'holder', 'holder-pass', org);
    await page.goto('/account');
    const logins = page.getByRole('region', { name: 'Third-party logins' });
    const row = logins.getByRole('row').filter({ hasText: 'MetaMask' });
    await expect(row).toContainText('Not linked');
    await row.getByRole('button', { name: 'Link with MetaMask' }).click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(
      page.getByRole('region', { name: 'Third-party logins' }).getByRole('row').filter({ hasText: 'MetaMask' }),
    ).toContainText(account.address.toLowerCase());
  } finally {
    await context.close();
  }
});
