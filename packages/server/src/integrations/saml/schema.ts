import fs from 'node:fs';
import type * as Libxml2 from 'libxml2-wasm';

/**
 * XML schema validation of SAML messages with libxml2 (libxml2-wasm: libxml2 compiled to
 * WebAssembly, no native build, no Java). The SAML 2.0 protocol schema, with the assertion,
 * XML-DSig and XML-Enc schemas it imports (packages/server/xsd, as OASIS and the W3C publish them),
 * is compiled once, on first use; a validation then takes about a tenth of a millisecond for an
 * AuthnRequest, so it runs in place. libxml2 itself is loaded with the first message too: its
 * WebAssembly memory is about 10 MB of the server's, which a server without SAML does not spend.
 * Messages are parsed without network access and without external entities: only the four schema
 * files can ever be read, and only by the schema compiler.
 */

/** The folder of the schemas: packages/server/xsd, from src/integrations/saml and dist/integrations/saml alike. */
const XSD_DIR = new URL('../../../xsd/', import.meta.url);
const SCHEMA_FILES = [
  'saml-schema-protocol-2.0.xsd',
  'saml-schema-assertion-2.0.xsd',
  'xmldsig-core-schema.xsd',
  'xenc-schema.xsd',
] as const;
/** The base URL the compiler resolves the schemas' imports against; nothing else uses this scheme. */
const SCHEMA_BASE = 'gatehouse-xsd:/';

export type SchemaResult = { ok: true } | { ok: false; detail: string };

// libxml2 and the protocol schema compiled from the files above: code loaded on demand, the same
// for every server of the process, not a server's state (docs/subsystems/domain.md, "The services").
let loading: Promise<typeof Libxml2> | undefined;
let validator: Libxml2.XsdValidator | null = null;

/** Serves the four schema files, and only them, to libxml2 while it compiles the protocol schema. */
function registerSchemaFiles({ xmlRegisterInputProvider }: typeof Libxml2, files: Map<string, Uint8Array>) {
  const open = new Map<number, { data: Uint8Array; at: number }>();
  let next = 1;
  const fileOf = (url: string) => (url.startsWith(SCHEMA_BASE) ? files.get(url.slice(SCHEMA_BASE.length)) : undefined);
  xmlRegisterInputProvider({
    match: (url) => fileOf(url) !== undefined,
    open: (url) => {
      const data = fileOf(url);
      if (!data) return undefined;
      const fd = next++;
      open.set(fd, { data, at: 0 });
      return fd;
    },
    read: (fd, buffer) => {
      const file = open.get(fd);
      if (!file) return -1;
      const chunk = file.data.subarray(file.at, file.at + buffer.byteLength);
      buffer.set(chunk);
      file.at += chunk.length;
      return chunk.length;
    },
    close: (fd) => open.delete(fd),
  });
}

/** libxml2 (loaded once) and the compiled protocol schema (compiled again after a failed compilation). */
async function theValidator(): Promise<{ lib: typeof Libxml2; schema: Libxml2.XsdValidator }> {
  loading ??= import('libxml2-wasm');
  const lib = await loading;
  if (validator) return { lib, schema: validator };
  const files = new Map(SCHEMA_FILES.map((name) => [name, fs.readFileSync(new URL(name, XSD_DIR))]));
  registerSchemaFiles(lib, files);
  const [protocol] = SCHEMA_FILES;
  const schema = lib.XmlDocument.fromBuffer(files.get(protocol) ?? new Uint8Array(), { url: `${SCHEMA_BASE}${protocol}` });
  try {
    validator = lib.XsdValidator.fromDoc(schema);
  } finally {
    schema.dispose();
  }
  return { lib, schema: validator };
}

/** libxml2's first error: "Element '{urn:...:protocol}AuthnRequest': The attribute 'Version' is required but missing." */
function firstError({ XmlLibError }: typeof Libxml2, error: unknown): string {
  const detail = error instanceof XmlLibError ? error.details[0]?.message : undefined;
  const text = detail ?? (error instanceof Error ? error.message : String(error));
  return text.trim().slice(0, 500);
}

/** Validates `xml` against the SAML 2.0 protocol and assertion schemas (with XML-DSig and XML-Enc). */
export async function validateSchema(xml: string): Promise<SchemaResult> {
  const { lib, schema } = await theValidator();
  const { ParseOption, XmlDocument } = lib;
  let doc: Libxml2.XmlDocument;
  try {
    doc = XmlDocument.fromString(xml, { option: ParseOption.XML_PARSE_NONET | ParseOption.XML_PARSE_NO_XXE });
  } catch (error) {
    return { ok: false, detail: firstError(lib, error) };
  }
  try {
    schema.validate(doc);
    return { ok: true };
  } catch (error) {
    return { ok: false, detail: firstError(lib, error) };
  } finally {
    doc.dispose();
  }
}
