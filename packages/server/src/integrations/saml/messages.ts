import { inflateRawSync } from 'node:zlib';
import { XMLParser } from 'fast-xml-parser';
import { AppError } from '../../errors.js';

/**
 * Incoming SAML messages (an AuthnRequest to our IdP, a Response to our SP): their transfer
 * encoding (base64, deflated for the Redirect binding) and one XML parser configuration.
 */

const MAX_XML_BYTES = 128 * 1024;

const malformed = () => new AppError('samlRequestMalformed');

/** C0 control characters other than tab, line feed and carriage return (not allowed in XML 1.0). */
function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) return true;
  }
  return false;
}

/** Bytes that read as XML text: UTF-8 without control characters, starting with "<". */
function asXmlText(bytes: Buffer): string | null {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes).replace(/^\uFEFF/, '');
  if (!text.trimStart().startsWith('<') || text.includes('\uFFFD') || hasControlCharacter(text)) {
    return null;
  }
  return text;
}

/** base64 → XML text: DEFLATE is undone when the bytes are not XML already (the Redirect binding). */
export function decodeSamlMessage(encoded: string): string {
  // A '+' sent unencoded in a query string arrives as a space (Casdoor restores them the same way).
  const compact = encoded.replace(/ /g, '+').replace(/[\r\n\t]/g, '');
  if (!compact || !/^[A-Za-z0-9+/]+={0,2}$/.test(compact) || compact.length > MAX_XML_BYTES * 2) throw malformed();
  const bytes = Buffer.from(compact, 'base64');
  let text = bytes.length <= MAX_XML_BYTES ? asXmlText(bytes) : null;
  if (text === null) {
    let inflated: Buffer;
    try {
      inflated = inflateRawSync(bytes, { maxOutputLength: MAX_XML_BYTES });
    } catch {
      throw malformed();
    }
    text = asXmlText(inflated);
    if (text === null) throw malformed();
  }
  // SAML messages carry no document type declaration; refusing them keeps entity tricks out.
  if (/<!DOCTYPE/i.test(text)) throw malformed();
  return text;
}

/**
 * The parser of incoming SAML messages (after decodeSamlMessage): attributes as `@_name`, namespace
 * prefixes dropped, values kept as text, no entity expansion; the elements named in `lists` are
 * always arrays.
 */
export function samlMessageParser(lists: ReadonlySet<string>): XMLParser {
  return new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    removeNSPrefix: true,
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: true,
    htmlEntities: false,
    isArray: (name) => lists.has(name),
  });
}
