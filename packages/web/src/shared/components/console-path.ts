/** Whether a link stays inside the console (a path of this site) rather than leaving for another site. */
export function isConsolePath(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//');
}
