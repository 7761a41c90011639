import { user as userDef, type Viewer } from '@gatehouse/entities';
import type { ServerContext } from '../context.js';
import type { ListParams } from '../db/list.js';
import type { Lang } from '../i18n.js';
import { writeSheet } from '../integrations/sheets/xlsx.js';
import { sheetFields, uploadSheet } from './sheet-upload.js';
import { users } from './user.js';

/**
 * Users as spreadsheet rows (the user list's upload and export): one column per field a client
 * may set and read (sheet-upload.ts), so that an exported workbook uploads again; the password
 * column, on upload only, sets the first password.
 */
const EXPORTED = sheetFields(userDef).map(([name]) => name);

function cellOf(value: unknown): string | number | boolean {
  if (Array.isArray(value)) return JSON.stringify(value);
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  return typeof value === 'string' ? value : '';
}

/**
 * Creates the users of an .xlsx workbook, all or none, each through the user domain as `viewer`.
 * With `organization`, every user goes there; else each row's owner column, or the viewer's
 * organization. Answers how many were created.
 */
export function uploadUsers(
  server: ServerContext,
  viewer: Viewer,
  file: { data: Buffer; filename: string },
  organization: string,
  lang: Lang,
): Promise<number> {
  return uploadSheet(server, viewer, users, {
    file,
    organization,
    lang,
    extraColumns: ['password'],
    emptyKey: 'usersUploadEmpty',
    columnKey: 'usersUploadColumn',
  });
}

/** Page size of the export's reads: the workbook grows page by page. */
const EXPORT_PAGE = 1000;

/** The users `viewer` may list in `organization` ('' = all, global admins) as an .xlsx workbook. */
export async function exportUsers(server: ServerContext, viewer: Viewer, organization: string): Promise<Buffer> {
  const rows: (string | number | boolean)[][] = [];
  for (let page = 1; ; page++) {
    const params: ListParams = {
      organization,
      page,
      pageSize: EXPORT_PAGE,
      sort: { field: 'createdTime', order: 'asc' },
    };
    const { records } = await users.listFor(server, viewer, params);
    for (const record of records) rows.push(EXPORTED.map((name) => cellOf(record[name])));
    if (records.length < EXPORT_PAGE) break;
  }
  return writeSheet('users', EXPORTED, rows);
}
