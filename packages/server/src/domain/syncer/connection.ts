import { ADMIN_OWNER, fieldEntries, isLdapSyncer, may, syncer as syncerDef, type Viewer } from '@gatehouse/entities';
import type { ServerContext } from '../../context.js';
import { type LooseRecord, typedRecord } from '../../db/repository.js';
import { refusal } from '../actor.js';
import { mergeForUpdate, parseIncoming } from '../records.js';
import { testDirectory } from './directory-side.js';
import { asSyncError, openSource } from './source.js';

/**
 * POST /api/test-syncer-db (Casdoor's TestSyncer): connects with the settings being edited (body:
 * the syncer), through its SSH tunnel when it has one, and asks a trivial query; an LDAP syncer
 * binds and reads its base DN's entry. Secrets sent back
 * masked are those of the stored syncer of that name, for whoever may change it; the organization
 * of the body must be one the viewer may add syncers to. Nothing is saved.
 */
export async function testSyncerConnection(server: ServerContext, viewer: Viewer, body: unknown): Promise<void> {
  const { values } = parseIncoming(syncerDef, viewer, body);
  const name = typeof values.name === 'string' ? values.name : '';
  const owner = typeof values.owner === 'string' && values.owner ? values.owner : ADMIN_OWNER;
  const stored = name ? await server.repo(syncerDef).get(owner, name) : undefined;
  if (stored && !may(syncerDef, 'update', viewer, stored)) throw refusal(viewer);
  const empty: LooseRecord = Object.fromEntries(fieldEntries(syncerDef).map(([key, field]) => [key, field.empty()]));
  const syncer = typedRecord(syncerDef, mergeForUpdate(syncerDef, stored ?? empty, values));
  if (!may(syncerDef, 'create', viewer, syncer)) throw refusal(viewer);
  if (isLdapSyncer(syncer.type)) return testDirectory(server, syncer);
  const source = await openSource(server, syncer);
  try {
    await source.db.all('select 1 as one');
  } catch (error) {
    throw asSyncError(error);
  } finally {
    await source.close();
  }
}
