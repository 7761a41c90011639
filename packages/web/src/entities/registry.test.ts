import { ENTITIES } from '@gatehouse/entities';
import { describe, expect, it } from 'vitest';
import { REGISTRY } from './registry';

describe('entity registry', () => {
  it('registers every shared definition under its name, with its routes, loading the same definition', async () => {
    expect(Object.keys(REGISTRY).sort()).toEqual(ENTITIES.map((e) => e.name).sort());
    for (const def of ENTITIES) {
      const registration = REGISTRY[def.name];
      expect(registration).toMatchObject({ name: def.name, plural: def.plural, routes: def.routes });
      expect(await registration?.definition()).toBe(def);
    }
  });
});
