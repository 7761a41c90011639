import { fileExtension, MAX_FILE_PATH_LENGTH, nowRfc3339, type Resource, resource as resourceDef } from '@gatehouse/entities';
import type { ServerContext } from '../context.js';
import { AppError } from '../errors.js';
import type { StorageChoice } from '../integrations/storage/select.js';
import { inTransaction } from './entity-domain.js';
import { parseIncoming } from './records.js';
import { resources } from './resource.js';

/**
 * The Resource records of uploads. As in Casdoor, an upload records (or, for the
 * same key, replaces) one resource whose name is the file's key, and files of the resource list
 * never overwrite each other: a second "photo.png" becomes "photo-1.png".
 */

/** Tags whose uploads replace the file at the same path (an avatar, the terms of use, ID cards). */
function replaces(tag: string): boolean {
  return tag === 'avatar' || tag === 'termsOfUse' || tag.startsWith('idCard');
}

/** `dir/name-3.ext` for `dir/name.ext` and 3 (0: unchanged). */
function numbered(relative: string, n: number): string {
  if (n === 0) return relative;
  const extension = fileExtension(relative);
  const stem = extension ? relative.slice(0, -extension.length) : relative;
  return `${stem}-${n}${relative.slice(relative.length - extension.length)}`;
}

/** Shortens the file's own name (never its folder or extension) until the key fits a record name. */
export function fitKey(key: string, max = MAX_FILE_PATH_LENGTH): string | null {
  if (key.length <= max) return key;
  const slash = key.lastIndexOf('/');
  const folder = key.slice(0, slash + 1);
  const base = key.slice(slash + 1);
  const extension = fileExtension(base) ? base.slice(base.length - fileExtension(base).length) : '';
  const room = max - folder.length - extension.length;
  if (room < 1) return null;
  // Cut by code points, so that no character is split in half.
  const stem = Array.from(base.slice(0, base.length - extension.length)).slice(0, room);
  while (stem.join('').length > room) stem.pop();
  return stem.length > 0 ? `${folder}${stem.join('')}${extension}` : null;
}

/** The key an upload of `relative` is stored under in `choice`. */
export async function uniqueKey(ctx: ServerContext, choice: StorageChoice, relative: string, tag: string): Promise<string> {
  for (let n = 0; n < 1000; n++) {
    const prefixed = choice.keyOf(numbered(relative, n));
    const key = prefixed === null ? null : fitKey(prefixed);
    if (key === null) throw new AppError('uploadBadPath', { path: relative });
    if (replaces(tag)) return key;
    const taken = await ctx.database.db.selectFrom('resource').select('name').where('name', '=', key).executeTakeFirst();
    if (!taken) return key;
  }
  throw new AppError('uploadBadPath', { path: relative });
}

const RFC3339 = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/;

/**
 * The resource of an upload, checked by the definition's own field rules (lengths, the name as a
 * stored path) before anything is stored. A client's createdTime is kept when it is a valid time.
 */
export function resourceOf(fields: Omit<Resource, 'createdTime'> & { createdTime?: string }): Resource {
  parseIncoming(resourceDef, 'system', fields);
  const createdTime = fields.createdTime && RFC3339.test(fields.createdTime) ? fields.createdTime : nowRfc3339();
  return { ...fields, createdTime };
}

/** Records the resource of a stored file, replacing the one of the same key. */
export async function saveResource(ctx: ServerContext, record: Resource): Promise<void> {
  await inTransaction(ctx, undefined, async (trx) => {
    if (await ctx.repo(resourceDef).exists(record.owner, record.name, trx))
      await resources.update(ctx, 'system', record, record, { trx });
    else await resources.create(ctx, 'system', record, { trx });
  });
}
