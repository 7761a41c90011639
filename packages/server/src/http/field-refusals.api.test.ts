import { beforeAll, expect, it } from 'vitest';
import { signedInAdmin } from '../test-support/accounts.js';
import type { ApiClient } from '../test-support/client.js';
import { describeEachDatabase } from '../test-support/suite.js';

/**
 * A refusal of one field's value names the field in the envelope (`field`, beside `code`), so that
 * a form shows it under that field; e-mail fields take e-mail addresses only.
 */
describeEachDatabase('refusals of a field', (server) => {
  let admin: ApiClient;
  beforeAll(async () => {
    admin = await signedInAdmin(server().url);
  });

  it("refuses a user's e-mail that is not an address, naming the field, and stores nothing", async () => {
    const refused = await admin.post('/api/add-user', { owner: 'built-in', name: 'mail-check', email: 'not-an-email' });
    expect(refused).toMatchObject({
      status: 'error',
      code: 'fieldEmail',
      field: 'email',
      msg: 'email must be an e-mail address; "not-an-email" is not',
    });
    expect((await admin.get('/api/get-user', { id: 'built-in/mail-check' })).data).toBeNull();
    expect((await admin.post('/api/add-user', { owner: 'built-in', name: 'mail-check', email: 'ok@example.com' })).status).toBe(
      'ok',
    );
    const user = (await admin.get('/api/get-user', { id: 'built-in/mail-check' })).data;
    const update = await admin.post('/api/update-user', { ...user, email: 'still@not' }, { id: 'built-in/mail-check' });
    expect(update).toMatchObject({ status: 'error', code: 'fieldEmail', field: 'email' });
    expect((await admin.get('/api/get-user', { id: 'built-in/mail-check' })).data.email).toBe('ok@example.com');
  });

  it('names the field of URL, type and name refusals; other refusals name none', async () => {
    const org = (await admin.get('/api/get-organization', { id: 'admin/built-in' })).data;
    const url = await admin.post('/api/update-organization', { ...org, websiteUrl: 'ftp://x.example' }, { id: 'admin/built-in' });
    expect(url).toMatchObject({ code: 'fieldUrlScheme', field: 'websiteUrl' });
    const typed = await admin.post('/api/update-organization', { ...org, initScore: 'many' }, { id: 'admin/built-in' });
    expect(typed).toMatchObject({ code: 'invalidField', field: 'initScore' });
    const named = await admin.post('/api/add-organization', { owner: 'admin', name: 'a b' });
    expect(named).toMatchObject({ code: 'badName', field: 'name' });
    const missing = await admin.get('/api/get-sessions', { sortField: 'userAgent', sortOrder: 'ascend' });
    expect(missing).toMatchObject({ code: 'unknownSortField' });
    expect(missing).not.toHaveProperty('field');
  });
});
