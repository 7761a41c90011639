import { beforeAll, expect, it } from 'vitest';
import { BODY_LIMIT } from '../app.js';
import { ApiClient } from '../test-support/client.js';
import { ADMIN_PASSWORD } from '../test-support/server.js';
import { describeEachDatabase } from '../test-support/suite.js';

/** Bad input gets the error envelope (never a stack trace) and changes nothing. */
describeEachDatabase('bad input', (server) => {
  let admin: ApiClient;

  beforeAll(async () => {
    admin = new ApiClient(server().url);
    await admin.login('admin', ADMIN_PASSWORD);
  });

  it('answers malformed JSON with the envelope', async () => {
    const response = await admin.raw('POST', '/api/add-organization', {
      body: '{"name": "half',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'error', code: 'badJson', msg: 'The request body is not valid JSON' });
  });

  it('answers an oversize body with 413 and the envelope', async () => {
    const body = JSON.stringify({ owner: 'admin', name: 'big', displayName: 'x'.repeat(BODY_LIMIT) });
    const response = await admin.raw('POST', '/api/add-organization', { body, headers: { 'content-type': 'application/json' } });
    expect(response.status).toBe(413);
    const json = await response.json();
    expect(json).toMatchObject({ status: 'error', code: 'bodyTooLarge' });
    expect(JSON.stringify(json)).not.toMatch(/at \w+ \(/);
    expect((await admin.get('/api/get-organization', { id: 'admin/big' })).data).toBeNull();
  });

  it('refuses a body that is not an object, and a field that is too long', async () => {
    expect(await admin.post('/api/add-organization', ['not', 'an', 'object'])).toMatchObject({
      status: 'error',
      code: 'invalidRequest',
    });
    expect(
      await admin.post('/api/add-organization', { owner: 'admin', name: 'long', displayName: 'x'.repeat(300) }),
    ).toMatchObject({
      status: 'error',
      code: 'invalidField',
    });
    expect(await admin.post('/api/add-organization', { owner: 'admin', name: 'lang', languages: ['klingon'] })).toMatchObject({
      status: 'error',
      code: 'invalidField',
    });
  });

  it('refuses a NUL character in text and a number past its column, on every engine alike', async () => {
    expect(await admin.post('/api/add-organization', { owner: 'admin', name: 'nul', displayName: 'a\u0000b' })).toMatchObject({
      status: 'error',
      code: 'invalidField',
      msg: 'Invalid value of displayName: must not contain the NUL character',
    });
    expect(
      await admin.post('/api/add-organization', { owner: 'admin', name: 'wide', passwordExpireDays: 2_147_483_648 }),
    ).toMatchObject({ status: 'error', code: 'invalidField' });
    expect((await admin.get('/api/get-organization', { id: 'admin/nul' })).data).toBeNull();
    expect((await admin.get('/api/get-organization', { id: 'admin/wide' })).data).toBeNull();
  });

  it('refuses an id without exactly one slash', async () => {
    expect(await admin.get('/api/get-user', { id: 'no-slash' })).toMatchObject({
      status: 'error',
      msg: 'The id "no-slash" must have the form owner/name',
    });
    expect(await admin.get('/api/get-user', { id: 'a/b/c' })).toMatchObject({ status: 'error', code: 'badId' });
  });

  it('answers an update of a missing record without creating it', async () => {
    expect(await admin.post('/api/update-organization', { owner: 'admin', name: 'ghost' }, { id: 'admin/ghost' })).toMatchObject({
      status: 'error',
      msg: 'The organization "admin/ghost" does not exist',
    });
    expect((await admin.get('/api/get-organization', { id: 'admin/ghost' })).data).toBeNull();
  });

  it('answers unknown API paths with a 404 envelope', async () => {
    const response = await admin.raw('GET', '/api/no-such-thing');
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ status: 'error', code: 'notFound' });
  });

  it('reports health with the database engine', async () => {
    expect(await admin.get('/api/health')).toEqual({ status: 'ok', msg: '', data: { database: server().engine } });
  });

  it('keeps JSON sent as text/plain working (fetch without a content type)', async () => {
    const response = await admin.raw('POST', '/api/add-organization', {
      body: JSON.stringify({ owner: 'admin', name: 'plaintext' }),
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
    });
    expect((await response.json()).status).toBe('ok');
  });
});
