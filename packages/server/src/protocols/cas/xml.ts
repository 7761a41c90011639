/**
 * A small XML writer for the CAS answers: every text and attribute value is escaped, characters
 * XML 1.0 cannot carry are dropped, and element and attribute names are checked, so nothing a user
 * typed (a display name, a service URL) can change the document's structure.
 */
export type XmlNode = { name: string; attrs?: Record<string, string>; children?: (XmlNode | string)[] };

/** Whether a code point may appear in an XML 1.0 document (tab, newlines, and no other controls). */
function xmlChar(cp: number): boolean {
  return (
    cp === 0x9 || cp === 0xa || cp === 0xd || (cp >= 0x20 && cp <= 0xd7ff) || (cp >= 0xe000 && cp <= 0xfffd) || cp >= 0x10000
  );
}

/** Drops what XML 1.0 cannot carry: control characters, lone surrogates, U+FFFE and U+FFFF. */
function xmlText(value: string): string {
  let out = '';
  for (const ch of value) if (xmlChar(ch.codePointAt(0) ?? 0)) out += ch;
  return out;
}

const NAME = /^[A-Za-z_][A-Za-z0-9_.-]*(:[A-Za-z_][A-Za-z0-9_.-]*)?$/;

export function escapeXml(value: string): string {
  return xmlText(value)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

export function isXmlName(name: string): boolean {
  return NAME.test(name);
}

function checkName(name: string): string {
  if (!isXmlName(name)) throw new Error(`not an XML name: ${name}`);
  return name;
}

export function el(name: string, attrs?: Record<string, string>, ...children: (XmlNode | string | null | undefined)[]): XmlNode {
  return { name, attrs, children: children.filter((c): c is XmlNode | string => c !== null && c !== undefined) };
}

export function renderXml(node: XmlNode | string): string {
  if (typeof node === 'string') return escapeXml(node);
  const name = checkName(node.name);
  const attrs = Object.entries(node.attrs ?? {})
    .map(([k, v]) => ` ${checkName(k)}="${escapeXml(v)}"`)
    .join('');
  const children = node.children ?? [];
  if (children.length === 0) return `<${name}${attrs}/>`;
  return `<${name}${attrs}>${children.map(renderXml).join('')}</${name}>`;
}
