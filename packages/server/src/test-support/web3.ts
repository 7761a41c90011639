import { type Web3AuthToken, type Web3ChainId, web3TypedData } from '@gatehouse/entities';
import type { PrivateKeyAccount } from 'viem/accounts';

/**
 * A Web3 sign-in token as the console makes it (shared/components/web3-signin.ts), signed by a viem
 * private-key account: what a wallet answers to eth_signTypedData_v4. `claim` replaces the address
 * the token claims; `typedData` edits the request after it is signed.
 */
export async function signedWeb3Token(
  account: PrivateKeyAccount,
  input: {
    nonce: string;
    createAt?: Date;
    chainId?: Web3ChainId | null;
    claim?: string;
    typedData?: (data: Record<string, any>) => void;
  },
): Promise<Web3AuthToken> {
  const at = input.createAt ?? new Date();
  const typedData = web3TypedData({
    nonce: input.nonce,
    createAt: at.toISOString(),
    chainId: input.chainId === null ? undefined : (input.chainId ?? 1),
  });
  const signature = await account.signTypedData(typedData as Parameters<PrivateKeyAccount['signTypedData']>[0]);
  const sent = JSON.parse(JSON.stringify(typedData)) as Record<string, any>;
  input.typedData?.(sent);
  return {
    address: input.claim ?? account.address.toLowerCase(),
    walletType: 'MetaMask',
    createAt: Math.floor(at.getTime() / 1000),
    typedData: JSON.stringify(sent),
    signature,
  };
}
