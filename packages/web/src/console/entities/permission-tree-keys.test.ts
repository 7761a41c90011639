import { NAV_TREE } from '@gatehouse/entities/plain';
import { describe, expect, it } from 'vitest';
import { checkedKeysOf, type KeyTree, storedKeysOf } from './permission-tree-keys';

const tree: KeyTree = { key: 'all', children: NAV_TREE.map((group) => ({ key: group.key, children: group.children })) };

describe('permission tree keys', () => {
  it("shows an empty list, or one with 'all', as everything checked", () => {
    expect(checkedKeysOf([])).toEqual(['all']);
    expect(checkedKeysOf(undefined)).toEqual(['all']);
    expect(checkedKeysOf(['/users', 'all'])).toEqual(['all']);
    expect(checkedKeysOf(['identity', '/users'])).toEqual(['identity', '/users']);
  });

  it('stores the shortest list: all, whole groups by their key, else entries', () => {
    const everything = ['all', ...NAV_TREE.flatMap((group) => [group.key, ...group.children.map((child) => child.key)])];
    expect(storedKeysOf(tree, everything)).toEqual(['all']);
    const identity = NAV_TREE.find((group) => group.key === 'identity');
    const identityKeys = ['identity', ...(identity?.children.map((child) => child.key) ?? [])];
    expect(storedKeysOf(tree, [...identityKeys, '/users'])).toEqual(['/users', 'identity']);
    expect(storedKeysOf(tree, [])).toEqual([]);
  });
});
