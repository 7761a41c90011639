/** A multipart body holding one file in the field `file`, as the console's uploads send it. */
export function fileForm(content: string | Uint8Array<ArrayBuffer>, filename = 'terms.html', type = 'text/html'): FormData {
  const form = new FormData();
  form.append('file', new Blob([content], { type }), filename);
  return form;
}

/** A multipart body holding a workbook (or any other file) in the field `file`, for the list uploads. */
export function sheetForm(data: Buffer | string, filename: string): FormData {
  return fileForm(typeof data === 'string' ? data : new Uint8Array(data), filename, '');
}
