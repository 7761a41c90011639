import type { FieldSpec } from '@gatehouse/entities';
import fc from 'fast-check';

/**
 * Hostile inputs for the fuzz suite (http/hostile-input.api.test.ts): strings that break naive SQL,
 * LIKE patterns, paths and parsers, values of the wrong JSON type for a field's kind, deep JSON.
 */

/** Text aimed at SQL, LIKE, paths, URLs and terminals. */
export const INJECTIONS = [
  "' OR 1=1 --",
  "' OR '1'='1",
  '" OR ""="',
  '"; DROP TABLE user; --',
  "'; DROP TABLE organization; --",
  '1; SELECT pg_sleep(5) --',
  "1' AND SLEEP(5) #",
  "') UNION SELECT name, password_hash FROM user --",
  '$1',
  '?',
  ':name',
  '\\',
  "\\'",
  '\\"',
  '\\x00',
  '%',
  '_',
  '%%',
  '!%',
  '!',
  '[a-z]%',
  '*',
  '\u0000',
  'a\u0000b',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '/etc/passwd',
  'C:\\Windows\\system32',
  '%2e%2e%2f',
  '%00',
  '<script>alert(1)</script>',
  '{{7*7}}',
  `\${7*7}`,
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  '0x10',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '',
  ' ',
  '\t\r\n',
  '\u202Eevil\u202C',
  '\u05E9\u05DC\u05D5\u05DD',
  'e\u0301\u0301\u0301\u0301',
  '𝕳𝖊𝖑𝖑𝖔 🧨 \u{10FFFF}',
  '\uD800',
  '\uDFFF\uD800',
  '\uFEFF',
  '\u200B',
  'Ω≈ç√∫',
  '用户',
] as const;

/** Numbers written as text, and numbers at the edges. */
const NUMBER_TEXTS = [
  '0',
  '-1',
  '1.5',
  '1e3',
  ' 1',
  '1 ',
  '+1',
  '01',
  '9007199254740993',
  '99999999999999999999999',
  '-99999999999999999999999',
  '2147483648',
  '4294967296',
  '1e308',
] as const;

/** One text the suite throws at a field or parameter. */
export function hostileText(): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...INJECTIONS) },
    { weight: 2, arbitrary: fc.constantFrom(...NUMBER_TEXTS) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.constantFrom(...INJECTIONS), fc.string({ maxLength: 8 }), fc.constantFrom(...INJECTIONS))
        .map(([a, b, c]) => `${a}${b}${c}`),
    },
    { weight: 1, arbitrary: fc.integer().map(String) },
    { weight: 1, arbitrary: fc.double().map(String) },
    // Long texts: past the indexed columns (255), the name limit (100) and the text limit (100 000).
    { weight: 1, arbitrary: fc.constantFrom(256, 1_000, 8_000, 100_001).map((n) => 'x'.repeat(n)) },
  );
}

/** A list parameter's value: text, or several values (repeated parameters). */
export function hostileParam(): fc.Arbitrary<string | string[]> {
  return fc.oneof(
    { weight: 5, arbitrary: hostileText().filter((text) => text.length < 9_000) },
    {
      weight: 1,
      arbitrary: fc.array(
        hostileText().filter((text) => text.length < 300),
        { minLength: 2, maxLength: 3 },
      ),
    },
  );
}

/** A JSON value nested `depth` deep, as text (the parser sees it before anything else does). */
export function deepJsonText(depth: number, kind: 'array' | 'object'): string {
  return kind === 'array' ? `${'['.repeat(depth)}${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

/** Values no field of `kind` accepts (wrong JSON type, wrong shape, out of range). */
export function wrongValueFor(spec: FieldSpec): fc.Arbitrary<unknown> {
  const object = fc.constantFrom<unknown>({ $ne: null }, { toString: 'x' }, { a: { b: { c: [1] } } });
  const array = fc.constantFrom<unknown>([1, 2], [{ a: 1 }], [[['x']]]);
  switch (spec.kind) {
    case 'text':
    case 'secret':
    case 'password':
    case 'timestamp':
    case 'enum':
      return fc.oneof(fc.integer(), fc.boolean(), object, array);
    case 'int':
      return fc.oneof(
        fc.constantFrom<unknown>(1.5, -0.25, 1e308, -1e308, 2 ** 63, 'abc', '1.5', '1e3', "1' OR 1=1"),
        fc.boolean(),
        object,
        array,
      );
    case 'money':
      return fc.oneof(fc.constantFrom<unknown>(1e300, -1e300, 'abc', '1,5', "0' OR 1=1"), fc.boolean(), object, array);
    case 'bool':
      return fc.oneof(fc.constantFrom<unknown>('true', 'false', 1, 0, 'yes'), object, array);
    case 'list':
      return fc.oneof(
        fc.string({ minLength: 1 }),
        fc.integer(),
        fc.boolean(),
        object,
        fc.constantFrom<unknown>([1, 2], [{}], [null]),
      );
    case 'json':
      return fc.oneof(
        fc.string({ minLength: 1 }),
        fc.integer(),
        fc.boolean(),
        fc.constantFrom<unknown>([[[]]], { x: [{ y: 'z' }] }),
      );
  }
}

/** Values of the right JSON type that are hostile in content (or simply huge). */
export function hostileValueFor(spec: FieldSpec): fc.Arbitrary<unknown> {
  switch (spec.kind) {
    case 'int':
    case 'money':
      return fc.oneof(
        fc.integer(),
        fc.constantFrom<unknown>(Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 2),
      );
    case 'bool':
      return fc.boolean();
    case 'list':
      return fc.oneof(
        fc.array(hostileText(), { maxLength: 4 }),
        fc.constantFrom<unknown>(Array.from({ length: 1_001 }, (_, i) => `x${i}`)),
      );
    case 'json':
      return fc.oneof(
        fc.jsonValue({ maxDepth: 4 }),
        fc.array(fc.dictionary(hostileText(), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }), { maxLength: 3 }),
      );
    default:
      return hostileText();
  }
}

/** Record ids (?id=owner/name) that name nothing, or nothing well formed. */
export function hostileId(): fc.Arbitrary<string> {
  return fc.oneof(
    hostileText().filter((text) => text.length < 9_000),
    fc.tuple(hostileText(), hostileText()).map(([a, b]) => `${a}/${b}`.slice(0, 9_000)),
    fc.constantFrom('/', '//', 'a/b/c', '/x', 'x/', 'built-in/../admin', 'built-in/admin%00', 'built-in/admin\u0000'),
  );
}

/** Paths and file names of uploads that try to leave the storage folder or confuse the parser. */
export const PATH_TRICKS = [
  '../{m}.png',
  '../../{m}.png',
  '../../../../../../tmp/{m}.png',
  '/tmp/{m}.png',
  '/{m}.png',
  '//{m}.png',
  'a/../../{m}.png',
  'a/./../../{m}.png',
  '..\\{m}.png',
  'a\\..\\..\\{m}.png',
  'C:\\{m}.png',
  'C:/{m}.png',
  '\\\\host\\share\\{m}.png',
  'a/{m}\u0000.png',
  '{m}.png\u0000.html',
  '%2e%2e/{m}.png',
  '%2e%2e%2f{m}.png',
  '..%2f{m}.png',
  '..%5c{m}.png',
  'a/%00/{m}.png',
  '\u202E{m}gnp.exe',
  'a\n/{m}.png',
  '~/{m}.png',
  'file:///tmp/{m}.png',
  '.../{m}.png',
  '..../{m}.png',
] as const;
