import { listQueryToParams, type Viewer } from '@gatehouse/entities';
import { describe, expect, it } from 'vitest';
import {
  listOrganization,
  listQueryKey,
  newRecordOrganization,
  nextSearch,
  pageAfterDelete,
  readListState,
  toListQuery,
  writeListState,
} from './list-query';

const globalAdmin: Viewer = { owner: 'built-in', name: 'admin', level: 'globalAdmin' };
const orgAdmin: Viewer = { owner: 'acme', name: 'boss', level: 'orgAdmin' };
const user: Viewer = { owner: 'acme', name: 'alice', level: 'user' };

describe('listOrganization', () => {
  it('gives a global admin the selection, with All meaning every organization', () => {
    expect(listOrganization(globalAdmin, 'All')).toBe('');
    expect(listOrganization(globalAdmin, 'acme')).toBe('acme');
  });

  it('holds everyone else to their own organization whatever is selected', () => {
    expect(listOrganization(orgAdmin, 'All')).toBe('acme');
    expect(listOrganization(orgAdmin, 'other')).toBe('acme');
    expect(listOrganization(user, 'All')).toBe('acme');
  });

  it('lets a route parameter pin the organization', () => {
    expect(listOrganization(globalAdmin, 'All', 'acme')).toBe('acme');
    expect(listOrganization(orgAdmin, 'All', 'acme')).toBe('acme');
  });

  it('adds records to the list organization, or the viewer own one under All', () => {
    expect(newRecordOrganization('acme', globalAdmin)).toBe('acme');
    expect(newRecordOrganization('', globalAdmin)).toBe('built-in');
  });
});

describe('list state', () => {
  it('defaults to the first page of the default size', () => {
    expect(readListState(new URLSearchParams(''), 10)).toEqual({ page: 1, pageSize: 10 });
  });

  it('reads and writes every parameter', () => {
    const state = { page: 3, pageSize: 20, field: 'name', value: 'ac', sortField: 'createdTime', sortOrder: 'descend' as const };
    const params = writeListState(state, 10);
    expect(params.toString()).toBe('p=3&pageSize=20&field=name&value=ac&sortField=createdTime&sortOrder=descend');
    expect(readListState(params, 10)).toEqual(state);
  });

  it('leaves defaults out of the URL and ignores malformed values', () => {
    expect(writeListState({ page: 1, pageSize: 10 }, 10).toString()).toBe('');
    expect(readListState(new URLSearchParams('p=0&pageSize=x&sortField=name&sortOrder=up&field=name'), 10)).toEqual({
      page: 1,
      pageSize: 10,
    });
  });

  it('becomes the wire parameters of the entity', () => {
    const query = toListQuery({ page: 2, pageSize: 10, field: 'name', value: 'x', sortField: 'name', sortOrder: 'ascend' }, '');
    expect(listQueryToParams(query, 'owner')).toEqual({
      owner: '',
      p: '2',
      pageSize: '10',
      field: 'name',
      value: 'x',
      sortField: 'name',
      sortOrder: 'ascend',
    });
    expect(listQueryToParams(toListQuery({ page: 1, pageSize: 10 }, 'acme'), 'organizationName')).toEqual({
      owner: 'admin',
      organizationName: 'acme',
      p: '1',
      pageSize: '10',
    });
  });

  it('keys queries by entity, organization and every parameter', () => {
    const a = listQueryKey('user', toListQuery({ page: 1, pageSize: 10 }, 'acme'));
    expect(a.slice(0, 2)).toEqual(['list', 'user']);
    expect(a).not.toEqual(listQueryKey('user', toListQuery({ page: 1, pageSize: 10 }, '')));
    expect(a).not.toEqual(listQueryKey('user', toListQuery({ page: 2, pageSize: 10 }, 'acme')));
    expect(a).not.toEqual(listQueryKey('organization', toListQuery({ page: 1, pageSize: 10 }, 'acme')));
    expect(a).not.toEqual(
      listQueryKey('user', toListQuery({ page: 1, pageSize: 10, sortField: 'name', sortOrder: 'ascend' }, 'acme')),
    );
  });
});

describe('pageAfterDelete', () => {
  it('steps back one page after deleting the last row of a page above the first', () => {
    expect(pageAfterDelete(3, 1)).toBe(2);
  });

  it('stays when rows remain or on the first page', () => {
    expect(pageAfterDelete(3, 2)).toBe(3);
    expect(pageAfterDelete(1, 1)).toBe(1);
  });
});

describe('nextSearch', () => {
  it('takes a newly searched column', () => {
    expect(nextSearch({}, { name: ['ac'], passwordType: null })).toEqual({ field: 'name', value: 'ac' });
  });

  it('replaces the active search by a newly set one', () => {
    expect(nextSearch({ field: 'name', value: 'ac' }, { name: ['ac'], passwordType: ['plain'] })).toEqual({
      field: 'passwordType',
      value: 'plain',
    });
  });

  it('keeps the active search when nothing else changed, and clears it on reset', () => {
    expect(nextSearch({ field: 'name', value: 'ac' }, { name: ['ac'] })).toEqual({ field: 'name', value: 'ac' });
    expect(nextSearch({ field: 'name', value: 'ac' }, { name: null })).toEqual({});
    expect(nextSearch({ field: 'name', value: 'ac' }, { name: [''] })).toEqual({});
  });
});
