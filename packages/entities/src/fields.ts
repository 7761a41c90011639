import { z } from 'zod';
import { isGlobalAdmin, type Viewer } from './access.js';
import { NAME_PATTERN } from './constants.js';
import { emailProblem, type FieldProblem, imageUrlProblem, urlProblem } from './field-checks.js';
import { MONEY_LIMIT, roundMoney } from './money.js';

/**
 * Field kinds. Each kind fixes how a value is validated, stored (see the server's row mapper),
 * rendered in a list cell and edited in a form. An entity is a set of named fields.
 */
export type FieldKind = 'text' | 'int' | 'money' | 'bool' | 'enum' | 'list' | 'json' | 'timestamp' | 'secret' | 'password';

/** How a text value is presented: plain, an image URL (preview), a link, an e-mail address. */
export type TextFormat = 'plain' | 'image' | 'url' | 'email' | 'multiline';

/**
 * Context for field rules: who is looking, the stored record (the new one while adding) and, when
 * known, the values about to be saved (rules like "editable only for the custom token format" read
 * the format being saved, not the stored one).
 */
export interface FieldRuleContext {
  viewer: Viewer;
  record: Record<string, unknown>;
  next?: Record<string, unknown>;
  /** The record is being added (the server's check of a new record); absent on edits. */
  adding?: boolean;
}

export interface FieldSpec<T = unknown, K extends FieldKind = FieldKind> {
  kind: K;
  /** Value used when a client omits the field. */
  empty: () => T;
  /** Validates (and normalises) one incoming value. */
  schema: z.ZodType<T>;
  /** Text presentation hint for the console. */
  format?: TextFormat;
  /** Choices of an enum or the suggested values of a list. */
  options?: readonly string[];
  /** Bounds of a whole number (the console's number input uses them too). */
  min?: number;
  max?: number;
  /**
   * The entity a field refers to: a text field by name (within the record's organization), a list
   * by ids (owner/name), which renames and deletes of the records named follow (a role's users).
   */
  ref?: string;
  /**
   * The entity whose record a text field names by id (owner/name), in any organization: an
   * enforcer's or a permission's model. Renames of that record and of its organization are followed.
   */
  refId?: string;
  /** Sortable list column (needs an index; see the migrations). */
  sortable?: boolean;
  /** Searchable list column (`field`/`value` LIKE search; needs an index). */
  searchable?: boolean;
  /** List filter values; a filter matches the stored value exactly. */
  filters?: readonly string[];
  /** Set by the server only (created time, ids ...); client values are ignored. */
  serverOnly?: boolean;
  /** Never sent to any client (hashes, salts). */
  hidden?: boolean;
  /**
   * Who may change the field. Returning false makes the server refuse a changed value and the
   * console disable the input. The default is "whoever may update the record".
   */
  editable?(ctx: FieldRuleContext): boolean;
  /**
   * A rule beyond the kind (field-checks.ts), in the words of the server's messages: the server
   * refuses a value it answers a problem for. Text fields of the url and image formats get theirs.
   */
  check?(value: T): FieldProblem | null;
  /**
   * For a JSON list of objects: the keys of each object that are secrets (a managed account's
   * password), answered as *** to everyone; a row sent back with *** keeps its stored secret.
   */
  secretKeys?: readonly string[];
}

type Opts = Pick<FieldSpec, 'format' | 'sortable' | 'searchable' | 'serverOnly' | 'hidden' | 'editable' | 'ref' | 'refId'>;

/** The check a text format implies: links are http(s); images also paths on this server and data:image; e-mail addresses. */
function formatCheck(format: TextFormat | undefined): ((value: string) => FieldProblem | null) | undefined {
  if (format === 'url') return urlProblem;
  if (format === 'image') return imageUrlProblem;
  if (format === 'email') return emailProblem;
  return undefined;
}

const nullToEmptyString = (v: unknown) => (v === null || v === undefined ? '' : v);

