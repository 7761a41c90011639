// node --test scripts/check-doc-paths.test.mjs: what check-doc-paths.mjs takes for a path, and what it reports, on a tiny tree.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { basesFor, docFiles, missingPaths, namesIn, pathKind } from './check-doc-paths.mjs';

/** A repository of two packages and a few docs, in a folder of its own. */
function tree(files) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'check-doc-paths-'));
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }
  return root;
}

const SOURCES = {
  'packages/server/src/app.ts': '',
  'packages/server/src/domain/cert.ts': '',
  'packages/server/src/integrations/http/outbound.ts': '',
  'packages/web/src/shell/layout.tsx': '',
  'docs/decisions/0008-signin-pages.md': '# 0008\n',
};

test('code spans, plain fenced blocks and links are read; code in a language is not', () => {
  const names = namesIn(
    [
      'See `packages/server/src/app.ts` and [a decision](decisions/0008-signin-pages.md#why).',
      '```',
      'packages/web   the console (src/shell/layout.tsx)',
      '```',
      '```ts',
      "import { x } from './gone/module.ts';",
      '```',
    ].join('\n'),
  );
  assert.deepEqual(
    names.map(({ text, line, link }) => ({ text, line, link })),
    [
      { text: 'packages/server/src/app.ts', line: 1, link: false },
      { text: 'decisions/0008-signin-pages.md#why', line: 1, link: true },
      { text: 'packages/web', line: 3, link: false },
      { text: 'the', line: 3, link: false },
      { text: 'console', line: 3, link: false },
      { text: 'src/shell/layout.tsx', line: 3, link: false },
    ],
  );
});

test('a path has a slash and a known extension or a trailing slash; API paths, ids and globs are not paths', () => {
  assert.equal(pathKind('packages/server/src/app.ts'), 'file');
  assert.equal(pathKind('integrations/captcha/'), 'folder');
  assert.equal(pathKind('docs/decisions'), 'maybe');
  for (const name of ['/api/get-cert', 'owner/name', 'text/html', '@gatehouse/entities/plain', 'https://example.com/a.md']) {
    assert.equal(pathKind(name) === 'file' || pathKind(name) === 'folder', false, name);
  }
  for (const name of [
    'src/entities/<entity>.ui.tsx',
    'db/migrations/NNNN_*.ts',
    'locales/{en,zh}.json',
    'packages/web/dist/index.html',
  ]) {
    assert.equal(pathKind(name), null, name);
  }
});

test("a path is tried from the root, then the doc's own package, then every package, its src and packages/", () => {
  assert.deepEqual(basesFor('packages/web/README.md').slice(0, 4), [
    '.',
    'packages/web',
    'packages/web/src',
    'packages/entities',
  ]);
  assert.equal(basesFor('docs/architecture.md').at(-1), 'packages');
});

test('the docs, the root README and the packages READMEs are checked, and only missing paths are reported', () => {
  const root = tree({
    ...SOURCES,
    'README.md': 'Start at `packages/server/src/app.ts`.\n',
    'packages/web/README.md': 'The layout: `src/shell/layout.tsx`; the menu: `src/shell/menu.ts`.\n',
    'docs/architecture.md': [
      '# Architecture',
      '',
      'The domain (`domain/cert.ts`, `domain/gone.ts`), the [decision](decisions/0008-signin-pages.md),',
      'a [missing one](decisions/0009-none.md), [a section](#layers), [the web](https://example.com/x.md),',
      'a storage key `resource/acme/alice/a.png`, the folders `integrations/http/` and `integrations/mail/`.',
    ].join('\n'),
  });
  assert.deepEqual(docFiles(root), [
    'README.md',
    'docs/architecture.md',
    'docs/decisions/0008-signin-pages.md',
    'packages/web/README.md',
  ]);
  const { missing, checked } = missingPaths(root);
  assert.deepEqual(missing, [
    { doc: 'docs/architecture.md', line: 3, text: 'domain/gone.ts' },
    { doc: 'docs/architecture.md', line: 4, text: 'decisions/0009-none.md' },
    { doc: 'docs/architecture.md', line: 5, text: 'integrations/mail/' },
    { doc: 'packages/web/README.md', line: 1, text: 'src/shell/menu.ts' },
  ]);
  assert.equal(checked, 9);
  fs.rmSync(root, { recursive: true, force: true });
});
