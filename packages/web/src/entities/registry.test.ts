import { ENTITIES, MANIFEST } from '@gatehouse/entities';
import { describe, expect, it } from 'vitest';
import { REGISTRY } from './registry';

describe('entity registry', () => {
  it('registers every entity of the manifest, implemented ones loading their definition and UI module', async () => {
    const entities = MANIFEST.filter((entry) => !('page' in entry));
    expect(Object.keys(REGISTRY).sort()).toEqual(entities.map((entry) => entry.name).sort());
    for (const def of ENTITIES) {
      const registration = REGISTRY[def.name];
      expect(registration).toMatchObject({ name: def.name, plural: def.plural, routes: def.routes, enabled: true });
      expect(await registration?.definition()).toBe(def);
    }
    const enabled = Object.values(REGISTRY).filter((registration) => registration.enabled);
    expect(enabled.map((registration) => registration.name).sort()).toEqual(ENTITIES.map((def) => def.name).sort());
  });
});
