import { ENTITIES } from '@gatehouse/entities';
import { describe, expect, it } from 'vitest';
import { REGISTRY } from './registry';

describe('entity registry', () => {
  it('registers every shared definition under its name', () => {
    expect(Object.keys(REGISTRY).sort()).toEqual(ENTITIES.map((e) => e.name).sort());
    for (const def of ENTITIES) expect(REGISTRY[def.name]?.definition).toBe(def);
  });
});
