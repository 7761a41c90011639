import { describe, expect, it } from 'vitest';
import { permissionValuesChange } from './permission-rules';

const values = {
  owner: 'beta',
  users: ['acme/alice', 'beta/bob', '*', 'acme/*', 'built-in/admin'],
  groups: ['acme/staff', 'beta/staff'],
  roles: ['acme/*', 'beta/*', 'acme/readers'],
  resourceType: 'Application',
  resources: ['acme-app', '*'],
};

describe('permission form transitions', () => {
  it('a new organization keeps only its own members and All', () => {
    expect(permissionValuesChange({ owner: 'beta' }, values, 'admin')).toEqual({
      users: ['beta/bob', '*'],
      groups: ['beta/staff'],
      roles: ['beta/*'],
      resources: ['*'],
    });
  });

  it("a new organization clears the resources that are the last one's applications, not free ones", () => {
    expect(permissionValuesChange({ owner: 'beta' }, { ...values, resourceType: 'TreeNode' }, 'admin')?.resources).toEqual(['*']);
    for (const resourceType of ['Custom', 'API'])
      expect(permissionValuesChange({ owner: 'beta' }, { ...values, resourceType }, 'admin')?.resources).toEqual([
        'acme-app',
        '*',
      ]);
  });

  it('a new organization with empty lists leaves them empty', () => {
    expect(permissionValuesChange({ owner: 'beta' }, { owner: 'beta', resourceType: 'Custom' }, 'admin')).toEqual({
      users: [],
      groups: [],
      roles: [],
      resources: [],
    });
  });

  it('a new resource type clears the resources; the state sets or clears the approval', () => {
    expect(permissionValuesChange({ resourceType: 'API' }, values, 'admin')).toEqual({ resources: [] });
    expect(permissionValuesChange({ state: 'Approved' }, values, 'admin')).toMatchObject({ approver: 'admin' });
    expect(permissionValuesChange({ state: 'Pending' }, values, 'admin')).toEqual({ approver: '', approveTime: '' });
    expect(permissionValuesChange({ displayName: 'x' }, values, 'admin')).toBeUndefined();
  });
});
