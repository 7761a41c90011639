/**
 * The XML this provider writes (responses, metadata): a small element tree, its serialization,
 * and its canonical forms for XML signatures. Only what our own documents use is supported:
 * prefixed element names, namespace declarations as `xmlns:p` attributes, text children, no
 * comments, processing instructions or default namespace. Incoming XML is never handled here.
 */
export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlNode[];
}
export type XmlNode = XmlElement | string;

/** Exclusive XML canonicalization 1.0 (the default) and canonical XML 1.0 (inclusive). */
export const EXC_C14N = 'http://www.w3.org/2001/10/xml-exc-c14n#';
export const C14N_10 = 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315';
export type C14nAlgorithm = typeof EXC_C14N | typeof C14N_10;

/** An element; attributes whose value is undefined are left out. */
export function el(name: string, attrs: Record<string, string | undefined> = {}, children: XmlNode[] = []): XmlElement {
  const kept: Record<string, string> = {};
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined) kept[k] = v;
  return { name, attrs: kept, children };
}

// Characters XML 1.0 cannot carry at all (control characters, lone surrogates, U+FFFE/U+FFFF) are
// dropped from values: they could come from user data and would make the document unreadable.
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Text escaped as canonical XML writes it, which parsers read back unchanged. */
function escapeText(s: string): string {
  return s.replace(NOT_XML_CHAR, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\r/g, '&#xD;');
}

function escapeAttr(s: string): string {
  return s
    .replace(NOT_XML_CHAR, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/"/g, '&quot;')
    .replace(/\t/g, '&#x9;')
    .replace(/\n/g, '&#xA;')
    .replace(/\r/g, '&#xD;');
}

type Scope = ReadonlyMap<string, string>;

function prefixOf(qname: string): string {
  const colon = qname.indexOf(':');
  return colon < 0 ? '' : qname.slice(0, colon);
}

function isNamespaceDeclaration(name: string): boolean {
  return name === 'xmlns' || name.startsWith('xmlns:');
}

/** The namespace declarations an element makes itself, prefix → URI. */
function declarationsOf(node: XmlElement): Map<string, string> {
  const out = new Map<string, string>();
  for (const [name, value] of Object.entries(node.attrs)) {
    if (isNamespaceDeclaration(name)) out.set(name === 'xmlns' ? '' : name.slice(6), value);
  }
  return out;
}

/**
 * Writes an element with the given namespace declarations, in the canonical order: declarations
 * sorted by prefix, then attributes sorted by namespace URI and local name (unqualified first).
 */
function writeElement(node: XmlElement, namespaces: [string, string][], scope: Scope, inner: string): string {
  const ns = [...namespaces]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([prefix, uri]) => (prefix ? ` xmlns:${prefix}="${escapeAttr(uri)}"` : ` xmlns="${escapeAttr(uri)}"`))
    .join('');
  const keyOf = (name: string): [string, string] => {
    const prefix = prefixOf(name);
    return prefix ? [scope.get(prefix) ?? '', name.slice(prefix.length + 1)] : ['', name];
  };
  const attrs = Object.entries(node.attrs)
    .filter(([name]) => !isNamespaceDeclaration(name))
    .sort(([a], [b]) => {
      const [ua, la] = keyOf(a);
      const [ub, lb] = keyOf(b);
      if (ua !== ub) return ua < ub ? -1 : 1;
      return la < lb ? -1 : la > lb ? 1 : 0;
    })
    .map(([name, value]) => ` ${name}="${escapeAttr(value)}"`)
    .join('');
  return `<${node.name}${ns}${attrs}>${inner}</${node.name}>`;
}

/** The document as written: each element with the declarations it makes, no whitespace added. */
export function serialize(node: XmlElement, inherited: Scope = new Map()): string {
  const scope = new Map([...inherited, ...declarationsOf(node)]);
  const inner = node.children.map((c) => (typeof c === 'string' ? escapeText(c) : serialize(c, scope))).join('');
  return writeElement(node, [...declarationsOf(node)], scope, inner);
}

/**
 * The canonical form of `node` as a verifier computes it for a same-document reference (or for
 * SignedInfo): `ancestors` are the namespaces in scope from the elements above it, and `omit` (the
 * enveloped signature) is left out with its subtree.
 *
 * - Exclusive C14N renders on each element only the namespaces its own name and attributes use
 *   and that no output ancestor rendered already.
 * - Inclusive C14N renders every namespace in scope on the top element, and below it the
 *   declarations that change a prefix's binding.
 */
export function canonicalize(
  node: XmlElement,
  algorithm: C14nAlgorithm,
  ancestors: Scope = new Map(),
  omit?: XmlElement,
): string {
  const walk = (current: XmlElement, parentScope: Scope, rendered: Scope, top: boolean): string => {
    const own = declarationsOf(current);
    const scope = new Map([...parentScope, ...own]);
    let namespaces: [string, string][];
    if (algorithm === EXC_C14N) {
      const used = new Set([prefixOf(current.name)]);
      for (const name of Object.keys(current.attrs)) if (!isNamespaceDeclaration(name)) used.add(prefixOf(name));
      used.delete('');
      used.delete('xml');
      namespaces = [...used].filter((p) => scope.has(p) && rendered.get(p) !== scope.get(p)).map((p) => [p, scope.get(p) ?? '']);
    } else {
      namespaces = top ? [...scope].filter(([p]) => p !== 'xml') : [...own].filter(([p, uri]) => parentScope.get(p) !== uri);
    }
    const nowRendered = new Map([...rendered, ...namespaces]);
    const inner = current.children
      .filter((c) => c !== omit)
      .map((c) => (typeof c === 'string' ? escapeText(c) : walk(c, scope, nowRendered, false)))
      .join('');
    return writeElement(current, namespaces, scope, inner);
  };
  return walk(node, ancestors, new Map(), true);
}

/** The namespaces in scope at `target` from its ancestors in `root` (not its own declarations). */
export function scopeAbove(root: XmlElement, target: XmlElement): Map<string, string> {
  const find = (node: XmlElement, scope: Map<string, string>): Map<string, string> | null => {
    if (node === target) return scope;
    const inner = new Map([...scope, ...declarationsOf(node)]);
    for (const child of node.children) {
      if (typeof child === 'string') continue;
      const found = find(child, inner);
      if (found) return found;
    }
    return null;
  };
  const found = find(root, new Map());
  if (!found) throw new Error(`${target.name} is not inside ${root.name}`);
  return found;
}
