import {
  permission as permissionDef,
  releasedPermission,
  releasedRole,
  releasedUser,
  role as roleDef,
  user as userDef,
} from '@gatehouse/entities';
import { describe, expect, it } from 'vitest';
import { recordOf } from '../test-support/records.js';
import { attributesOf } from './cas/attributes.js';
import { tokenUser, userinfoClaims } from './oidc/claims.js';
import { attributeValues } from './saml/response.js';

/** A user holding two roles and a permission, as a relying party may learn them. */
const user = releasedUser(recordOf(userDef, { owner: 'org', name: 'alice', id: 'id-alice', groups: ['org/team'] }), {
  roles: ['reader', 'editor'].map((name) => releasedRole(recordOf(roleDef, { owner: 'org', name, users: ['org/alice'] }))),
  permissions: [releasedPermission(recordOf(permissionDef, { owner: 'org', name: 'read-docs', users: ['org/alice'] }))],
});

describe('roles and permissions in what relying parties receive', () => {
  it('SAML attributes give one value per role, permission and group', () => {
    expect(attributeValues('$user.roles', user)).toEqual(['reader', 'editor']);
    expect(attributeValues('role:$user.roles', user)).toEqual(['role:reader', 'role:editor']);
    expect(attributeValues('$user.permissions', user)).toEqual(['read-docs']);
    expect(attributeValues('$user.groups', user)).toEqual(['org/team']);
  });

  it('CAS attributes list the names of the roles and permissions', () => {
    const attributes = attributesOf(user);
    expect(attributes).toContainEqual(['roles', ['reader', 'editor'], true]);
    expect(attributes).toContainEqual(['permissions', ['read-docs'], true]);
  });

  it('the token user carries the records without member lists; userinfo names them under profile only', () => {
    const carried = tokenUser(user);
    expect(carried.roles).toEqual([
      expect.objectContaining({ name: 'reader', users: [] }),
      expect.objectContaining({ name: 'editor' }),
    ]);
    expect(userinfoClaims(user, 'openid profile')).toMatchObject({
      roles: ['reader', 'editor'],
      permissions: ['read-docs'],
      groups: ['org/team'],
    });
    expect(userinfoClaims(user, 'openid email')).not.toHaveProperty('roles');
  });
});
