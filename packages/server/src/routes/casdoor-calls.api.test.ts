import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test-support/server.js';

const DOC = new URL('../../../../docs/casdoor-compatibility.md', import.meta.url);
const SECTION = "## Every call of Casdoor's API";
const STATUSES = ['same', 'extended', 'different', 'not served yet', 'not served', 'Gatehouse only'];

interface Row {
  path: string;
  status: string;
}

/** The rows of the doc's call tables: `| METHOD \`path\` | status | notes |`. */
function documentedCalls(): Row[] {
  const text = fs.readFileSync(DOC, 'utf8');
  const start = text.indexOf(SECTION);
  if (start < 0) throw new Error(`docs/casdoor-compatibility.md has no "${SECTION}" section`);
  const end = text.indexOf('\n## ', start + SECTION.length);
  const section = text.slice(start, end < 0 ? undefined : end);
  const rows: Row[] = [];
  for (const line of section.split('\n')) {
    const match = /^\|[^|`]*`([^`]+)`\s*\|\s*([^|]+?)\s*\|/.exec(line);
    if (match?.[1] && match[2]) rows.push({ path: match[1], status: match[2] });
  }
  return rows;
}

/**
 * docs/casdoor-compatibility.md lists every call of Casdoor's API with what Gatehouse does with it,
 * and every call of Gatehouse that Casdoor lacks: the list cannot drift from the server's routes.
 */
describe("the compatibility doc's list of calls", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('sqlite');
  }, 60_000);
  afterAll(async () => server?.close());

  it('says of each call a status, and "not served" exactly of the calls the server does not answer', () => {
    const rows = documentedCalls();
    expect(rows.length).toBeGreaterThan(250);
    const served = new Set(server.routes.map((route) => route.url));
    for (const row of rows) {
      expect(STATUSES, `${row.path}: status "${row.status}"`).toContain(row.status);
      const answered = served.has(row.path);
      expect(answered, `${row.path} is ${row.status} in the doc`).toBe(!row.status.startsWith('not served'));
    }
  });

  it('lists every call the server answers', () => {
    const documented = new Set(documentedCalls().map((row) => row.path));
    const missing = [...new Set(server.routes.map((route) => route.url))].filter((url) => !documented.has(url));
    expect(missing).toEqual([]);
  });
});
