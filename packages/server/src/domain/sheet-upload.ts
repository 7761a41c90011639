import { type EntityDefinition, type FieldSpec, fieldEntries, type Viewer } from '@gatehouse/entities';
import type { ServerContext } from '../context.js';
import { AppError } from '../errors.js';
import { type Lang, type MessageKey, translate } from '../i18n.js';
import { readSheet } from '../integrations/sheets/xlsx.js';
import { type EntityDomain, inTransaction } from './entity-domain.js';

/**
 * Records as spreadsheet rows (the uploads of the user, role and permission lists): one column per
 * field a client may set, headed by the field's name (or Casdoor's "Label#field"). Lists are JSON
 * (or, typed by hand, comma-separated).
 */

/** The fields a sheet carries: those a client may set and read, but structured values and secrets. */
export function sheetFields(def: EntityDefinition): [string, FieldSpec][] {
  return fieldEntries(def).filter(
    ([, spec]) => !spec.hidden && !spec.serverOnly && spec.kind !== 'json' && spec.kind !== 'password' && spec.kind !== 'secret',
  );
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

export interface SheetUpload {
  /** The uploaded file: an .xlsx workbook, by its name. */
  file: { data: Buffer; filename: string };
  /** Every record goes to this organization; '' for each row's owner column, else the viewer's. */
  organization: string;
  lang: Lang;
  /** Columns besides the sheet fields that the domain takes on create (a user's first password). */
  extraColumns?: string[];
  /** Messages for an empty workbook and an unknown column (default: the generic ones). */
  emptyKey?: MessageKey;
  columnKey?: MessageKey;
}

/**
 * Creates the records of an .xlsx workbook, all or none, each through the entity's domain as
 * `viewer` (its access rules, validation and hooks), in one transaction; the first refused row is
 * named in the error. Answers how many were created.
 */
export async function uploadSheet(
  server: ServerContext,
  viewer: Viewer,
  domain: EntityDomain,
  { file, organization, lang, extraColumns = [], emptyKey = 'sheetEmpty', columnKey = 'sheetColumn' }: SheetUpload,
): Promise<number> {
  if (!file.filename.toLowerCase().endsWith('.xlsx')) throw new AppError('xlsxOnly');
  const fields = sheetFields(domain.def);
  const specs = new Map<string, FieldSpec>(fields);
  const allowed = new Set([...specs.keys(), ...extraColumns]);
  const { headers, rows } = await readSheet(file.data);
  // Casdoor's templates head columns "Label#field".
  const fieldOf = (header: string) => (header.includes('#') ? header.slice(header.indexOf('#') + 1) : header);
  const unknown = headers.find((header) => !allowed.has(fieldOf(header)));
  if (unknown) {
    throw new AppError(columnKey, { column: unknown, entity: domain.def.name, fields: [...specs.keys()].join(', ') });
  }
  if (rows.length === 0) throw new AppError(emptyKey);
  await inTransaction(server, undefined, async (trx) => {
    for (const [index, row] of rows.entries()) {
      const input: Record<string, unknown> = {};
      for (const [header, text] of Object.entries(row)) {
        const field = fieldOf(header);
        if (text !== '' || field === 'owner') input[field] = fieldValue(specs.get(field), text);
      }
      input.owner = organization || input.owner || viewer.owner;
      try {
        await domain.create(server, viewer, input, { trx });
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        // The row as people count it: the header is row 1.
        throw new AppError('usersUploadRow', { row: index + 2, message: translate(error.key, lang, error.params) });
      }
    }
  });
  return rows.length;
}
