/**
 * A casbin model's text (an INI-like file: `[section]` headers, `key = value` lines, `#` comments,
 * a trailing `\` continuing a value on the next line) as sections of entries, and back. The model
 * edit page's Advanced tab edits the five usual definitions as form fields and keeps them in step
 * with the text: `modelFields` reads them, `withModelFields` writes them back, and entries the
 * form does not show (p2, g2, comments aside) are kept in place.
 */

export interface ModelEntry {
  key: string;
  value: string;
}

export interface ModelSection {
  name: string;
  entries: ModelEntry[];
}

/** The definitions the Advanced tab edits, by section: r, p, g, e and m. */
export interface ModelFields {
  request: string;
  policy: string;
  role: string;
  effect: string;
  matchers: string;
}

/** Which section and key each form field is. */
export const MODEL_FIELD_KEYS: Record<keyof ModelFields, { section: string; key: string }> = {
  request: { section: 'request_definition', key: 'r' },
  policy: { section: 'policy_definition', key: 'p' },
  role: { section: 'role_definition', key: 'g' },
  effect: { section: 'policy_effect', key: 'e' },
  matchers: { section: 'matchers', key: 'm' },
};

/** Sections a model must have (the role definition is optional). */
export const REQUIRED_MODEL_SECTIONS = ['request_definition', 'policy_definition', 'policy_effect', 'matchers'] as const;

/** The policy effects casbin implements. */
export const POLICY_EFFECTS = [
  'some(where (p.eft == allow))',
  '!some(where (p.eft == deny))',
  'some(where (p.eft == allow)) && !some(where (p.eft == deny))',
  'priority(p.eft) || deny',
  'subjectPriority(p.eft)',
] as const;

/** The default model of a new record: role-based access control. */
export const DEFAULT_MODEL_TEXT = `[request_definition]
r = sub, obj, act

[policy_definition]
p = sub, obj, act

[role_definition]
g = _, _

[policy_effect]
e = some(where (p.eft == allow))

[matchers]
m = g(r.sub, p.sub) && r.obj == p.obj && r.act == p.act`;

/**
 * The built-in API model (Casdoor's api-model-built-in): who may call which API path, with `*`
 * wildcards, `!anonymous`, keyMatch2 on the path, and everyone on their own objects.
 */
export const API_MODEL_TEXT = `[request_definition]
r = subOwner, subName, method, urlPath, objOwner, objName

[policy_definition]
p = subOwner, subName, method, urlPath, objOwner, objName

[role_definition]
g = _, _

[policy_effect]
e = some(where (p.eft == allow))

[matchers]
m = (r.subOwner == p.subOwner || p.subOwner == "*") && \\
    (r.subName == p.subName || p.subName == "*" || r.subName != "anonymous" && p.subName == "!anonymous") && \\
    (r.method == p.method || p.method == "*") && \\
    (keyMatch2(r.urlPath, p.urlPath) || p.urlPath == "*") && \\
    (r.objOwner == p.objOwner || p.objOwner == "*") && \\
    (r.objName == p.objName || p.objName == "*") || \\
    (r.subOwner == r.objOwner && r.subName == r.objName)`;

/** Why a model text does not parse as sections, or null. */
export class ModelTextError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(message);
  }
}

/** Parses the text into sections; throws ModelTextError on a line that is neither header, entry nor comment. */
export function parseModelText(text: string): ModelSection[] {
  const sections: ModelSection[] = [];
  let current: ModelSection | undefined;
  let pending: ModelEntry | undefined;
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i] ?? '';
    const line = raw.trim();
    if (pending) {
      const continued = line.endsWith('\\');
      pending.value = `${pending.value} ${(continued ? line.slice(0, -1) : line).trim()}`.trim();
      if (!continued) pending = undefined;
      continue;
    }
    if (line === '' || line.startsWith('#') || line.startsWith(';')) continue;
    const header = /^\[([^\]]+)\]$/.exec(line);
    if (header) {
      const name = (header[1] ?? '').trim();
      current = sections.find((s) => s.name === name);
      if (!current) {
        current = { name, entries: [] };
        sections.push(current);
      }
      continue;
    }
    const eq = line.indexOf('=');
    if (eq <= 0) throw new ModelTextError(`line ${i + 1}: expected "key = value" or a [section]`, i + 1);
    if (!current) throw new ModelTextError(`line ${i + 1}: an entry before any [section]`, i + 1);
    const key = line.slice(0, eq).trim();
    let value = line.slice(eq + 1).trim();
    const continued = value.endsWith('\\');
    if (continued) value = value.slice(0, -1).trim();
    const entry = { key, value };
    const existing = current.entries.find((e) => e.key === key);
    if (existing) existing.value = value;
    else current.entries.push(entry);
    if (continued) pending = existing ?? entry;
  }
  return sections;
}

/** Prints sections as model text: a blank line between sections, one `key = value` line per entry. */
export function printModelText(sections: readonly ModelSection[]): string {
  return sections
    .filter((s) => s.entries.length > 0)
    .map((s) => [`[${s.name}]`, ...s.entries.map((e) => `${e.key} = ${e.value}`)].join('\n'))
    .join('\n\n');
}

function entryValue(sections: readonly ModelSection[], section: string, key: string): string {
  return sections.find((s) => s.name === section)?.entries.find((e) => e.key === key)?.value ?? '';
}

/** The five usual definitions (empty strings for those the model lacks). */
export function modelFields(sections: readonly ModelSection[]): ModelFields {
  const read = (field: keyof ModelFields) => entryValue(sections, MODEL_FIELD_KEYS[field].section, MODEL_FIELD_KEYS[field].key);
  return {
    request: read('request'),
    policy: read('policy'),
    role: read('role'),
    effect: read('effect'),
    matchers: read('matchers'),
  };
}

const SECTION_ORDER = ['request_definition', 'policy_definition', 'role_definition', 'policy_effect', 'matchers'];

/**
 * The sections with the form's values written in: a changed value replaces its entry, an empty one
 * removes it (and an emptied section goes), a new one is added in the usual section order.
 */
export function withModelFields(sections: readonly ModelSection[], fields: ModelFields): ModelSection[] {
  const next = sections.map((s) => ({ name: s.name, entries: s.entries.map((e) => ({ ...e })) }));
  for (const field of Object.keys(MODEL_FIELD_KEYS) as (keyof ModelFields)[]) {
    const { section, key } = MODEL_FIELD_KEYS[field];
    const value = fields[field].trim();
    let target = next.find((s) => s.name === section);
    if (!target) {
      if (!value) continue;
      target = { name: section, entries: [] };
      const order = SECTION_ORDER.indexOf(section);
      const before = next.findIndex((s) => {
        const at = SECTION_ORDER.indexOf(s.name);
        return at > order || at < 0;
      });
      if (before < 0) next.push(target);
      else next.splice(before, 0, target);
    }
    const entry = target.entries.find((e) => e.key === key);
    if (!value) target.entries = target.entries.filter((e) => e.key !== key);
    else if (entry) entry.value = value;
    else target.entries.unshift({ key, value });
  }
  return next.filter((s) => s.entries.length > 0);
}

/** The value names of a policy definition ("sub, obj, act" → ["sub", "obj", "act"]). */
export function policyFieldNames(definition: string): string[] {
  return definition
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
}
