import { type Application, application, fieldEntries } from '@gatehouse/entities';
import { AppError } from '../errors.js';
import { isJsonObject } from '../http/params.js';

/**
 * An application definition as an HTML file (docs/decisions/0006-application-definition-html.md):
 * a page a person can read in any browser (what the application is and where it sends users),
 * carrying the definition itself as JSON in <script type="application/json" id=...>. The
 * application list exports one per application and creates an application from an uploaded one.
 */
export const DEFINITION_ELEMENT_ID = 'gatehouse-application';

/** Largest definition file accepted (the big HTML and CSS fields fit many times over). */
export const MAX_DEFINITION_BYTES = 2 * 1024 * 1024;

/**
 * Left out of a definition: the record's identity in this server (owner, creation time) and its
 * client credentials, which a new application always gets fresh.
 */
const NOT_EXPORTED = new Set(['owner', 'createdTime', 'clientId', 'clientSecret']);

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);
}

/** JSON that cannot close its script element or start a comment inside it. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value, null, 2)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The fields of `app` that make up its definition (secrets never among them). */
export function definitionOf(app: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, field] of fieldEntries(application)) {
    if (NOT_EXPORTED.has(key) || field.kind === 'secret' || field.kind === 'password' || field.hidden) continue;
    if (key in app) out[key] = app[key];
  }
  return out;
}

/** The HTML file of an application's definition. */
export function definitionHtml(app: Partial<Application> & Pick<Application, 'name'>): string {
  const definition = definitionOf(app);
  const title = app.displayName || app.name;
  const rows: [string, string][] = [
    ['Name', app.name],
    ['Display name', app.displayName ?? ''],
    ['Organization', app.organization ?? ''],
    ['Description', app.description ?? ''],
    ['Home page', app.homepageUrl ?? ''],
    ['Redirect URIs', (app.redirectUris ?? []).join(', ')],
    ['Grant types', (app.grantTypes ?? []).join(', ')],
    ['Token format', app.tokenFormat ?? ''],
    ['Certificate', app.cert ?? ''],
    ['SAML reply URL', app.samlReplyUrl ?? ''],
  ];
  const table = rows
    .filter(([, value]) => value !== '')
    .map(([label, value]) => `      <tr><th scope="row">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`)
    .join('\n');
  return `<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="generator" content="Gatehouse">
    <title>${escapeHtml(title)} - application definition</title>
    <style>
      body { font-family: system-ui, sans-serif; margin: 2rem auto; max-width: 48rem; padding: 0 1rem; color: #1f1f1f; }
      table { border-collapse: collapse; width: 100%; }
      th, td { border: 1px solid #d9d9d9; padding: 0.4rem 0.6rem; text-align: left; vertical-align: top; }
      th { background: #fafafa; width: 12rem; }
    </style>
  </head>
  <body>
    <h1>${escapeHtml(title)}</h1>
    <p>Gatehouse application definition. Upload this file on the Applications page of a Gatehouse
      console to create the application there; it gets new client credentials.</p>
    <table>
${table}
    </table>
    <script type="application/json" id="${DEFINITION_ELEMENT_ID}">
${scriptJson(definition)}
    </script>
  </body>
</html>
`;
}

const SCRIPT_ELEMENT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

function attribute(attributes: string, name: string): string | undefined {
  const match = new RegExp(`\\b${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+))`, 'i').exec(attributes);
  return match ? (match[1] ?? match[2] ?? match[3]) : undefined;
}

/** The definition a file carries, or an error naming what is wrong with it. */
export function parseDefinitionHtml(html: string): Record<string, unknown> {
  for (const match of html.matchAll(SCRIPT_ELEMENT)) {
    const attributes = match[1] ?? '';
    if (attribute(attributes, 'id') !== DEFINITION_ELEMENT_ID) continue;
    if (attribute(attributes, 'type')?.toLowerCase() !== 'application/json') break;
    let parsed: unknown;
    try {
      parsed = JSON.parse(match[2] ?? '');
    } catch (error) {
      throw new AppError('applicationDefinitionInvalid', { detail: error instanceof Error ? error.message : String(error) });
    }
    if (!isJsonObject(parsed))
      throw new AppError('applicationDefinitionInvalid', { detail: 'the definition must be a JSON object' });
    return parsed;
  }
  throw new AppError('applicationDefinitionMissing', { id: DEFINITION_ELEMENT_ID });
}

/** Whether a file is an HTML file by its declared type and name (text/html only). */
export function isHtmlUpload(filename: string, mimetype: string): boolean {
  return mimetype.split(';')[0]?.trim().toLowerCase() === 'text/html' && /\.html?$/i.test(filename);
}
