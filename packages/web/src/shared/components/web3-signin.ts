import { type Web3AuthToken, web3TokenKey, web3TypedData } from '@gatehouse/entities/plain';
import { unwrap } from '../data/client';
import { type ProviderSigninRequest, providerAuthUrl } from '../data/signin-flows';
import type { TFunction } from '../i18n/i18n';

/**
 * Sign-in with an injected wallet (MetaMask or any EIP-1193 wallet in the page; Casdoor's
 * authViaMetaMask): the wallet gives its account, the server checks the sign-in request and issues
 * a nonce with its state, the wallet signs the EIP-712 request (eth_signTypedData_v4), and the
 * token is kept in localStorage under Web3AuthToken_{address} (cleared on logout) for /callback,
 * which posts it to /api/login. Loaded only when a wallet button is used.
 */

/** The part of EIP-1193 used here. */
interface Eip1193Provider {
  request: (args: { method: string; params?: unknown[] }) => Promise<unknown>;
  isMetaMask?: boolean;
}

function injectedWallet(): Eip1193Provider | null {
  const ethereum = (window as { ethereum?: unknown }).ethereum;
  return ethereum && typeof (ethereum as Eip1193Provider).request === 'function' ? (ethereum as Eip1193Provider) : null;
}

/** A wallet's refusal as people read it (EIP-1193 errors carry a message, e.g. "User rejected the request."). */
function reason(error: unknown): string {
  if (error && typeof error === 'object' && typeof (error as { message?: unknown }).message === 'string') {
    return (error as { message: string }).message;
  }
  return String(error);
}

/** The chain the wallet is on, as a number when it tells it (the domain must name it for MetaMask). */
async function chainIdOf(wallet: Eip1193Provider): Promise<number | undefined> {
  try {
    const answer = await wallet.request({ method: 'eth_chainId' });
    const id = typeof answer === 'string' ? Number.parseInt(answer, answer.startsWith('0x') ? 16 : 10) : Number(answer);
    return Number.isSafeInteger(id) && id > 0 ? id : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Runs the wallet's part of a sign-in (method signup) or link through the Web3 provider `provider`,
 * and answers the /callback address to go to. Throws an Error whose message is for people:
 * "MetaMask plugin not detected", "Failed to obtain MetaMask authorization: …", or the server's.
 */
export async function signInWithWallet(
  t: TFunction,
  input: { provider: string; method: 'signup' | 'link' } & Partial<ProviderSigninRequest>,
): Promise<string> {
  const wallet = injectedWallet();
  if (!wallet) throw new Error(t('signin.metaMaskNotDetected'));
  const failed = (error: unknown) => new Error(t('signin.metaMaskFailed', { msg: reason(error) }));

  let address: string;
  try {
    const accounts = await wallet.request({ method: 'eth_requestAccounts' });
    const first = Array.isArray(accounts) ? accounts[0] : undefined;
    if (typeof first !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(first)) throw new Error(t('signin.walletNoAccount'));
    address = first;
  } catch (error) {
    throw failed(error);
  }

  // The server checks the sign-in request first and answers the nonce to sign (data2) with its state.
  const started = unwrap(await providerAuthUrl(input));
  const nonce = String(started.data2 ?? '');
  const chainId = await chainIdOf(wallet);
  const signedAt = new Date();
  const typedData = JSON.stringify(web3TypedData({ nonce, createAt: signedAt.toISOString(), chainId }));
  let signature: unknown;
  try {
    signature = await wallet.request({ method: 'eth_signTypedData_v4', params: [address, typedData] });
  } catch (error) {
    throw failed(error);
  }
  if (typeof signature !== 'string') throw failed(t('signin.walletNoSignature'));

  const token: Web3AuthToken = {
    address,
    walletType: 'MetaMask',
    createAt: Math.floor(signedAt.getTime() / 1000),
    typedData,
    signature,
  };
  const key = web3TokenKey(address);
  localStorage.setItem(key, JSON.stringify(token));
  return `${String(started.data)}&web3AuthTokenKey=${encodeURIComponent(key)}`;
}
