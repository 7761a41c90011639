#!/usr/bin/env node
/**
 * Every repository path the docs name exists. Reads docs/**\/*.md, README.md and
 * packages/*\/README.md, takes the paths they name in code spans (`packages/server/src/app.ts`),
 * in fenced blocks without a language or of the shell, and in links ([decision](decisions/0005-....md)),
 * and prints the ones that are missing (exit 1).
 *
 * A code span is a path when it has a slash, ends in a file extension of the repository's (`.ts`,
 * `.md` ...) or in a slash (a folder), and starts with a folder of the repository's; anything else
 * (API paths, MIME types, owner/name ids, storage keys, Casdoor's Go files) is not a path. A path may be written from
 * the repository's root, from a package (`src/console/shell/layout.tsx`), from a package's src
 * (`domain/cert.ts`), or from packages/ (`web/src/console/crud/paths.ts`): the doc's own package is tried
 * first, then each package. Links resolve from the doc's own folder, as Markdown does.
 *
 *   node scripts/check-doc-paths.mjs [root]
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The folders a path may be written from, besides the root (each also from its src/). */
export const PACKAGES = ['packages/entities', 'packages/server', 'packages/web', 'e2e', 'bench'];

/** File extensions that make a slashed name a repository path. */
const EXTENSIONS = new Set([
  'ts',
  'tsx',
  'js',
  'mjs',
  'cjs',
  'jsx',
  'json',
  'md',
  'css',
  'html',
  'sh',
  'yml',
  'yaml',
  'xsd',
  'svg',
  'png',
  'sql',
]);

/** Build and run outputs: named in the docs, absent from a fresh checkout. */
const OUTPUTS = new Set(['dist', 'node_modules', 'data', 'test-results', 'playwright-report', 'reports', 'coverage']);

/** Fenced blocks whose text may name paths (a tree, a command); code in a language does not. */
const PLAIN_FENCES = new Set(['', 'text', 'sh', 'bash', 'shell']);

/** The Markdown files checked, relative to `root`, in a stable order. */
export function docFiles(root) {
  const files = [];
  const walk = (relative) => {
    for (const entry of fs.readdirSync(path.join(root, relative), { withFileTypes: true })) {
      const child = path.posix.join(relative, entry.name);
      if (entry.isDirectory()) walk(child);
      else if (entry.name.endsWith('.md')) files.push(child);
    }
  };
  if (fs.existsSync(path.join(root, 'docs'))) walk('docs');
  if (fs.existsSync(path.join(root, 'README.md'))) files.push('README.md');
  const packages = path.join(root, 'packages');
  if (fs.existsSync(packages)) {
    for (const name of fs.readdirSync(packages)) {
      const readme = path.posix.join('packages', name, 'README.md');
      if (fs.existsSync(path.join(root, readme))) files.push(readme);
    }
  }
  return files.sort();
}

/**
 * The names a Markdown text gives in code spans, plain fenced blocks and links, each with its line:
 * `{ text, line, link }` (`link`: a link target, which resolves from the doc's folder).
 */
