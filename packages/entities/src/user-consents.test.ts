import { describe, expect, it } from 'vitest';
import type { Viewer } from './access.js';
import { mayRevokeConsents } from './user.js';

describe('who may revoke a user’s consents', () => {
  const alice = { owner: 'acme', name: 'alice' };

  it('the user, and the administrators of the user’s organization', () => {
    expect(mayRevokeConsents({ owner: 'acme', name: 'alice', level: 'user' }, alice)).toBe(true);
    expect(mayRevokeConsents({ owner: 'acme', name: 'boss', level: 'orgAdmin' }, alice)).toBe(true);
    expect(mayRevokeConsents({ owner: 'built-in', name: 'admin', level: 'globalAdmin' }, alice)).toBe(true);
  });

  it('nobody else', () => {
    const others: (Viewer | null)[] = [
      null,
      { owner: 'acme', name: 'carol', level: 'user' },
      { owner: 'globex', name: 'boss', level: 'orgAdmin' },
      // Same name, another organization.
      { owner: 'globex', name: 'alice', level: 'user' },
    ];
    for (const viewer of others) expect(mayRevokeConsents(viewer, alice)).toBe(false);
    expect(mayRevokeConsents({ owner: 'acme', name: 'boss', level: 'orgAdmin' }, { name: 'alice' })).toBe(false);
  });
});
