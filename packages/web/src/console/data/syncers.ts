import type { SyncCounts } from '@gatehouse/entities';
import { type Rec, request } from '../../shared/data/client';

/** The syncer calls beyond the generic five (Casdoor's SyncerBackend.js). */

/** A sync now; data holds its counts. */
export function runSyncer(name: string) {
  return request<SyncCounts>('GET', '/api/run-syncer', { query: { id: `admin/${name}` } });
}

/** Connects with the settings being edited (stored secrets stay behind ***). */
export function testSyncerDb(syncer: Rec) {
  return request<null>('POST', '/api/test-syncer-db', { body: syncer });
}
