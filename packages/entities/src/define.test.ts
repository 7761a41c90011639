import { describe, expect, it } from 'vitest';
import { NAME_PATTERN } from './constants.js';
import {
  bool,
  defineEntity,
  type EntityDeclaration,
  enumOf,
  type Fields,
  fieldEntries,
  int,
  stringList,
  text,
  timestamp,
} from './define.js';
import { imageUrlProblem, ipListProblem, parseIpRange, urlProblem } from './field-checks.js';
import { DEFINITIONS, ENTITIES } from './index.js';
import { nowRfc3339, randomHex, randomId } from './random.js';
import { hasGeneratedKey, keyFieldOf } from './record-keys.js';

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
    for (const def of DEFINITIONS) {
      expect(def.fields).toHaveProperty('owner');
      // The key within the owner: the name, or the definition's own key field (an LDAP server's id).
      expect(def.fields).toHaveProperty(keyFieldOf(def));
      expect(def.fields[keyFieldOf(def)]?.sortable, `${def.name} key sortable`).toBe(true);
      expect(def.fields[def.defaultSort.field]?.sortable, `${def.name} default sort`).toBe(true);
    }
  });

  it('makes new records that pass their own validation', () => {
    for (const def of DEFINITIONS) {
      const record = def.newRecord({
        organization: 'acme',
        viewer: { owner: 'built-in', name: 'admin', level: 'globalAdmin' },
        random: randomId,
        now: nowRfc3339,
      });
      // A generated key (an LDAP server's id) is the server's to make; a name is the console's.
      if (hasGeneratedKey(def)) expect(record).not.toHaveProperty(keyFieldOf(def));
      else expect(NAME_PATTERN.test(String(record.name))).toBe(true);
      for (const [key, value] of Object.entries(record)) {
        const result = def.fields[key]?.schema.safeParse(value);
        expect(result?.success, `${def.name}.${key} = ${JSON.stringify(value)}`).toBe(true);
      }
    }
  });
});

describe('form sections', () => {
  // Any entity of the manifest will do (defineEntity reads its plural, routes and list rule there).
  const base = (): EntityDeclaration<Fields, 'role', 'thing'> => ({
    name: 'role',
    table: 'thing',
    orgField: 'owner',
    orgParam: 'owner',
    access: { read: 'orgAdmin', create: 'orgAdmin', update: 'orgAdmin', delete: 'orgAdmin' },
    defaultSort: { field: 'createdTime', order: 'descend' },
    fields: { owner: text(), name: text(), createdTime: timestamp(), a: text(), b: bool() },
    newRecord: () => ({}),
    list: { columns: [{ field: 'name' }] },
    form: ['name', 'a', 'b'],
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
    // Every field of the application but its fixed owner and created time is on the page (what the
    // server keeps for itself, hidden, is not).
    const shown = Object.values(app?.fields ?? {}).filter((field) => !field.hidden);
    expect(inSections.length).toBe(shown.length - 2);
  });
});

describe('random and time helpers', () => {
  it('produce the promised shapes', () => {
    expect(randomId(6)).toMatch(/^[a-z0-9]{6}$/);
    expect(randomHex(40)).toMatch(/^[0-9a-f]{40}$/);
    expect(nowRfc3339(new Date(Date.UTC(2026, 0, 2, 3, 4, 5, 678)))).toBe('2026-01-02T03:04:05Z');
  });
});

describe('field checks', () => {
  it('accept only http(s) links, and for images also paths on this server and data:image', () => {
    expect(urlProblem('')).toBeNull();
    expect(urlProblem('https://example.com/a?b')).toBeNull();
    for (const bad of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'vbscript:x',
      'data:text/html,<b>',
      '/relative',
      'example.com',
      'ftp://x.example/',
    ]) {
      expect(urlProblem(bad), bad).toMatchObject({ key: 'fieldUrlScheme' });
    }
    expect(imageUrlProblem('/files/logo.png')).toBeNull();
    expect(imageUrlProblem('data:image/png;base64,iVBORw0KGgo=')).toBeNull();
    expect(imageUrlProblem('http://cdn.example/logo.svg')).toBeNull();
    for (const bad of [
      'javascript:alert(1)',
      '//evil.example/x.png',
      'data:image/svg+xml;base64,PHN2Zz4=',
      'data:text/html;base64,PGI+',
    ]) {
      expect(imageUrlProblem(bad), bad).toMatchObject({ key: 'fieldImageUrl' });
    }
  });

  it('gives url and image text fields their check, and every stored URL field of every entity one', () => {
    expect(text({ format: 'url' }).check?.('javascript:x')).toMatchObject({ key: 'fieldUrlScheme' });
    expect(text({ format: 'image' }).check?.('javascript:x')).toMatchObject({ key: 'fieldImageUrl' });
    for (const def of DEFINITIONS) {
      for (const [name, field] of fieldEntries(def)) {
        if (field.format === 'url' || field.format === 'image') expect(field.check, `${def.name}.${name}`).toBeDefined();
      }
    }
  });

  it('accept IP whitelists of addresses and CIDR ranges only', () => {
    expect(ipListProblem('')).toBeNull();
    expect(ipListProblem('10.0.0.1, 192.168.0.0/16,2001:db8::/32, ::1')).toBeNull();
    for (const bad of ['localhost', '10.0.0.256', '10.0.0.0/33', '2001:db8::/129', '1.2.3', '10.0.0.1/8/2', 'anything']) {
      expect(ipListProblem(`10.0.0.1,${bad}`), bad).toEqual({ key: 'fieldIpList', params: { entry: bad } });
    }
    expect(parseIpRange('10.1.2.3/8')).toEqual({ address: '10.1.2.3', prefix: 8, family: 4 });
    expect(parseIpRange('::1')).toEqual({ address: '::1', prefix: 128, family: 6 });
  });
});
