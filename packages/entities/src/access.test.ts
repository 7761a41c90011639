import { describe, expect, it } from 'vitest';
import { allows, isReadOnly, levelOf, listScope, type Viewer } from './access.js';

const globalAdmin: Viewer = { owner: 'built-in', name: 'admin', level: 'globalAdmin' };
const orgAdmin: Viewer = { owner: 'acme', name: 'boss', level: 'orgAdmin' };
const member: Viewer = { owner: 'acme', name: 'worker', level: 'user' };

describe('levelOf', () => {
  it('makes administrators of built-in global admins', () => {
    expect(levelOf({ owner: 'built-in', isAdmin: true })).toBe('globalAdmin');
    expect(levelOf({ owner: 'built-in', isAdmin: false })).toBe('user');
    expect(levelOf({ owner: 'acme', isAdmin: true })).toBe('orgAdmin');
    expect(levelOf({ owner: 'acme', isAdmin: false })).toBe('user');
  });
});

describe('allows', () => {
  it('applies each rule to each audience', () => {
    const table: [Parameters<typeof allows>[0], Viewer | null, string, boolean, boolean][] = [
      ['anyone', null, 'acme', false, true],
      ['member', null, 'acme', false, false],
      ['member', member, 'acme', false, true],
      ['member', member, 'other', false, false],
      ['orgAdminOrSelf', member, 'acme', true, true],
      ['orgAdminOrSelf', member, 'acme', false, false],
      ['orgAdminOrSelf', orgAdmin, 'acme', false, true],
      ['orgAdmin', orgAdmin, 'acme', false, true],
      ['orgAdmin', orgAdmin, 'other', false, false],
      ['orgAdmin', member, 'acme', false, false],
      ['globalAdmin', orgAdmin, 'acme', false, false],
      ['globalAdmin', globalAdmin, 'acme', false, true],
      ['orgAdmin', globalAdmin, 'anything', false, true],
      ['member', orgAdmin, '', false, false],
      ['nobody', globalAdmin, 'acme', false, false],
      ['nobody', orgAdmin, 'acme', true, false],
      ['nobody', null, 'acme', false, false],
    ];
    for (const [rule, viewer, org, self, expected] of table) {
      expect(allows(rule, viewer, org, self), `${rule} ${viewer?.level ?? 'anonymous'} ${org} self=${self}`).toBe(expected);
    }
  });
});

describe('isReadOnly', () => {
  it('holds when nobody may create, update or delete', () => {
    expect(isReadOnly({ create: 'nobody', update: 'nobody', delete: 'nobody' })).toBe(true);
    expect(isReadOnly({ create: 'nobody', update: 'globalAdmin', delete: 'nobody' })).toBe(false);
  });
});

describe('listScope', () => {
  it('lets global admins choose and holds everyone else to their organization', () => {
    expect(listScope(globalAdmin, '')).toBe('');
    expect(listScope(globalAdmin, 'acme')).toBe('acme');
    expect(listScope(orgAdmin, '')).toBe('acme');
    expect(listScope(orgAdmin, 'acme')).toBe('acme');
    expect(listScope(orgAdmin, 'other')).toBeNull();
  });
});
