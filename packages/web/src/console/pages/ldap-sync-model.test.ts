import { describe, expect, it } from 'vitest';
import { nameList, syncOutcome } from './ldap-sync-model';

const user = (cn: string) => ({
  cn,
  uid: '',
  uidNumber: '',
  groupId: '',
  uuid: cn,
  displayName: '',
  email: '',
  mobile: '',
  address: '',
});

describe('LDAP sync outcome', () => {
  it('goes on to the users when nothing existed or failed', () => {
    expect(syncOutcome({ exist: [], failed: [] })).toEqual({ kind: 'done' });
    expect(syncOutcome(null)).toEqual({ kind: 'done' });
  });

  it('names the users that existed and those that failed', () => {
    expect(syncOutcome({ exist: [user('Alice'), user('Bob')], failed: [user('Dave')] })).toEqual({
      kind: 'problems',
      exist: ['Alice', 'Bob'],
      failed: ['Dave'],
    });
    expect(nameList(['Alice', 'Bob'])).toBe('Alice, Bob');
  });
});
