import { describe, expect, it } from 'vitest';
import { permissionValuesChange } from './permission-rules';

const values = {
  owner: 'beta',
  users: ['acme/alice', 'beta/bob', '*', 'acme/*', 'built-in/admin'],
  groups: ['acme/staff', 'beta/staff'],
  roles: ['acme/*', 'beta/*', 'acme/readers'],
  resourceType: 'Application',
  resources: ['acme-app', '*'],
  model: 'acme/rbac',
  adapter: 'acme-rules',
};

describe('permission form transitions', () => {
  it('a new organization keeps only its own members and All, and none of the last one’s model and adapter', () => {
    expect(permissionValuesChange({ owner: 'beta' }, values, 'admin')).toEqual({
      model: '',
      adapter: '',
      users: ['beta/bob', '*'],
      groups: ['beta/staff'],
      roles: ['beta/*'],
      resources: ['*'],
    });
  });

  it('a new organization keeps a model named by its own id; a bare name was the last one’s', () => {
    expect(permissionValuesChange({ owner: 'beta' }, { ...values, model: 'beta/rbac' }, 'admin')?.model).toBe('beta/rbac');
    expect(permissionValuesChange({ owner: 'beta' }, { ...values, model: 'rbac' }, 'admin')?.model).toBe('');
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
      model: '',
      adapter: '',
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
