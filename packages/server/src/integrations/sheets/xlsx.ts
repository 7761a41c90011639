import { AppError } from '../../errors.js';

/** exceljs weighs some 25 MB once loaded: only a server that reads or writes a sheet loads it. */
async function excel() {
  return (await import('exceljs')).default;
}

/** The first sheet of an .xlsx workbook as rows of text keyed by the header row's cells. */
export async function readSheet(data: Buffer): Promise<{ headers: string[]; rows: Record<string, string>[] }> {
  const workbook = new (await excel()).Workbook();
  try {
    // A copy as a plain ArrayBuffer: exceljs declares its own Buffer type, which Node's does not match.
    await workbook.xlsx.load(new Uint8Array(data).buffer);
  } catch {
    throw new AppError('xlsxUnreadable');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return { headers: [], rows: [] };
  const headers: string[] = [];
  sheet.getRow(1).eachCell({ includeEmpty: true }, (cell, column) => {
    headers[column - 1] = cell.text.trim();
  });
  const rows: Record<string, string>[] = [];
  sheet.eachRow((row, number) => {
    if (number === 1) return;
    const values: Record<string, string> = {};
    headers.forEach((header, index) => {
      if (header) values[header] = row.getCell(index + 1).text.trim();
    });
    if (Object.values(values).some((value) => value !== '')) rows.push(values);
  });
  return { headers: headers.filter(Boolean), rows };
}

/** An .xlsx workbook of one sheet: the header row, then a row per record. */
export async function writeSheet(name: string, headers: string[], rows: (string | number | boolean)[][]): Promise<Buffer> {
  const workbook = new (await excel()).Workbook();
  const sheet = workbook.addWorksheet(name);
  sheet.addRow(headers);
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
