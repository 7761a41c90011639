import {
  createHash,
  createHmac,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  randomBytes,
  sign,
} from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateCert } from '../../crypto/certs.js';
import { signedInAdmin } from '../../test-support/accounts.js';
import type { ApiClient } from '../../test-support/client.js';
import {
  addRsaCert,
  createOAuthApplication,
  postOAuthForm,
  REDIRECT_URI,
  refreshGrant,
  signInThroughPage,
} from '../../test-support/oidc.js';
import { describeEachDatabase } from '../../test-support/suite.js';

/**
 * Attacks on the OAuth 2.0 / OpenID Connect provider, over HTTP (issue 15, point 5):
 *
 * - authorization-code replay (RFC 6749 §4.1.2, RFC 9700 §4.2.4): the second redemption fails and
 *   everything the first one issued (access and refresh tokens, and what refreshing gave) is revoked;
 * - PKCE downgrade (RFC 9700 §2.1.1, §4.8): a code bound to a code_challenge needs its S256
 *   verifier, a code without a challenge takes no code_verifier, only S256 is accepted;
 * - forged bearer JWTs (RFC 8725): alg=none, HMAC keyed with the RSA public key, tampered
 *   payloads and headers, expired tokens, other keys named by kid, jwk, jku, x5u or x5c: every
 *   route that takes a bearer token (introspection, userinfo, the API, RP-initiated logout) refuses
 *   them all, because a token counts only when it is one the server issued and stored.
 */

const b64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');
const json64 = (value: object) => b64url(JSON.stringify(value));

type Jwt = { header: Record<string, unknown>; payload: Record<string, unknown>; signature: string };

function decode(token: string): Jwt {
  const [header = '', payload = '', signature = ''] = token.split('.');
  return {
    header: JSON.parse(Buffer.from(header, 'base64url').toString('utf8')),
    payload: JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')),
    signature,
  };
}

/** header.payload as the signature covers it. */
const signingInput = (header: object, payload: object) => `${json64(header)}.${json64(payload)}`;

function hmacToken(alg: 'HS256' | 'HS384' | 'HS512', secret: string | Buffer, header: object, payload: object): string {
  const data = signingInput({ ...header, alg }, payload);
  const hash = { HS256: 'sha256', HS384: 'sha384', HS512: 'sha512' }[alg];
  return `${data}.${b64url(createHmac(hash, secret).update(data).digest())}`;
}

function keyToken(alg: 'RS256' | 'RS512' | 'PS256' | 'ES256', key: KeyObject, header: object, payload: object): string {
  const data = signingInput({ ...header, alg }, payload);
  const input = Buffer.from(data);
  const signature =
    alg === 'ES256'
      ? sign('sha256', input, { key, dsaEncoding: 'ieee-p1363' })
      : alg === 'PS256'
        ? sign('sha256', input, { key, padding: 6, saltLength: 32 })
        : sign(alg === 'RS512' ? 'sha512' : 'sha256', input, key);
  return `${data}.${b64url(signature)}`;
}

const verifierOf = () => randomBytes(32).toString('base64url');
const challengeOf = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

