import { beforeAll, expect, it } from 'vitest';
import { readSheet, writeSheet } from '../integrations/sheets/xlsx.js';
import { organizationTeam, type Team } from '../test-support/accounts.js';
import { ApiClient } from '../test-support/client.js';
import { sheetForm as form } from '../test-support/files.js';
import { describeEachDatabase } from '../test-support/suite.js';

describeEachDatabase('users as .xlsx (upload-users, export-users)', (server) => {
  let team: Team;

  beforeAll(async () => {
    team = await organizationTeam(server().url, 'sheetorg');
    await team.admin.post('/api/add-group', { owner: 'sheetorg', name: 'sheet-team', type: 'Virtual' });
  });

  it('creates the users of a workbook, with their groups and first password', async () => {
    const workbook = await writeSheet(
      'users',
      ['name', 'displayName', 'email', 'groups', 'isAdmin', 'score', 'password'],
      [
        ['ann', 'Ann', 'ann@sheet.test', 'sheetorg/sheet-team', false, 10, 'ann-secret'],
        ['ben', 'Ben', 'ben@sheet.test', '["sheetorg/sheet-team"]', 'TRUE', 20, ''],
      ],
    );
    const answer = await team.orgAdmin.postForm('/api/upload-users', form(workbook, 'people.xlsx'), { owner: 'sheetorg' });
    expect(answer).toMatchObject({ status: 'ok', data2: 2 });
    const ann = (await team.admin.get('/api/get-user', { id: 'sheetorg/ann' })).data;
    expect(ann).toMatchObject({ displayName: 'Ann', email: 'ann@sheet.test', groups: ['sheetorg/sheet-team'], score: 10 });
    const ben = (await team.admin.get('/api/get-user', { id: 'sheetorg/ben' })).data;
    expect(ben).toMatchObject({ isAdmin: true, score: 20 });
    const members = await team.admin.get('/api/get-users', { owner: 'sheetorg', groupName: 'sheet-team', p: 1, pageSize: 10 });
    expect(members.data2).toBe(2);
    const signIn = await new ApiClient(server().url).login('ann', 'ann-secret', 'sheetorg');
    expect(signIn.status, signIn.msg).toBe('ok');
  });

  it('creates all or none, naming the row that failed', async () => {
    const workbook = await writeSheet(
      'users',
      ['name', 'displayName'],
      [
        ['cleo', 'Cleo'],
        ['ann', 'Ann again'],
      ],
    );
    const answer = await team.orgAdmin.postForm('/api/upload-users', form(workbook, 'people.xlsx'), { owner: 'sheetorg' });
    expect(answer).toMatchObject({ status: 'error', msg: 'Row 3: The user "sheetorg/ann" already exists' });
    expect((await team.admin.get('/api/get-user', { id: 'sheetorg/cleo' })).data).toBeNull();
  });

  it('takes .xlsx workbooks only, with user fields as columns', async () => {
    expect(await team.orgAdmin.postForm('/api/upload-users', form('name\nzoe\n', 'people.csv'))).toMatchObject({
      status: 'error',
      msg: 'Only .xlsx files can be uploaded',
    });
    expect(await team.orgAdmin.postForm('/api/upload-users', form('not a workbook', 'people.xlsx'))).toMatchObject({
      status: 'error',
      msg: 'The file is not an .xlsx workbook',
    });
    const odd = await writeSheet('users', ['name', 'shoeSize'], [['zoe', '42']]);
    expect(await team.orgAdmin.postForm('/api/upload-users', form(odd, 'people.xlsx'))).toMatchObject({
      status: 'error',
      code: 'usersUploadColumn',
    });
    const empty = await writeSheet('users', ['name'], []);
    expect(await team.orgAdmin.postForm('/api/upload-users', form(empty, 'people.xlsx'))).toMatchObject({
      status: 'error',
      msg: 'The workbook holds no users below its header row',
    });
  });

  it('holds organization admins to their organization, and refuses ordinary users', async () => {
    const workbook = await writeSheet('users', ['name'], [['intruder']]);
    expect(await team.orgAdmin.postForm('/api/upload-users', form(workbook, 'people.xlsx'), { owner: 'built-in' })).toMatchObject(
      { status: 'error' },
    );
    expect(await team.member.postForm('/api/upload-users', form(workbook, 'people.xlsx'))).toMatchObject({ status: 'error' });
    expect((await team.admin.get('/api/get-user', { id: 'built-in/intruder' })).data).toBeNull();
  });

  it('exports the users as a workbook that uploads again', async () => {
    const response = await team.orgAdmin.raw('GET', '/api/export-users', { query: { owner: 'sheetorg' } });
    expect(response.headers.get('content-type')).toContain('spreadsheetml');
    expect(response.headers.get('content-disposition')).toContain('users-sheetorg.xlsx');
    const exported = Buffer.from(await response.arrayBuffer());
    const { headers, rows } = await readSheet(exported);
    expect(headers).toContain('name');
    expect(headers).not.toContain('password');
    expect(headers).not.toContain('passwordSalt');
    const ann = rows.find((row) => row.name === 'ann');
    expect(ann).toMatchObject({ displayName: 'Ann', groups: '["sheetorg/sheet-team"]' });

    // Into another organization, the same people again.
    await team.admin.post('/api/add-organization', { owner: 'admin', name: 'sheetcopy' });
    await team.admin.post('/api/add-group', { owner: 'sheetcopy', name: 'sheet-team', type: 'Virtual' });
    const copied = await team.admin.postForm('/api/upload-users', form(exported, 'users.xlsx'), { owner: 'sheetcopy' });
    expect(copied).toMatchObject({ status: 'ok', data2: rows.length });
    expect((await team.admin.get('/api/get-user', { id: 'sheetcopy/ann' })).data).toMatchObject({ displayName: 'Ann' });
  });
});
