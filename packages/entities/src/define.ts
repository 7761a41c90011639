import { type AccessRule, ADMIN_OWNER, type Viewer } from './access.js';
import type { FieldSpec, Fields, RecordOf } from './fields.js';
import { type ManifestEntityName, manifestOf } from './manifest.js';
import { keyFieldOf } from './record-keys.js';

/** Entity definitions; the field kinds they are made of are in fields.ts. */
export * from './fields.js';

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
  /**
   * The field that names a record within its owner: `name` unless declared (LDAP servers: `id`,
   * Casdoor's generated identifier; their wire ids are owner/<id>). The key is what the repository,
   * the generic routes (get-x?id=owner/<key>, the delete body), the domain (renames, duplicates),
   * the cascade and the console's edit routes use. A key other than `name` is generated (a UUID)
   * when a new record leaves it empty, and never changes afterwards unless its field says so.
   */
  keyField?: string;
  orgField: OrgField;
  /** Owner value when it is fixed (global records). */
  fixedOwner?: string;
  /**
   * Owner of a record added without one, when the owner is not fixed but may be chosen among this
   * value and the record's organization (webhooks: `admin`, or their organization as Casdoor's SDK
   * adds them). The console's edit route names no owner: a record of another owner is opened with
   * `?owner=` (web/src/console/crud/paths.ts).
   */
  defaultOwner?: string;
  /**
   * How the secret fields are answered to whoever may edit them (nobody else ever reads them): in
   * clear by default; `onRequest` only when the call asks with `withSecret=1` (Casdoor's providers:
   * the console's edit page asks, a list or an SDK's read does not); `never` always masked (Casdoor's
   * syncers: `***` sent back keeps the stored value).
   */
  secretsRead?: 'onRequest' | 'never';
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
  /**
   * A view of the server's own rows, not a table of its own (sessions: the session rows grouped by
   * user and application). `table` names the rows it reads; the server answers its calls with
   * routes of its own instead of the generic five, and the registry's table loops (schema, drift,
   * organization renames) skip it. The console lists it with the generic list page.
   */
  view?: true;
  /**
   * Records of what happened (audit records): kept as they were written when their organization is
   * renamed or deleted, so the trail outlives what it names.
   */
  history?: true;
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
   * Members who are not administrators see only the records of their organization whose `field`
   * holds their name (permissions: the ones they submitted), and such a record is theirs for the
   * `orgAdminOrSelf` rule (policy.ts `isOwnRecord`). `listCall` is the wire call listing the signed-in account's own records
   * (get-permissions-by-submitter); the console lists through it for those members.
   */
  ownRecords?: { field: string; listCall: string };
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
  /**
   * Console route of the list and edit pages; an entity without an edit page (verifications) has
   * only a list, one listed inside another page (LDAP servers, on their organization's) only an
   * edit page. Route parameters named after a field take that field's value; the others stand for
   * the organization and the key, in that order (/ldap/:organizationName/:ldapId).
   */
  routes: { list?: string; edit?: string };
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
  extends Omit<EntityBase<F, N, T>, 'plural' | 'routes' | 'access' | 'keyField'> {
  /** The field naming a record within its owner when it is not `name` (see EntityBase.keyField). */
  keyField?: keyof F & string;
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
 * The usual keys of records owned by `admin` that name their organization in `organization`
 * (tokens, syncers, webhooks): listed by `organization`, managed by that organization's administrators,
 * newest first. Spread into a declaration like `organizationRecords`.
 */
export const organizationFieldRecords = {
  orgField: 'organization',
  fixedOwner: ADMIN_OWNER,
  orgParam: 'organization',
  access: { read: 'orgAdmin', create: 'orgAdmin', update: 'orgAdmin', delete: 'orgAdmin' },
  defaultSort: { field: 'createdTime', order: 'descend' },
} as const;

/**
 * As `organizationFieldRecords`, but a record keeps the owner it is added with: `admin` (the
 * default) or its own organization (webhooks, which Casdoor's SDK adds with the organization as owner).
 */
export const organizationFieldOwnedRecords = {
  orgField: 'organization',
  defaultOwner: ADMIN_OWNER,
  orgParam: 'organization',
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
  const { list, edit } = entry.routes;
  if (!list && !edit) throw new Error(`${declaration.name}: an entity needs a list or an edit route in the manifest`);
  const { ownRecords } = declaration;
  const def: EntityDefinition<F, N, T> = {
    ...declaration,
    plural: entry.plural,
    routes: { ...(list ? { list } : {}), ...(edit ? { edit } : {}) },
    access: { ...declaration.access, list: entry.list },
  };
  for (const c of def.list.columns) {
    if (!(c.field in def.fields)) throw new Error(`${def.name}: list column ${c.field} is not a field`);
  }
  for (const f of def.form) {
    if (!(f in def.fields)) throw new Error(`${def.name}: form field ${f} is not a field`);
  }
  for (const key of ['owner', keyFieldOf(def), 'createdTime']) {
    if (!(key in def.fields)) throw new Error(`${def.name}: every entity has ${key}`);
  }
  if (def.keyField && def.keyField !== 'name' && def.orgField === 'name') {
    throw new Error(`${def.name}: a record that is an organization is keyed by its name`);
  }
  if (def.formSections) checkFormSections(def);
  if (def.view && (def.access.create !== 'nobody' || def.access.update !== 'nobody')) {
    throw new Error(`${def.name}: a view is never added or edited`);
  }
  if (ownRecords && !(ownRecords.field in def.fields)) throw new Error(`${def.name}: ownRecords names no field`);
  if (def.defaultOwner && (def.fixedOwner || def.orgField !== 'organization')) {
    throw new Error(`${def.name}: a default owner needs orgField 'organization' and no fixed owner`);
  }
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
