import { organization, user } from '@gatehouse/entities';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.js';
import { parseListQuery } from './list-query.js';

function refusal(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (error) {
    return error instanceof AppError ? error.key : 'not an AppError';
  }
  return undefined;
}

describe('parseListQuery', () => {
  it('reads the organization from the parameter the entity names', () => {
    expect(parseListQuery(user, { owner: 'acme' }).organization).toBe('acme');
    expect(parseListQuery(organization, { owner: 'admin', organizationName: 'acme' }).organization).toBe('acme');
    expect(parseListQuery(organization, { owner: 'admin' }).organization).toBe('');
  });

  it('pages only when both p and pageSize are given', () => {
    expect(parseListQuery(user, { p: '2', pageSize: '10' })).toMatchObject({ page: 2, pageSize: 10 });
    expect(parseListQuery(user, { p: '2' }).page).toBeUndefined();
    expect(refusal(() => parseListQuery(user, { p: '0', pageSize: '10' }))).toBe('badPage');
    expect(refusal(() => parseListQuery(user, { p: '1', pageSize: '100000' }))).toBe('badPage');
    expect(refusal(() => parseListQuery(user, { p: '1.5', pageSize: '10' }))).toBe('badPage');
  });

  it('defaults to the newest first', () => {
    expect(parseListQuery(user, {}).sort).toEqual({ field: 'createdTime', order: 'desc' });
  });

  it('accepts only the allow-listed sort and search fields', () => {
    expect(parseListQuery(user, { sortField: 'displayName', sortOrder: 'ascend' }).sort).toEqual({
      field: 'displayName',
      order: 'asc',
    });
    expect(refusal(() => parseListQuery(user, { sortField: 'password', sortOrder: 'ascend' }))).toBe('unknownSortField');
    expect(refusal(() => parseListQuery(user, { sortField: 'name"; --', sortOrder: 'ascend' }))).toBe('unknownSortField');
    expect(refusal(() => parseListQuery(user, { sortField: 'name', sortOrder: 'sideways' }))).toBe('badSortOrder');
    expect(refusal(() => parseListQuery(user, { field: 'passwordSalt', value: 'x' }))).toBe('unknownSearchField');
    expect(parseListQuery(user, { field: 'email', value: 'a@b' }).search).toEqual({ field: 'email', value: 'a@b', exact: false });
  });

  it('matches filter-only fields exactly', () => {
    expect(parseListQuery(organization, { field: 'passwordType', value: 'salt' }).search).toEqual({
      field: 'passwordType',
      value: 'salt',
      exact: true,
    });
  });

  it('ignores an empty search value', () => {
    expect(parseListQuery(user, { field: 'email', value: '' }).search).toBeUndefined();
  });
});
