import {
  nowRfc3339,
  shortAddress,
  WEB3_DOMAIN_NAME,
  WEB3_PROMPT,
  WEB3_TOKEN_PREFIX,
  web3TokenKey,
  web3TypedData,
} from '@gatehouse/entities';
import { hashTypedData, recoverTypedDataAddress } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROVIDER_STATE_SECONDS } from '../../auth/provider-state.js';
import { type Database, openDatabase } from '../../db/database.js';
import { loose } from '../../db/loose.js';
import { migrateToLatest } from '../../db/migrate.js';
import { purgeExpiredClaims, usedOnceId } from '../../db/used-once.js';
import { AppError } from '../../errors.js';
import { providerRecord } from '../../test-support/messaging-peers.js';
import { signedWeb3Token } from '../../test-support/web3.js';
import { answerHash, checkChallenge, createChallenge } from '../captcha/store.js';
import { checkWeb3Provider, web3Identity } from './index.js';
import { issueWeb3Nonce, spendWeb3Nonce, WEB3_NONCE_NAMESPACE } from './nonces.js';
import { verifyWeb3Token, WEB3_MAX_AGE_SECONDS } from './verify.js';

const alice = privateKeyToAccount(generatePrivateKey());
const mallory = privateKeyToAccount(generatePrivateKey());
const NONCE = 'nonce-issued-by-server';
const NOW = new Date('2026-05-01T12:00:00.000Z');

/** The refusal's message key and parameters (or 'ok'). */
async function outcome(promise: Promise<unknown>) {
  try {
    await promise;
    return 'ok';
  } catch (error) {
    if (error instanceof AppError) return { key: error.key, ...error.params };
    throw error;
  }
}

const verify = async (token: object | string, nonce = NONCE, now = NOW) =>
  verifyWeb3Token(typeof token === 'string' ? token : JSON.stringify(token), { nonce, now });

describe('the typed data of a Web3 sign-in', () => {
  it('is an EIP-712 AuthRequest with the prompt, the nonce and the time, on any chain', () => {
    const data = web3TypedData({ nonce: 'abc', createAt: '2026-05-01T12:00:00.000Z', chainId: 137 });
    expect(data).toEqual({
      domain: { name: WEB3_DOMAIN_NAME, version: '1', chainId: 137 },
      message: { prompt: WEB3_PROMPT, nonce: 'abc', createAt: '2026-05-01T12:00:00.000Z' },
      primaryType: 'AuthRequest',
      types: {
        EIP712Domain: [
          { name: 'name', type: 'string' },
          { name: 'version', type: 'string' },
          { name: 'chainId', type: 'uint256' },
        ],
        AuthRequest: [
          { name: 'prompt', type: 'string' },
          { name: 'nonce', type: 'string' },
          { name: 'createAt', type: 'string' },
        ],
      },
    });
    // Without a chain the domain has no chainId at all (a wallet that does not tell its chain).
    const chainless = web3TypedData({ nonce: 'abc', createAt: '2026-05-01T12:00:00.000Z' });
    expect(chainless.domain).toEqual({ name: WEB3_DOMAIN_NAME, version: '1' });
    expect(chainless.types.EIP712Domain.map((f) => f.name)).toEqual(['name', 'version']);
    // The chain is part of what is signed: the same request on two chains hashes differently.
    const on = (chainId: number) => hashTypedData(web3TypedData({ nonce: 'abc', createAt: 'x', chainId }) as never);
    expect(on(1)).not.toBe(on(56));
  });

  it('is stored under Web3AuthToken_{address}; addresses read as 0x1234…abcd', () => {
    expect(WEB3_TOKEN_PREFIX).toBe('Web3AuthToken_');
    expect(web3TokenKey('0xAbC0000000000000000000000000000000000001')).toBe(
      'Web3AuthToken_0xAbC0000000000000000000000000000000000001',
    );
    expect(shortAddress('0xabcdef0000000000000000000000000000001234')).toBe('0xabcd…1234');
    expect(shortAddress('not an address')).toBe('not an address');
  });
});

