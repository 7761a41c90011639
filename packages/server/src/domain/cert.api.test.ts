import { X509Certificate } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateCert } from '../crypto/certs.js';
import { ApiClient } from '../test-support/client.js';
import { ADMIN_PASSWORD } from '../test-support/server.js';
import { describeEachDatabase } from '../test-support/suite.js';

interface Cert {
  owner: string;
  name: string;
  scope: string;
  type: string;
  cryptoAlgorithm: string;
  bitSize: number;
  expireInYears: number;
  certificate: string;
  privateKey: string;
}

/** A cert without keys (the server generates them); small RSA keys keep the suite fast. */
function newCert(owner: string, name: string, fields: Partial<Cert> = {}): Partial<Cert> {
  return { owner, name, scope: 'JWT', type: 'x509', cryptoAlgorithm: 'RS256', bitSize: 1024, expireInYears: 1, ...fields };
}

/** The public key of a PEM certificate as node:crypto reads it. */
function keyOf(certificate: string) {
  const key = new X509Certificate(certificate).publicKey;
  return {
    type: key.asymmetricKeyType,
    bits: key.asymmetricKeyDetails?.modulusLength,
    curve: key.asymmetricKeyDetails?.namedCurve,
  };
}

const names = (rows: Cert[]) => rows.map((c) => `${c.owner}/${c.name}`).sort();

