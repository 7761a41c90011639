/**
 * Copy and download of text shown on a page (certificates, keys, tokens). Both run in the
 * browser only, on a user's click.
 */

/** Puts `text` on the clipboard; falls back to a hidden text area where the Clipboard API is refused. */
export async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    return;
  } catch {
    // Not a secure context, or the permission was refused: the older way still works on a click.
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  const copied = document.execCommand('copy');
  area.remove();
  if (!copied) throw new Error('copy refused');
}

/** Saves `text` as a file named `filename` through the browser's download. */
export function downloadText(text: string, filename: string, type = 'text/plain'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the URL by now; free it a little later.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
