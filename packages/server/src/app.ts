import { randomUUID } from 'node:crypto';
import { parse as parseQueryString } from 'node:querystring';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import { DEFINITIONS } from '@gatehouse/entities';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import type { Config } from './config/config.js';
import { createContext, type ServerContext } from './context.js';
import type { GeneratedCert } from './crypto/certs.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { seed } from './domain/seed.js';
import { fail, ok } from './http/envelope.js';
import { decorateRequestState } from './http/request-state.js';
import { keepFileInfo } from './http/uploads.js';
import type { LdapAutoSync } from './jobs/ldap-auto-sync.js';
import type { WebhookDispatcher } from './jobs/webhook-dispatcher.js';
import { registerAddressLimit } from './plugins/address-limit.js';
import { isServerPath, registerConsole } from './plugins/console.js';
import { registerCors } from './plugins/cors.js';
import { registerErrorHandler } from './plugins/error-handler.js';
import { registerMetrics } from './plugins/metrics.js';
import { isCrossSiteWrite } from './plugins/origin-check.js';
import type { RecordQueue } from './plugins/record-queue.js';
import { registerRecording } from './plugins/recording.js';
import { type RouteEntry, recordRoutes } from './plugins/route-table.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { registerCasRoutes } from './protocols/cas/routes.js';
import { registerOidcRoutes } from './protocols/oidc/routes.js';
import { registerSamlRoutes } from './protocols/saml/routes.js';
import { registerAccountCallRoutes } from './routes/account-calls.js';
import { registerApplicationTransferRoutes } from './routes/application-transfer.js';
import { registerAuthRoutes } from './routes/auth.js';
import { registerBusinessRoutes } from './routes/business.js';
import { registerCaptchaRoutes } from './routes/captcha.js';
import { registerDashboardRoutes } from './routes/dashboard.js';
import { registerEnforceRoutes } from './routes/enforce.js';
import { type ListVariant, type ReadExtra, registerEntityRoutes } from './routes/entities.js';
import { groupTreeList, registerGroupRoutes } from './routes/group.js';
import { registerLauncherRoutes } from './routes/launcher.js';
import { registerLdapRoutes } from './routes/ldap.js';
import { registerMessagingRoutes } from './routes/messaging.js';
import { ENFORCER_READ_EXTRAS, registerPolicyRoutes } from './routes/policies.js';
import { registerProviderRoutes } from './routes/provider.js';
import { registerRecordRoutes } from './routes/records.js';
import { registerRoleAndPermissionRoutes } from './routes/roles-and-permissions.js';
import { registerSessionRoutes } from './routes/sessions.js';
import { registerStorageRoutes } from './routes/storage.js';
import { registerSyncerRoutes } from './routes/syncers.js';
import { registerSystemInfoRoutes } from './routes/system-info.js';
import { registerUserRoutes } from './routes/users.js';
import { registerVerificationRoutes } from './routes/verification.js';
import { registerWebauthnRoutes } from './routes/webauthn.js';
import { registerWebhookEventRoutes } from './routes/webhook-events.js';
import { createServices } from './services.js';

/** Largest JSON or form body an API call may send. */
export const BODY_LIMIT = 1024 * 1024;
/** Largest file a multipart call may send, unless its route sets a lower limit. */
const MULTIPART_FILE_LIMIT = 20 * 1024 * 1024;

export interface BuildOptions {
  /** Key pair for cert-built-in (tests reuse one instead of generating 4096-bit keys per suite). */
  builtInCert?: GeneratedCert;
  /** Log to stdout (default true); tests turn it off. */
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
}

