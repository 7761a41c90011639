/**
 * The ceiling of a Fastify route on this machine: one route answering a small JSON object, with the
 * Fastify the server runs (resolved from packages/server), in a process of its own.
 * Usage: node --import tsx hello-world.ts <port>
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const serverPackage = path.resolve(import.meta.dirname, '../packages/server/package.json');
const fastifyEntry = createRequire(serverPackage).resolve('fastify');
const { default: Fastify } = (await import(pathToFileURL(fastifyEntry).href)) as typeof import('fastify');

const app = Fastify({ logger: false });
app.get('/', async () => ({ status: 'ok', msg: '', data: 'hello' }));
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
await app.listen({ port: Number(process.argv[2]), host: '127.0.0.1' });
