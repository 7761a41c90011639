import { sql } from 'kysely';
import { createTable, type MigrationDb } from '../columns.js';
import type { DialectName } from '../database.js';

/**
 * Lists of a million users (docs/performance-lists.md):
 *
 * - `user_count`: the number of users of each organization, kept by triggers in the transaction of
 *   every insert, delete and move of a user (whatever writes it: the user domain, the bulk
 *   generator, an organization's rename or delete), so that a page's total is one indexed read
 *   instead of a COUNT over the organization's (or every) user.
 * - Substring search (Casdoor's `field=...&value=...`, a LIKE '%value%') served by trigrams on
 *   name, display name, e-mail and phone: pg_trgm GIN indexes on PostgreSQL (when the extension can
 *   be created), an FTS5 trigram index on SQLite. MySQL keeps scanning (correct, not fast).
 */
export const SEARCH_INDEXED_USER_COLUMNS = ['name', 'display_name', 'email', 'phone'] as const;

export async function up(db: MigrationDb, dialect: DialectName): Promise<void> {
  await createTable(
    db,
    dialect,
    'userCount',
    [
      ['owner', 'str', 100],
      ['users', 'int'],
    ],
    ['owner'],
  ).execute();
  await db
    .insertInto('userCount')
    .columns(['owner', 'users'])
    .expression(
      db
        .selectFrom('user')
        .select(['owner', (eb) => eb.fn.countAll().as('users')])
        .groupBy('owner'),
    )
    .execute();
  if (dialect === 'sqlite') await sqliteTriggers(db);
  else if (dialect === 'postgres') await postgresTriggers(db);
  else await mysqlTriggers(db);
}

const ADD_ONE = (owner: string) =>
  `insert into user_count (owner, users) values (${owner}, 1) on conflict (owner) do update set users = users + 1;`;
const REMOVE_ONE = (owner: string) => `update user_count set users = users - 1 where owner = ${owner};`;

async function sqliteTriggers(db: MigrationDb): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  await run(`create trigger user_count_insert after insert on "user" begin ${ADD_ONE('new.owner')} end`);
  await run(`create trigger user_count_delete after delete on "user" begin ${REMOVE_ONE('old.owner')} end`);
  await run(
    `create trigger user_count_move after update of owner on "user" when new.owner <> old.owner begin ${REMOVE_ONE('old.owner')} ${ADD_ONE('new.owner')} end`,
  );

  // A contentless trigram index (SQLite >= 3.43 for deletes). Its rowids come from user_search_key,
  // an integer key per user: the user table's own rowids may change on VACUUM.
  const columns = SEARCH_INDEXED_USER_COLUMNS.join(', ');
  const values = (row: 'new' | 'old') => SEARCH_INDEXED_USER_COLUMNS.map((c) => `${row}.${c}`).join(', ');
  await run(
    'create table user_search_key (id integer primary key, owner text not null, name text not null, unique (owner, name))',
  );
  await run(`create virtual table user_search using fts5(${columns}, content='', contentless_delete=1, tokenize='trigram')`);
  const add = `insert into user_search_key (owner, name) values (new.owner, new.name); insert into user_search (rowid, ${columns}) values (last_insert_rowid(), ${values('new')});`;
  const remove = `delete from user_search where rowid = (select id from user_search_key where owner = old.owner and name = old.name); delete from user_search_key where owner = old.owner and name = old.name;`;
  await run(`create trigger user_search_insert after insert on "user" begin ${add} end`);
  await run(`create trigger user_search_delete after delete on "user" begin ${remove} end`);
  await run(`create trigger user_search_update after update of owner, ${columns} on "user" begin ${remove} ${add} end`);
  await run('insert into user_search_key (owner, name) select owner, name from "user"');
  await run(
    `insert into user_search (rowid, ${columns}) select k.id, ${SEARCH_INDEXED_USER_COLUMNS.map((c) => `u.${c}`).join(', ')} from user_search_key k join "user" u on u.owner = k.owner and u.name = k.name`,
  );
}

async function postgresTriggers(db: MigrationDb): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  // Statement triggers: a multi-row insert or delete (the bulk generator, an organization's
  // delete) changes each organization's count once, in organization order (no deadlocks).
  await run(`create function user_count_added() returns trigger language plpgsql as $$
begin
  insert into user_count (owner, users)
    select owner, count(*) from added_users group by owner order by owner
    on conflict (owner) do update set users = user_count.users + excluded.users;
  return null;
end $$`);
  await run(`create function user_count_removed() returns trigger language plpgsql as $$
begin
  update user_count set users = user_count.users - removed.n
    from (select owner, count(*) as n from removed_users group by owner) removed
    where user_count.owner = removed.owner;
  return null;
end $$`);
  await run(`create function user_count_moved() returns trigger language plpgsql as $$
begin
  update user_count set users = users - 1 where owner = old.owner;
  insert into user_count (owner, users) values (new.owner, 1)
    on conflict (owner) do update set users = user_count.users + 1;
  return null;
end $$`);
  await run(
    'create trigger user_count_insert after insert on "user" referencing new table as added_users for each statement execute function user_count_added()',
  );
  await run(
    'create trigger user_count_delete after delete on "user" referencing old table as removed_users for each statement execute function user_count_removed()',
  );
  await run(
    'create trigger user_count_move after update of owner on "user" for each row when (old.owner is distinct from new.owner) execute function user_count_moved()',
  );

  // pg_trgm is a trusted extension (PostgreSQL >= 13): a user who may create objects in the
  // database may install it. Without it, searches scan as before.
  const { rows } = await sql<{ usable: boolean }>`select exists (select 1 from pg_extension where extname = 'pg_trgm')
    or (exists (select 1 from pg_available_extensions where name = 'pg_trgm')
        and has_database_privilege(current_database(), 'CREATE')) as usable`.execute(db);
  if (!rows[0]?.usable) return;
  await run('create extension if not exists pg_trgm');
  for (const column of SEARCH_INDEXED_USER_COLUMNS) {
    await run(`create index user_${column}_trgm_idx on "user" using gin (${column} gin_trgm_ops)`);
  }
}

async function mysqlTriggers(db: MigrationDb): Promise<void> {
  const run = (text: string) => sql.raw(text).execute(db);
  const addOne = (owner: string) =>
    `insert into user_count (owner, users) values (${owner}, 1) on duplicate key update users = users + 1;`;
  // One statement, no trailing semicolon, outside a BEGIN ... END block.
  const alone = (statement: string) => statement.replace(/;$/, '');
  await run(`create trigger user_count_insert after insert on \`user\` for each row ${alone(addOne('new.owner'))}`);
  await run(`create trigger user_count_delete after delete on \`user\` for each row ${alone(REMOVE_ONE('old.owner'))}`);
  await run(
    `create trigger user_count_move after update on \`user\` for each row begin if new.owner <> old.owner then ${REMOVE_ONE('old.owner')} ${addOne('new.owner')} end if; end`,
  );
}
