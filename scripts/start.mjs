#!/usr/bin/env node
/**
 * npm start: builds the product only when its sources changed since the last build, then starts
 * the server (which serves the built console). The fingerprint is a hash of every source and build
 * file, kept beside the build; a fresh clone, a pull or an edit rebuilds, a plain restart does not.
 */
import { execSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const stampFile = path.join(root, 'packages/server/dist/.build-fingerprint');
const outputs = ['packages/server/dist/main.js', 'packages/web/dist/index.html', 'packages/entities/dist/index.js'];
const SKIP = new Set(['node_modules', 'dist', '.turbo']);

/** Files whose change needs a new build: the packages' sources and build settings, and the lockfile. */
function inputs() {
  const files = ['package.json', 'package-lock.json', 'tsconfig.base.json'];
  for (const pkg of ['entities', 'server', 'web']) {
    const dir = path.join('packages', pkg);
    const walk = (relative) => {
      for (const entry of fs.readdirSync(path.join(root, relative), { withFileTypes: true })) {
        if (SKIP.has(entry.name)) continue;
        const child = path.join(relative, entry.name);
        if (entry.isDirectory()) walk(child);
        else files.push(child);
      }
    };
    walk(dir);
  }
  return files.sort();
}

function fingerprint() {
  const hash = createHash('sha256');
  for (const file of inputs()) {
    hash.update(file);
    hash.update('\0');
    hash.update(fs.readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

const current = fingerprint();
const built = outputs.every((file) => fs.existsSync(path.join(root, file)));
const stored = fs.existsSync(stampFile) ? fs.readFileSync(stampFile, 'utf8').trim() : '';
if (built && stored === current) {
  console.log('Sources unchanged since the last build: starting the built product.');
} else {
  console.log(built ? 'Sources changed: building ...' : 'No build yet: building ...');
  execSync('npm run build', { cwd: root, stdio: 'inherit' });
  fs.writeFileSync(stampFile, `${current}\n`);
}
await import(pathToFileURL(path.join(root, 'packages/server/dist/main.js')).href);
