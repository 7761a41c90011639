#!/usr/bin/env node
/**
 * Prints what took longest in a test run, from the JSON report its runner wrote: the 10 slowest
 * files of a Vitest run (each engine's suites of a file run one after the other in one worker),
 * its tests' time by engine and its 10 slowest suites on one engine; or the 10 slowest spec files
 * and tests of a Playwright run. CI prints both at the end of each run,
 * so that the next person shortening it starts from figures.
 *
 *   node scripts/slowest.mjs <report.json> [count]
 */
import fs from 'node:fs';
import path from 'node:path';

const [file, countArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: node scripts/slowest.mjs <report.json> [count]');
  process.exit(2);
}
const count = Number(countArg) || 10;
if (!fs.existsSync(file)) {
  console.log(`slowest: no report at ${file} (the run ended before writing it)`);
  process.exit(0);
}
const report = JSON.parse(fs.readFileSync(file, 'utf8'));
const seconds = (ms) => `${(ms / 1000).toFixed(1).padStart(7)} s`;
const top = (entries) => entries.sort((a, b) => b[1] - a[1]).slice(0, count);

if (Array.isArray(report.testResults)) {
  // Vitest: one entry per test file.
  const files = report.testResults.map((result) => [
    path.relative(process.cwd(), result.name),
    result.endTime - result.startTime,
  ]);
  const total = files.reduce((sum, [, ms]) => sum + ms, 0);
  console.log(`\nThe ${count} slowest of ${files.length} test files (${seconds(total).trim()} in all, across workers):`);
  for (const [name, ms] of top(files)) console.log(`${seconds(ms)}  ${name}`);
  // Per engine: an API suite's describe block names its engine ([sqlite], [postgres], [mysql]).
  const byEngine = new Map();
  const byFileEngine = new Map();
  for (const result of report.testResults) {
    const name = path.relative(process.cwd(), result.name);
    for (const test of result.assertionResults ?? []) {
      const engine =
        [...(test.ancestorTitles ?? []), test.title].join(' ').match(/\[(sqlite|postgres|mysql)\]/)?.[1] ?? 'no database';
      const ms = test.duration ?? 0;
      byEngine.set(engine, (byEngine.get(engine) ?? 0) + ms);
      const key = `${name} [${engine}]`;
      byFileEngine.set(key, (byFileEngine.get(key) ?? 0) + ms);
    }
  }
  console.log(
    `Tests' time by engine: ${top([...byEngine])
      .map(([engine, ms]) => `${engine} ${seconds(ms).trim()}`)
      .join(', ')}`,
  );
  console.log(`The ${count} slowest suites on one engine (their tests' time):`);
  for (const [name, ms] of top([...byFileEngine])) console.log(`${seconds(ms)}  ${name}`);
} else if (Array.isArray(report.suites)) {
  // Playwright: suites of spec files, each with its tests and their attempts.
  const tests = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const ms = (test.results ?? []).reduce((sum, result) => sum + result.duration, 0);
        tests.push({
          file: spec.file,
          title: `${spec.file}:${spec.line} ${spec.title}`,
          ms,
          retried: (test.results ?? []).length > 1,
        });
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites) walk(suite);
  const byFile = new Map();
  for (const test of tests) byFile.set(test.file, (byFile.get(test.file) ?? 0) + test.ms);
  const total = tests.reduce((sum, test) => sum + test.ms, 0);
  console.log(`\nThe ${count} slowest of ${byFile.size} browser spec files (${seconds(total).trim()} in all, across workers):`);
  for (const [name, ms] of top([...byFile])) console.log(`${seconds(ms)}  ${name}`);
  console.log(`The ${count} slowest of ${tests.length} browser tests (retries included):`);
  for (const [name, ms] of top(tests.map((test) => [`${test.title}${test.retried ? ' (retried)' : ''}`, test.ms]))) {
    console.log(`${seconds(ms)}  ${name}`);
  }
} else {
  console.log(`slowest: ${file} is neither a Vitest nor a Playwright JSON report`);
}