describe('verifyWeb3Token', () => {
  it('accepts a request signed by the address it claims, with the nonce of the sign-in, signed just now', async () => {
    const token = await signedWeb3Token(alice, { nonce: NONCE, createAt: new Date(NOW.getTime() - 30_000) });
    const verified = await verify(token);
    expect(verified).toEqual({
      address: alice.address.toLowerCase(),
      nonce: NONCE,
      signedAt: new Date(NOW.getTime() - 30_000),
      walletType: 'MetaMask',
    });
    // The typed data the wallet signed recovers to that address (what MetaMask's v4 signature is).
    const typed = JSON.parse(token.typedData);
    expect(await recoverTypedDataAddress({ ...typed, signature: token.signature })).toBe(alice.address);
  });

  it('accepts the address in any case, any chain id form, and no chain at all', async () => {
    const checksummed = await signedWeb3Token(alice, { nonce: NONCE, createAt: NOW, claim: alice.address });
    expect((await verify(checksummed)).address).toBe(alice.address.toLowerCase());
    for (const chainId of [56, 42161, '0xa', '137', null]) {
      const token = await signedWeb3Token(alice, { nonce: NONCE, createAt: NOW, chainId });
      expect(await outcome(verify(token)), String(chainId)).toBe('ok');
    }
  });

  it('refuses a request another address signed', async () => {
    const token = await signedWeb3Token(mallory, { nonce: NONCE, createAt: NOW, claim: alice.address.toLowerCase() });
    expect(await outcome(verify(token))).toEqual({
      key: 'web3WrongSigner',
      signer: mallory.address.toLowerCase(),
      address: alice.address.toLowerCase(),
    });
  });

  it('refuses a signature that recovers no address, and one over a request that was changed after signing', async () => {
    const token = await signedWeb3Token(alice, { nonce: NONCE, createAt: NOW });
    const garbage = { ...token, signature: `0x${'00'.repeat(65)}` };
    expect(await outcome(verify(garbage))).toEqual({ key: 'web3SignatureInvalid' });
    // The nonce replaced after signing: the signature now recovers some other address.
    const swapped = await signedWeb3Token(alice, {
      nonce: 'another-nonce',
      createAt: NOW,
      typedData: (data) => {
        data.message.nonce = NONCE;
      },
    });
    expect(await outcome(verify(swapped))).toMatchObject({ key: 'web3WrongSigner', address: alice.address.toLowerCase() });
  });

  it('refuses typed data that is not this server’s sign-in request, whoever signed it', async () => {
    const edits: [string, (data: Record<string, any>) => void][] = [
      ['another domain name', (d) => (d.domain.name = 'Casdoor')],
      ['another version', (d) => (d.domain.version = '2')],
      ['another prompt', (d) => (d.message.prompt = 'Transfer all funds')],
      ['an extra message field', (d) => (d.message.amount = '1')],
      ['an extra type field', (d) => d.types.AuthRequest.push({ name: 'amount', type: 'string' })],
      ['another primary type', (d) => (d.primaryType = 'Mail')],
      ['a verifying contract', (d) => (d.domain.verifyingContract = alice.address)],
      ['a chain id that is not a number', (d) => (d.domain.chainId = 'mainnet')],
    ];
    for (const [what, edit] of edits) {
      // Signed as sent, so only the shape can be wrong.
      const typed = web3TypedData({ nonce: NONCE, createAt: NOW.toISOString(), chainId: 1 }) as Record<string, any>;
      edit(typed);
      const token = {
        address: alice.address,
        walletType: 'MetaMask',
        typedData: JSON.stringify(typed),
        signature: `0x${'11'.repeat(65)}`,
      };
      expect(await outcome(verify(token)), what).toMatchObject({ key: 'web3TokenInvalid' });
    }
  });

  it('refuses tokens that are not tokens', async () => {
    const good = await signedWeb3Token(alice, { nonce: NONCE, createAt: NOW });
    const cases: [string, object | string, string][] = [
      ['not JSON', 'not json', 'the token is not JSON'],
      ['an array', '[]', 'the token is not an object'],
      ['no address', { ...good, address: undefined }, 'the address is not an Ethereum address'],
      ['a short address', { ...good, address: '0x1234' }, 'the address is not an Ethereum address'],
      ['a short signature', { ...good, signature: '0x1234' }, 'the signature is not 65 bytes in hexadecimal'],
      ['no typed data', { ...good, typedData: undefined }, 'the typed data is missing'],
      ['typed data not JSON', { ...good, typedData: '{' }, 'the typed data is not JSON'],
      [
        'a createAt that is not the signed one',
        { ...good, createAt: good.createAt + 60 },
        'createAt differs from the signed request',
      ],
      ['too large', 'x'.repeat(20_000), 'the token is too large'],
    ];
    for (const [what, token, detail] of cases) {
      expect(await outcome(verify(token)), what).toEqual({ key: 'web3TokenInvalid', detail });
    }
  });

  it('refuses a request signed with another nonce than the sign-in’s', async () => {
    const token = await signedWeb3Token(alice, { nonce: 'some-other-nonce', createAt: NOW });
    expect(await outcome(verify(token))).toEqual({ key: 'web3NonceMismatch' });
    expect(await outcome(verify(token, ''))).toEqual({ key: 'web3NonceMismatch' });
  });

  it('refuses a request signed too long ago or too far ahead of the server’s clock', async () => {
    const at = (seconds: number) => signedWeb3Token(alice, { nonce: NONCE, createAt: new Date(NOW.getTime() + seconds * 1000) });
    expect(await outcome(verify(await at(-WEB3_MAX_AGE_SECONDS + 1)))).toBe('ok');
    expect(await outcome(verify(await at(60)))).toBe('ok');
    const stale = await at(-WEB3_MAX_AGE_SECONDS - 1);
    expect(await outcome(verify(stale))).toEqual({
      key: 'web3Stale',
      createAt: JSON.parse(stale.typedData).message.createAt,
      minutes: WEB3_MAX_AGE_SECONDS / 60,
    });
    expect(await outcome(verify(await at(3600)))).toMatchObject({ key: 'web3Stale' });
    // Casdoor's console writes a local time ("5/1/2026, 2:00:00 PM"): not a time the server can check.
    const typed = web3TypedData({ nonce: NONCE, createAt: '5/1/2026, 2:00:00 PM', chainId: 1 });
    const local = {
      address: alice.address,
      typedData: JSON.stringify(typed),
      signature: await alice.signTypedData(typed as never),
    };
    expect(await outcome(verify(local))).toEqual({ key: 'web3TokenInvalid', detail: 'createAt is not an ISO 8601 time' });
  });

  it('signs in only with the MetaMask type of the Web3 category', () => {
    expect(() => checkWeb3Provider(providerRecord({ category: 'Web3', type: 'MetaMask' }))).not.toThrow();
    for (const [category, type] of [
      ['Web3', 'Web3Onboard'],
      ['OAuth', 'MetaMask'],
    ] as const) {
      expect(() => checkWeb3Provider(providerRecord({ category, type }))).toThrowError(
        expect.objectContaining({ key: 'providerTypeUnsupported', params: { category, type } }),
      );
    }
  });
});