describeEachDatabase('attacks on the OAuth 2.0 / OpenID Connect provider', (server) => {
  let admin: ApiClient;
  let app: Awaited<ReturnType<typeof createOAuthApplication>>;
  let other: Awaited<ReturnType<typeof createOAuthApplication>>;

  beforeAll(async () => {
    admin = await signedInAdmin(server().url);
    const added = await admin.post('/api/add-user', {
      owner: 'built-in',
      name: 'atk-user',
      email: 'atk@example.com',
      password: 'atk-user-pass',
    });
    expect(added.status, added.msg).toBe('ok');
    await addRsaCert(admin, 'atk-other-cert');
    app = await createOAuthApplication(admin, 'atk-app');
    other = await createOAuthApplication(admin, 'atk-other', { cert: 'atk-other-cert' });
  });

  /** The code the sign-in page answers for an authorization request of `client` with `extra` parameters. */
  async function codeFor(client: { clientId: string }, extra: Record<string, string> = {}) {
    const url = new URL(`${server().url}/login/oauth/authorize`);
    url.search = new URLSearchParams({
      client_id: client.clientId,
      response_type: 'code',
      redirect_uri: REDIRECT_URI,
      scope: 'openid profile email offline_access',
      state: 'st',
      ...extra,
    }).toString();
    const signedIn = await signInThroughPage(server().url, url, 'atk-user', 'atk-user-pass');
    if (!('url' in signedIn)) return { error: signedIn.error };
    return { code: (signedIn.url as URL).searchParams.get('code') ?? '' };
  }

  async function mustCode(client: { clientId: string }, extra: Record<string, string> = {}): Promise<string> {
    const answer = await codeFor(client, extra);
    if (!answer.code) throw new Error(`no code: ${answer.error}`);
    return answer.code;
  }

  /** The token endpoint's answer: HTTP status and JSON body. */
  async function redeem(code: string, fields: Record<string, string | undefined>, client = app) {
    const form: Record<string, string> = { grant_type: 'authorization_code', code, client_id: client.clientId };
    for (const [k, v] of Object.entries(fields)) if (v !== undefined) form[k] = v;
    const response = await postOAuthForm(server().url, '/api/login/oauth/access_token', form);
    return { status: response.status, body: (await response.json()) as Record<string, string> };
  }

  const withSecret = (client = app) => ({ client_secret: client.clientSecret });

  async function introspect(token: string, client = app): Promise<Record<string, unknown>> {
    const response = await postOAuthForm(server().url, '/api/login/oauth/introspect', {
      token,
      client_id: client.clientId,
      client_secret: client.clientSecret,
    });
    expect(response.status).toBe(200);
    return (await response.json()) as Record<string, unknown>;
  }

  async function userinfo(token: string) {
    const response = await fetch(`${server().url}/api/userinfo`, { headers: { authorization: `Bearer ${token}` } });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  describe('authorization-code replay', () => {
    it('refuses the second redemption and revokes every token the first one issued, refreshed ones included', async () => {
      const code = await mustCode(app);
      const first = await redeem(code, withSecret());
      expect(first.status).toBe(200);
      const { access_token: access, refresh_token: refresh } = first.body;
      if (!access || !refresh) throw new Error('no tokens');
      expect(await introspect(access)).toMatchObject({ active: true });
      expect((await userinfo(access)).status).toBe(200);
      // The client refreshes once: the new pair belongs to the same grant.
      const refreshed = (await (await refreshGrant(server().url, app, refresh)).json()) as Record<string, string>;
      const access2 = refreshed.access_token ?? '';
      const refresh2 = refreshed.refresh_token ?? '';
      expect(await introspect(access2)).toMatchObject({ active: true });

      // The attacker (or a confused client) presents the code again.
      const replay = await redeem(code, withSecret());
      expect(replay.status).toBe(400);
      expect(replay.body).toMatchObject({ error: 'invalid_grant' });
      expect(replay.body).not.toHaveProperty('access_token');

      for (const token of [access, access2]) {
        expect(await introspect(token)).toEqual({ active: false });
        expect(await userinfo(token)).toMatchObject({ status: 401, body: { error: 'invalid_token' } });
        const account = await fetch(`${server().url}/api/get-account`, { headers: { authorization: `Bearer ${token}` } });
        expect(await account.json()).toMatchObject({ status: 'error' });
      }
      for (const token of [refresh, refresh2]) {
        expect(await introspect(token)).toEqual({ active: false });
        const again = await refreshGrant(server().url, app, token);
        expect(again.status).toBe(400);
        expect(await again.json()).toMatchObject({ error: 'invalid_grant' });
      }
    });

    it('of concurrent redemptions, answers at most one, and a replayed code leaves no usable token', async () => {
      const code = await mustCode(app);
      const answers = await Promise.all([1, 2, 3].map(() => redeem(code, withSecret())));
      const won = answers.filter((a) => a.status === 200);
      expect(won.length).toBeLessThanOrEqual(1);
      expect(answers.filter((a) => a.status === 400).every((a) => a.body.error === 'invalid_grant')).toBe(true);
      for (const answer of won) {
        expect(await introspect(answer.body.access_token ?? '')).toEqual({ active: false });
        expect(await introspect(answer.body.refresh_token ?? '')).toEqual({ active: false });
      }
    });

    it('refuses a code stolen by another client, for another redirect URI, and revokes nothing of the victim', async () => {
      const code = await mustCode(app);
      // Another registered client presents the code with its own (correct) secret.
      expect(await redeem(code, withSecret(other), other)).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
      expect(await redeem(code, { ...withSecret(), redirect_uri: 'https://evil.example/cb' })).toMatchObject({
        status: 400,
        body: { error: 'invalid_grant' },
      });
      // No secret and no PKCE: the code alone proves nothing.
      expect((await redeem(await mustCode(app), {})).status).toBe(401);
      expect((await redeem(code, { client_secret: 'wrong' })).status).toBe(401);
    });
  });

  describe('PKCE downgrade', () => {
    it('refuses a code issued with a code_challenge without its verifier, with a wrong one, or with the challenge itself', async () => {
      const verifier = verifierOf();
      const pkce = { code_challenge: challengeOf(verifier), code_challenge_method: 'S256' };
      // Each attempt spends the code: a fresh one each time.
      const attempts: Record<string, string | undefined>[] = [
        {}, // verifier dropped, public client
        withSecret(), // verifier dropped, the secret instead
        { code_verifier: verifierOf() },
        { ...withSecret(), code_verifier: verifierOf() },
        // "plain": the verifier is the challenge.
        { code_verifier: pkce.code_challenge, code_challenge_method: 'plain' },
        { code_verifier: '' },
        { code_verifier: 'short' },
        { code_verifier: `${verifier}x` },
        { code_verifier: verifier.slice(1) },
      ];
      for (const fields of attempts) {
        const answer = await redeem(await mustCode(app, pkce), fields);
        expect(answer.status, JSON.stringify(fields)).toBeGreaterThanOrEqual(400);
        expect(['invalid_grant', 'invalid_client']).toContain(answer.body.error);
        expect(answer.body).not.toHaveProperty('access_token');
      }
      // The right verifier works, with or without the secret.
      expect((await redeem(await mustCode(app, pkce), { code_verifier: verifier })).status).toBe(200);
      expect((await redeem(await mustCode(app, pkce), { ...withSecret(), code_verifier: verifier })).status).toBe(200);
    });

    it('refuses a code_verifier for a code issued without a code_challenge (RFC 9700 §2.1.1)', async () => {
      const verifier = verifierOf();
      for (const fields of [{ ...withSecret(), code_verifier: verifier }, { code_verifier: verifier }]) {
        const answer = await redeem(await mustCode(app), fields);
        expect(answer.status, JSON.stringify(fields)).toBeGreaterThanOrEqual(400);
        expect(answer.body).not.toHaveProperty('access_token');
      }
      const downgrade = await redeem(await mustCode(app), { ...withSecret(), code_verifier: verifier });
      expect(downgrade).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
      // Without a verifier the confidential client still redeems its code.
      expect((await redeem(await mustCode(app), withSecret())).status).toBe(200);
    });

    it('refuses authorization requests with the plain method, an unknown one, or a challenge without a method', async () => {
      const challenge = challengeOf(verifierOf());
      const requests: Record<string, string>[] = [
        { code_challenge: challenge, code_challenge_method: 'plain' },
        { code_challenge: challenge, code_challenge_method: 's256' },
        { code_challenge: challenge, code_challenge_method: 'S512' },
        { code_challenge: challenge },
      ];
      for (const extra of requests) {
        expect(await codeFor(app, extra), JSON.stringify(extra)).toEqual({
          error: 'Only the S256 code challenge method is supported',
        });
      }
    });
  });

  describe('forged and altered bearer JWTs', () => {
    interface Forgery {
      name: string;
      token: string;
      /** Whether introspection may know it as something else than an access token (a refresh token is active there). */
      accessOnly?: boolean;
    }
    const forgeries: Forgery[] = [];
    let genuine: string;
    let genuineRefresh: string;

    beforeAll(async () => {
      const issued = await redeem(await mustCode(app), withSecret());
      genuine = issued.body.access_token ?? '';
      genuineRefresh = issued.body.refresh_token ?? '';
      const { header, payload, signature } = decode(genuine);
      expect(header).toMatchObject({ alg: 'RS256', kid: 'cert-built-in' });

      const ours = (await admin.get('/api/get-cert', { id: 'admin/cert-built-in' })).data as {
        certificate: string;
        privateKey: string;
      };
      const otherCert = (await admin.get('/api/get-cert', { id: 'admin/atk-other-cert' })).data as {
        certificate: string;
        privateKey: string;
      };
      const publicKey = createPublicKey(ours.certificate);
      const spki = publicKey.export({ type: 'spki', format: 'pem' }).toString();
      const jwk = publicKey.export({ format: 'jwk' });
      const attacker = generateKeyPairSync('rsa', { modulusLength: 2048 });
      const attackerJwk = attacker.publicKey.export({ format: 'jwk' });
      const attackerEc = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      const attackerCert = await generateCert({ algorithm: 'RS256', bitSize: 2048, expireInYears: 1, commonName: 'Attacker' });
      const attackerCertKey = createPrivateKey(attackerCert.privateKey);
      const attackerDer = createPublicKey(attackerCert.certificate);
      expect(attackerDer.asymmetricKeyType).toBe('rsa');
      const x5c = attackerCert.certificate.replace(/-----[^-]+-----|\s/g, '');
      const genuineKey = createPrivateKey(ours.privateKey);
      const otherKey = createPrivateKey(otherCert.privateKey);

      const now = Math.floor(Date.now() / 1000);
      const elevated = { ...payload, name: 'admin', sub: 'admin', owner: 'built-in', isAdmin: true };
      const data = signingInput(header, payload);
      const [h, p] = genuine.split('.') as [string, string];
      const add = (name: string, token: string, accessOnly = false) => forgeries.push({ name, token, accessOnly });

      for (const alg of ['none', 'None', 'NONE', 'nOnE']) {
        add(`alg=${alg}, no signature`, `${signingInput({ ...header, alg }, elevated)}.`);
      }
      add(
        'alg=none, the genuine payload and signature kept',
        `${signingInput({ ...header, alg: 'none' }, payload)}.${signature}`,
      );
      add('alg=none, genuine payload, no signature', `${signingInput({ ...header, alg: 'none' }, payload)}.`);
      // Key confusion: the RSA public key (as verifiers that take "the key" would hand it over) as an HMAC secret.
      add('HS256 keyed with the certificate PEM', hmacToken('HS256', ours.certificate, header, elevated));
      add('HS256 keyed with the public key PEM (SPKI)', hmacToken('HS256', spki, header, elevated));
      add('HS256 keyed with the public key PEM, genuine payload', hmacToken('HS256', spki, header, payload));
      add('HS384 keyed with the public key PEM', hmacToken('HS384', spki, header, elevated));
      add('HS512 keyed with the public key PEM', hmacToken('HS512', spki, header, elevated));
      add('HS256 keyed with the JWK modulus', hmacToken('HS256', String(jwk.n), header, elevated));
      add(
        'HS256 keyed with the public key DER',
        hmacToken('HS256', publicKey.export({ type: 'spki', format: 'der' }), header, elevated),
      );
      // Tampering with a genuine token, its signature kept.
      add('payload tampered (elevated claims), signature kept', `${json64(header)}.${json64(elevated)}.${signature}`);
      add(
        'payload tampered (exp extended), signature kept',
        `${json64(header)}.${json64({ ...payload, exp: now + 86400 * 365 })}.${signature}`,
      );
      add(
        'header tampered (kid of another cert), signature kept',
        `${json64({ ...header, kid: 'atk-other-cert' })}.${p}.${signature}`,
      );
      add('header tampered (alg RS512), signature kept', `${json64({ ...header, alg: 'RS512' })}.${p}.${signature}`);
      add('signature of another token', `${h}.${p}.${decode(genuineRefresh).signature}`);
      add(
        'one bit of the signature flipped',
        `${h}.${p}.${signature.slice(0, -2)}${signature.endsWith('A') ? 'B' : 'A'}${signature.slice(-1)}`,
      );
      // Validly signed with the server's own key, but never issued (what a leaked key or a signing oracle would give).
      add('re-signed with the genuine key, elevated claims', keyToken('RS256', genuineKey, header, elevated));
      add('re-signed with the genuine key, new jti', keyToken('RS256', genuineKey, header, { ...payload, jti: 'admin/forged' }));
      add(
        're-signed with the genuine key, already expired',
        keyToken('RS256', genuineKey, header, { ...payload, iat: now - 7200, exp: now - 3600 }),
      );
      add('re-signed with the genuine key as RS512', keyToken('RS512', genuineKey, header, payload));
      // Another application's cert, named by kid (a token of that application is valid there only).
      add(
        "kid and key of another application's cert",
        keyToken('RS256', otherKey, { ...header, kid: 'atk-other-cert' }, elevated),
      );
      // The attacker's own keys, named or shipped in the header.
      add('unknown kid, attacker key', keyToken('RS256', attacker.privateKey, { ...header, kid: 'attacker' }, elevated));
      add('kid of the genuine cert, attacker key', keyToken('RS256', attacker.privateKey, header, elevated));
      add('no kid, attacker key', keyToken('RS256', attacker.privateKey, { alg: 'RS256', typ: 'JWT' }, elevated));
      add(
        'embedded jwk (attacker key)',
        keyToken('RS256', attacker.privateKey, { ...header, kid: 'attacker', jwk: attackerJwk }, elevated),
      );
      add(
        'jku pointing at the attacker',
        keyToken('RS256', attacker.privateKey, { ...header, jku: 'https://attacker.example/jwks.json' }, elevated),
      );
      add(
        'x5u pointing at the attacker',
        keyToken('RS256', attacker.privateKey, { ...header, x5u: 'https://attacker.example/cert.pem' }, elevated),
      );
      add('x5c with the attacker certificate', keyToken('RS256', attackerCertKey, { ...header, x5c: [x5c] }, elevated));
      add(
        'jku at this server, kid of another cert',
        keyToken('RS256', otherKey, { ...header, jku: `${server().url}/.well-known/jwks`, kid: 'atk-other-cert' }, elevated),
      );
      add('PS256 with the attacker key', keyToken('PS256', attacker.privateKey, header, elevated));
      add('ES256 with the attacker key', keyToken('ES256', attackerEc.privateKey, { ...header, kid: 'attacker' }, elevated));
      add(
        'crit header the server does not know',
        keyToken('RS256', genuineKey, { ...header, crit: ['exp-ext'], 'exp-ext': 1 }, payload),
      );
      // Malformed tokens around a genuine one.
      add('signature stripped', `${h}.${p}.`);
      add('two segments', `${h}.${p}`);
      add('a fourth segment appended', `${genuine}.${signature}`);
      add('JWS JSON serialization of the genuine token', JSON.stringify({ protected: h, payload: p, signature }));
      add('genuine token with its payload segment re-encoded (base64 padding)', `${h}.${p}==.${signature}`);
      add(
        'nested: the genuine token as the payload of an alg=none token',
        `${json64({ alg: 'none', cty: 'JWT' })}.${b64url(genuine)}.`,
      );
      add('the refresh token used as an access token', genuineRefresh, true);
      expect(data).toBe(`${h}.${p}`);
    });

    it('the genuine token is accepted everywhere (the refusals below are not a broken set-up)', async () => {
      expect(await introspect(genuine)).toMatchObject({ active: true, username: 'atk-user' });
      expect(await userinfo(genuine)).toMatchObject({ status: 200, body: { preferred_username: 'atk-user' } });
      const account = await fetch(`${server().url}/api/get-account`, { headers: { authorization: `Bearer ${genuine}` } });
      expect(await account.json()).toMatchObject({ status: 'ok', data: { name: 'atk-user' } });
    });

    it('introspection answers active:false to every forgery', async () => {
      const answers: Record<string, unknown> = {};
      for (const forgery of forgeries.filter((f) => !f.accessOnly)) answers[forgery.name] = await introspect(forgery.token);
      for (const [name, answer] of Object.entries(answers)) expect(answer, name).toEqual({ active: false });
      // A genuine token of another application is inactive for this one, and the reverse.
      const theirs = (await redeem(await mustCode(other), withSecret(other), other)).body.access_token ?? '';
      expect(await introspect(theirs, other)).toMatchObject({ active: true });
      expect(await introspect(theirs)).toEqual({ active: false });
      expect(await introspect(genuine, other)).toEqual({ active: false });
    });

    it('userinfo refuses every forgery, in the header and as a parameter', async () => {
      for (const forgery of forgeries) {
        const header = await userinfo(forgery.token);
        expect(header, forgery.name).toMatchObject({ status: 401, body: { error: 'invalid_token' } });
        const form = await postOAuthForm(server().url, '/api/userinfo', { access_token: forgery.token });
        expect(form.status, forgery.name).toBe(401);
      }
    });

    it('the API refuses every forgery as a bearer token, and RP-initiated logout as an id_token_hint', async () => {
      for (const forgery of forgeries) {
        const account = await fetch(`${server().url}/api/get-account`, {
          headers: { authorization: `Bearer ${forgery.token}` },
        });
        expect(await account.json(), forgery.name).toMatchObject({ status: 'error' });
        const users = await fetch(`${server().url}/api/get-users?owner=built-in`, {
          headers: { authorization: `Bearer ${forgery.token}` },
        });
        const listed = (await users.json()) as { status: string; data?: unknown };
        expect(listed.status, forgery.name).toBe('error');
        const logout = await fetch(
          `${server().url}/api/logout?${new URLSearchParams({ id_token_hint: forgery.token, post_logout_redirect_uri: REDIRECT_URI })}`,
          { redirect: 'manual' },
        );
        expect(logout.status, forgery.name).not.toBe(302);
        expect(await logout.json(), forgery.name).toMatchObject({ status: 'error' });
      }
      // None of it revoked or changed the genuine token.
      expect(await introspect(genuine)).toMatchObject({ active: true });
    });

    it('refuses a genuine token once it has expired', async () => {
      const token = (await redeem(await mustCode(app), withSecret())).body.access_token ?? '';
      expect(await introspect(token)).toMatchObject({ active: true });
      const jti = String(decode(token).payload.jti).split('/')[1] ?? '';
      // Issued two hours ago with a one-hour lifetime.
      const past = new Date(Date.now() - 2 * 3600 * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
      await server().ctx.database.db.updateTable('token').set({ createdTime: past }).where('name', '=', jti).execute();
      expect(await introspect(token)).toEqual({ active: false });
      expect(await userinfo(token)).toMatchObject({ status: 401, body: { error: 'invalid_token' } });
      const account = await fetch(`${server().url}/api/get-account`, { headers: { authorization: `Bearer ${token}` } });
      expect(await account.json()).toMatchObject({ status: 'error' });
    });
  });
});
