/**
 * Sign-in with an Ethereum wallet (Casdoor's web/src/auth/Web3Auth.js):
 * the console asks the wallet to sign an EIP-712 "AuthRequest" (eth_signTypedData_v4) carrying a
 * nonce the server issued, keeps the token {address, walletType, createAt, typedData, signature}
 * in localStorage under Web3AuthToken_{address}, and the server checks the signature against the
 * address. Shared here so that the console builds exactly what the server accepts.
 */

/** The localStorage key prefix of Web3 sign-in tokens, one per wallet address (cleared on logout). */
export const WEB3_TOKEN_PREFIX = 'Web3AuthToken_';

/** The EIP-712 domain of the sign-in request (any chain: the chain id is signed but not checked). */
export const WEB3_DOMAIN_NAME = 'Gatehouse';
export const WEB3_DOMAIN_VERSION = '1';

/** What the wallet shows the person (Casdoor's words). */
export const WEB3_PROMPT =
  'In order to authenticate to this website, sign this request and your public address will be sent to the server in a verifiable way.';

/** A wallet's chain id: a number, or the hexadecimal or decimal string wallets answer. */
export type Web3ChainId = number | string;

export interface Web3TypedData {
  domain: { name: string; version: string; chainId?: Web3ChainId };
  message: { prompt: string; nonce: string; createAt: string };
  primaryType: 'AuthRequest';
  types: {
    EIP712Domain: { name: string; type: string }[];
    AuthRequest: { name: string; type: string }[];
  };
}

/** The token the console stores and the /callback page posts as the code (Casdoor's Web3AuthToken). */
export interface Web3AuthToken {
  address: string;
  /** The wallet that signed (e.g. MetaMask). */
  walletType: string;
  /** When it was signed, in seconds since the epoch (the same instant as the signed createAt). */
  createAt: number;
  /** The signed typed data, as JSON text. */
  typedData: string;
  /** The wallet's signature (0x + 65 bytes in hexadecimal). */
  signature: string;
}

/**
 * The typed data of a sign-in request: the nonce the server issued for this sign-in, the time it
 * is signed (ISO 8601, UTC) and the wallet's chain when it told it.
 */
export function web3TypedData(input: { nonce: string; createAt: string; chainId?: Web3ChainId }): Web3TypedData {
  const withChain = input.chainId !== undefined;
  return {
    domain: {
      name: WEB3_DOMAIN_NAME,
      version: WEB3_DOMAIN_VERSION,
      ...(withChain ? { chainId: input.chainId } : {}),
    },
    message: { prompt: WEB3_PROMPT, nonce: input.nonce, createAt: input.createAt },
    primaryType: 'AuthRequest',
    types: {
      EIP712Domain: [
        { name: 'name', type: 'string' },
        { name: 'version', type: 'string' },
        ...(withChain ? [{ name: 'chainId', type: 'uint256' }] : []),
      ],
      AuthRequest: [
        { name: 'prompt', type: 'string' },
        { name: 'nonce', type: 'string' },
        { name: 'createAt', type: 'string' },
      ],
    },
  };
}

/** The localStorage key of a wallet's token. */
export function web3TokenKey(address: string): string {
  return `${WEB3_TOKEN_PREFIX}${address}`;
}

/** An address as people read it: 0x1234…abcd. */
export function shortAddress(address: string): string {
  return /^0x[0-9a-fA-F]{40}$/.test(address) ? `${address.slice(0, 6)}…${address.slice(-4)}` : address;
}
