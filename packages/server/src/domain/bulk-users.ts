import { ADMIN_OWNER, fieldEntries, nowRfc3339, type Organization, type User, user as userDef } from '@gatehouse/entities';
import { sql } from 'kysely';
import type { ServerContext } from '../context.js';
import { checkPasswordOptions, hashForOrganization, type PasswordHolder } from '../crypto/passwords/index.js';
import { analyzeTable } from '../db/database.js';
import { type LooseRecord, typedRecord } from '../db/repository.js';
import { AppError } from '../errors.js';
import { organizationByName, organizations } from './organization.js';
import { parseIncoming } from './records.js';
import { inTransaction } from './transaction.js';
import { fillNewUser } from './user.js';

export interface BulkUsersOptions {
  /** How many users to add: user<i> for i in [first, first + users). */
  users: number;
  /** The organizations they are spread over, round robin: <orgPrefix><i % organizations>. */
  organizations?: number;
  orgPrefix?: string;
  /** The number of the first user (to add more users to a database that has some). */
  first?: number;
  /** Every user's password (hashed once per organization, under its settings, and reused). */
  password?: string;
  /** The users' creation times are spread evenly over this many days before now. */
  spreadDays?: number;
  /** Users per transaction. */
  batch?: number;
  /** Called after each transaction with the number of users added so far. */
  onProgress?: (added: number) => void;
}

export interface BulkUsersResult {
  users: number;
  organizations: string[];
  milliseconds: number;
}

/** Bound parameters per INSERT: SQLite allows 32,766, PostgreSQL 65,535. */
const PARAMETERS_PER_STATEMENT = 30_000;

/**
 * Adds many users fast, for benchmarks and tests at scale (a million in minutes): organizations
 * that do not exist yet are added through their domain, and users are written with multi-row
 * INSERTs, a few thousand per transaction. Each user is the row the user domain writes for the
 * same input: the input checked by the field schemas (parseIncoming), every other field at its
 * definition's empty value, the organization's defaults (fillNewUser), and a password hash under
 * the organization's settings, computed once per organization (a hash per user would cost a
 * bcrypt round each). Names and e-mail addresses are unique (user<i>, user<i>@bench.test) and
 * creation times spread over `spreadDays`, oldest first. What the domain does beyond the row
 * (webhooks, group memberships: bulk users belong to no group) does not apply.
 */
export async function addBulkUsers(server: ServerContext, options: BulkUsersOptions): Promise<BulkUsersResult> {
  const started = performance.now();
  const orgCount = options.organizations ?? 20;
  const prefix = options.orgPrefix ?? 'bench-org-';
  const first = options.first ?? 0;
  const batch = options.batch ?? 5000;
  const password = options.password ?? 'bench-user-password';
  const orgNames = Array.from({ length: orgCount }, (_, i) => `${prefix}${i}`);
  const orgs: Organization[] = [];
  const hashes: PasswordHolder[] = [];
  for (const name of orgNames) {
    const org =
      (await organizationByName(server, name)) ??
      (await organizations.create(server, 'system', { owner: ADMIN_OWNER, name, displayName: `Bench ${name}` }));
    const violated = checkPasswordOptions(password, org.passwordOptions);
    if (violated) throw new AppError(violated);
    orgs.push(org);
    hashes.push(await hashForOrganization(password, org));
  }

  const template: LooseRecord = {};
  for (const [key, field] of fieldEntries(userDef)) template[key] = field.empty();
  const perStatement = Math.max(1, Math.floor(PARAMETERS_PER_STATEMENT / fieldEntries(userDef).length));
  const now = Date.now();
  const step = ((options.spreadDays ?? 365) * 86_400_000) / Math.max(1, options.users);
  const repo = server.repo(userDef);
  // SQLite keeps 16 MB of pages by default (its connection is this process's own): with a dozen
  // indexes over a million rows, a larger cache saves re-reading index pages for every batch.
  if (server.database.dialect === 'sqlite') await sql`pragma cache_size = -262144`.execute(server.database.db);

  /** The user numbered n, as the user domain would store it. */
  const userAt = (n: number, index: number): User => {
    const o = n % orgCount;
    const org = orgs[o] as Organization;
    const createdTime = nowRfc3339(new Date(now - (options.users - index) * step));
    const { values, provided } = parseIncoming(userDef, 'system', {
      owner: org.name,
      name: `user${n}`,
      createdTime,
      displayName: `User ${n}`,
      email: `user${n}@bench.test`,
      phone: String(5_550_000_000 + n),
      affiliation: `Affiliation ${n % 97}`,
      tag: n % 10 === 0 ? 'manager' : 'staff',
      signupApplication: 'app-built-in',
    });
    const user = typedRecord(userDef, { ...template, ...values, updatedTime: createdTime });
    fillNewUser(user, provided, org);
    Object.assign(user, hashes[o], { lastChangePasswordTime: createdTime });
    return user;
  };

  for (let done = 0; done < options.users; done += batch) {
    const size = Math.min(batch, options.users - done);
    const records = Array.from({ length: size }, (_, j) => userAt(first + done + j, done + j));
    await inTransaction(server, undefined, async (trx) => {
      for (let k = 0; k < records.length; k += perStatement) await repo.insertMany(records.slice(k, k + perStatement), trx);
    });
    options.onProgress?.(done + size);
  }
  await analyzeTable(server.database, 'user');
  return { users: options.users, organizations: orgNames, milliseconds: Math.round(performance.now() - started) };
}
