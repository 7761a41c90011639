import { type Permission, permission as permissionDef, type Role, role as roleDef } from '@gatehouse/entities';
import { describe, expect, it } from 'vitest';
import { recordOf } from '../../test-support/records.js';
import { accessOf } from './user-access.js';

const role = (name: string, fields: Partial<Role> = {}) => recordOf(roleDef, { owner: 'org', name, isEnabled: true, ...fields });
const permission = (name: string, fields: Partial<Permission> = {}) =>
  recordOf(permissionDef, { owner: 'org', name, isEnabled: true, state: 'Approved', ...fields });
const alice = { owner: 'org', name: 'alice', groups: ['org/team'] };
const namesOf = (list: { name: string }[]) => list.map((item) => item.name).sort();

describe('accessOf: the roles and permissions a user holds', () => {
  it('holds roles naming the user, the organization’s every user, or a group of theirs, and the roles above those', () => {
    const roles = [
      role('direct', { users: ['org/alice'] }),
      role('everyone', { users: ['org/*'] }),
      role('by-group', { groups: ['org/team'] }),
      role('above', { roles: ['org/direct'] }),
      role('above-above', { roles: ['org/above'] }),
      role('other', { users: ['org/bob'] }),
      role('off', { users: ['org/alice'], isEnabled: false }),
      role('above-off', { roles: ['org/off'] }),
      role('elsewhere', { owner: 'other', users: ['org/alice'] }),
    ];
    expect(namesOf(accessOf(alice, roles, []).roles)).toEqual(['above', 'above-above', 'by-group', 'direct', 'everyone']);
  });

  it('holds the enabled, approved permissions naming the user, a group or a role of theirs, the named ones first', () => {
    const roles = [role('reader', { users: ['org/alice'] })];
    const permissions = [
      permission('by-role', { roles: ['org/reader'] }),
      permission('by-group', { groups: ['org/team'] }),
      permission('any-group', { groups: ['*'] }),
      permission('any-role', { roles: ['*'] }),
      permission('named', { users: ['org/alice'] }),
      permission('pending', { users: ['org/alice'], state: 'Pending' }),
      permission('disabled', { users: ['org/alice'], isEnabled: false }),
      permission('bob', { users: ['org/bob'] }),
      permission('other-role', { roles: ['org/writer'] }),
    ];
    const held = accessOf(alice, roles, permissions).permissions;
    expect(held[0]?.name).toBe('named');
    expect(namesOf(held)).toEqual(['any-group', 'any-role', 'by-group', 'by-role', 'named']);
  });

  it('a user in no group and no role holds what names them only', () => {
    const bob = { owner: 'org', name: 'bob', groups: [] };
    const permissions = [permission('any-group', { groups: ['*'] }), permission('any-role', { roles: ['*'] })];
    expect(accessOf(bob, [role('r', { users: ['org/alice'] })], permissions)).toEqual({ roles: [], permissions: [] });
  });
});
