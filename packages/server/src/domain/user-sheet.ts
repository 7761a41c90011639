import { type FieldSpec, fieldEntries, user as userDef, type Viewer } from '@gatehouse/entities';
import type { ServerContext } from '../context.js';
import type { ListParams } from '../db/list.js';
import { AppError } from '../errors.js';
import { type Lang, translate } from '../i18n.js';
import { readSheet, writeSheet } from '../integrations/sheets/xlsx.js';
import { inTransaction } from './entity-domain.js';
import { users } from './user.js';

/**
 * Users as spreadsheet rows (the user list's upload and export): one column per field a client
 * may set and read, headed by the field's name, so that an exported workbook uploads again. Lists
 * are JSON (or, typed by hand, comma-separated); the password column, on upload only, sets the
 * first password.
 */
const SHEET_FIELDS = fieldEntries(userDef).filter(
  ([, spec]) => !spec.hidden && !spec.serverOnly && spec.kind !== 'json' && spec.kind !== 'password' && spec.kind !== 'secret',
);
const EXPORTED = SHEET_FIELDS.map(([name]) => name);
const UPLOADED = new Set([...EXPORTED, 'password']);

function cellOf(value: unknown): string | number | boolean {
  if (Array.isArray(value)) return JSON.stringify(value);
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  return typeof value === 'string' ? value : '';
}

/** A cell's text as the field's value (the domain then validates it as any input). */
function fieldValue(spec: FieldSpec | undefined, text: string): unknown {
  if (!spec) return text;
  if (spec.kind === 'bool') return ['true', '1', 'yes'].includes(text.toLowerCase());
  if (spec.kind === 'int' || spec.kind === 'money') return text === '' ? 0 : Number(text);
  if (spec.kind === 'list') {
    if (text.startsWith('[')) {
      try {
        return JSON.parse(text);
      } catch {
        return text;
      }
    }
    return text
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean);
  }
  return text;
}

/**
 * Creates the users of an .xlsx workbook, all or none, each through the user domain as `viewer`
 * (its access rules, validation and hooks). With `organization`, every user goes there; else each
 * row's owner column, or the viewer's organization. Answers how many were created.
 */
export async function uploadUsers(
  server: ServerContext,
  viewer: Viewer,
  file: { data: Buffer; filename: string },
  organization: string,
  lang: Lang,
): Promise<number> {
  if (!file.filename.toLowerCase().endsWith('.xlsx')) throw new AppError('xlsxOnly');
  const { headers, rows } = await readSheet(file.data);
  const unknown = headers.find((header) => !UPLOADED.has(header));
  if (unknown) throw new AppError('usersUploadColumn', { column: unknown });
  if (rows.length === 0) throw new AppError('usersUploadEmpty');
  const specs = new Map<string, FieldSpec>(fieldEntries(userDef));
  await inTransaction(server, undefined, async (trx) => {
    for (const [index, row] of rows.entries()) {
      const input: Record<string, unknown> = {};
      for (const [header, text] of Object.entries(row)) {
        if (text !== '' || header === 'owner') input[header] = fieldValue(specs.get(header), text);
      }
      input.owner = organization || row.owner || viewer.owner;
      try {
        await users.create(server, viewer, input, { trx });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        // The row as people count it: the header is row 1.
        throw new AppError('usersUploadRow', { row: index + 2, message: translate(error.key, lang, error.params) });
      }
    }
  });
  return rows.length;
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