describeEachDatabase('certs', (server) => {
  let admin: ApiClient;
  let north: ApiClient;
  let worker: ApiClient;

  const getCert = async (id: string): Promise<Cert> => (await admin.get('/api/get-cert', { id })).data;

  beforeAll(async () => {
    admin = new ApiClient(server().url);
    await admin.login('admin', ADMIN_PASSWORD);
    for (const org of ['north', 'south']) {
      await admin.post('/api/add-organization', { owner: 'admin', name: org });
      await admin.post('/api/add-user', { owner: org, name: 'boss', isAdmin: true, password: 'boss-pass' });
    }
    await admin.post('/api/add-user', { owner: 'north', name: 'worker', password: 'worker-pass' });
    for (const cert of [
      newCert('admin', 'shared-jwt'),
      newCert('admin', 'shared-pay', { type: 'Payment', cryptoAlgorithm: 'ES256' }),
      newCert('north', 'north-jwt', { cryptoAlgorithm: 'ES256' }),
      newCert('south', 'south-jwt', { cryptoAlgorithm: 'ES256' }),
    ]) {
      expect(await admin.post('/api/add-cert', cert)).toMatchObject({ status: 'ok' });
    }
    north = new ApiClient(server().url);
    expect((await north.login('boss', 'boss-pass', 'north')).status).toBe('ok');
    worker = new ApiClient(server().url);
    expect((await worker.login('worker', 'worker-pass', 'north')).status).toBe('ok');
  });

  describe('shared certs', () => {
    const sharedAndNorth = ['admin/cert-built-in', 'admin/shared-jwt', 'admin/shared-pay', 'north/north-jwt'];

    it('an organization admin lists the certs of their organization and the shared ones', async () => {
      for (const owner of ['north', '']) {
        const page = await north.get('/api/get-certs', { owner, p: 1, pageSize: 10 });
        expect(page.status).toBe('ok');
        expect(names(page.data)).toEqual(sharedAndNorth);
        expect(page.data2).toBe(4);
      }
      const first = await north.get('/api/get-certs', {
        owner: 'north',
        p: 1,
        pageSize: 3,
        sortField: 'name',
        sortOrder: 'ascend',
      });
      expect(first).toMatchObject({ status: 'ok', data2: 4 });
      expect((first.data as Cert[]).map((c) => c.name)).toEqual(['cert-built-in', 'north-jwt', 'shared-jwt']);
      expect(await north.get('/api/get-certs', { owner: 'south', p: 1, pageSize: 10 })).toMatchObject({
        status: 'error',
        code: 'unauthorized',
        msg: 'Unauthorized operation',
      });
    });

    it('filters scope and type by exact value', async () => {
      const payment = await north.get('/api/get-certs', { owner: 'north', field: 'type', value: 'Payment' });
      expect(names(payment.data)).toEqual(['admin/shared-pay']);
      expect((await north.get('/api/get-certs', { owner: 'north', field: 'type', value: 'Pay' })).data).toEqual([]);
      const jwt = await north.get('/api/get-certs', { owner: 'north', field: 'scope', value: 'JWT' });
      expect(names(jwt.data)).toEqual(sharedAndNorth);
    });

    it('a global admin gets one organization with the shared certs, or everything', async () => {
      const one = await admin.get('/api/get-certs', { owner: 'north', p: 1, pageSize: 10 });
      expect(names(one.data)).toEqual(sharedAndNorth);
      const shared = await admin.get('/api/get-certs', { owner: 'admin', p: 1, pageSize: 10 });
      expect(names(shared.data)).toEqual(['admin/cert-built-in', 'admin/shared-jwt', 'admin/shared-pay']);
      const all = await admin.get('/api/get-certs', { owner: '', p: 1, pageSize: 10 });
      expect(names(all.data)).toEqual([...sharedAndNorth, 'south/south-jwt'].sort());
      const global = await admin.get('/api/get-global-certs', { p: 1, pageSize: 10 });
      expect(global.data2).toBe(5);
    });

    it('only global admins use get-global-certs, and only admins list certs', async () => {
      expect(await north.get('/api/get-global-certs', { p: 1, pageSize: 10 })).toMatchObject({
        status: 'error',
        code: 'unauthorized',
      });
      expect(await worker.get('/api/get-certs', { owner: 'north', p: 1, pageSize: 10 })).toMatchObject({
        status: 'error',
        code: 'unauthorized',
      });
      expect(await worker.get('/api/get-cert', { id: 'admin/shared-jwt' })).toMatchObject({
        status: 'error',
        code: 'unauthorized',
      });
    });

    it('an organization admin reads a shared cert with its private key masked', async () => {
      const shared = await north.get('/api/get-cert', { id: 'admin/shared-jwt' });
      expect(shared.status).toBe('ok');
      expect(shared.data.certificate).toMatch(/^-----BEGIN CERTIFICATE-----/);
      expect(shared.data.privateKey).toBe('***');
      const listed = (await north.get('/api/get-certs', { owner: 'north' })).data as Cert[];
      expect(listed.find((c) => c.name === 'shared-jwt')?.privateKey).toBe('***');
      const own = await north.get('/api/get-cert', { id: 'north/north-jwt' });
      expect(own.data.privateKey).toMatch(/^-----BEGIN PRIVATE KEY-----/);
      expect(await north.get('/api/get-cert', { id: 'south/south-jwt' })).toMatchObject({
        status: 'error',
        code: 'unauthorized',
      });
    });

    it('an organization admin cannot update or delete shared certs or those of another organization', async () => {
      for (const id of ['admin/shared-jwt', 'south/south-jwt']) {
        const stored = await getCert(id);
        const [owner, name] = id.split('/') as [string, string];
        expect(await north.post('/api/update-cert', { ...stored, displayName: 'hijacked' }, { id })).toEqual({
          status: 'error',
          msg: 'Unauthorized operation',
          code: 'unauthorized',
          data: null,
          data2: null,
        });
        expect(await north.post('/api/delete-cert', { owner, name })).toMatchObject({
          status: 'error',
          msg: 'Unauthorized operation',
        });
        expect(await getCert(id)).toEqual(stored);
      }
    });

    it('an organization admin adds and edits certs of their own organization only, and cannot share them', async () => {
      expect(await north.post('/api/add-cert', newCert('north', 'north-own'))).toMatchObject({ status: 'ok' });
      for (const owner of ['admin', 'south']) {
        expect(await north.post('/api/add-cert', newCert(owner, 'sneaky'))).toMatchObject({
          status: 'error',
          code: 'unauthorized',
        });
      }
      const own = (await north.get('/api/get-cert', { id: 'north/north-own' })).data;
      expect((await north.post('/api/update-cert', { ...own, displayName: 'Ours' }, { id: 'north/north-own' })).status).toBe(
        'ok',
      );
      expect(await north.post('/api/update-cert', { ...own, owner: 'admin' }, { id: 'north/north-own' })).toMatchObject({
        status: 'error',
      });
      expect((await north.post('/api/delete-cert', { owner: 'north', name: 'north-own' })).data).toBe('Affected');
    });

    it('the built-in cert stays undeletable', async () => {
      expect(await admin.post('/api/delete-cert', { owner: 'admin', name: 'cert-built-in' })).toMatchObject({
        status: 'error',
        msg: 'The built-in cert "admin/cert-built-in" cannot be deleted',
      });
    });
  });

  describe('keys', () => {
    it('generates keys of the algorithm and size asked for, with the bit size normalised', async () => {
      const cases: [Partial<Cert>, number, ReturnType<typeof keyOf>][] = [
        [{ cryptoAlgorithm: 'RS256', bitSize: 1024 }, 1024, { type: 'rsa', bits: 1024, curve: undefined }],
        [{ cryptoAlgorithm: 'RS512', bitSize: 3000 }, 2048, { type: 'rsa', bits: 2048, curve: undefined }],
        [{ cryptoAlgorithm: 'PS256', bitSize: 0 }, 2048, { type: 'rsa', bits: 2048, curve: undefined }],
        [{ cryptoAlgorithm: 'ES256', bitSize: 2048 }, 0, { type: 'ec', bits: undefined, curve: 'prime256v1' }],
        [{ cryptoAlgorithm: 'ES384', bitSize: 4096 }, 0, { type: 'ec', bits: undefined, curve: 'secp384r1' }],
        [{ cryptoAlgorithm: 'ES512', bitSize: 0 }, 0, { type: 'ec', bits: undefined, curve: 'secp521r1' }],
      ];
      for (const [fields, bitSize, key] of cases) {
        const name = `gen-${String(fields.cryptoAlgorithm).toLowerCase()}`;
        expect(await admin.post('/api/add-cert', newCert('north', name, fields))).toMatchObject({ status: 'ok' });
        const cert = await getCert(`north/${name}`);
        expect(cert.bitSize, name).toBe(bitSize);
        expect(keyOf(cert.certificate), name).toEqual(key);
        expect(cert.privateKey).toMatch(/^-----BEGIN PRIVATE KEY-----/);
        expect(new X509Certificate(cert.certificate).subject).toBe(`CN=${name}\nO=north`);
      }
    });

    it('generates a pair when only one of certificate and private key is given', async () => {
      const other = await generateCert({ algorithm: 'ES256', bitSize: 0, expireInYears: 1, commonName: 'other' });
      await admin.post('/api/add-cert', newCert('north', 'half', { certificate: other.certificate }));
      const cert = await getCert('north/half');
      expect(cert.certificate).not.toBe(other.certificate);
      expect(keyOf(cert.certificate)).toMatchObject({ type: 'rsa', bits: 1024 });
    });

    it('keeps the keys on an update that changes neither algorithm nor bit size', async () => {
      await admin.post('/api/add-cert', newCert('north', 'steady'));
      const before = await getCert('north/steady');
      await admin.post('/api/update-cert', { ...before, displayName: 'Steady', privateKey: '***' }, { id: 'north/steady' });
      const after = await getCert('north/steady');
      expect(after).toMatchObject({ displayName: 'Steady', certificate: before.certificate, privateKey: before.privateKey });
    });

    it('regenerates when the algorithm changes and the stored keys are sent back unchanged', async () => {
      await admin.post('/api/add-cert', newCert('north', 'switch'));
      const before = await getCert('north/switch');
      const res = await admin.post('/api/update-cert', { ...before, cryptoAlgorithm: 'ES256' }, { id: 'north/switch' });
      expect(res.status).toBe('ok');
      const after = await getCert('north/switch');
      expect(after.bitSize).toBe(0);
      expect(keyOf(after.certificate)).toEqual({ type: 'ec', bits: undefined, curve: 'prime256v1' });
      expect(after.privateKey).not.toBe(before.privateKey);
      // The masked key sent back counts as unchanged too.
      await admin.post(
        '/api/update-cert',
        { ...after, cryptoAlgorithm: 'PS384', bitSize: 0, privateKey: '***' },
        { id: 'north/switch' },
      );
      const rsa = await getCert('north/switch');
      expect(rsa.bitSize).toBe(2048);
      expect(keyOf(rsa.certificate)).toMatchObject({ type: 'rsa', bits: 2048 });
    });

    it('regenerates when the bit size changes and the stored keys are sent back unchanged', async () => {
      await admin.post('/api/add-cert', newCert('north', 'resize'));
      const before = await getCert('north/resize');
      await admin.post('/api/update-cert', { ...before, bitSize: 2048 }, { id: 'north/resize' });
      const after = await getCert('north/resize');
      expect(after.bitSize).toBe(2048);
      expect(keyOf(after.certificate)).toMatchObject({ type: 'rsa', bits: 2048 });
    });

    it('regenerates cleared keys (the console clears them when the algorithm or bit size changes)', async () => {
      await admin.post('/api/add-cert', newCert('north', 'cleared'));
      const before = await getCert('north/cleared');
      await admin.post(
        '/api/update-cert',
        { ...before, cryptoAlgorithm: 'ES384', bitSize: 0, certificate: '', privateKey: '' },
        { id: 'north/cleared' },
      );
      const after = await getCert('north/cleared');
      expect(keyOf(after.certificate)).toMatchObject({ type: 'ec', curve: 'secp384r1' });
      expect(after.privateKey).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    });

    it("stores a client's own matching pair as sent, with the bit size of its key", async () => {
      const own = await generateCert({ algorithm: 'RS256', bitSize: 2048, expireInYears: 1, commonName: 'own' });
      const res = await admin.post('/api/add-cert', newCert('north', 'own-pair', { bitSize: 4096, ...own }));
      expect(res.status).toBe('ok');
      expect(await getCert('north/own-pair')).toMatchObject({ ...own, bitSize: 2048 });
    });
  });

  describe('refusals', () => {
    let rsa: { certificate: string; privateKey: string };
    let ec: { certificate: string; privateKey: string };

    beforeAll(async () => {
      rsa = await generateCert({ algorithm: 'RS256', bitSize: 1024, expireInYears: 1, commonName: 'rsa' });
      ec = await generateCert({ algorithm: 'ES256', bitSize: 0, expireInYears: 1, commonName: 'ec' });
    });

    const refusedAdd = async (fields: Partial<Cert>, msg: string, client = admin) => {
      const res = await client.post('/api/add-cert', newCert('north', 'refused', fields));
      expect(res).toMatchObject({ status: 'error', msg });
      expect(await getCert('north/refused')).toBeNull();
    };

    it('refuses a private key that does not belong to the certificate', async () => {
      const other = await generateCert({ algorithm: 'RS256', bitSize: 1024, expireInYears: 1, commonName: 'other' });
      await refusedAdd(
        { certificate: rsa.certificate, privateKey: other.privateKey },
        'The private key does not belong to the certificate',
      );
    });

    it('refuses a certificate that does not parse, and a private key that does not parse', async () => {
      await refusedAdd(
        {
          certificate: '-----BEGIN CERTIFICATE-----\nnot a certificate\n-----END CERTIFICATE-----\n',
          privateKey: rsa.privateKey,
        },
        'The certificate cannot be read: it must be an X.509 certificate in PEM form',
      );
      await refusedAdd(
        { certificate: rsa.certificate, privateKey: 'not a key' },
        'The private key cannot be read: it must be an unencrypted private key in PEM form',
      );
    });

    it('refuses a pair whose key cannot sign with the algorithm', async () => {
      await refusedAdd({ cryptoAlgorithm: 'RS256', ...ec }, "The certificate's key (EC P-256) cannot sign with RS256");
      await refusedAdd({ cryptoAlgorithm: 'ES384', ...ec }, "The certificate's key (EC P-256) cannot sign with ES384");
      await refusedAdd({ cryptoAlgorithm: 'ES256', ...rsa }, "The certificate's key (RSA 1024-bit) cannot sign with ES256");
    });

    it('refuses PS512 with 1024 bits', async () => {
      const msg = 'PS512 needs an RSA key of at least 2048 bits; 1024 bits is too small';
      await refusedAdd({ cryptoAlgorithm: 'PS512', bitSize: 1024 }, msg);
      await refusedAdd({ cryptoAlgorithm: 'PS512', ...rsa }, msg);
      await admin.post('/api/add-cert', newCert('north', 'to-pss'));
      const before = await getCert('north/to-pss');
      expect(await admin.post('/api/update-cert', { ...before, cryptoAlgorithm: 'PS512' }, { id: 'north/to-pss' })).toMatchObject(
        {
          status: 'error',
          msg,
        },
      );
      expect(await getCert('north/to-pss')).toEqual(before);
    });

    it('refuses a changed pair that does not match on update, and keeps the stored keys', async () => {
      await admin.post('/api/add-cert', newCert('north', 'kept'));
      const before = await getCert('north/kept');
      expect(await admin.post('/api/update-cert', { ...before, privateKey: rsa.privateKey }, { id: 'north/kept' })).toMatchObject(
        { status: 'error', msg: 'The private key does not belong to the certificate' },
      );
      expect(await getCert('north/kept')).toEqual(before);
    });

    it('refuses an owner that is neither admin nor an existing organization', async () => {
      await admin
        .post('/api/add-cert', newCert('ghost', 'haunted'))
        .then((res) => expect(res).toMatchObject({ status: 'error', msg: 'The organization "ghost" does not exist' }));
      await admin.post('/api/add-cert', newCert('north', 'moving'));
      const moving = await getCert('north/moving');
      expect(await admin.post('/api/update-cert', { ...moving, owner: 'ghost' }, { id: 'north/moving' })).toMatchObject({
        status: 'error',
        msg: 'The organization "ghost" does not exist',
      });
      expect((await admin.post('/api/update-cert', { ...moving, owner: 'admin' }, { id: 'north/moving' })).status).toBe('ok');
      expect((await getCert('admin/moving')).certificate).toBe(moving.certificate);
    });

    it('answers the refusals in Chinese for a Chinese console', async () => {
      const zh = new ApiClient(server().url, 'zh');
      await zh.login('admin', ADMIN_PASSWORD);
      await refusedAdd({ cryptoAlgorithm: 'PS512', bitSize: 1024 }, 'PS512 需要至少 2048 位的 RSA 密钥，1024 位太小', zh);
      await refusedAdd({ certificate: rsa.certificate, privateKey: ec.privateKey }, '私钥与证书不匹配', zh);
    });
  });
});
