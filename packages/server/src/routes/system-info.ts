import { timingSafeEqual } from 'node:crypto';
import { isGlobalAdmin, type VersionInfo } from '@gatehouse/entities';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { accountOf } from '../auth/account.js';
import type { ServerContext } from '../context.js';
import { CpuSampler, readVersionInfo, systemInfoOf } from '../domain/system-info.js';
import { unauthorized } from '../errors.js';
import { ok } from '../http/envelope.js';
import type { RequestMetrics } from '../plugins/metrics.js';

async function isGlobalAdminRequest(ctx: ServerContext, request: FastifyRequest): Promise<boolean> {
  const viewer = (await accountOf(ctx, request))?.viewer;
  return Boolean(viewer && isGlobalAdmin(viewer));
}

function bearerMatches(request: FastifyRequest, token: string | undefined): boolean {
  if (!token) return false;
  const header = request.headers.authorization ?? '';
  const given = Buffer.from(header.startsWith('Bearer ') ? header.slice(7) : '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * The system-info dashboard: host CPU and memory, request metrics and
 * the version. System and Prometheus info are for global administrators only; the version is public
 * (Casdoor's wire). GET /metrics and /api/metrics give the Prometheus text format to a scraper that
 * sends `Authorization: Bearer <METRICS_TOKEN>`, or to a signed-in global administrator.
 */
export function registerSystemInfoRoutes(app: FastifyInstance, ctx: ServerContext, metrics: RequestMetrics) {
  const sampler = new CpuSampler();
  let version: VersionInfo | null = null;

  app.get('/api/get-system-info', async (request) => {
    if (!(await isGlobalAdminRequest(ctx, request))) throw unauthorized();
    return ok(await systemInfoOf(sampler));
  });

  app.get('/api/get-prometheus-info', async (request) => {
    if (!(await isGlobalAdminRequest(ctx, request))) throw unauthorized();
    return ok(await metrics.info());
  });

  app.get('/api/get-version-info', async () => {
    version ??= readVersionInfo();
    return ok(version);
  });

  for (const url of ['/metrics', '/api/metrics']) {
    app.get(url, async (request, reply) => {
      if (!bearerMatches(request, ctx.config.metricsToken) && !(await isGlobalAdminRequest(ctx, request))) {
        return reply.code(401).header('www-authenticate', 'Bearer').type('text/plain').send('Unauthorized');
      }
      return reply.type(metrics.registry.contentType).send(await metrics.text());
    });
  }
}
