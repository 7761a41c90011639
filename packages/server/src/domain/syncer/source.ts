import { ADMIN_OWNER, cert as certDef, offersSsh, type Syncer } from '@gatehouse/entities';
import type { ServerContext } from '../../context.js';
import { AppError } from '../../errors.js';
import {
  type ExternalDb,
  type ExternalRow,
  type ExternalValue,
  openExternalDb,
} from '../../integrations/database/external-db.js';
import { openSshTunnel, type SshTunnel } from '../../integrations/database/ssh-tunnel.js';

/**
 * The external side of a syncer: its database (MySQL/MariaDB, PostgreSQL, or a SQLite file below
 * `${DATA_DIR}/syncers`), reached directly through the outbound address guard or through an SSH
 * tunnel (password or a cert's private key) whose SSH host goes through the guard. The database
 * host of a tunnel is the one the SSH server reaches (often its own localhost), so it is not
 * checked here.
 */
export interface SyncerSource {
  db: ExternalDb;
  close: () => Promise<void>;
}

/** Driver and network failures as the message the caller reads (AppErrors keep theirs). */
export function asSyncError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const detail = error instanceof Error ? error.message || error.name : String(error);
  return new AppError('syncerFailed', { detail });
}

/** The cert of an SSH tunnel: the syncer's organization's, else a shared one. */
async function tunnelKey(server: ServerContext, syncer: Syncer): Promise<string> {
  const repo = server.repo(certDef);
  const found = (await repo.get(syncer.organization, syncer.cert)) ?? (await repo.get(ADMIN_OWNER, syncer.cert));
  if (!syncer.cert || !found?.privateKey) throw new AppError('syncerCertMissing', { cert: syncer.cert || '-' });
  return found.privateKey;
}

async function openTunnel(server: ServerContext, syncer: Syncer): Promise<SshTunnel | null> {
  if (!syncer.sshType || !offersSsh(syncer.databaseType)) return null;
  if (!syncer.host) throw new AppError('syncerHostMissing');
  const destination = { host: syncer.host, port: syncer.port || (syncer.databaseType === 'postgres' ? 5432 : 3306) };
  const ssh = { host: syncer.sshHost, port: syncer.sshPort, user: syncer.sshUser };
  const { outbound } = server.services;
  if (syncer.sshType === 'cert')
    return openSshTunnel(outbound, { ...ssh, privateKey: await tunnelKey(server, syncer) }, destination);
  return openSshTunnel(outbound, { ...ssh, password: syncer.sshPassword }, destination);
}

/** Opens the syncer's database (through its tunnel when it has one); failures as AppErrors. */
export async function openSource(server: ServerContext, syncer: Syncer): Promise<SyncerSource> {
  if (syncer.databaseType !== 'sqlite3' && !syncer.host) throw new AppError('syncerHostMissing');
  let tunnel: SshTunnel | null = null;
  try {
    tunnel = await openTunnel(server, syncer);
    const db = await openExternalDb(server.services.outbound, syncer, server.config.dataDir, {
      sqliteFolder: 'syncers',
      via: tunnel ? { address: tunnel.address, port: tunnel.port } : undefined,
    });
    const opened = tunnel;
    return {
      db,
      close: async () => {
        await db.close().catch(() => undefined);
        await opened?.close().catch(() => undefined);
      },
    };
  } catch (error) {
    await tunnel?.close().catch(() => undefined);
    throw asSyncError(error);
  }
}

/** Every row of the syncer's table. */
export async function readRows(source: SyncerSource, table: string): Promise<ExternalRow[]> {
  return source.db.all(`select * from ${source.db.quote(table)}`);
}

/** The affiliation table's names by id (Casdoor's Affiliation: id, name). */
export async function readAffiliations(source: SyncerSource, table: string): Promise<Map<string, string>> {
  const rows = await source.db.all(`select * from ${source.db.quote(table)}`);
  const byId = new Map<string, string>();
  for (const row of rows) {
    const id = row.id ?? row.ID;
    const name = row.name ?? row.NAME;
    if (id !== undefined && id !== null) byId.set(String(id), name === null || name === undefined ? '' : String(name));
  }
  return byId;
}

/** Inserts a row (columns are the table's own names, checked against it before). */
export async function insertRow(source: SyncerSource, table: string, row: Record<string, ExternalValue>): Promise<void> {
  const columns = Object.keys(row);
  const { db } = source;
  await db.run(
    `insert into ${db.quote(table)} (${columns.map((c) => db.quoteColumn(c)).join(', ')}) values (${columns.map(() => '?').join(', ')})`,
    columns.map((c) => row[c] ?? null),
  );
}

/** Updates the row whose key column holds `key`, with the other columns of `row`. */
export async function updateRow(
  source: SyncerSource,
  table: string,
  keyColumn: string,
  key: ExternalValue,
  row: Record<string, ExternalValue>,
): Promise<void> {
  const columns = Object.keys(row).filter((c) => c !== keyColumn);
  if (columns.length === 0) return;
  const { db } = source;
  await db.run(
    `update ${db.quote(table)} set ${columns.map((c) => `${db.quoteColumn(c)} = ?`).join(', ')} where ${db.quoteColumn(keyColumn)} = ?`,
    [...columns.map((c) => row[c] ?? null), key],
  );
}
