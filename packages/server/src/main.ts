import cluster from 'node:cluster';
import { runPrimary } from './cluster/workers.js';
import { loadConfig } from './config/config.js';

/**
 * Starts Gatehouse on PORT and stops gracefully on SIGINT/SIGTERM (in-flight requests finish).
 * With WORKERS=N (N > 1) this process is the primary of N workers sharing the port (cluster/workers.ts).
 */
async function main() {
  const config = loadConfig();
  if (config.workers > 1 && cluster.isPrimary) return runPrimary(config.workers);
  // Loaded here, so that a primary of workers never loads the server it does not run.
  const { buildApp } = await import('./app.js');
  const { app } = await buildApp(config);
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, shutting down`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  // A worker whose primary is gone stops too (nobody hands it connections any more).
  if (cluster.isWorker) process.on('disconnect', () => void shutdown('primary gone'));
  await app.listen({ port: config.port, host: config.host });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
