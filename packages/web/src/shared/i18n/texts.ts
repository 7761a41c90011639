/** The catalogues' pure parts (i18n.ts holds the state): nested groups of texts with {{name}} placeholders. */
export interface Catalogue {
  [key: string]: string | Catalogue;
}

/** Values of a text's placeholders; `defaultValue` is the text when the catalogue has none. */
export type TextParams = { defaultValue?: string } & Record<string, unknown>;

/** `from` laid over `into`, group by group (a catalogue's whole file over its public part). */
export function merge(into: Catalogue, from: Catalogue): Catalogue {
  const result: Catalogue = { ...into };
  for (const [key, value] of Object.entries(from)) {
    const existing = result[key];
    result[key] = typeof value === 'object' && typeof existing === 'object' ? merge(existing, value) : value;
  }
  return result;
}

/** The text of a dotted key (`signin.signedInAs`), or undefined when the catalogue has none there. */
export function lookup(catalogue: Catalogue | undefined, key: string): string | undefined {
  let node: string | Catalogue | undefined = catalogue;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

/** A text with its {{name}} placeholders filled from `params` (one without a value stays as written). */
export function fill(text: string, params: TextParams): string {
  return text.replace(PLACEHOLDER, (placeholder, name: string) => (name in params ? String(params[name]) : placeholder));
}
