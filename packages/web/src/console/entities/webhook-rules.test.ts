import { describe, expect, it } from 'vitest';
import { headerNameInvalid, newHeaderRow, webhookHeadersRule, webhookPreview, webhookValuesChange } from './webhook-rules';

describe('the webhook form', () => {
  it('names a new header row header-{n} with value-{n}, n the row count (the next free n when taken)', () => {
    expect(newHeaderRow([])).toEqual({ name: 'header-0', value: 'value-0' });
    expect(newHeaderRow([{ name: 'X-Tenant', value: 'a' }])).toEqual({ name: 'header-1', value: 'value-1' });
    // After deleting the first of header-0 and header-1, the next row does not repeat header-1.
    expect(newHeaderRow([{ name: 'header-1', value: 'value-1' }])).toEqual({ name: 'header-2', value: 'value-2' });
  });

  it('checks the headers as the server does (the form holds them as JSON text)', () => {
    expect(webhookHeadersRule(JSON.stringify([{ name: 'X-Tenant', value: 'a' }]))).toBeNull();
    expect(webhookHeadersRule('')).toBeNull();
    expect(webhookHeadersRule(JSON.stringify([{ name: 'bad name', value: 'a' }]))).toBe('webhook.webhookHeaderNameInvalid');
    expect(webhookHeadersRule(JSON.stringify([{ name: 'Host', value: 'a' }]))).toBe('webhook.webhookHeaderReserved');
    expect(
      webhookHeadersRule(
        JSON.stringify([
          { name: 'A', value: '1' },
          { name: 'a', value: '2' },
        ]),
      ),
    ).toBe('webhook.webhookHeaderDuplicate');
    expect(headerNameInvalid({ name: 'X-Ok', value: '' })).toBe(false);
    expect(headerNameInvalid({ name: 'not ok', value: '' })).toBe(true);
  });

  it('collapses object fields to All when All is chosen, and leaves other changes alone', () => {
    expect(webhookValuesChange({ objectFields: ['name', 'All'] })).toEqual({ objectFields: ['All'] });
    expect(webhookValuesChange({ objectFields: ['All'] })).toBeUndefined();
    expect(webhookValuesChange({ objectFields: ['name', 'owner'] })).toBeUndefined();
    expect(webhookValuesChange({ url: 'https://example.com' })).toBeUndefined();
  });

  it('previews the record, its object restricted to the object fields, and the sample user restricted to its fields when extended', () => {
    const plain = JSON.parse(webhookPreview({ objectFields: [], isUserExtended: false, tokenFields: [] }));
    expect(plain).toMatchObject({ action: 'update-user', organization: 'built-in' });
    expect(plain).not.toHaveProperty('extendedUser');
    expect(JSON.parse(plain.object)).toHaveProperty('email');

    const restricted = JSON.parse(
      webhookPreview({ objectFields: ['name', 'displayName'], isUserExtended: true, tokenFields: ['name', 'email'] }),
    );
    expect(JSON.parse(restricted.object)).toEqual({ name: 'alice', displayName: 'Alice' });
    expect(restricted.extendedUser).toEqual({ name: 'admin', email: 'admin@example.com' });

    const everything = JSON.parse(webhookPreview({ objectFields: ['All'], isUserExtended: true, tokenFields: [] }));
    expect(everything.extendedUser).toMatchObject({ name: 'admin', isAdmin: true });
    // The sample's password never shows: webhooks do not send it.
    expect(everything.extendedUser).not.toHaveProperty('password');
  });
});
