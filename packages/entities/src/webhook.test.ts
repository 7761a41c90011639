import { describe, expect, it } from 'vitest';
import { user } from './user.js';
import { webhookHeadersProblem } from './webhook.js';
import { DEFAULT_WEBHOOK_EVENTS, WEBHOOK_EVENTS } from './webhook-events.js';
import {
  collapseObjectFields,
  deliveryDocument,
  encodeWebhookBody,
  filterRecordObject,
  restrictUser,
  WEBHOOK_USER_FIELDS,
  webhookMatches,
} from './webhook-payload.js';

describe('webhook events', () => {
  it('lists the webhook events: sign-in events, add/update/delete of 22 objects, the payment calls', () => {
    expect(WEBHOOK_EVENTS.slice(0, 4)).toEqual(['signup', 'login', 'logout', 'new-user']);
    expect(WEBHOOK_EVENTS).toHaveLength(4 + 22 * 3 + 2);
    expect(WEBHOOK_EVENTS).toContain('delete-webhook');
    expect(WEBHOOK_EVENTS).toContain('update-subscription');
    expect(WEBHOOK_EVENTS.slice(-2)).toEqual(['invoice-payment', 'notify-payment']);
    expect(new Set(WEBHOOK_EVENTS).size).toBe(WEBHOOK_EVENTS.length);
    for (const event of DEFAULT_WEBHOOK_EVENTS) expect(WEBHOOK_EVENTS).toContain(event);
  });
});

describe('webhook headers', () => {
  it('accepts names and values a request can carry, once each, that the server does not set itself', () => {
    expect(webhookHeadersProblem([])).toBeNull();
    expect(
      webhookHeadersProblem([
        { name: 'Authorization', value: 'Bearer abc' },
        { name: 'X-Tenant', value: '' },
      ]),
    ).toBeNull();
    expect(webhookHeadersProblem([{ name: '', value: 'x' }])).toEqual({ key: 'webhookHeaderNameInvalid', params: { name: '' } });
    expect(webhookHeadersProblem([{ name: 'X:Y', value: 'x' }])?.key).toBe('webhookHeaderNameInvalid');
    expect(webhookHeadersProblem([{ name: 'X-A', value: 'a\nb' }])?.key).toBe('webhookHeaderValueInvalid');
    for (const name of ['Content-Type', 'content-length', 'Host', 'Transfer-Encoding', 'Connection', 'X-Gatehouse-Timestamp']) {
      expect(webhookHeadersProblem([{ name, value: 'x' }])).toEqual({ key: 'webhookHeaderReserved', params: { name } });
    }
    expect(
      webhookHeadersProblem([
        { name: 'X-A', value: '1' },
        { name: 'x-a', value: '2' },
      ]),
    ).toEqual({ key: 'webhookHeaderDuplicate', params: { name: 'x-a' } });
  });
});

describe('webhook payloads', () => {
  it('collapses object fields to All when All is chosen', () => {
    expect(collapseObjectFields(['name', 'All', 'owner'])).toEqual(['All']);
    expect(collapseObjectFields(['name', 'owner'])).toEqual(['name', 'owner']);
    expect(collapseObjectFields([])).toEqual([]);
  });

  it("keeps only the chosen keys of the record's object, or all of it", () => {
    const object = JSON.stringify({ owner: 'acme', name: 'alice', password: '***', displayName: 'Alice' });
    expect(JSON.parse(filterRecordObject(object, ['name', 'displayName', 'missing']))).toEqual({
      name: 'alice',
      displayName: 'Alice',
    });
    expect(filterRecordObject(object, ['All'])).toBe(object);
    expect(filterRecordObject(object, [])).toBe(object);
    // What is no JSON object stays as it is.
    expect(filterRecordObject('not json', ['name'])).toBe('not json');
    expect(filterRecordObject('[1,2]', ['name'])).toBe('[1,2]');
  });

  it('extends with the chosen user fields only, never a password, hash or secret', () => {
    const stored = {
      owner: 'acme',
      name: 'alice',
      email: 'a@acme.test',
      password: 'hash',
      passwordSalt: 's',
      totpSecret: 't',
      accessSecret: 'k',
    };
    expect(restrictUser(stored, ['name', 'Email', 'password'])).toEqual({ name: 'alice', email: 'a@acme.test' });
    expect(restrictUser(stored, [])).toEqual({ owner: 'acme', name: 'alice', email: 'a@acme.test' });
    for (const field of [
      'password',
      'passwordSalt',
      'passwordType',
      'totpSecret',
      'recoveryCodes',
      'accessSecret',
      'accessKey',
      'mfaSetup',
    ]) {
      expect(WEBHOOK_USER_FIELDS).not.toContain(field);
    }
    expect(WEBHOOK_USER_FIELDS.every((field) => field in user.fields)).toBe(true);
    expect(WEBHOOK_USER_FIELDS).toContain('email');
    // An allow-list: no field of the user that is hidden, a password or a secret is on it.
    for (const [name, field] of Object.entries(user.fields)) {
      if (field.hidden || field.kind === 'password' || field.kind === 'secret' || field.secretKeys) {
        expect(WEBHOOK_USER_FIELDS, name).not.toContain(name);
      }
    }
  });

  it('sends the properties without the user’s tokens at other services', () => {
    const stored = { name: 'alice', properties: { department: 'ops', oauth_GitHub_accessToken: 'gho_secret' } };
    expect(restrictUser(stored, ['properties'])).toEqual({ properties: { department: 'ops' } });
  });

  it("matches enabled webhooks listening to the action, of the record's organization unless they take all", () => {
    const hook = { organization: 'acme', events: ['login'], singleOrgOnly: true, isEnabled: true };
    expect(webhookMatches(hook, 'acme', 'login')).toBe(true);
    expect(webhookMatches(hook, 'beta', 'login')).toBe(false);
    expect(webhookMatches(hook, 'acme', 'logout')).toBe(false);
    expect(webhookMatches({ ...hook, isEnabled: false }, 'acme', 'login')).toBe(false);
    expect(webhookMatches({ ...hook, singleOrgOnly: false }, 'beta', 'login')).toBe(true);
  });

  it('encodes the document as JSON or as a form with JSON for what is not text', () => {
    const document = { action: 'login', id: 7, isTriggered: true, extendedUser: { name: 'alice' }, object: '{"a":1}' };
    expect(JSON.parse(encodeWebhookBody(document, 'application/json'))).toEqual(document);
    const form = new URLSearchParams(encodeWebhookBody(document, 'application/x-www-form-urlencoded'));
    expect(Object.fromEntries(form)).toEqual({
      action: 'login',
      id: '7',
      isTriggered: 'true',
      extendedUser: '{"name":"alice"}',
      object: '{"a":1}',
    });
  });

  it('rebuilds the document of a stored delivery: the record, and the extended user when there is one', () => {
    const payload = JSON.stringify({ id: 1, action: 'login' });
    expect(deliveryDocument(payload, '')).toEqual({ id: 1, action: 'login' });
    expect(deliveryDocument(payload, 'null')).toEqual({ id: 1, action: 'login', extendedUser: null });
    expect(deliveryDocument(payload, '{"name":"alice"}')).toEqual({ id: 1, action: 'login', extendedUser: { name: 'alice' } });
  });
});
