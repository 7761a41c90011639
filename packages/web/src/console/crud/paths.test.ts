import { application, ldap, organization, product, user, webhook } from '@gatehouse/entities';
import { describe, expect, it } from 'vitest';
import { editPath, recordIdOf, withQuery } from './paths';

describe('edit routes', () => {
  it('fills the route pattern of the definition', () => {
    expect(editPath(organization, { owner: 'admin', name: 'acme' })).toBe('/organizations/acme');
    expect(editPath(user, { owner: 'acme', name: 'alice' })).toBe('/users/acme/alice');
    expect(editPath(application, { owner: 'admin', organization: 'acme', name: 'app' })).toBe('/applications/acme/app');
    expect(editPath(user, { owner: 'acme', name: 'a b?' })).toBe('/users/acme/a%20b%3F');
  });

  it('reads parameters that name no field as the organization and the key, from the last', () => {
    // LDAP servers are keyed by their id (keyField), not a name.
    expect(editPath(ldap, { owner: 'acme', id: 'f00d-1' })).toBe('/ldap/acme/f00d-1');
    expect(recordIdOf(ldap, { organizationName: 'acme', ldapId: 'f00d-1' })).toEqual({ owner: 'acme', name: 'f00d-1' });
    expect(recordIdOf(ldap, { organizationName: 'acme' })).toBeNull();
  });

  it('reads the id back from the route parameters', () => {
    expect(recordIdOf(organization, { name: 'acme' })).toEqual({ owner: 'admin', name: 'acme' });
    expect(recordIdOf(user, { owner: 'acme', name: 'alice' })).toEqual({ owner: 'acme', name: 'alice' });
    expect(recordIdOf(application, { organization: 'acme', name: 'app' })).toEqual({ owner: 'admin', name: 'app' });
    expect(recordIdOf(user, { name: 'alice' })).toBeNull();
    expect(editPath(product, { owner: 'acme', name: 'book' })).toBe('/products/acme/book');
    expect(recordIdOf(product, { owner: 'acme', name: 'book' })).toEqual({ owner: 'acme', name: 'book' });
  });

  it("names an owner other than the definition's default in the query (a webhook of its organization)", () => {
    expect(editPath(webhook, { owner: 'admin', organization: 'acme', name: 'hook' })).toBe('/webhooks/hook');
    expect(editPath(webhook, { owner: 'acme', organization: 'acme', name: 'hook' })).toBe('/webhooks/hook?owner=acme');
    expect(recordIdOf(webhook, { name: 'hook' })).toEqual({ owner: 'admin', name: 'hook' });
    expect(recordIdOf(webhook, { name: 'hook' }, new URLSearchParams('owner=acme&mode=add'))).toEqual({
      owner: 'acme',
      name: 'hook',
    });
    // Only a definition with a default owner takes ?owner=.
    expect(recordIdOf(organization, { name: 'acme' }, new URLSearchParams('owner=evil'))).toEqual({
      owner: 'admin',
      name: 'acme',
    });
    expect(withQuery(editPath(webhook, { owner: 'acme', name: 'hook' }), 'mode', 'add')).toBe(
      '/webhooks/hook?owner=acme&mode=add',
    );
    expect(withQuery('/webhooks/hook', 'mode', 'add')).toBe('/webhooks/hook?mode=add');
  });
});
