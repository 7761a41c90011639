import { ENTITIES, MANIFEST } from '@gatehouse/entities';
import { describe, expect, it } from 'vitest';
import { type EntityRegistration, loadEntityUi, REGISTRY } from './registry';

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

describe('loadEntityUi', () => {
  it('gives a list page the UI module only, and an edit page the edit module over it', async () => {
    const definition = ENTITIES[0];
    if (!definition) throw new Error('no definitions');
    const registration: EntityRegistration = {
      name: definition.name,
      plural: definition.plural,
      routes: definition.routes,
      enabled: true,
      definition: async () => definition,
      overrides: async () => ({ default: { noAdd: true, listUrlKey: 'list' } }),
      editOverrides: async () => ({ default: { listUrlKey: 'edit', refusedAsNotFound: 'general.notFound' } }),
    };
    expect(await loadEntityUi(registration, 'list')).toEqual({ definition, noAdd: true, listUrlKey: 'list' });
    expect(await loadEntityUi(registration, 'edit')).toEqual({
      definition,
      noAdd: true,
      listUrlKey: 'edit',
      refusedAsNotFound: 'general.notFound',
    });
  });
});
