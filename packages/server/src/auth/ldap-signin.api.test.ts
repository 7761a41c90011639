import { afterAll, beforeAll, expect, it } from 'vitest';
import { organizationTeam, type Team } from '../test-support/accounts.js';
import { ApiClient } from '../test-support/client.js';
import { type DirectoryPerson, type Slapd, startSlapd } from '../test-support/slapd.js';
import { describeEachDatabase } from '../test-support/suite.js';

const PEOPLE: DirectoryPerson[] = [
  { uid: 'alice', cn: 'Alice Liddell', password: 'alice-pw', uidNumber: 2001, mail: 'alice@dir.example' },
  { uid: 'bob', cn: 'Bob Builder', password: 'bob-pw', uidNumber: 2002 },
  { uid: 'erin', cn: 'Erin Gone', password: 'erin-pw', uidNumber: 2003 },
];

/**
 * Users synced from LDAP sign in with their directory password (Casdoor's CheckLdapUserPassword):
 * the LDAP sign-in method, and the Password method unless its rule is Non-LDAP.
 */
describeEachDatabase('sign-in with a directory password', (server) => {
  let team: Team;
  // A directory of each engine's own: the tests change it.
  let slapd: Slapd;
  const ORG = 'signorg';

  const login = (username: string, password: string, fields: Record<string, unknown> = {}) =>
    new ApiClient(server().url).post('/api/login', {
      type: 'login',
      application: 'app-built-in',
      organization: ORG,
      username,
      password,
      signinMethod: 'Password',
      ...fields,
    });

  afterAll(async () => {
    await slapd?.stop();
  });

  beforeAll(async () => {
    slapd = await startSlapd({ people: PEOPLE });
    team = await organizationTeam(server().url, ORG);
    // A server that cannot be reached, added first: the sign-in passes it over.
    await team.admin.post('/api/add-ldap', slapd.serverRecord(ORG, { serverName: 'gone', port: 1 }));
    const added = await team.admin.post('/api/add-ldap', slapd.serverRecord(ORG));
    const id = `${ORG}/${added.data2.id}`;
    const { users } = (await team.admin.get('/api/get-ldap-users', { id })).data;
    const synced = await team.admin.post('/api/sync-ldap-users', users, { id });
    expect(synced).toMatchObject({ status: 'ok', data: { exist: [], failed: [] } });
    await team.admin.post('/api/add-application', {
      owner: 'admin',
      name: 'ldap-app',
      organization: ORG,
      cert: 'cert-built-in',
      enablePassword: true,
      signinMethods: [
        { name: 'Password', displayName: 'Password', rule: 'Non-LDAP' },
        { name: 'LDAP', displayName: 'LDAP', rule: 'None' },
      ],
    });
  });

  it('signs a synced user in with the directory password, by name or e-mail address', async () => {
    const client = new ApiClient(server().url);
    const res = await client.post('/api/login', {
      type: 'login',
      application: 'app-built-in',
      organization: ORG,
      username: 'alice',
      password: 'alice-pw',
      signinMethod: 'Password',
    });
    expect(res).toMatchObject({ status: 'ok', data: `${ORG}/alice` });
    expect((await client.get('/api/get-account')).data).toMatchObject({ name: 'alice', ldap: expect.any(String) });
    expect(await login('alice@dir.example', 'alice-pw')).toMatchObject({ status: 'ok' });
  });

  it('counts a wrong directory password as a wrong password, and refuses an empty one', async () => {
    expect(await login('bob', 'not-bobs')).toMatchObject({
      status: 'error',
      code: 'wrongPasswordChances',
      msg: expect.stringMatching(/4 remaining/),
    });
    expect(await login('bob', '')).toMatchObject({ code: 'wrongPasswordChances', msg: expect.stringMatching(/3 remaining/) });
    // Right again: the count starts over.
    expect(await login('bob', 'bob-pw')).toMatchObject({ status: 'ok' });
    expect(await login('bob', 'wrong-again')).toMatchObject({ msg: expect.stringMatching(/4 remaining/) });
  });

  it('asks the directory each time: a password changed there works at once, the old one no longer', async () => {
    await slapd.modify(`dn: ${slapd.dnOf('alice')}\nchangetype: modify\nreplace: userPassword\nuserPassword: alice-new\n`);
    expect(await login('alice', 'alice-new')).toMatchObject({ status: 'ok' });
    expect(await login('alice', 'alice-pw')).toMatchObject({ status: 'error', code: 'wrongPasswordChances' });
  });

  it('follows the application: the LDAP method for directory users, the Password method Non-LDAP for the others', async () => {
    const viaApp = (username: string, password: string, signinMethod: string) =>
      login(username, password, { application: 'ldap-app', signinMethod });
    expect(await viaApp('bob', 'bob-pw', 'LDAP')).toMatchObject({ status: 'ok', data: `${ORG}/bob` });
    expect(await viaApp('bob', 'bob-pw', 'Password')).toMatchObject({ status: 'error', code: 'wrongPassword' });
    expect(await viaApp('worker', 'worker-pass', 'Password')).toMatchObject({ status: 'ok' });
    expect(await viaApp('worker', 'worker-pass', 'LDAP')).toMatchObject({
      code: 'ldapUserMissing',
      msg: "The user: worker doesn't exist in LDAP server",
    });
    expect(await login('bob', 'bob-pw', { signinMethod: 'LDAP' })).toMatchObject({
      code: 'ldapSigninDisabled',
      msg: 'The login method: login with LDAP is not enabled for the application',
    });
  });

  it('signs nobody in from an entry that is gone, or that only shares the name', async () => {
    await slapd.modify(`dn: ${slapd.dnOf('erin')}\nchangetype: delete\n`);
    expect(await login('erin', 'erin-pw')).toMatchObject({ status: 'error', code: 'ldapUserMissing' });
    // A new entry of the same uid has another entryUUID: not the entry erin was synced from.
    await slapd.addPeople([{ uid: 'erin', cn: 'Erin Impostor', password: 'impostor-pw', uidNumber: 2099 }]);
    expect(await login('erin', 'impostor-pw')).toMatchObject({ status: 'error', code: 'ldapUserMissing' });
  });
});
