import { isValidEmail } from './auth-rules.js';

/**
 * Checks of text fields beyond their kind, shared by the server (which refuses the value) and the
 * console (which mirrors the rule and never renders a refused URL as a link). Pure functions: the
 * console runs them in the browser.
 */

/** Message keys of the server's catalogue (packages/server/src/messages) for a field's problem. */
export type FieldProblemKey =
  | 'fieldUrlScheme'
  | 'fieldImageUrl'
  | 'fieldEmail'
  | 'fieldIpList'
  | 'mfaItemsDuplicate'
  | 'mfaItemsOneRequired';

export interface FieldProblem {
  key: FieldProblemKey;
  params: Record<string, string>;
}

/** Whether `value` is an absolute http(s) URL. */
export function isHttpUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.host !== '';
}

/** A path on this server ("/files/a.png"), not a scheme-relative URL ("//evil.example/"). */
function isLocalPath(value: string): boolean {
  return value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\');
}

/** Embedded raster images; SVG is left out, as it may carry script when opened on its own. */
const DATA_IMAGE = /^data:image\/(png|jpeg|jpg|gif|webp|bmp|x-icon|vnd\.microsoft\.icon);base64,[A-Za-z0-9+/=\s]+$/i;

/** A link (homepage, website, sign-in URL ...): empty or an absolute http(s) URL. */
export function urlProblem(value: string): FieldProblem | null {
  if (value === '' || isHttpUrl(value)) return null;
  return { key: 'fieldUrlScheme', params: { value: value.slice(0, 100) } };
}

/** An image (logo, avatar, favicon ...): empty, an http(s) URL, a path on this server, or a data:image URL. */
export function imageUrlProblem(value: string): FieldProblem | null {
  if (value === '' || isHttpUrl(value) || isLocalPath(value) || DATA_IMAGE.test(value)) return null;
  return { key: 'fieldImageUrl', params: { value: value.slice(0, 100) } };
}

/** An e-mail address field: empty or an address (isValidEmail, the sign-up's rule). */
export function emailProblem(value: string): FieldProblem | null {
  if (value === '' || isValidEmail(value)) return null;
  return { key: 'fieldEmail', params: { value: value.slice(0, 100) } };
}

/** Whether a stored URL may be rendered as a link or an image source (the console's guard). */
export function isSafeLink(value: string, image = false): boolean {
  return (image ? imageUrlProblem(value) : urlProblem(value)) === null;
}

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

/** The family of an IP address written as usual ("10.0.0.1", "2001:db8::1"), or null. */
export function ipFamily(value: string): 4 | 6 | null {
  if (IPV4.test(value)) return 4;
  if (!value.includes(':') || !/^[0-9A-Fa-f:.]+$/.test(value)) return null;
  try {
    // The URL parser validates IPv6 literals in every JavaScript runtime.
    new URL(`http://[${value}]/`);
    return 6;
  } catch {
    return null;
  }
}

export interface IpRange {
  address: string;
  prefix: number;
  family: 4 | 6;
}

/** One entry of an IP list: an address ("10.0.0.1") or a CIDR range ("10.0.0.0/8", "2001:db8::/32"). */
export function parseIpRange(entry: string): IpRange | null {
  const [address = '', prefixText, extra] = entry.split('/');
  if (extra !== undefined) return null;
  const family = ipFamily(address);
  if (!family) return null;
  const bits = family === 4 ? 32 : 128;
  if (prefixText === undefined) return { address, prefix: bits, family };
  if (!/^\d{1,3}$/.test(prefixText)) return null;
  const prefix = Number(prefixText);
  return prefix <= bits ? { address, prefix, family } : null;
}

/** The entries of a comma-separated IP list (spaces around them allowed; empty entries skipped). */
export function ipListEntries(value: string): string[] {
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

/** An IP whitelist: empty, or a comma-separated list of IP addresses and CIDR ranges. */
export function ipListProblem(value: string): FieldProblem | null {
  const bad = ipListEntries(value).find((entry) => parseIpRange(entry) === null);
  return bad === undefined ? null : { key: 'fieldIpList', params: { entry: bad.slice(0, 100) } };
}
