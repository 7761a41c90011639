import { MASK, organization, user, type Viewer } from '@gatehouse/entities';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors.js';
import { firstLockedChange, maskRecord, mergeForUpdate, parseIncoming } from './records.js';

const globalAdmin: Viewer = { owner: 'built-in', name: 'admin', level: 'globalAdmin' };
const orgAdmin: Viewer = { owner: 'acme', name: 'boss', level: 'orgAdmin' };
const member: Viewer = { owner: 'acme', name: 'worker', level: 'user' };

describe('maskRecord', () => {
  const org = { owner: 'admin', name: 'acme', masterPassword: 'hunter2', defaultPassword: '' };
  it('masks secrets for viewers who may not edit, and shows them to editors', () => {
    expect(maskRecord(organization, org, member).masterPassword).toBe(MASK);
    expect(maskRecord(organization, org, member).defaultPassword).toBe('');
    expect(maskRecord(organization, org, orgAdmin).masterPassword).toBe('hunter2');
  });
  it('never shows password hashes or hidden fields, even to global admins', () => {
    const masked = maskRecord(
      user,
      { owner: 'acme', name: 'x', password: '$2a$10$abc', passwordSalt: 's', passwordType: 'bcrypt' },
      globalAdmin,
    );
    expect(masked.password).toBe(MASK);
    expect(masked).not.toHaveProperty('passwordSalt');
    expect(masked).not.toHaveProperty('passwordType');
  });
});

describe('parseIncoming', () => {
  it('keeps known client fields, drops server-only ones and unknown keys', () => {
    const { values, provided } = parseIncoming(user, orgAdmin, {
      name: 'x',
      id: 'forged',
      createdTime: 'then',
      unknown: 1,
      score: '42',
    });
    expect(values).toEqual({ name: 'x', score: 42 });
    expect([...provided].sort()).toEqual(['name', 'score']);
  });
  it('lets the server itself set server-only fields', () => {
    expect(parseIncoming(user, 'system', { name: 'x', id: 'made-here' }).values).toEqual({ name: 'x', id: 'made-here' });
  });
  it('reports the first invalid field', () => {
    expect(() => parseIncoming(user, orgAdmin, { isAdmin: 'yes' })).toThrow(AppError);
    expect(() => parseIncoming(organization, orgAdmin, { passwordType: 'rot13' })).toThrow(AppError);
  });
  it('normalises nulls to empty values', () => {
    expect(parseIncoming(organization, orgAdmin, { tags: null, displayName: null }).values).toEqual({
      tags: [],
      displayName: '',
    });
  });
  it('takes only the listed columns (plus the key)', () => {
    expect(parseIncoming(user, orgAdmin, { name: 'x', email: 'e@x.example', phone: '1' }, ['email']).values).toEqual({
      name: 'x',
      email: 'e@x.example',
    });
  });
});

describe('mergeForUpdate', () => {
  it('keeps a secret on the mask and a password on the mask or empty', () => {
    const stored = { masterPassword: 'keep', password: 'hash' };
    expect(mergeForUpdate(organization, stored, { masterPassword: MASK })).toMatchObject({ masterPassword: 'keep' });
    expect(mergeForUpdate(user, stored, { password: MASK })).toMatchObject({ password: 'hash' });
    expect(mergeForUpdate(user, stored, { password: '' })).toMatchObject({ password: 'hash' });
    expect(mergeForUpdate(user, stored, { password: 'new' })).toMatchObject({ password: 'new' });
  });
});

describe('firstLockedChange', () => {
  const stored = { owner: 'acme', name: 'worker', isAdmin: false, displayName: 'W', email: 'w@acme' };
  it('lets users change their own open fields but not admin-only ones', () => {
    expect(firstLockedChange(user, member, stored, { ...stored, displayName: 'Worker' })).toBeNull();
    expect(firstLockedChange(user, member, stored, { ...stored, isAdmin: true })).toBe('isAdmin');
    expect(firstLockedChange(user, member, stored, { ...stored, email: 'x@y' })).toBe('email');
  });
  it('locks the built-in admin identity and the built-in organization name for everyone', () => {
    const admin = { owner: 'built-in', name: 'admin' };
    expect(firstLockedChange(user, globalAdmin, admin, { ...admin, name: 'root' })).toBe('name');
    const builtIn = { owner: 'admin', name: 'built-in' };
    expect(firstLockedChange(organization, globalAdmin, builtIn, { ...builtIn, name: 'x' })).toBe('name');
  });
  it('while adding, judges values against the empty value and leaves owner and name to the create rule', () => {
    expect(
      firstLockedChange(organization, globalAdmin, undefined, { owner: 'admin', name: 'n', hasPrivilegeConsent: true }),
    ).toBe('hasPrivilegeConsent');
    expect(firstLockedChange(user, orgAdmin, undefined, { owner: 'acme', name: 'n', isAdmin: true })).toBeNull();
  });
});