/** Free text. `max` bounds the stored length (indexed columns are varchar(255) or less). */
export function text(
  opts: Opts & { max?: number; pattern?: RegExp; patternMessage?: string; check?: (value: string) => FieldProblem | null } = {},
): FieldSpec<string, 'text'> {
  // NUL: PostgreSQL cannot store it in text, and no field has a use for it (the same answer on every engine).
  let s = z
    .string()
    .max(opts.max ?? 100_000)
    .refine((value) => !value.includes('\u0000'), { message: 'must not contain the NUL character' });
  if (opts.pattern) s = s.regex(opts.pattern, opts.patternMessage);
  return {
    kind: 'text',
    empty: () => '',
    schema: z.preprocess(nullToEmptyString, s) as unknown as z.ZodType<string>,
    check: formatCheck(opts.format),
    ...opts,
  };
}

/**
 * The `owner` of a shared entity (certs, providers): an organization, or `admin` for a record shared
 * with every organization; only global admins move a record to another owner.
 */
export function sharedOwner(): FieldSpec<string, 'text'> {
  return organizationOwner();
}

/**
 * The `owner` of an organization's records (users, groups, resources): the organization, which only
 * global admins change; `also` narrows who may change it further (not the built-in admin's ...).
 */
export function organizationOwner(also?: (ctx: FieldRuleContext) => boolean): FieldSpec<string, 'text'> {
  return text({
    max: 100,
    ref: 'organization',
    sortable: true,
    searchable: true,
    editable: (ctx) => isGlobalAdmin(ctx.viewer) && (also?.(ctx) ?? true),
  });
}

/**
 * The `name` half of a record's owner/name key: sortable, searchable, without "/" or spaces, and
 * locked on the record called `builtIn` (the built-in organization, application, cert ...).
 */
export function recordName(builtIn?: string): FieldSpec<string, 'text'> {
  return text({
    max: 100,
    sortable: true,
    searchable: true,
    pattern: NAME_PATTERN,
    editable: builtIn ? ({ record }) => record.name !== builtIn : undefined,
  });
}

/** The range of a whole-number column (a 32-bit integer on PostgreSQL and MySQL). */
const INT_MAX = 2_147_483_647;

/**
 * A whole number; numeric strings are accepted (the console's inputs may send them). Bounded by its
 * column: 32 bits unless `wide` (a bigint column: sizes, epoch times), else the engines would
 * disagree (SQLite stores any size).
 */
export function int(opts: Opts & { min?: number; max?: number; wide?: boolean } = {}): FieldSpec<number, 'int'> {
  const limit = opts.wide ? Number.MAX_SAFE_INTEGER : INT_MAX;
  const s = z
    .number()
    .int()
    .min(opts.min ?? (opts.wide ? -limit : -limit - 1))
    .max(opts.max ?? limit);
  const coerce = (v: unknown) => {
    if (v === null || v === undefined || v === '') return 0;
    if (typeof v === 'string' && /^-?\d+$/.test(v.trim())) return Number(v);
    return v;
  };
  const { wide: _wide, ...rest } = opts;
  return { kind: 'int', empty: () => 0, schema: z.preprocess(coerce, s) as unknown as z.ZodType<number>, ...rest };
}

/**
 * A sum of money (money.ts): a number, rounded to four decimal places, within ±MONEY_LIMIT and the
 * given bounds; numeric strings are accepted. Stored as whole ten-thousandths.
 */
export function money(opts: Opts & { min?: number; max?: number } = {}): FieldSpec<number, 'money'> {
  const min = opts.min ?? -MONEY_LIMIT;
  const max = opts.max ?? MONEY_LIMIT;
  const coerce = (v: unknown) => {
    if (v === null || v === undefined || v === '') return 0;
    if (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v.trim())) return Number(v);
    return v;
  };
  const s = z
    .number()
    .refine(Number.isFinite, { message: 'must be a finite number' })
    .transform(roundMoney)
    .pipe(z.number().min(min).max(max));
  return {
    kind: 'money',
    empty: () => 0,
    schema: z.preprocess(coerce, s) as unknown as z.ZodType<number>,
    ...opts,
    min,
    max,
  };
}