export function namesIn(markdown) {
  const names = [];
  const lines = markdown.split('\n');
  let fence = null;
  lines.forEach((line, index) => {
    const number = index + 1;
    const marker = /^\s*(```|~~~)\s*([\w-]*)/.exec(line);
    if (marker) {
      fence = fence === null ? marker[2].toLowerCase() : null;
      return;
    }
    if (fence !== null) {
      if (PLAIN_FENCES.has(fence)) for (const word of words(line)) names.push({ text: word, line: number, link: false });
      return;
    }
    for (const span of line.matchAll(/`([^`]+)`/g)) {
      for (const word of words(span[1])) names.push({ text: word, line: number, link: false });
    }
    const prose = line.replace(/`[^`]*`/g, '');
    for (const link of prose.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
      names.push({ text: link[1], line: number, link: true });
    }
  });
  return names;
}

/** The words of a code span or a block's line, without the punctuation around them. */
function words(text) {
  return text
    .split(/[\s,;()[\]"'=]+/)
    .map((word) => word.replace(/^:+/, '').replace(/[:.]+$/, ''))
    .filter(Boolean);
}

/**
 * How a name is checked: 'file' (a slashed name with a known extension), 'folder' (ending in a
 * slash), 'maybe' (slashed, no extension: a path only if such a folder exists), or null (not a path).
 */
export function pathKind(name) {
  if (!name.includes('/')) return null;
  if (name.startsWith('/') || name.startsWith('@') || name.startsWith('~') || /^[a-z][a-z0-9+.-]*:/i.test(name)) return null;
  if (/[*{}<>$|?#&%!…\\]|\.\.\.|\/\//.test(name)) return null;
  const segments = name.split('/').filter(Boolean);
  if (segments.some((segment) => OUTPUTS.has(segment))) return null;
  if (name.endsWith('/')) return 'folder';
  const last = segments[segments.length - 1] ?? '';
  const extension = /\.([A-Za-z0-9]+)$/.exec(last)?.[1];
  if (extension && EXTENSIONS.has(extension)) return 'file';
  return 'maybe';
}

/** The folders a name written in `doc` may be relative to, in the order they are tried. */
export function basesFor(doc) {
  const own = PACKAGES.find((pkg) => doc.startsWith(`${pkg}/`));
  const ordered = own ? [own, ...PACKAGES.filter((pkg) => pkg !== own)] : PACKAGES;
  return ['.', ...ordered.flatMap((pkg) => [pkg, `${pkg}/src`]), 'packages'];
}

/** Whether a name found in `doc` names something that exists under `root`. */
export function exists(root, doc, name) {
  // Outside the repository is missing too: a clone has nothing there.
  const inside = (full) => !path.relative(root, full).startsWith('..') && fs.existsSync(full);
  if (name.link) {
    const target = decodeURIComponent(name.text.replace(/[#?].*$/, ''));
    if (target === '') return true;
    return inside(path.join(root, path.dirname(doc), target));
  }
  const kind = pathKind(name.text);
  return basesFor(doc).some((base) => {
    const full = path.join(root, base, name.text);
    if (!inside(full)) return false;
    return kind === 'file' ? fs.statSync(full).isFile() : fs.statSync(full).isDirectory();
  });
}

/** Whether a path's first folder is one of the repository's, from one of the doc's bases. */
export function startsInRepository(root, doc, text) {
  const first = text.replace(/^\.\//, '').split('/')[0];
  if (first === '.' || first === '..') return true;
  return basesFor(doc).some((base) => {
    const full = path.join(root, base, first);
    return fs.existsSync(full) && fs.statSync(full).isDirectory();
  });
}

/** The names of the docs under `root` that name nothing: `{ doc, line, text }`, in order. */
export function missingPaths(root) {
  const missing = [];
  let checked = 0;
  for (const doc of docFiles(root)) {
    const markdown = fs.readFileSync(path.join(root, doc), 'utf8');
    for (const name of namesIn(markdown)) {
      if (name.link) {
        if (/^[a-z][a-z0-9+.-]*:/i.test(name.text) || name.text.startsWith('#')) continue;
      } else {
        const kind = pathKind(name.text);
        // A slashed name without an extension is a path only where such a folder exists (never missing).
        if (kind === null || kind === 'maybe') continue;
        // An example such as `resource/acme/alice/a.png` (a storage key) starts nowhere in the repository.
        if (!startsInRepository(root, doc, name.text)) continue;
      }
      checked++;
      if (!exists(root, doc, name)) missing.push({ doc, line: name.line, text: name.text });
    }
  }
  return { missing, checked };
}

function main() {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const root = path.resolve(process.argv[2] ?? path.join(here, '..'));
  const { missing, checked } = missingPaths(root);
  if (missing.length === 0) {
    console.log(`check-doc-paths: ${checked} paths named in ${docFiles(root).length} docs, all present`);
    return 0;
  }
  console.error(`check-doc-paths: ${missing.length} of ${checked} paths named in the docs do not exist:`);
  for (const { doc, line, text } of missing) console.error(`  ${doc}:${line}: ${text}`);
  return 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) process.exitCode = main();
