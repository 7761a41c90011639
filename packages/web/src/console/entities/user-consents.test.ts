import type { Viewer } from '@gatehouse/entities';
import { describe, expect, it } from 'vitest';
import { applicationLabel, applicationPath, consentRows, revokeBody } from './user-consents';

const globalAdmin: Viewer = { owner: 'built-in', name: 'admin', level: 'globalAdmin' };
const orgAdmin: Viewer = { owner: 'acme', name: 'boss', level: 'orgAdmin' };
const otherAdmin: Viewer = { owner: 'globex', name: 'boss', level: 'orgAdmin' };
const member: Viewer = { owner: 'acme', name: 'alice', level: 'user' };

describe('user consents', () => {
  it('turn the stored grants into rows, by application id', () => {
    expect(
      consentRows([
        { application: 'admin/files', grantedScopes: ['openid', 'files:read', 'openid'] },
        { application: 'bare', grantedScopes: [] },
      ]),
    ).toEqual([
      { application: 'admin/files', owner: 'admin', name: 'files', scopes: ['openid', 'files:read'] },
      { application: 'bare', owner: 'admin', name: 'bare', scopes: [] },
    ]);
  });

  it('leave out what is not a consent record', () => {
    expect(consentRows(undefined)).toEqual([]);
    expect(consentRows('[]')).toEqual([]);
    expect(
      consentRows([null, 42, { application: '' }, { application: 'admin/x', grantedScopes: [1] }, { application: 'admin/x' }]),
    ).toEqual([]);
  });

  it('revoke every scope of the row, naming the user of the page', () => {
    const [row] = consentRows([{ application: 'admin/files', grantedScopes: ['openid', 'files:read'] }]);
    expect(row && revokeBody(row, { owner: 'acme', name: 'alice', displayName: 'Alice' })).toEqual({
      application: 'admin/files',
      grantedScopes: ['openid', 'files:read'],
      user: 'acme/alice',
    });
  });

  it('link the application for its administrators only, to its page under its organization', () => {
    const app = { owner: 'admin', name: 'files app', organization: 'acme', displayName: 'Files' };
    expect(applicationPath(app, globalAdmin)).toBe('/applications/acme/files%20app');
    expect(applicationPath(app, orgAdmin)).toBe('/applications/acme/files%20app');
    expect(applicationPath(app, otherAdmin)).toBeNull();
    expect(applicationPath(app, member)).toBeNull();
    expect(applicationPath(app, null)).toBeNull();
    // Unknown yet, or deleted since the grant.
    expect(applicationPath(undefined, globalAdmin)).toBeNull();
    expect(applicationPath(null, globalAdmin)).toBeNull();
  });

  it('name the application by its display name, else by its name', () => {
    const [row] = consentRows([{ application: 'admin/files', grantedScopes: ['openid'] }]);
    if (!row) throw new Error('no row');
    expect(applicationLabel(row, { displayName: 'Files App' })).toBe('Files App');
    expect(applicationLabel(row, { displayName: ' ' })).toBe('files');
    expect(applicationLabel(row, null)).toBe('files');
  });
});
