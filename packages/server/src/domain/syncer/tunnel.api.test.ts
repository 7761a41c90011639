import { createPrivateKey } from 'node:crypto';
import { utils } from 'ssh2';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ApiClient } from '../../test-support/client.js';
import { ADMIN_PASSWORD } from '../../test-support/server.js';
import { startSshd, type TestSshd, TUNNEL_PASSWORD, TUNNEL_USER } from '../../test-support/sshd.js';
import { describeEachDatabase } from '../../test-support/suite.js';
import { createSyncSource, type SyncSource, syncerColumn } from '../../test-support/sync-source.js';

const columns = [syncerColumn('login', 'Name', { isKey: true }), syncerColumn('full_name', 'DisplayName')];

/** An OpenSSH public key line of a PEM private key (what authorized_keys lists). */
function publicKeyLine(privateKeyPem: string): string {
  const pkcs1 = createPrivateKey(privateKeyPem).export({ type: 'pkcs1', format: 'pem' }).toString();
  const key = utils.parseKey(pkcs1);
  if (key instanceof Error) throw key;
  const parsed = Array.isArray(key) ? key[0] : key;
  if (!parsed) throw new Error('no key');
  return `${parsed.type} ${parsed.getPublicSSH().toString('base64')}`;
}

/**
 * Syncing through an SSH tunnel (password and cert types) opened to a real OpenSSH server on
 * loopback; the database (PostgreSQL or MariaDB, the server's engine) is reached from the SSH
 * server's side. SQLite files have no tunnel.
 */
describeEachDatabase('syncing through an SSH tunnel', (server, engine) => {
  const tunnelled = engine !== 'sqlite';
  let admin: ApiClient;
  let source: SyncSource;
  let sshd: TestSshd;

  const syncer = (name: string, extra: Record<string, unknown>) => ({
    owner: 'admin',
    name,
    organization: 'tunnelorg',
    type: 'Database',
    ...source.settings,
    sshHost: '127.0.0.1',
    sshPort: sshd.port,
    sshUser: TUNNEL_USER,
    table: 'staff',
    tableColumns: columns,
    isReadOnly: true,
    ...extra,
  });

  beforeAll(async () => {
    if (!tunnelled) return;
    admin = new ApiClient(server().url);
    await admin.login('admin', ADMIN_PASSWORD);
    await admin.post('/api/add-organization', { owner: 'admin', name: 'tunnelorg' });
    source = await createSyncSource(engine, server().ctx.config.dataDir);
    await source.exec('create table staff (login varchar(100) primary key, full_name varchar(100))');
    await source.exec("insert into staff (login, full_name) values ('tina', 'Tina T'), ('tom', 'Tom T')");
    sshd = await startSshd();
  });

  afterAll(async () => {
    await sshd?.close();
    await source?.close();
  });

  it.runIf(tunnelled)('signs in with a password, tests the connection and syncs through the tunnel', async () => {
    const settings = syncer('ssh-password', { sshType: 'password', sshPassword: TUNNEL_PASSWORD });
    expect(await admin.post('/api/test-syncer-db', settings)).toMatchObject({ status: 'ok' });
    expect(await admin.post('/api/add-syncer', settings)).toMatchObject({ status: 'ok' });
    expect(await admin.get('/api/run-syncer', { id: 'admin/ssh-password' })).toMatchObject({ status: 'ok', data: { added: 2 } });
    expect((await admin.get('/api/get-user', { id: 'tunnelorg/tina' })).data).toMatchObject({ displayName: 'Tina T' });
  });

  it.runIf(tunnelled)('signs in with the private key of a cert', async () => {
    expect(
      await admin.post('/api/add-cert', { owner: 'tunnelorg', name: 'tunnel-key', cryptoAlgorithm: 'RS256', bitSize: 2048 }),
    ).toMatchObject({
      status: 'ok',
    });
    const cert = (await admin.get('/api/get-cert', { id: 'tunnelorg/tunnel-key' })).data;
    sshd.authorize(publicKeyLine(cert.privateKey));
    const settings = syncer('ssh-cert', { sshType: 'cert', cert: 'tunnel-key' });
    expect(await admin.post('/api/test-syncer-db', settings)).toMatchObject({ status: 'ok' });
    expect(await admin.post('/api/add-syncer', settings)).toMatchObject({ status: 'ok' });
    expect(await admin.get('/api/run-syncer', { id: 'admin/ssh-cert' })).toMatchObject({ status: 'ok', data: { read: 2 } });
  });

  it.runIf(tunnelled)('says why the tunnel failed, and checks the SSH host against the address guard', async () => {
    const wrong = await admin.post('/api/test-syncer-db', syncer('x', { sshType: 'password', sshPassword: 'wrong' }));
    expect(wrong).toMatchObject({ status: 'error' });
    expect(wrong.msg).toContain(`Failed to open the SSH tunnel through 127.0.0.1:${sshd.port}`);
    expect(wrong.msg).toContain('authentication');
    const guarded = await admin.post('/api/test-syncer-db', syncer('x', { sshType: 'password', sshHost: '10.255.255.1' }));
    expect(guarded).toMatchObject({ status: 'error', code: 'outboundAddressRefused' });
  });

  it.runIf(tunnelled)('fails, changing no user, once the SSH server is gone', async () => {
    await sshd.close();
    const answer = await admin.get('/api/run-syncer', { id: 'admin/ssh-password' });
    expect(answer).toMatchObject({ status: 'error' });
    expect(answer.msg).toContain('Failed to open the SSH tunnel');
    expect((await admin.get('/api/get-users', { owner: 'tunnelorg' })).data).toHaveLength(2);
  });
});