describe('Web3 nonces', () => {
  let database: Database;
  beforeAll(async () => {
    database = openDatabase('sqlite::memory:');
    await migrateToLatest(database.db, database.dialect);
  });
  afterAll(async () => {
    await database.close();
  });

  /** The expiry of a state issued at NOW (when the nonce in it was issued). */
  const STATE_EXPIRES = NOW.getTime() + PROVIDER_STATE_SECONDS * 1000;
  const at = (time: number | Date) => ({ now: () => new Date(time) });
  const claimOf = (nonce: string) =>
    database.db
      .selectFrom('usedOnce')
      .select(['id', 'expiresTime'])
      .where('id', '=', usedOnceId(WEB3_NONCE_NAMESPACE, nonce))
      .executeTakeFirst();
  const rowsOf = async (table: string) => (await loose(database.db).selectFrom(table).selectAll().execute()).length;

  it('are random, of the server’s form, and stored nowhere when issued (the signed state carries them)', async () => {
    const nonces = [1, 2, 3].map(() => issueWeb3Nonce());
    expect(new Set(nonces).size).toBe(3);
    for (const nonce of nonces) expect(nonce).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(await rowsOf('usedOnce')).toBe(0);
    expect(await rowsOf('captcha')).toBe(0);
  });

  it('are spent once, and of concurrent sign-ins with one nonce exactly one wins', async () => {
    const [first, second] = [issueWeb3Nonce(), issueWeb3Nonce()];
    expect(await spendWeb3Nonce(database, first, STATE_EXPIRES, at(NOW))).toBe(true);
    expect(await spendWeb3Nonce(database, first, STATE_EXPIRES, at(NOW))).toBe(false);
    const results = await Promise.all([1, 2, 3].map(() => spendWeb3Nonce(database, second, STATE_EXPIRES, at(NOW))));
    expect(results.filter(Boolean)).toHaveLength(1);
    // Not of the server's form: refused, and nothing recorded.
    for (const nonce of ['', 'short', `${first}x`, `${'A'.repeat(21)}+`]) {
      expect(await spendWeb3Nonce(database, nonce, STATE_EXPIRES, at(NOW)), nonce).toBe(false);
    }
    expect(await rowsOf('usedOnce')).toBe(2);
  });

  it('can be spent for fifteen minutes (the life of their state); the claim is kept that long, then purged', async () => {
    expect(PROVIDER_STATE_SECONDS).toBe(15 * 60);
    const expired = issueWeb3Nonce();
    expect(await spendWeb3Nonce(database, expired, STATE_EXPIRES, at(STATE_EXPIRES + 1000))).toBe(false);
    expect(await claimOf(expired)).toBeUndefined();
    const live = issueWeb3Nonce();
    expect(await spendWeb3Nonce(database, live, STATE_EXPIRES, at(STATE_EXPIRES - 30_000))).toBe(true);
    expect((await claimOf(live))?.expiresTime).toBe(nowRfc3339(new Date(STATE_EXPIRES)));
    await purgeExpiredClaims(database, new Date(STATE_EXPIRES - 1000));
    expect(await claimOf(live)).toBeDefined();
    expect(await spendWeb3Nonce(database, live, STATE_EXPIRES, at(STATE_EXPIRES - 1000))).toBe(false);
    await purgeExpiredClaims(database, new Date(STATE_EXPIRES));
    expect(await claimOf(live)).toBeUndefined();
  });

  it('are spent by a sign-in whose token carries the state’s nonce and passes every check, never in the captcha table', async () => {
    const provider = providerRecord({ category: 'Web3', type: 'MetaMask' });
    const nonce = issueWeb3Nonce();
    const signIn = async (token: object, stateNonce = nonce) =>
      outcome(
        web3Identity(
          database,
          provider,
          { code: JSON.stringify(token), nonce: stateNonce, stateExpires: STATE_EXPIRES },
          at(NOW),
        ),
      );

    // Refused tokens spend nothing: another nonce than the state's, a stale signature.
    const crossed = await signedWeb3Token(alice, { nonce: issueWeb3Nonce(), createAt: NOW });
    expect(await signIn(crossed)).toEqual({ key: 'web3NonceMismatch' });
    const stale = await signedWeb3Token(alice, { nonce, createAt: new Date(NOW.getTime() - (WEB3_MAX_AGE_SECONDS + 1) * 1000) });
    expect(await signIn(stale)).toMatchObject({ key: 'web3Stale' });
    expect(await claimOf(nonce)).toBeUndefined();

    const token = await signedWeb3Token(alice, { nonce, createAt: NOW });
    expect(await signIn(token)).toBe('ok');
    expect(await claimOf(nonce)).toBeDefined();
    expect(await signIn(token)).toEqual({ key: 'web3NonceUsed' });
    expect(await signIn(await signedWeb3Token(alice, { nonce, createAt: NOW }))).toEqual({ key: 'web3NonceUsed' });

    // The captchas are apart: no row of theirs, a captcha check naming the nonce finds nothing, and
    // a challenge is still answered after nonces were spent.
    expect(await rowsOf('captcha')).toBe(0);
    expect(await checkChallenge(database, nonce, 'WEB3')).toBe(false);
    const challenge = await createChallenge(database);
    await database.db
      .updateTable('captcha')
      .set({ answerHash: answerHash(challenge.id, 'AC3XY') })
      .where('id', '=', challenge.id)
      .execute();
    expect(await checkChallenge(database, challenge.id, 'AC3XY')).toBe(true);
  });
});
