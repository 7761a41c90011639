import { randomUUID } from 'node:crypto';
import { parse as parseQueryString } from 'node:querystring';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import { DEFINITIONS } from '@gatehouse/entities';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { CONSOLE_SIGNIN } from './auth/login.js';
import { purgeExpiredSessions } from './auth/session.js';
import { registerSigninType } from './auth/signin-types.js';
import { purgeExpiredChallenges } from './auth/webauthn/challenges.js';
import type { Config } from './config/config.js';
import { createContext, type ServerContext } from './context.js';
import type { GeneratedCert } from './crypto/certs.js';
import { isBusyError, isUnavailableError, openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { purgeExpiredClaims } from './db/used-once.js';
import { isUnstorableValueError } from './db/value-errors.js';
import { refreshSubscriptionStates } from './domain/business/index.js';
import { authzOf } from './domain/enforcement/service.js';
import { recordCachesOf } from './domain/record-cache.js';
import { seed } from './domain/seed.js';
import { AppError } from './errors.js';
import { fail, ok } from './http/envelope.js';
import { isMalformedMultipart, keepFileInfo } from './http/uploads.js';
import { setOutboundAllowlist } from './integrations/http/address-guard.js';
import { LdapAutoSync } from './jobs/ldap-auto-sync.js';
import { SyncerScheduler } from './jobs/syncer-scheduler.js';
import { WebhookDispatcher } from './jobs/webhook-dispatcher.js';
import { registerAddressLimit } from './plugins/address-limit.js';
import { isServerPath, registerConsole } from './plugins/console.js';
import { registerCors } from './plugins/cors.js';
import { RequestMetrics, registerMetrics } from './plugins/metrics.js';
import { isCrossSiteWrite } from './plugins/origin-check.js';
import { RecordQueue } from './plugins/record-queue.js';
import { registerRecording } from './plugins/recording.js';
import { type RouteEntry, recordRoutes } from './plugins/route-table.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { registerCasRoutes } from './protocols/cas/routes.js';
import { CAS_SIGNIN_TYPES } from './protocols/cas/signin.js';
import { OAuthError, sendOAuthError } from './protocols/oidc/errors.js';
import { registerOidcRoutes } from './protocols/oidc/routes.js';
import { OIDC_SIGNIN_TYPES } from './protocols/oidc/signin.js';
import { registerSamlRoutes } from './protocols/saml/routes.js';
import { SAML_SIGNIN } from './protocols/saml/signin.js';
import { registerAccountCallRoutes } from './routes/account-calls.js';
import { registerApplicationTransferRoutes } from './routes/application-transfer.js';
import { registerAuthRoutes } from './routes/auth.js';
import { registerAuthorizationRoutes } from './routes/authorization.js';
import { ENFORCER_READ_EXTRAS, registerAuthzRoutes } from './routes/authz.js';
import { registerBusinessRoutes } from './routes/business.js';
import { registerCaptchaRoutes } from './routes/captcha.js';
import { registerDashboardRoutes } from './routes/dashboard.js';
import { registerEnforceRoutes } from './routes/enforce.js';
import { type ListVariant, type ReadExtra, registerEntityRoutes } from './routes/entities.js';
import { groupTreeList, registerGroupRoutes } from './routes/group.js';
import { registerLauncherRoutes } from './routes/launcher.js';
import { registerLdapRoutes } from './routes/ldap.js';
import { registerMessagingRoutes } from './routes/messaging.js';
import { registerProviderRoutes } from './routes/provider.js';
import { registerRecordRoutes } from './routes/records.js';
import { registerSessionRoutes } from './routes/sessions.js';
import { formatBytes, registerStorageRoutes } from './routes/storage.js';
import { registerSyncerRoutes } from './routes/syncers.js';
import { registerSystemInfoRoutes } from './routes/system-info.js';
import { registerUserRoutes } from './routes/users.js';
import { registerVerificationRoutes } from './routes/verification.js';
import { registerWebauthnRoutes } from './routes/webauthn.js';
import { registerWebhookEventRoutes } from './routes/webhook-events.js';

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
  ctx: ServerContext;
  /** Present when the admin password was generated at this start (printed once). */
  generatedAdminPassword?: string;
  /** The audit records waiting to be written (flushed on close; tests flush it to read them). */
  recordQueue: RecordQueue;
  /** The LDAP auto sync (stopped on close; tests run it at once). */
  ldapAutoSync: LdapAutoSync;
  /** Sends the webhook deliveries the records make (started with the server, stopped on close). */
  webhookDispatcher: WebhookDispatcher;
  /** Every route the server answers, as registered (the authorization matrix test enumerates them). */
  routes: readonly RouteEntry[];
}