export interface Built {
  app: FastifyInstance;
  /** The server's context; its running state is `ctx.services` (context.ts, services.ts). */
  ctx: ServerContext;
  /** Present when the admin password was generated at this start (printed once). */
  generatedAdminPassword?: string;
  /** ctx.services.recordQueue: the audit records waiting to be written (flushed on close; tests flush it to read them). */
  recordQueue: RecordQueue;
  /** ctx.services.jobs.ldapAutoSync: the LDAP auto sync (stopped on close; tests run it at once). */
  ldapAutoSync: LdapAutoSync;
  /** ctx.services.jobs.webhookDispatcher: sends the webhook deliveries the records make. */
  webhookDispatcher: WebhookDispatcher;
  /** Every route the server answers, as registered (the authorization matrix test enumerates them). */
  routes: readonly RouteEntry[];
}

/**
 * Builds the whole server without listening: database (migrated and seeded), its services
 * (services.ts: caches, engines, registries, jobs; nothing kept in modules, so that several
 * servers run in one process), API, protocols and the console. main.ts listens; tests listen on a
 * loopback port of their own.
 */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<Built> {
  const app = Fastify({
    logger:
      options.logger === false ? false : { level: config.logLevel, ...(options.logStream ? { stream: options.logStream } : {}) },
    // One line per request (the onResponse hook below) instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: BODY_LIMIT,
    genReqId: () => randomUUID(),
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
  });
  const routes = recordRoutes(app);

  if (config.logRequests) {
    app.addHook('onResponse', async (request, reply) => {
      request.log.info(
        { method: request.method, url: request.url, statusCode: reply.statusCode, ms: Math.round(reply.elapsedTime) },
        'request',
      );
    });
  }

  const database = openDatabase(config.databaseUrl, app.log);
  app.addHook('onClose', async () => database.close());
  await migrateToLatest(database.db, database.dialect);
  const ctx = createContext(config, database, app.log, createServices);
  const { services } = ctx;
  const { jobs } = services;
  const { generatedAdminPassword } = await seed(ctx, {
    initAdminPassword: config.initAdminPassword,
    builtInCert: options.builtInCert,
  });
  if (generatedAdminPassword) {
    app.log.warn(
      `First start: generated password of built-in/admin: ${generatedAdminPassword} (shown once; change it after signing in)`,
    );
  }

  // Audit records of the calls that change state, written in batches after the answers, with the
  // webhook deliveries they make, which the dispatcher sends (docs/subsystems/webhooks.md).
  registerRecording(app, services.recordQueue);
  // Request metrics for the system-info dashboard and Prometheus.
  registerMetrics(app, services.requestMetrics);
  // Runs before the database closes (onClose hooks run last-registered first).
  app.addHook('onClose', async () => services.recordQueue.close());
  // Runs before the queue's last write: deliveries of that write wait in the table for the next start.
  app.addHook('onClose', async () => jobs.webhookDispatcher.close());
  app.addHook('onClose', async () => services.s3Clients.close());

  // What a request carries until it is answered (who calls, whom its record names ...).
  decorateRequestState(app);

  await app.register(fastifyCookie);
  await app.register(fastifyMultipart, {
    attachFieldsToBody: 'keyValues',
    onFile: keepFileInfo,
    limits: { fileSize: MULTIPART_FILE_LIMIT, files: 1 },
  });
  registerSecurityHeaders(app);

  // Bodies: an empty JSON body is "no body"; text/plain JSON (fetch without a content type) is JSON.
  const jsonParser = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') return done(null, undefined);
    jsonParser(request, String(body), done);
  });
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body).trim();
    if (text.startsWith('{') || text.startsWith('[')) return jsonParser(request, text, done);
    done(null, body);
  });
  // A form, or JSON text sent as one: Casdoor's SDKs post JSON.stringify'd bodies through axios,
  // which labels a string as a form, and Casdoor reads the raw body as JSON whatever its type.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body).trim();
    if (text.startsWith('{') || text.startsWith('[')) return jsonParser(request, text, done);
    // node:querystring's objects have no prototype: a key named __proto__ is just a key.
    done(null, parseQueryString(String(body)));
  });

  const allowedOrigins = config.origin ? [config.origin] : [];
  app.addHook('onRequest', async (request, reply) => {
    if (isCrossSiteWrite(request, allowedOrigins)) {
      reply.code(403).send(fail(request, 'crossSite'));
      return reply;
    }
  });
  registerCors(app, ctx, allowedOrigins);
  registerAddressLimit(app, ctx);

  registerErrorHandler(app, { body: BODY_LIMIT, multipartFile: MULTIPART_FILE_LIMIT });

  app.get('/api/health', async () => {
    await database.ping();
    return ok({ database: database.dialect });
  });
  registerAuthRoutes(app, ctx);
  registerAccountCallRoutes(app, ctx);
  registerOidcRoutes(app, ctx);
  registerCasRoutes(app, ctx);
  registerSamlRoutes(app, ctx);
  registerStorageRoutes(app, ctx);
  registerMessagingRoutes(app, ctx);
  registerVerificationRoutes(app, ctx);
  registerCaptchaRoutes(app, ctx);
  registerApplicationTransferRoutes(app, ctx);
  registerProviderRoutes(app, ctx);
  registerGroupRoutes(app, ctx);
  registerDashboardRoutes(app, ctx);
  registerSystemInfoRoutes(app, ctx, services.requestMetrics);
  registerLauncherRoutes(app, ctx);
  registerUserRoutes(app, ctx);
  registerWebauthnRoutes(app, ctx);
  registerRoleAndPermissionRoutes(app, ctx);
  registerPolicyRoutes(app, ctx);
  registerEnforceRoutes(app, ctx);
  registerBusinessRoutes(app, ctx);
  registerSyncerRoutes(app, ctx);
  registerLdapRoutes(app, ctx);
  // Entities whose list call answers otherwise for some parameters.
  const listVariants: Partial<Record<string, ListVariant>> = { group: groupTreeList };
  const readExtras: Partial<Record<string, ReadExtra>> = ENFORCER_READ_EXTRAS;
  // Views (sessions) answer with routes of their own.
  for (const def of DEFINITIONS) if (!def.view) registerEntityRoutes(app, ctx, def, listVariants[def.name], readExtras[def.name]);
  registerRecordRoutes(app, ctx);
  registerSessionRoutes(app, ctx);
  registerWebhookEventRoutes(app, ctx, () => jobs.webhookDispatcher.kick());

  const sendConsole = await registerConsole(app, config.webRoot);
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    // A missing file (an old asset after a new build) is a 404, not the console's page.
    const isFile = /\.[a-z0-9]{1,8}$/i.test(path);
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    if (isServerPath(path) || isFile || !isRead || !sendConsole) {
      return reply.code(404).send(fail(request, 'notFound', { path }));
    }
    return sendConsole(reply, path);
  });

  // Organizations and applications kept in memory; with REDIS_URL, emptied when another instance
  // writes one (this instance's writes empty them through the written event).
  await services.recordCaches.start();
  app.addHook('onClose', async () => services.recordCaches.close());

  // Authorization (casbin engines and compiled enforcers) hears other instances' changes through one
  // watcher: Redis when REDIS_URL is set, the primary's relay under WORKERS.
  await services.authorization.start();
  app.addHook('onClose', async () => services.authorization.close());

  // The purges of expired rows and the subscription clock (jobs/housekeeping.ts).
  jobs.housekeeping.start();
  app.addHook('onClose', async () => jobs.housekeeping.close());

  // Enabled syncers run every syncInterval minutes, each once across instances (jobs/syncer-scheduler.ts).
  jobs.syncerScheduler.start();
  app.addHook('onClose', async () => jobs.syncerScheduler.close());

  // LDAP servers with auto sync bring their directory's users in every N minutes (one instance of several runs each).
  jobs.ldapAutoSync.start();
  app.addHook('onClose', async () => jobs.ldapAutoSync.close());

  jobs.webhookDispatcher.start();

  return {
    app,
    ctx,
    generatedAdminPassword,
    recordQueue: services.recordQueue,
    ldapAutoSync: jobs.ldapAutoSync,
    webhookDispatcher: jobs.webhookDispatcher,
    routes,
  };
}
