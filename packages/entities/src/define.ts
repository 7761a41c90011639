import { z } from 'zod';
import { type AccessRule, isGlobalAdmin, type Viewer } from './access.js';
import { NAME_PATTERN } from './constants.js';
import { type FieldProblem, imageUrlProblem, urlProblem } from './field-checks.js';
import { type ManifestEntityName, manifestOf } from './manifest.js';
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
  /** The entity a text field refers to (by name, within the record's organization). */
  ref?: string;
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
}

type Opts = Pick<FieldSpec, 'format' | 'sortable' | 'searchable' | 'serverOnly' | 'hidden' | 'editable' | 'ref'>;

/** The check a text format implies: links are http(s); images also paths on this server and data:image. */
function formatCheck(format: TextFormat | undefined): ((value: string) => FieldProblem | null) | undefined {
  if (format === 'url') return urlProblem;
  if (format === 'image') return imageUrlProblem;
  return undefined;
}

const nullToEmptyString = (v: unknown) => (v === null || v === undefined ? '' : v);

/** Free text. `max` bounds the stored length (indexed columns are varchar(255) or less). */
export function text(
  opts: Opts & { max?: number; pattern?: RegExp; patternMessage?: string; check?: (value: string) => FieldProblem | null } = {},
): FieldSpec<string, 'text'> {
  let s = z.string().max(opts.max ?? 100_000);
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

/** A whole number; numeric strings are accepted (the console's inputs may send them). */
export function int(opts: Opts & { min?: number; max?: number } = {}): FieldSpec<number, 'int'> {
  let s = z.number().int();
  if (opts.min !== undefined) s = s.min(opts.min);
  if (opts.max !== undefined) s = s.max(opts.max);
  const coerce = (v: unknown) => {
    if (v === null || v === undefined || v === '') return 0;
    if (typeof v === 'string' && /^-?\d+$/.test(v.trim())) return Number(v);
    return v;
  };
  return { kind: 'int', empty: () => 0, schema: z.preprocess(coerce, s) as unknown as z.ZodType<number>, ...opts };
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
export function json<T>(schema: z.ZodType<T>, empty: () => NoInfer<T>, opts: Opts = {}): FieldSpec<T, 'json'> {
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

/**
 * Where an entity's organization is recorded. `owner`: the owner column is the organization
 * (users, groups ...). `organization`: owner is always `admin` and a separate column names the
 * organization (applications). `name`: the record is itself an organization.
 * `shared` entities (certs, providers) may also be owned by `admin`, visible to every
 * organization.
 */
export type OrgField = 'owner' | 'organization' | 'name';

export interface EntityAccess {
  list: AccessRule;
  read: AccessRule;
  create: AccessRule;
  update: AccessRule;
  delete: AccessRule;
}

export interface NewRecordContext {
  /** The organization the console is working in (selected, or the account's own). */
  organization: string;
  viewer: Viewer;
  random: (length: number) => string;
  now: () => string;
}

export interface ListColumn {
  field: string;
  /** Fixed width in px, for narrow columns (images, switches). */
  width?: number;
}

/** A titled group of fields of an edit form. */
export interface FormSection<K extends string = string> {
  key: string;
  fields: K[];
}

/** What every entity declares but its form (see EntityDefinition and EntityDeclaration). */
interface EntityBase<F extends Fields, N extends string, T extends string> {
  /** Singular wire name: get-{name}, add-{name} ... */
  name: N;
  /** Plural wire name: get-{plural}. */
  plural: string;
  /** SQL table (its row type is derived from the fields: the server's db/schema.ts). */
  table: T;
  fields: F;
  orgField: OrgField;
  /** Owner value when it is fixed (global records). */
  fixedOwner?: string;
  /** Query parameter naming the organization on list calls ('owner', 'organization', 'organizationName'). */
  orgParam: string;
  access: EntityAccess;
  /**
   * Records owned by `admin` (ADMIN_OWNER) are shared with every organization (certs, providers).
   * An organization's list (owner=<org>) also returns the shared records; whoever may read records
   * of their own organization may read a shared one (secrets masked unless they may update it);
   * updating and deleting a shared record follow the normal rules for the organization `admin`, so
   * they stay with global admins. In the console the owner `admin` reads "Shared", and rows the
   * viewer may not update have Edit disabled. Needs `orgField: 'owner'`.
   */
  shared?: true;
  /**
   * The name is a relative file path (resources: the stored file's path, as in Casdoor): it may
   * hold "/", and an id (owner/name) splits at the first "/".
   */
  pathName?: true;
  /**
   * Records join groups (users, through their `groups` list): list calls take `groupName`, a group
   * of the listed organization, and return its members only.
   */
  groupMembers?: true;
  /** Extra wire names for the list call that ignore the owner parameter (get-global-users). */
  globalListAliases?: string[];
  /** Default sort when the caller gives none. */
  defaultSort: { field: string; order: 'ascend' | 'descend' };
  /**
   * Values of a new record made by Add (the console posts them; the server validates them as any
   * input and fills what is missing). define.test.ts checks that each key is a field and each value
   * passes the field's validation.
   */
  newRecord(ctx: NewRecordContext): Record<string, unknown>;
  list: {
    columns: ListColumn[];
    pageSize?: number;
  };
  /** Whether the record is the viewer's own (users): the `orgAdminOrSelf` rule lets it through. */
  isSelf?: (viewer: Viewer, record: Record<string, unknown>) => boolean;
  /**
   * Records the server refuses to delete (built-in objects, the viewer's own account); the
   * console disables Delete.
   */
  undeletable?(record: NoInfer<RecordOf<F>>, viewer: Viewer | null): boolean;
  /**
   * Why `undeletable` holds a record back when that is not its being built in (a group with
   * subgroups): the key of the server's message refusing the delete; the console shows its
   * `<entity>.undeletableReason` beside the disabled Delete.
   */
  undeletableReason?: string;
  /** Console route of the list and edit pages; an entity without an edit page (verifications) has only a list. */
  routes: { list: string; edit?: string };
}

/** An entity as the generic code reads it. */
export interface EntityDefinition<F extends Fields = Fields, N extends string = string, T extends string = string>
  extends EntityBase<F, N, T> {
  /** Fields shown on the edit page, in order. */
  form: string[];
  /**
   * A large form's sections, in order: each a titled group of fields (title: i18n key
   * `<entity>.section.<key>`). When present, the sections hold exactly the fields of `form`, each
   * once, and the edit page renders them with a section navigation.
   */
  formSections?: FormSection[];
}

/**
 * What an entity file declares: its form and sections may name only its own fields (checked at
 * compile time; the definition keeps them as plain names, so that every definition is an
 * `EntityDefinition` of the generic code, whose form names are not tied to its fields' type).
 */
export interface EntityDeclaration<F extends Fields, N extends ManifestEntityName, T extends string>
  extends Omit<EntityBase<F, N, T>, 'plural' | 'routes' | 'access'> {
  /** Who may read, create, update and delete; who may list comes from the manifest. */
  access: Omit<EntityAccess, 'list'>;
  form: (keyof F & string)[];
  formSections?: FormSection<keyof F & string>[];
}

/**
 * The usual keys of an organization's records that its administrators manage (groups,
 * invitations, and the authorization and business objects to come): owned by the organization,
 * listed by `owner`, newest first. Spread into a declaration: `{ name, table, ...organizationRecords, fields ... }`.
 */
export const organizationRecords = {
  orgField: 'owner',
  orgParam: 'owner',
  access: { read: 'orgAdmin', create: 'orgAdmin', update: 'orgAdmin', delete: 'orgAdmin' },
  defaultSort: { field: 'createdTime', order: 'descend' },
} as const;

/**
 * Declares an entity. Its name and table are kept as literal types, so that the server derives the
 * database's row types from the definitions (and cannot drift from them). Its plural, routes and
 * list rule come from its manifest entry (manifest.ts), where every screen is declared once.
 */
export function defineEntity<F extends Fields, N extends ManifestEntityName, T extends string>(
  declaration: EntityDeclaration<F, N, T>,
): EntityDefinition<F, N, T> {
  const entry = manifestOf(declaration.name);
  const list = entry.routes.list;
  if (!list) throw new Error(`${declaration.name}: an entity needs a list route in the manifest`);
  const def: EntityDefinition<F, N, T> = {
    ...declaration,
    plural: entry.plural,
    routes: entry.routes.edit ? { list, edit: entry.routes.edit } : { list },
    access: { ...declaration.access, list: entry.list },
  };
  for (const c of def.list.columns) {
    if (!(c.field in def.fields)) throw new Error(`${def.name}: list column ${c.field} is not a field`);
  }
  for (const f of def.form) {
    if (!(f in def.fields)) throw new Error(`${def.name}: form field ${f} is not a field`);
  }
  for (const key of ['owner', 'name', 'createdTime'] as const) {
    if (!(key in def.fields)) throw new Error(`${def.name}: every entity has ${key}`);
  }
  if (def.formSections) checkFormSections(def);
  if (def.shared && (def.orgField !== 'owner' || def.fixedOwner)) {
    throw new Error(`${def.name}: shared records need orgField 'owner' and no fixed owner`);
  }
  return def;
}

/** Sections must hold each field of the form exactly once, and nothing else. */
function checkFormSections(def: EntityDefinition): void {
  const seen = new Set<string>();
  const keys = new Set<string>();
  for (const section of def.formSections ?? []) {
    if (keys.has(section.key)) throw new Error(`${def.name}: form section ${section.key} is declared twice`);
    keys.add(section.key);
    for (const f of section.fields) {
      if (!(f in def.fields)) throw new Error(`${def.name}: section ${section.key} field ${f} is not a field`);
      if (seen.has(f)) throw new Error(`${def.name}: field ${f} is in more than one form section`);
      seen.add(f);
    }
  }
  const missing = def.form.filter((f) => !seen.has(f));
  if (missing.length > 0) throw new Error(`${def.name}: form fields outside every section: ${missing.join(', ')}`);
  const extra = [...seen].filter((f) => !def.form.includes(f));
  if (extra.length > 0) throw new Error(`${def.name}: section fields missing from the form: ${extra.join(', ')}`);
}

/** The fields a client may sort or search on. */
export function sortableFields(def: EntityDefinition): string[] {
  return fieldEntries(def)
    .filter(([, f]) => f.sortable)
    .map(([k]) => k);
}

export function searchableFields(def: EntityDefinition): string[] {
  return fieldEntries(def)
    .filter(([, f]) => f.searchable || f.filters)
    .map(([k]) => k);
}

const entriesCache = new WeakMap<object, [string, FieldSpec][]>();

/** The fields of a definition as [name, spec] pairs (computed once per definition: hot path). */
export function fieldEntries(def: EntityDefinition): [string, FieldSpec][] {
  let entries = entriesCache.get(def);
  if (!entries) {
    entries = Object.entries(def.fields);
    entriesCache.set(def, entries);
  }
  return entries;
}