/**
 * Builds the whole server without listening: database (migrated and seeded), API, protocols and
 * the console. main.ts listens; tests listen on a loopback port of their own.
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

  setOutboundAllowlist(config.outboundAllowlist);
  const database = openDatabase(config.databaseUrl, app.log);
  app.addHook('onClose', async () => database.close());
  await migrateToLatest(database.db, database.dialect);
  const ctx = createContext(config, database, app.log);
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
  const webhookDispatcher = new WebhookDispatcher(ctx, app.log);
  const recordQueue = new RecordQueue(ctx, app.log, { onDeliveries: () => webhookDispatcher.kick() });
  registerRecording(app, recordQueue);
  // Request metrics for the system-info dashboard and Prometheus.
  const requestMetrics = new RequestMetrics();
  registerMetrics(app, requestMetrics);
  // Runs before the database closes (onClose hooks run last-registered first).
  app.addHook('onClose', async () => recordQueue.close());
  // Runs before the queue's last write: deliveries of that write wait in the table for the next start.
  app.addHook('onClose', async () => webhookDispatcher.close());

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

  app.setErrorHandler((error: Error & { code?: string; statusCode?: number }, request, reply) => {
    if (error instanceof AppError) return reply.code(error.httpStatus).send(fail(request, error.key, error.params));
    if (error instanceof OAuthError) return sendOAuthError(reply, error);
    if (error.code === 'FST_REQ_FILE_TOO_LARGE') {
      // The route's own file limit (upload-resource) when it has one, else the plugin's.
      const limit = request.routeOptions.config.multipartOptions?.limits?.fileSize ?? MULTIPART_FILE_LIMIT;
      return reply.code(413).send(fail(request, 'uploadTooLarge', { limit: formatBytes(limit) }));
    }
    if (error.code === 'FST_FILES_LIMIT') return reply.code(413).send(fail(request, 'uploadOneFile'));
    if (isMalformedMultipart(request, error)) {
      return reply.code(400).send(fail(request, 'invalidRequest', { detail: 'the multipart body is malformed' }));
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply.code(413).send(fail(request, 'bodyTooLarge', { limit: BODY_LIMIT }));
    }
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError)
      return reply.send(fail(request, 'badJson'));
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.code(error.statusCode).send(fail(request, 'invalidRequest', { detail: error.message }));
    }
    if (isUnstorableValueError(error)) {
      // A NUL character or a number out of range that the engine refused (SQLite stores them).
      return reply.send(
        fail(request, 'invalidRequest', { detail: 'a value holds a character or a number the database cannot store' }),
      );
    }
    if (isBusyError(error)) {
      // Another writer held the database past the busy timeout: the write was rolled back whole
      // and may pass when tried again.
      request.log.warn({ err: error }, 'database busy');
      return reply.code(503).header('retry-after', '1').send(fail(request, 'databaseBusy'));
    }
    if (isUnavailableError(error)) {
      // The database restarts, fails over or is cut off: the pools reconnect on later requests.
      request.log.warn({ err: error }, 'database unavailable');
      return reply.code(503).header('retry-after', '2').send(fail(request, 'databaseUnavailable'));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send(fail(request, 'internal', { id: String(request.id) }));
  });

  app.get('/api/health', async () => {
    await database.ping();
    return ok({ database: database.dialect });
  });
  // What POST /api/login may produce, per protocol.
  registerSigninType('login', CONSOLE_SIGNIN);
  for (const [name, type] of Object.entries(OIDC_SIGNIN_TYPES)) registerSigninType(name, type);
  for (const [name, type] of Object.entries(CAS_SIGNIN_TYPES)) registerSigninType(name, type);
  registerSigninType('saml', SAML_SIGNIN);
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
  registerSystemInfoRoutes(app, ctx, requestMetrics);
  registerLauncherRoutes(app, ctx);
  registerUserRoutes(app, ctx);
  registerWebauthnRoutes(app, ctx);
  registerAuthorizationRoutes(app, ctx);
  registerAuthzRoutes(app, ctx);
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
  registerWebhookEventRoutes(app, ctx, () => webhookDispatcher.kick());

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

  // Expired sessions, claims of values used once (db/used-once.ts) and passkey challenges are removed in the background, never on a request.
  const purge = setInterval(() => {
    purgeExpiredSessions(database.db).catch((err) => app.log.warn({ err }, 'session purge failed'));
    purgeExpiredClaims(database).catch((err) => app.log.warn({ err }, 'used-once purge failed'));
    purgeExpiredChallenges(database.db).catch((err) => app.log.warn({ err }, 'passkey challenge purge failed'));
  }, 3600_000);
  purge.unref();
  app.addHook('onClose', async () => clearInterval(purge));

  // Subscriptions follow their start and end times (Active, Upcoming, Expired) and roles follow them.
  const subscriptionClock = setInterval(() => {
    refreshSubscriptionStates(ctx).catch((err) => app.log.warn({ err }, 'subscription states failed'));
  }, 60_000);
  subscriptionClock.unref();
  app.addHook('onClose', async () => clearInterval(subscriptionClock));

  // Organizations and applications kept in memory; with REDIS_URL, emptied when another instance
  // writes one. Emptied after the seed, which may have written them outside the domain.
  const recordCaches = recordCachesOf(ctx);
  recordCaches.clearHere();
  await recordCaches.start();
  app.addHook('onClose', async () => recordCaches.close());

  // Enforcement hears other instances' changes through Redis when REDIS_URL is set.
  const authz = authzOf(ctx);
  await authz.start();
  app.addHook('onClose', async () => authz.close());

  // Enabled syncers run every syncInterval minutes, each once across instances (jobs/syncer-scheduler.ts).
  const syncerScheduler = new SyncerScheduler(ctx, config.jobTickSeconds * 1000);
  syncerScheduler.start();
  app.addHook('onClose', async () => syncerScheduler.close());

  // LDAP servers with auto sync bring their directory's users in every N minutes (one instance of several runs each).
  const ldapAutoSync = new LdapAutoSync(ctx);
  ldapAutoSync.start();
  app.addHook('onClose', async () => ldapAutoSync.close());

  webhookDispatcher.start();

  return { app, ctx, generatedAdminPassword, recordQueue, ldapAutoSync, webhookDispatcher, routes };
}
