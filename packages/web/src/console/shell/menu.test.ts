import { allows, MANIFEST, type ManifestEntry, type Viewer } from '@gatehouse/entities';
import { describe, expect, it } from 'vitest';
import { buildMenu, type MenuGroup, organizationLanguages, selectedMenuKey, visibleWidgets } from './menu';

const globalAdmin: Viewer = { owner: 'built-in', name: 'admin', level: 'globalAdmin' };
const orgAdmin: Viewer = { owner: 'acme', name: 'boss', level: 'orgAdmin' };
const user: Viewer = { owner: 'acme', name: 'alice', level: 'user' };

const groupKeys = (groups: MenuGroup[]) => groups.map((g) => g.key);
const entries = (groups: MenuGroup[], group: string) => groups.find((g) => g.key === group)?.children.map((c) => c.key);

describe('buildMenu by role', () => {
  it('gives a global admin every group and entry', () => {
    const menu = buildMenu(globalAdmin, { navItems: ['all'] });
    expect(groupKeys(menu)).toEqual(['home', 'user-management', 'identity', 'authorization', 'logging', 'business', 'admin']);
    expect(entries(menu, 'home')).toEqual(['/', '/shortcuts', '/apps']);
    expect(entries(menu, 'authorization')).toEqual(['/roles', '/permissions', '/models', '/adapters', '/enforcers']);
    expect(entries(menu, 'admin')).toEqual(['/sysinfo', '/syncers', '/webhooks', '/swagger']);
  });

  it('marks the API docs as an external link', () => {
    const admin = buildMenu(globalAdmin, null).find((g) => g.key === 'admin');
    expect(admin?.children.filter((c) => c.external).map((c) => c.key)).toEqual(['/swagger']);
  });

  it('sends the Records entry to the configured records address, in a new tab', () => {
    const logging = (links?: Record<string, string>) =>
      buildMenu(globalAdmin, null, links)
        .find((g) => g.key === 'logging')
        ?.children.find((c) => c.key === '/records');
    expect(logging()).toMatchObject({ external: false, href: '/records' });
    expect(logging({ '/records': 'https://logs.example.com/records' })).toMatchObject({
      key: '/records',
      external: true,
      href: 'https://logs.example.com/records',
    });
  });

  it('gives an organization admin home, no models/adapters/enforcers and only syncers and webhooks', () => {
    const menu = buildMenu(orgAdmin, null);
    expect(entries(menu, 'home')).toEqual(['/', '/shortcuts', '/apps']);
    expect(entries(menu, 'authorization')).toEqual(['/roles', '/permissions']);
    expect(entries(menu, 'admin')).toEqual(['/syncers', '/webhooks']);
  });

  it('gives an ordinary user only the lists they may open: no home or admin group, no entry that answers 403', () => {
    const menu = buildMenu(user, { navItems: [] });
    expect(groupKeys(menu)).toEqual(['user-management', 'identity', 'authorization']);
    expect(entries(menu, 'user-management')).toEqual(['/organizations']);
    expect(entries(menu, 'identity')).toEqual(['/resources']);
    // The permissions they submitted.
    expect(entries(menu, 'authorization')).toEqual(['/permissions']);
    for (const entry of MANIFEST as readonly ManifestEntry[]) {
      const shown = menu.some((group) => group.children.some((child) => child.key === entry.routes.list));
      if (shown) expect(allows(entry.list, user, user.owner), entry.name).toBe(true);
    }
  });
});

describe('buildMenu by navItems', () => {
  it('treats empty, missing and "all" as everything', () => {
    const everything = buildMenu(globalAdmin, { navItems: ['all'] });
    expect(buildMenu(globalAdmin, { navItems: [] })).toEqual(everything);
    expect(buildMenu(globalAdmin, {})).toEqual(everything);
    expect(buildMenu(globalAdmin, null)).toEqual(everything);
    expect(buildMenu(globalAdmin, { navItems: ['/users', 'all'] })).toEqual(everything);
  });

  it('keeps the listed entries and drops the groups left empty', () => {
    const menu = buildMenu(globalAdmin, { navItems: ['/users', '/certs'] });
    expect(groupKeys(menu)).toEqual(['user-management', 'identity']);
    expect(entries(menu, 'user-management')).toEqual(['/users']);
    expect(entries(menu, 'identity')).toEqual(['/certs']);
  });

  it('reads a group key as all of its entries', () => {
    const menu = buildMenu(globalAdmin, { navItems: ['logging', '/apps'] });
    expect(groupKeys(menu)).toEqual(['home', 'logging']);
    expect(entries(menu, 'home')).toEqual(['/apps']);
    expect(entries(menu, 'logging')).toEqual(['/sessions', '/records', '/tokens', '/verifications']);
  });

  it('never widens what the role allows', () => {
    const menu = buildMenu(user, { navItems: ['home', 'admin', '/models', '/users', '/organizations'] });
    expect(groupKeys(menu)).toEqual(['user-management']);
    expect(entries(menu, 'user-management')).toEqual(['/organizations']);
  });
});

describe('visibleWidgets', () => {
  it('shows every widget unless restricted', () => {
    const all = ['theme', 'language', 'ai-assistant', 'tour'];
    expect(visibleWidgets(null)).toEqual(all);
    expect(visibleWidgets({ widgetItems: [] })).toEqual(all);
    expect(visibleWidgets({ widgetItems: ['all'] })).toEqual(all);
  });

  it('keeps only the listed widgets', () => {
    expect(visibleWidgets({ widgetItems: ['language'] })).toEqual(['language']);
    expect(visibleWidgets({ widgetItems: ['tour', 'theme'] })).toEqual(['theme', 'tour']);
  });
});

describe('selectedMenuKey', () => {
  const menu = buildMenu(globalAdmin, null);
  it('highlights the entry a path belongs to', () => {
    expect(selectedMenuKey(menu, '/')).toBe('/');
    expect(selectedMenuKey(menu, '/users')).toBe('/users');
    expect(selectedMenuKey(menu, '/users/built-in/admin')).toBe('/users');
    expect(selectedMenuKey(menu, '/organizations/acme/users')).toBe('/organizations');
    expect(selectedMenuKey(menu, '/account')).toBeUndefined();
  });
});

describe('organizationLanguages', () => {
  it('offers the console languages the organization lists, every one when it lists none of them', () => {
    expect(organizationLanguages({ languages: ['zh', 'fr'] })).toEqual(['zh']);
    expect(organizationLanguages({ languages: ['en', 'zh', 'de'] })).toEqual(['en', 'zh']);
    expect(organizationLanguages({ languages: ['fr'] })).toBeUndefined();
    expect(organizationLanguages(null)).toBeUndefined();
  });
});
