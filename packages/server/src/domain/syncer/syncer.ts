import {
  ADMIN_OWNER,
  cert as certDef,
  isLdapSyncer,
  normalisedSettings,
  type Syncer,
  syncer as syncerDef,
  tableColumnsProblem,
  tableNameProblem,
  typePreset,
} from '@gatehouse/entities';
import type { ServerContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import { deleteJob, makeJobDue, renameJob } from '../../db/job-lease.js';
import type { LooseRecord } from '../../db/repository.js';
import { AppError } from '../../errors.js';
import { EntityDomain } from '../entity-domain.js';
import { requireOrganization } from '../organization.js';
import { filterError } from './directory-side.js';
import { forgetStates, renameStates, stateKeyOf } from './state.js';

/** The scheduled job of a syncer (its jobLease row). */
export function syncerJobId(syncer: { owner: string; name: string }): string {
  return `syncer:${syncer.owner}/${syncer.name}`;
}

/** A syncer is owned by `admin` or by its own organization (as Casdoor's SDK adds it). */
function requireOwnerOrOrganization(record: Syncer): void {
  if (record.owner !== ADMIN_OWNER && record.owner !== record.organization) {
    throw new AppError('syncerOwnerInvalid', { owner: record.owner, organization: record.organization });
  }
}

/** Fields the server keeps about runs: writing them is not a change of the syncer's settings. */
const RUN_FIELDS: readonly string[] = ['errorText', 'syncStatus'];

/**
 * Values that follow from the type (syncer-types.ts): an LDAP syncer has no database
 * type, SSL mode, SSH tunnel or affiliation table and is always read-only; a database syncer's SSL
 * mode belongs to postgres (disable unless chosen), its SSH tunnel to mysql, mssql and postgres.
 */
function normalise(record: Syncer): void {
  Object.assign(record, normalisedSettings(record));
}

/**
 * The table and columns, for the type: a table name or a search filter (parsed as the
 * directory will, ldapts), one key column when there are columns, each mapped to a real user field.
 */
function checkTableAndColumns(record: Syncer): void {
  if (isLdapSyncer(record.type)) {
    const error = filterError(record.table);
    if (error) throw error;
  } else {
    const table = tableNameProblem(record.table);
    if (table) throw new AppError(table.key, table.params);
  }
  const problem = tableColumnsProblem(record.tableColumns, record.type);
  if (problem) throw new AppError(problem.key, problem.params);
}

const sameColumns = (a: Syncer, b: Syncer) => JSON.stringify(a.tableColumns) === JSON.stringify(b.tableColumns);

/** The SSH cert must exist in the syncer's organization or be shared. */
async function checkCert(server: ServerContext, record: Syncer, trx: Db): Promise<void> {
  if (record.sshType !== 'cert' || !record.cert) return;
  const repo = server.repo(certDef);
  const found = (await repo.get(record.organization, record.cert, trx)) ?? (await repo.get(ADMIN_OWNER, record.cert, trx));
  if (!found) throw new AppError('syncerCertMissing', { cert: record.cert });
}

/**
 * Syncers: the organization exists; changing the type to Keycloak
 * or LDAP sets its table (filter) and column mapping where the write leaves them as they were (a
 * new syncer of those types gets what it does not bring); the columns pass the key and user-field
 * rules. A change of settings of an enabled syncer makes it due at once (Casdoor runs a syncer
 * again when it is saved); a rename or delete takes its remembered rows and its job along.
 */
export const syncers = new EntityDomain(syncerDef, {
  beforeAdd: async ({ trx, server }, record, provided) => {
    await requireOrganization(server, record.organization, trx);
    requireOwnerOrOrganization(record);
    const preset = typePreset(record.type);
    if (preset && (!provided.has('tableColumns') || record.tableColumns.length === 0)) {
      record.tableColumns = preset.tableColumns;
      // Keycloak's table goes with its mapping; a directory's filter is the caller's when given.
      if (!isLdapSyncer(record.type)) record.table = preset.table;
    }
    if (preset && isLdapSyncer(record.type) && !provided.has('table')) record.table = preset.table;
    normalise(record);
    checkTableAndColumns(record);
    await checkCert(server, record, trx);
  },
  beforeUpdate: async ({ trx, server }, before, next) => {
    const was: LooseRecord = before;
    const now: LooseRecord = next;
    const changed = Object.keys(now).some(
      (key) => !RUN_FIELDS.includes(key) && JSON.stringify(now[key]) !== JSON.stringify(was[key]),
    );
    if (!changed) return;
    if (next.organization !== before.organization) await requireOrganization(server, next.organization, trx);
    requireOwnerOrOrganization(next);
    const preset = next.type !== before.type ? typePreset(next.type) : null;
    if (preset) {
      // What the write changed along with the type is the caller's (the console sends the preset
      // it showed, perhaps edited); what it left as it was is the old type's, replaced.
      if (next.table === before.table) next.table = preset.table;
      if (sameColumns(next, before) || next.tableColumns.length === 0) next.tableColumns = preset.tableColumns;
    }
    normalise(next);
    checkTableAndColumns(next);
    await checkCert(server, next, trx);
    if (next.isEnabled) await makeJobDue(trx, syncerJobId(before));
  },
  afterRename: async ({ trx }, before, after) => {
    await renameStates(trx, stateKeyOf(before), stateKeyOf(after));
    await renameJob(trx, syncerJobId(before), syncerJobId(after));
  },
  beforeDelete: async ({ trx }, record) => {
    await forgetStates(trx, stateKeyOf(record));
    await deleteJob(trx, syncerJobId(record));
  },
});
