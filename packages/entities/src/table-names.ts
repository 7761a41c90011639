/**
 * Table names of adapters and syncers (issue 27): any name the database allows. The rule checked
 * here is only what no database allows or what would change the name's meaning: no control
 * characters (C0, DEL and C1, the NUL included) and no empty part. The field's maximum length
 * bounds the rest; the database refuses what it does not take (PostgreSQL's 63 bytes, MySQL's 64
 * characters, a schema that does not exist).
 *
 * An optional schema prefix ends at the first dot: `authz.casbin_rule` is table `casbin_rule` of
 * schema (MySQL: database) `authz`, `a.b.c` is table `b.c` of schema `a`, `policy-rules` and
 * `my schema.rules` are as written. The server quotes each part as an identifier, the quote mark
 * inside doubled (integrations/database/external-db.ts), so a name never reaches SQL as text:
 * `x"; drop table y; --` is the name of a table, nothing more.
 */
export const TABLE_NAME_SOURCE = String.raw`[^.\p{Cc}]+(?:\.[^\p{Cc}]+)?`;

/** A table name, optionally schema-qualified (see TABLE_NAME_SOURCE). */
export const TABLE_NAME_PATTERN = new RegExp(`^${TABLE_NAME_SOURCE}$`, 'u');

/** What the table-name fields say when a value breaks the rule. */
export const TABLE_NAME_MESSAGE = 'must be a table name without control characters, optionally schema.table';

/** A table name as [schema, table], split at the first dot, or [table] without a schema. */
export function tableNameParts(name: string): [string] | [string, string] {
  const dot = name.indexOf('.');
  return dot < 0 ? [name] : [name.slice(0, dot), name.slice(dot + 1)];
}
