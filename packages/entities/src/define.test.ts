import { describe, expect, it } from 'vitest';
import { NAME_PATTERN } from './constants.js';
import { bool, defineEntity, type EntityDefinition, enumOf, int, stringList, text, timestamp } from './define.js';
import { ENTITIES } from './index.js';
import { nowRfc3339, randomHex, randomId } from './random.js';

describe('field kinds', () => {
  it('coerce what consoles send and refuse the rest', () => {
    expect(int().schema.parse('42')).toBe(42);
    expect(int().schema.parse('')).toBe(0);
    expect(int({ min: 1 }).schema.safeParse(0).success).toBe(false);
    expect(int().schema.safeParse('4x').success).toBe(false);
    expect(bool().schema.parse(null)).toBe(false);
    expect(bool().schema.safeParse('true').success).toBe(false);
    expect(text({ max: 3 }).schema.safeParse('abcd').success).toBe(false);
    expect(enumOf(['a', 'b'] as const).schema.safeParse('c').success).toBe(false);
    expect(enumOf(['a', 'b'] as const, { allowEmpty: true }).schema.parse('')).toBe('');
    expect(stringList({ options: ['x'], strict: true }).schema.safeParse(['y']).success).toBe(false);
    expect(stringList().schema.parse(null)).toEqual([]);
  });
});

describe('the registry', () => {
  it('gives every entity unique wire names and key fields', () => {
    const names = ENTITIES.flatMap((e) => [e.name, e.plural]);
    expect(new Set(names).size).toBe(names.length);
    for (const def of ENTITIES) {
      expect(def.fields).toHaveProperty('owner');
      expect(def.fields).toHaveProperty('name');
      expect(def.fields[def.defaultSort.field]?.sortable, `${def.name} default sort`).toBe(true);
    }
  });

  it('makes new records that pass their own validation', () => {
    for (const def of ENTITIES) {
      const record = def.newRecord({
        organization: 'acme',
        viewer: { owner: 'built-in', name: 'admin', level: 'globalAdmin' },
        random: randomId,
        now: nowRfc3339,
      }) as Record<string, unknown>;
      expect(NAME_PATTERN.test(String(record.name))).toBe(true);
      for (const [key, value] of Object.entries(record)) {
        const result = def.fields[key]?.schema.safeParse(value);
        expect(result?.success, `${def.name}.${key} = ${JSON.stringify(value)}`).toBe(true);
      }
    }
  });
});

describe('form sections', () => {
  const base = (): EntityDefinition => ({
    name: 'thing',
    plural: 'things',
    table: 'thing',
    orgField: 'owner',
    orgParam: 'owner',
    access: { list: 'orgAdmin', read: 'orgAdmin', create: 'orgAdmin', update: 'orgAdmin', delete: 'orgAdmin' },
    defaultSort: { field: 'createdTime', order: 'descend' },
    fields: { owner: text(), name: text(), createdTime: timestamp(), a: text(), b: bool() },
    newRecord: () => ({}),
    list: { columns: [{ field: 'name' }] },
    form: ['name', 'a', 'b'],
    routes: { list: '/things', edit: '/things/:owner/:name' },
  });

  it('must hold every field of the form exactly once, and only fields', () => {
    const sections = (...s: { key: string; fields: string[] }[]) => ({ ...base(), formSections: s });
    expect(() => defineEntity(sections({ key: 'x', fields: ['name', 'a'] }, { key: 'y', fields: ['b'] }))).not.toThrow();
    expect(() => defineEntity(sections({ key: 'x', fields: ['name', 'a', 'nope'] }, { key: 'y', fields: ['b'] }))).toThrow(
      /nope is not a field/,
    );
    expect(() => defineEntity(sections({ key: 'x', fields: ['name', 'a'] }, { key: 'y', fields: ['a', 'b'] }))).toThrow(
      /more than one/,
    );
    expect(() => defineEntity(sections({ key: 'x', fields: ['name', 'a'] }))).toThrow(/outside every section: b/);
    expect(() => defineEntity(sections({ key: 'x', fields: ['name', 'a', 'b', 'owner'] }))).toThrow(/missing from the form/);
  });

  it('cover the whole application form', () => {
    const app = ENTITIES.find((e) => e.name === 'application');
    const inSections = app?.formSections?.flatMap((s) => s.fields) ?? [];
    expect(inSections.sort()).toEqual([...(app?.form ?? [])].sort());
    // Every field of the application but its fixed owner and created time is on the page.
    expect(inSections.length).toBe(Object.keys(app?.fields ?? {}).length - 2);
  });
});

describe('random and time helpers', () => {
  it('produce the promised shapes', () => {
    expect(randomId(6)).toMatch(/^[a-z0-9]{6}$/);
    expect(randomHex(40)).toMatch(/^[0-9a-f]{40}$/);
    expect(nowRfc3339(new Date(Date.UTC(2026, 0, 2, 3, 4, 5, 678)))).toBe('2026-01-02T03:04:05Z');
  });
});
