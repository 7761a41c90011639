import {
  ADMIN_OWNER,
  cert as certDef,
  offersSsh,
  type Syncer,
  sslModeFor,
  syncer as syncerDef,
  tableColumnsProblem,
  typePreset,
} from '@gatehouse/entities';
import type { ServerContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import { deleteJob, makeJobDue, renameJob } from '../../db/job-lease.js';
import type { LooseRecord } from '../../db/repository.js';
import { AppError } from '../../errors.js';
import { EntityDomain } from '../entity-domain.js';
import { requireOrganization } from '../organization.js';
import { forgetStates, renameStates } from './state.js';

/** The scheduled job of a syncer (its jobLease row). */
export function syncerJobId(name: string): string {
  return `syncer:${ADMIN_OWNER}/${name}`;
}

/** Fields the server keeps about runs: writing them is not a change of the syncer's settings. */
const RUN_FIELDS: readonly string[] = ['errorText', 'syncStatus'];

/**
 * Values that follow from others (spec §2.15): the SSL mode belongs to postgres (disable unless
 * chosen), an SSH tunnel only to mysql, mssql and postgres.
 */
function normalise(record: Syncer): void {
  record.sslMode = sslModeFor(record.databaseType, record.sslMode);
  if (!offersSsh(record.databaseType)) record.sshType = '';
}

/** Spec §4.8: one key column when there are columns, each mapped to a real user field. */
function checkColumns(record: Syncer): void {
  const problem = tableColumnsProblem(record.tableColumns);
  if (problem) throw new AppError(problem.key, problem.params);
}

/** The SSH cert must exist in the syncer's organization or be shared. */
async function checkCert(server: ServerContext, record: Syncer, trx: Db): Promise<void> {
  if (record.sshType !== 'cert' || !record.cert) return;
  const repo = server.repo(certDef);
  const found = (await repo.get(record.organization, record.cert, trx)) ?? (await repo.get(ADMIN_OWNER, record.cert, trx));
  if (!found) throw new AppError('syncerCertMissing', { cert: record.cert });
}

/**
 * Syncers (spec part 2 §2.15, §3.18, §4.8): the organization exists; changing the type to Keycloak
 * sets its table and column mapping (a new Keycloak syncer gets them unless it brings columns);
 * the columns pass the key and user-field rules. A change of settings of an enabled syncer makes
 * it due at once (Casdoor runs a syncer again when it is saved); a rename or delete takes its
 * remembered rows and its job along.
 */
export const syncers = new EntityDomain(syncerDef, {
  beforeAdd: async ({ trx, server }, record, provided) => {
    await requireOrganization(server, record.organization, trx);
    const preset = typePreset(record.type);
    if (preset && (!provided.has('tableColumns') || record.tableColumns.length === 0)) Object.assign(record, preset);
    normalise(record);
    checkColumns(record);
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
    const preset = next.type !== before.type ? typePreset(next.type) : null;
    if (preset) Object.assign(next, preset);
    normalise(next);
    checkColumns(next);
    await checkCert(server, next, trx);
    if (next.isEnabled) await makeJobDue(trx, syncerJobId(before.name));
  },
  afterRename: async ({ trx }, before, after) => {
    await renameStates(trx, before.name, after.name);
    await renameJob(trx, syncerJobId(before.name), syncerJobId(after.name));
  },
  beforeDelete: async ({ trx }, record) => {
    await forgetStates(trx, record.name);
    await deleteJob(trx, syncerJobId(record.name));
  },
});
