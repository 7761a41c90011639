import {
  emptySyncStatus,
  may,
  nowRfc3339,
  type SyncCounts,
  type Syncer,
  type SyncStatus,
  splitId,
  syncer as syncerDef,
  type Viewer,
} from '@gatehouse/entities';
import type { ServerContext } from '../../context.js';
import { claimDueJob, claimJob, releaseJob, renewJob } from '../../db/job-lease.js';
import { AppError } from '../../errors.js';
import { translate } from '../../i18n.js';
import { refusal } from '../actor.js';
import type { RecordKey } from '../entity-domain.js';
import { syncUsers } from './run.js';
import { asSyncError } from './source.js';
import { syncerJobId, syncers } from './syncer.js';

/** A lease lasts a minute and is renewed every 20 seconds while the run goes on. */
const LEASE_MS = 60_000;
const RENEW_MS = 20_000;
/** Progress is written at most this often while a run goes on. */
const PROGRESS_MS = 300;
/** Casdoor's cap of the error text; older lines go first. */
const ERROR_TEXT_LIMIT = 65_536;
/** Rows that failed in one run, named one a line in the error text; the rest are counted. */
const FAILURES_NAMED = 20;

/** Writes the run's status (and lines of error text) through the syncer domain; a deleted syncer is left alone. */
async function writeStatus(server: ServerContext, key: RecordKey, status: SyncStatus, lines: string[] = []): Promise<void> {
  try {
    const input: Partial<Syncer> = { syncStatus: status };
    if (lines.length > 0) {
      const stored = await syncers.repo(server).get(key.owner, key.name);
      const text = `${stored?.errorText ?? ''}${lines.map((line) => `[${nowRfc3339()}] ${line}\n`).join('')}`;
      input.errorText = text.length > ERROR_TEXT_LIMIT ? text.slice(text.length - ERROR_TEXT_LIMIT) : text;
    }
    await syncers.update(server, 'system', key, input, { columns: Object.keys(input) });
  } catch (error) {
    server.log.warn({ err: error, syncer: `${key.owner}/${key.name}` }, 'syncer status not written');
  }
}

/** Runs a sync now, keeping its status on the syncer; a failure is stored and thrown. */
async function runNow(server: ServerContext, syncer: Syncer): Promise<SyncCounts> {
  const startedTime = nowRfc3339();
  const running = (counts: Partial<SyncCounts>): SyncStatus => ({
    ...emptySyncStatus(),
    ...counts,
    state: 'running',
    startedTime,
  });
  await writeStatus(server, syncer, running({}));
  const failures: string[] = [];
  let written = 0;
  const reporter = {
    progress: async (counts: SyncCounts) => {
      if (Date.now() - written < PROGRESS_MS) return;
      written = Date.now();
      await writeStatus(server, syncer, running(counts));
    },
    failure: (message: string) => void failures.push(message),
  };
  const named = () =>
    failures.length > FAILURES_NAMED
      ? [...failures.slice(0, FAILURES_NAMED), `... and ${failures.length - FAILURES_NAMED} more rows failed`]
      : failures;
  try {
    const counts = await syncUsers(server, syncer, reporter);
    const status: SyncStatus = { ...counts, state: 'succeeded', startedTime, finishedTime: nowRfc3339(), message: '' };
    await writeStatus(server, syncer, status, named());
    return counts;
  } catch (error) {
    const failure = asSyncError(error);
    const message = translate(failure.key, 'en', failure.params);
    const status: SyncStatus = { ...emptySyncStatus(), state: 'failed', startedTime, finishedTime: nowRfc3339(), message };
    await writeStatus(server, syncer, status, [message, ...named()]);
    throw failure;
  }
}

/**
 * Runs a sync under the syncer's lease (db/job-lease.ts), so that one run at a time goes on per
 * syncer across every instance over the database: `due` runs only when the syncer's interval has
 * passed (the scheduler) and moves its next run on; otherwise it runs at once (run-syncer). Null
 * when another run holds the lease (or the job is not due).
 */
export async function runUnderLease(server: ServerContext, syncer: Syncer, due: boolean): Promise<SyncCounts | null> {
  const { db } = server.database;
  const { instanceId } = server.services;
  const id = syncerJobId(syncer);
  const claimed = due
    ? await claimDueJob(db, id, instanceId, syncer.syncInterval * 60_000, { leaseMs: LEASE_MS })
    : await claimJob(db, id, instanceId, { leaseMs: LEASE_MS });
  if (!claimed) return null;
  const renew = setInterval(() => {
    renewJob(db, id, instanceId, { leaseMs: LEASE_MS }).catch((err) => server.log.warn({ err }, 'syncer lease not renewed'));
  }, RENEW_MS);
  renew.unref();
  try {
    return await runNow(server, syncer);
  } finally {
    clearInterval(renew);
    await releaseJob(db, id, instanceId).catch((err) => server.log.warn({ err }, 'syncer lease not released'));
  }
}

/** The stored syncer an id names, for a viewer who may change it (running it changes users). */
export async function syncerForRun(server: ServerContext, viewer: Viewer, id: string): Promise<Syncer> {
  const key = splitId(id);
  const stored = key ? await syncers.repo(server).get(key.owner, key.name) : undefined;
  if (!stored) throw new AppError('syncerNotFound', { id });
  if (!may(syncerDef, 'update', viewer, stored)) throw refusal(viewer);
  return stored;
}

/** GET /api/run-syncer: a sync now, answering its counts; refused while another run goes on. */
export async function runSyncerFor(server: ServerContext, viewer: Viewer, id: string): Promise<SyncCounts> {
  const syncer = await syncerForRun(server, viewer, id);
  const counts = await runUnderLease(server, syncer, false);
  if (!counts) throw new AppError('syncerRunning', { id });
  return counts;
}