export function bool(opts: Opts = {}): FieldSpec<boolean, 'bool'> {
  return {
    kind: 'bool',
    empty: () => false,
    schema: z.preprocess((v) => (v === null || v === undefined ? false : v), z.boolean()) as unknown as z.ZodType<boolean>,
    ...opts,
  };
}

/** One of a fixed set of values. `allowEmpty` accepts '' (unset). */
export function enumOf<const V extends readonly [string, ...string[]]>(
  values: V,
  opts?: Opts & { filter?: boolean },
): FieldSpec<V[number], 'enum'>;
export function enumOf<const V extends readonly [string, ...string[]]>(
  values: V,
  opts: Opts & { allowEmpty: true; filter?: boolean },
): FieldSpec<V[number] | '', 'enum'>;
export function enumOf(
  values: readonly string[],
  opts: Opts & { allowEmpty?: boolean; filter?: boolean } = {},
): FieldSpec<string, 'enum'> {
  const allowed = new Set<string>(values);
  const schema = z.preprocess(
    nullToEmptyString,
    z.string().refine((v) => allowed.has(v) || (opts.allowEmpty === true && v === ''), {
      message: `must be one of: ${values.join(', ')}`,
    }),
  );
  const { filter, allowEmpty: _allowEmpty, ...rest } = opts;
  return {
    kind: 'enum',
    empty: () => (opts.allowEmpty ? '' : (values[0] ?? '')),
    schema,
    options: values,
    filters: filter ? values : undefined,
    ...rest,
  };
}

/** A list of strings; `options` are suggestions (or the allowed set when `strict`). */
export function stringList(
  opts: Opts & { options?: readonly string[]; strict?: boolean; maxItems?: number } = {},
): FieldSpec<string[], 'list'> {
  const allowed = opts.strict && opts.options ? new Set(opts.options) : undefined;
  let item = z.string().max(1000);
  if (allowed) item = item.refine((v) => allowed.has(v), { message: `must be one of: ${opts.options?.join(', ')}` });
  const { strict: _strict, maxItems, ...rest } = opts;
  return {
    kind: 'list',
    empty: () => [],
    schema: z.preprocess((v) => v ?? [], z.array(item).max(maxItems ?? 1000)) as unknown as z.ZodType<string[]>,
    ...rest,
  };
}

/** A structured value stored as JSON text, validated by its own schema. */
export function json<T>(
  schema: z.ZodType<T>,
  empty: () => NoInfer<T>,
  opts: Opts & { secretKeys?: readonly string[] } = {},
): FieldSpec<T, 'json'> {
  return {
    kind: 'json',
    empty,
    schema: z.preprocess((v) => v ?? empty(), schema) as unknown as z.ZodType<T>,
    ...opts,
  };
}

/** RFC 3339 time string (set by the server unless `serverOnly` is false). */
export function timestamp(opts: Opts = {}): FieldSpec<string, 'timestamp'> {
  return {
    kind: 'timestamp',
    empty: () => '',
    schema: z.preprocess(nullToEmptyString, z.string().max(64)) as unknown as z.ZodType<string>,
    serverOnly: true,
    ...opts,
  };
}

/**
 * A secret (client secret, private key, provider key): shown as *** to viewers who may not edit
 * the record; *** sent back on update means "keep the stored value".
 */
export function secret(opts: Opts & { max?: number } = {}): FieldSpec<string, 'secret'> {
  return { ...text(opts), kind: 'secret' };
}

/**
 * A password: write-only. Stored as a hash by the server; always answered as *** (or '' when
 * unset); *** or '' on update keeps the stored hash.
 */
export function password(opts: Opts = {}): FieldSpec<string, 'password'> {
  return { ...text({ max: 500 }), kind: 'password', ...opts };
}

/** The mask answered in place of a secret. */
export const MASK = '***';

export type Fields = Record<string, FieldSpec<unknown>>;
export type ValueOf<F> = F extends FieldSpec<infer T, FieldKind> ? T : never;
export type RecordOf<F extends Fields> = { [K in keyof F]: ValueOf<F[K]> };
