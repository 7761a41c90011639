#!/usr/bin/env node
/**
 * The unit and API tests on every engine of GATEHOUSE_TEST_DATABASES (default: SQLite, PostgreSQL
 * and MariaDB/MySQL). With 4 cores or more (or GATEHOUSE_TEST_PARALLEL=1) one Vitest process per
 * engine runs side by side: the API suites (*.api.test.ts) of each engine at once, the other unit
 * tests once, with the first engine; each run's output is printed whole when it ends, so that the
 * runs do not interleave, and the exit code is the first failure's. With fewer cores one process
 * runs every engine, its suites four files at a time (vitest.config.ts maxWorkers: the suites wait
 * more than they compute), which keeps both cores busy without three processes competing.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const engines = (process.env.GATEHOUSE_TEST_DATABASES ?? 'sqlite,postgres,mysql')
  .split(',')
  .map((engine) => engine.trim())
  .filter(Boolean);
const extra = process.argv.slice(2);
// Each run also writes Vitest's JSON report, from which scripts/slowest.mjs prints its slowest files.
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'gatehouse-vitest-'));
const reporting = (name) => ['--reporter=default', '--reporter=json', `--outputFile.json=${path.join(reports, `${name}.json`)}`];
const printSlowest = (name) =>
  spawnSync('node', ['scripts/slowest.mjs', path.join(reports, `${name}.json`)], { stdio: 'inherit' });

function run(engine, first) {
  // The first engine's run also takes the tests that need no database; the others only API suites.
  const args = ['vitest', 'run', ...(first ? [] : ['.api.test.']), ...reporting(engine), ...extra];
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npx', args, {
      env: { ...process.env, GATEHOUSE_TEST_DATABASES: engine, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('close', (code) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      process.stdout.write(`\n==== ${engine}: ${code === 0 ? 'passed' : 'FAILED'} in ${seconds} s ====\n${output}`);
      printSlowest(engine);
      resolve(code ?? 1);
    });
  });
}

const parallel =
  process.env.GATEHOUSE_TEST_PARALLEL !== undefined
    ? process.env.GATEHOUSE_TEST_PARALLEL === '1'
    : os.availableParallelism() >= 4 && engines.length > 1;
if (!parallel) {
  const single = spawnSync('npx', ['vitest', 'run', ...reporting('all'), ...extra], {
    env: { ...process.env, GATEHOUSE_TEST_DATABASES: engines.join(',') },
    stdio: 'inherit',
  });
  printSlowest('all');
  process.exit(single.status ?? 1);
}

const codes = await Promise.all(engines.map((engine, index) => run(engine, index === 0)));
const failed = codes.find((code) => code !== 0);
console.log(`\nunit and API tests: ${engines.map((engine, i) => `${engine} ${codes[i] === 0 ? 'ok' : 'failed'}`).join(', ')}`);
process.exit(failed ?? 0);
