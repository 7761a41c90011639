import { describe, expect, it } from 'vitest';
import { ENTITIES } from './index.js';
import { MANIFEST, type ManifestEntry } from './manifest.js';
import { NAV_KEYS, NAV_TREE } from './nav.js';

describe('manifest', () => {
  it('marks exactly the entities with a definition as implemented, and gives them their routes and list rule', () => {
    const implemented = MANIFEST.filter((entry) => entry.implemented && !('page' in entry)).map((entry) => entry.name);
    expect(implemented.sort()).toEqual(ENTITIES.map((def) => def.name).sort());
    for (const def of ENTITIES) {
      const entry = MANIFEST.find((candidate) => candidate.name === def.name);
      expect(entry?.plural).toBe(def.plural);
      expect(entry?.routes).toEqual(def.routes);
      expect(entry?.list).toBe(def.access.list);
    }
  });

  it('declares each name and route once', () => {
    const names = MANIFEST.map((entry) => entry.name);
    expect(new Set(names).size).toBe(names.length);
    const entries: readonly ManifestEntry[] = MANIFEST;
    const routes = entries.flatMap((entry) => [
      ...Object.values(entry.routes),
      ...(entry.later ?? []).map((route) => route.path),
      ...(entry.more ?? []).map((route) => route.path),
    ]);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it('builds the menu of the product: seven groups, in order, with their entries', () => {
    expect(NAV_TREE.map((group) => group.key)).toEqual([
      'home',
      'user-management',
      'identity',
      'authorization',
      'logging',
      'business',
      'admin',
    ]);
    expect(NAV_TREE.find((group) => group.key === 'identity')?.children.map((entry) => entry.key)).toEqual([
      '/applications',
      '/providers',
      '/resources',
      '/certs',
    ]);
    expect(NAV_KEYS).toContain('/swagger');
    expect(NAV_KEYS).not.toContain(undefined);
  });
});
