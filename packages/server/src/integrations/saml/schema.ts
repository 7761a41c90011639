import fs from 'node:fs';
import { ParseOption, XmlDocument, XmlLibError, XsdValidator, xmlRegisterInputProvider } from 'libxml2-wasm';

/**
 * XML schema validation of SAML messages with libxml2 (libxml2-wasm: libxml2 compiled to
 * WebAssembly, no native build, no Java). The SAML 2.0 protocol schema, with the assertion,
 * XML-DSig and XML-Enc schemas it imports (packages/server/xsd, as OASIS and the W3C publish them),
 * is compiled once, on first use; a validation then takes about a tenth of a millisecond for an
 * AuthnRequest, so it runs in place. Messages are parsed without network access and without
 * external entities: only the four schema files can ever be read, and only by the schema compiler.
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

const MESSAGE_OPTIONS = ParseOption.XML_PARSE_NONET | ParseOption.XML_PARSE_NO_XXE;

export type SchemaResult = { ok: true } | { ok: false; detail: string };

let validator: XsdValidator | null = null;

/** Serves the four schema files, and only them, to libxml2 while it compiles the protocol schema. */
function registerSchemaFiles(files: Map<string, Uint8Array>) {
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

function theValidator(): XsdValidator {
  if (validator) return validator;
  const files = new Map(SCHEMA_FILES.map((name) => [name, fs.readFileSync(new URL(name, XSD_DIR))]));
  registerSchemaFiles(files);
  const [protocol] = SCHEMA_FILES;
  const schema = XmlDocument.fromBuffer(files.get(protocol) ?? new Uint8Array(), { url: `${SCHEMA_BASE}${protocol}` });
  try {
    validator = XsdValidator.fromDoc(schema);
  } finally {
    schema.dispose();
  }
  return validator;
}

/** libxml2's first error: "Element '{urn:...:protocol}AuthnRequest': The attribute 'Version' is required but missing." */
function firstError(error: unknown): string {
  const detail = error instanceof XmlLibError ? error.details[0]?.message : undefined;
  const text = detail ?? (error instanceof Error ? error.message : String(error));
  return text.trim().slice(0, 500);
}

/** Validates `xml` against the SAML 2.0 protocol and assertion schemas (with XML-DSig and XML-Enc). */
export function validateSchema(xml: string): SchemaResult {
  const schema = theValidator();
  let doc: XmlDocument;
  try {
    doc = XmlDocument.fromString(xml, { option: MESSAGE_OPTIONS });
  } catch (error) {
    return { ok: false, detail: firstError(error) };
  }
  try {
    schema.validate(doc);
    return { ok: true };
  } catch (error) {
    return { ok: false, detail: firstError(error) };
  } finally {
    doc.dispose();
  }
}
