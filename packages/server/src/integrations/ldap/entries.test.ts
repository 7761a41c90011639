import { describe, expect, it } from 'vitest';
import { tlsModeOf } from './connection.js';
import { directoryUserOf, dnComponents, guidText, listFilter, signinFilter } from './entries.js';

describe('LDAP entries and filters', () => {
  it('lists every entry without a filter and reads "{}" placeholders as anything', () => {
    expect(listFilter('')).toBe('(objectClass=*)');
    expect(listFilter(' (uid={}) ')).toBe('(uid=*)');
    expect(listFilter('(objectClass=posixAccount)')).toBe('(objectClass=posixAccount)');
  });

  it('finds a signing-in user by the username attribute, or by the filter fields that have a value', () => {
    const user = { name: 'al*ce)(uid=admin', email: 'alice@example.com', phone: '' };
    const server = { filter: '(objectClass=posixAccount)', filterFields: [], usernameAttribute: 'uid' as const };
    // The user's values are escaped: they never become filter syntax.
    expect(signinFilter(server, user)).toBe('(&(objectClass=posixAccount)(uid=al\\2ace\\29\\28uid=admin))');
    expect(signinFilter({ ...server, usernameAttribute: 'mail' }, { ...user, name: 'bob' })).toBe(
      '(&(objectClass=posixAccount)(mail=bob))',
    );
    expect(signinFilter({ ...server, filterFields: ['uid', 'mail', 'mobile'] }, { ...user, name: 'bob' })).toBe(
      '(&(objectClass=posixAccount)(|(uid=bob)(mail=alice@example.com)))',
    );
  });

  it('reads Active Directory GUIDs in their usual text form', () => {
    const bytes = Buffer.from('00112233445566778899aabbccddeeff', 'hex');
    expect(guidText(bytes)).toBe('33221100-5544-7766-8899-aabbccddeeff');
  });

  it('makes a directory user of an entry: the username attribute, the first e-mail and phone found, the address on one line', () => {
    const entry = {
      dn: 'uid=al,ou=people,dc=example,dc=com',
      uid: 'al',
      cn: 'Al',
      mail: 'al@example.com',
      telephoneNumber: '555',
      postalAddress: '1 Main St$Springfield',
      objectGUID: Buffer.from('00112233445566778899aabbccddeeff', 'hex'),
    };
    expect(directoryUserOf(entry, 'uid')).toEqual({
      dn: entry.dn,
      cn: 'Al',
      uid: 'al',
      uidNumber: '',
      groupId: '',
      uuid: '33221100-5544-7766-8899-aabbccddeeff',
      displayName: '',
      email: 'al@example.com',
      mobile: '555',
      address: '1 Main St, Springfield',
    });
    expect(directoryUserOf({ dn: 'cn=x', cn: 'X', sAMAccountName: 'xx' }, 'sAMAccountName')).toMatchObject({
      uid: 'xx',
      uuid: 'xx',
    });
  });

  it("takes an affiliation and a tag from a DN's components", () => {
    expect(dnComponents('ou=People,dc=example,DC=com', 'dc')).toBe('example.com');
    expect(dnComponents('cn=admin,ou=it,ou=hq,dc=example,dc=com', 'ou')).toBe('it.hq');
  });

  it('secures the connection as the record says: LDAPS, or StartTLS on the plain port 389', () => {
    expect(tlsModeOf({ enableSsl: false, port: 636 })).toBe('plain');
    expect(tlsModeOf({ enableSsl: true, port: 636 })).toBe('ldaps');
    expect(tlsModeOf({ enableSsl: true, port: 389 })).toBe('starttls');
  });
});
