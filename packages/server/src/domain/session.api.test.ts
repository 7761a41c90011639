import { beforeAll, describe, expect, it } from 'vitest';
import { sessionIdOf } from '../auth/session.js';
import { organizationTeam, signedInUser, type Team } from '../test-support/accounts.js';
import { ApiClient } from '../test-support/client.js';
import { describeEachDatabase } from '../test-support/suite.js';

type Row = Record<string, unknown>;

describeEachDatabase('sessions', (server) => {
  let team: Team;
  let admin: ApiClient;
  /** A second browser of the member. */
  let laptop: ApiClient;
  const pkId = (name: string) => `sesorg/${name}/app-built-in`;

  beforeAll(async () => {
    team = await organizationTeam(server().url, 'sesorg');
    admin = team.admin;
    laptop = new ApiClient(server().url);
    await laptop.login('worker', 'worker-pass', 'sesorg');
  });

  describe('list', () => {
    it("answers one Session per user and application, with each browser's session id", async () => {
      const answer = await admin.get('/api/get-sessions', { owner: 'sesorg' });
      expect(answer.status).toBe('ok');
      const rows = answer.data as Row[];
      expect(rows.map((r) => r.name).sort()).toEqual(['boss', 'worker']);
      const worker = rows.find((r) => r.name === 'worker');
      expect(worker).toMatchObject({ owner: 'sesorg', application: 'app-built-in' });
      expect(worker?.sessionId).toHaveLength(2);
      expect(String(worker?.createdTime)).toMatch(/^\d{4}-\d\d-\d\dT/);
      // The ids are hashes, never the cookie's token.
      expect(worker?.sessionId).not.toContain(laptop.sessionCookie.split('=')[1]);
    });

    it('pages, sorts and searches on the server', async () => {
      const page = await admin.get('/api/get-sessions', {
        owner: 'sesorg',
        p: 1,
        pageSize: 1,
        sortField: 'name',
        sortOrder: 'ascend',
      });
      expect(page.data.map((r: Row) => r.name)).toEqual(['boss']);
      expect(page.data2).toBe(2);
      const second = await admin.get('/api/get-sessions', {
        owner: 'sesorg',
        p: 2,
        pageSize: 1,
        sortField: 'name',
        sortOrder: 'ascend',
      });
      expect(second.data.map((r: Row) => r.name)).toEqual(['worker']);
      const found = await admin.get('/api/get-sessions', { owner: 'sesorg', field: 'name', value: 'ork' });
      expect(found.data.map((r: Row) => r.name)).toEqual(['worker']);
      const newest = await admin.get('/api/get-sessions', { owner: 'sesorg', sortField: 'createdTime', sortOrder: 'descend' });
      expect(newest.status).toBe('ok');
      expect(await admin.get('/api/get-sessions', { sortField: 'userAgent', sortOrder: 'ascend' })).toMatchObject({
        status: 'error',
        msg: 'Unknown sort field: userAgent',
      });
    });

    it('shows a global admin every organization', async () => {
      const rows = (await admin.get('/api/get-sessions')).data as Row[];
      expect(rows.some((r) => r.owner === 'built-in' && r.name === 'admin')).toBe(true);
      expect(rows.some((r) => r.owner === 'sesorg')).toBe(true);
    });

    it("holds an organization's admin to its own organization and refuses members", async () => {
      const rows = (await team.orgAdmin.get('/api/get-sessions')).data as Row[];
      expect(rows.length).toBe(2);
      expect(rows.every((r) => r.owner === 'sesorg')).toBe(true);
      const refused = { status: 'error', msg: 'Unauthorized operation' };
      expect(await team.orgAdmin.get('/api/get-sessions', { owner: 'built-in' })).toMatchObject(refused);
      expect(await team.orgAdmin.get('/api/get-session', { sessionPkId: 'built-in/admin/app-built-in' })).toMatchObject(refused);
      expect(await team.member.get('/api/get-sessions')).toMatchObject(refused);
      expect(await new ApiClient(server().url).get('/api/get-sessions')).toMatchObject({
        status: 'error',
        msg: 'Please login first',
      });
    });
  });

  describe('one session', () => {
    it('reads a Session by sessionPkId, null when there is none', async () => {
      const answer = await team.orgAdmin.get('/api/get-session', { sessionPkId: pkId('worker') });
      expect(answer.data).toMatchObject({ owner: 'sesorg', name: 'worker', application: 'app-built-in' });
      expect(answer.data.sessionId).toHaveLength(2);
      expect((await admin.get('/api/get-session', { sessionPkId: 'sesorg/nobody/app-built-in' })).data).toBeNull();
      expect(await admin.get('/api/get-session', { sessionPkId: 'sesorg/worker' })).toMatchObject({
        status: 'error',
        msg: 'The session id "sesorg/worker" must have the form owner/name/application',
      });
    });

    it('tells whether the user is signed in in another browser', async () => {
      const ids = (await admin.get('/api/get-session', { sessionPkId: pkId('worker') })).data.sessionId as string[];
      expect((await admin.get('/api/is-session-duplicated', { sessionPkId: pkId('worker'), sessionId: ids[0] })).data).toBe(true);
      const boss = (await admin.get('/api/get-session', { sessionPkId: pkId('boss') })).data.sessionId as string[];
      const own = await team.orgAdmin.get('/api/is-session-duplicated', { sessionPkId: pkId('boss'), sessionId: boss[0] });
      expect(own.data).toBe(false);
      expect(
        await team.member.get('/api/is-session-duplicated', { sessionPkId: pkId('boss'), sessionId: boss[0] }),
      ).toMatchObject({ status: 'error', msg: 'Unauthorized operation' });
    });
  });

  describe('delete', () => {
    it('signs out only the browser whose session id is named', async () => {
      const session = (await admin.get('/api/get-session', { sessionPkId: pkId('worker') })).data;
      const laptopId = sessionIdOf(laptop.sessionCookie.split('=')[1] ?? '');
      expect(session.sessionId).toContain(laptopId);
      const answer = await team.orgAdmin.post('/api/delete-session', session, { sessionId: laptopId });
      expect(answer).toMatchObject({ status: 'ok', data: 'Affected' });
      expect(await laptop.get('/api/get-account')).toMatchObject({ status: 'error', msg: 'Please login first' });
      expect((await team.member.get('/api/get-account')).status).toBe('ok');
      expect((await admin.get('/api/get-session', { sessionPkId: pkId('worker') })).data.sessionId).toHaveLength(1);
    });

    it('deletes every session of the user in the application', async () => {
      const session = (await admin.get('/api/get-session', { sessionPkId: pkId('worker') })).data;
      expect(await admin.post('/api/delete-session', session)).toMatchObject({ status: 'ok', data: 'Affected' });
      expect(await team.member.get('/api/get-account')).toMatchObject({ status: 'error', msg: 'Please login first' });
      expect((await admin.get('/api/get-session', { sessionPkId: pkId('worker') })).data).toBeNull();
      expect(await admin.post('/api/delete-session', session)).toMatchObject({ status: 'ok', data: 'Unaffected' });
    });

    it("refuses another organization's sessions to an organization's admin", async () => {
      const body = { owner: 'built-in', name: 'admin', application: 'app-built-in' };
      expect(await team.orgAdmin.post('/api/delete-session', body)).toMatchObject({
        status: 'error',
        msg: 'Unauthorized operation',
      });
      expect((await admin.get('/api/get-account')).status).toBe('ok');
      expect(await team.orgAdmin.post('/api/delete-session', { owner: 'sesorg', name: 'boss' })).toMatchObject({
        status: 'error',
        msg: 'The session id "sesorg/boss/" must have the form owner/name/application',
      });
    });
  });

  describe('recorded by an application (add-session, update-session)', () => {
    const key = (name: string) => ({ owner: 'sesorg', name, application: 'app-built-in' });
    const idsOf = async (name: string) =>
      ((await admin.get('/api/get-session', { sessionPkId: pkId(name) })).data?.sessionId ?? null) as string[] | null;

    it("records the application's session ids beside the sign-ins, each once", async () => {
      expect(await team.orgAdmin.post('/api/add-session', { ...key('worker'), sessionId: ['app-1', 'app-2'] })).toMatchObject({
        status: 'ok',
        data: 'Affected',
      });
      expect(await admin.post('/api/add-session', { ...key('worker'), sessionId: ['app-2', 'app-3'] })).toMatchObject({
        data: 'Affected',
      });
      expect(await admin.post('/api/add-session', { ...key('worker'), sessionId: ['app-3'] })).toMatchObject({
        data: 'Unaffected',
      });
      expect(await idsOf('worker')).toEqual(['app-1', 'app-2', 'app-3']);
      const listed = (await admin.get('/api/get-sessions', { owner: 'sesorg' })).data as Row[];
      expect(listed.find((r) => r.name === 'worker')?.sessionId).toEqual(['app-1', 'app-2', 'app-3']);
      const duplicated = await admin.get('/api/is-session-duplicated', { sessionPkId: pkId('worker'), sessionId: 'app-1' });
      expect(duplicated.data).toBe(true);
    });

    it('never signs anyone in: a recorded id is not a cookie', async () => {
      const [cookieName] = team.orgAdmin.sessionCookie.split('=');
      const token = 'chosen-by-the-caller';
      await admin.post('/api/add-session', { ...key('boss'), sessionId: [sessionIdOf(token)] });
      expect(await idsOf('boss')).toContain(sessionIdOf(token));
      const forged = await fetch(`${server().url}/api/get-account`, { headers: { cookie: `${cookieName}=${token}` } });
      expect(await forged.json()).toMatchObject({ status: 'error', msg: 'Please login first' });
    });

    it("replaces the recorded ids on update and keeps the browsers' sign-ins", async () => {
      expect(await admin.post('/api/update-session', { ...key('worker'), sessionId: ['app-9'] })).toMatchObject({
        status: 'ok',
        data: 'Affected',
      });
      expect(await idsOf('worker')).toEqual(['app-9']);
      const signIn = ((await idsOf('boss')) ?? []).filter((id) => id !== sessionIdOf('chosen-by-the-caller'));
      expect(await admin.post('/api/update-session', { ...key('boss'), sessionId: [] })).toMatchObject({ data: 'Affected' });
      expect(await idsOf('boss')).toEqual(signIn);
      expect((await team.orgAdmin.get('/api/get-account')).status).toBe('ok');
      await admin.post('/api/add-user', { owner: 'sesorg', name: 'idle', password: 'idle-pass' });
      expect(await admin.post('/api/update-session', { ...key('idle'), sessionId: ['x'] })).toMatchObject({ data: 'Unaffected' });
      expect(await idsOf('idle')).toBeNull();
    });

    it('deletes a recorded id like a sign-in, and with its user', async () => {
      expect(await admin.post('/api/delete-session', key('worker'), { sessionId: 'app-9' })).toMatchObject({ data: 'Affected' });
      expect(await idsOf('worker')).toBeNull();
      await admin.post('/api/add-session', { ...key('idle'), sessionId: ['idle-1'] });
      await admin.post('/api/update-user', { owner: 'sesorg', name: 'idle2' }, { id: 'sesorg/idle' });
      expect(await idsOf('idle2')).toEqual(['idle-1']);
      await admin.post('/api/delete-user', { owner: 'sesorg', name: 'idle2' });
      expect(await idsOf('idle2')).toBeNull();
    });

    it('refuses bad ids, unknown users and applications, and callers who may not, changing nothing', async () => {
      const refused = { status: 'error', msg: 'Unauthorized operation' };
      // The member's earlier sign-ins were deleted above: another member.
      await admin.post('/api/add-user', { owner: 'sesorg', name: 'plain', password: 'plain-pass' });
      const member = await signedInUser(server().url, 'sesorg', 'plain', 'plain-pass');
      expect(await member.post('/api/add-session', { ...key('worker'), sessionId: ['m'] })).toMatchObject(refused);
      expect(
        await team.orgAdmin.post('/api/add-session', {
          owner: 'built-in',
          name: 'admin',
          application: 'app-built-in',
          sessionId: ['m'],
        }),
      ).toMatchObject(refused);
      expect(await member.post('/api/update-session', { ...key('boss'), sessionId: ['m'] })).toMatchObject(refused);
      const badIds = {
        status: 'error',
        msg: 'sessionId must be a list of at most 100 session ids, each 1 to 100 characters without control characters',
      };
      for (const sessionId of ['one', [''], ['a\u0000b'], ['x'.repeat(101)], Array.from({ length: 101 }, (_, i) => `id-${i}`)]) {
        expect(await admin.post('/api/add-session', { ...key('worker'), sessionId })).toMatchObject(badIds);
      }
      expect(await admin.post('/api/add-session', { ...key('ghost'), sessionId: ['g'] })).toMatchObject({
        status: 'error',
        msg: 'The user "sesorg/ghost" does not exist',
      });
      expect(await admin.post('/api/add-session', { ...key('worker'), application: 'no-app', sessionId: ['g'] })).toMatchObject({
        status: 'error',
        msg: 'The application "no-app" does not exist',
      });
      expect(await admin.post('/api/add-session', { owner: 'sesorg', name: 'worker', sessionId: ['g'] })).toMatchObject({
        status: 'error',
        msg: 'The session id "sesorg/worker/" must have the form owner/name/application',
      });
      expect(await idsOf('worker')).toBeNull();
    });
  });
});
