import { parseArgs } from 'node:util';
import { buildApp } from './app.js';
import { loadConfig } from './config/config.js';
import { addBulkUsers } from './domain/bulk-users.js';

/**
 * Fills a database with many users for benchmarks (domain/bulk-users.ts):
 *
 *   node packages/server/dist/generate-users.js --database-url sqlite:./data/bench.db --users 1000000 [--organizations 20]
 *
 * The database is migrated and seeded first, as the server does on its first start (the
 * environment's INIT_ADMIN_PASSWORD and the rest of the configuration apply). Prints one JSON line:
 * {"users":N,"organizations":[...],"milliseconds":T}.
 */
async function main() {
  const { values } = parseArgs({
    options: {
      'database-url': { type: 'string' },
      users: { type: 'string', default: '1000' },
      organizations: { type: 'string', default: '20' },
      first: { type: 'string', default: '0' },
      quiet: { type: 'boolean', default: false },
    },
  });
  const config = loadConfig();
  const { app, ctx } = await buildApp(
    { ...config, ...(values['database-url'] ? { databaseUrl: values['database-url'] } : {}) },
    { logger: false },
  );
  try {
    const users = Number(values.users);
    const result = await addBulkUsers(ctx, {
      users,
      organizations: Number(values.organizations),
      first: Number(values.first),
      onProgress: (added) => {
        if (!values.quiet && added % 100_000 === 0) process.stderr.write(`  ${added} / ${users} users\n`);
      },
    });
    console.log(JSON.stringify(result));
  } finally {
    await app.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
