import { randomUUID } from 'node:crypto';
import { CONSOLE_SIGNIN } from './auth/login.js';
import { purgeExpiredSessions } from './auth/session.js';
import { SigninTypes } from './auth/signin-types.js';
import { purgeExpiredChallenges } from './auth/webauthn/challenges.js';
import type { ServerContext, ServerServices } from './context.js';
import { purgeExpiredClaims } from './db/used-once.js';
import { Authorization } from './domain/authorization/authorization.js';
import { refreshSubscriptionStates } from './domain/business/index.js';
import { RecordCaches } from './domain/record-cache.js';
import { TransactionGroup } from './domain/transaction-group.js';
import { WriteBus } from './domain/writes.js';
import { Outbound } from './integrations/http/outbound.js';
import { S3Clients } from './integrations/storage/select.js';
import { Housekeeping, type PeriodicTask } from './jobs/housekeeping.js';
import { LdapAutoSync } from './jobs/ldap-auto-sync.js';
import { SyncerScheduler } from './jobs/syncer-scheduler.js';
import { WebhookDispatcher } from './jobs/webhook-dispatcher.js';
import { RequestMetrics } from './plugins/metrics.js';
import { RecordQueue } from './plugins/record-queue.js';
import { CAS_SIGNIN_TYPES } from './protocols/cas/signin.js';
import { SigningKeys } from './protocols/oidc/keys.js';
import { OIDC_SIGNIN_TYPES } from './protocols/oidc/signin.js';
import { SAML_SIGNIN } from './protocols/saml/signin.js';

/** What POST /api/login may produce, per protocol. */
function signinTypes(): SigninTypes {
  const types = new SigninTypes();
  types.register('login', CONSOLE_SIGNIN);
  for (const [name, type] of Object.entries(OIDC_SIGNIN_TYPES)) types.register(name, type);
  for (const [name, type] of Object.entries(CAS_SIGNIN_TYPES)) types.register(name, type);
  types.register('saml', SAML_SIGNIN);
  return types;
}

/**
 * Expired sessions, claims of values used once (db/used-once.ts) and passkey challenges are
 * removed in the background, never on a request; subscriptions follow their start and end times
 * (Active, Upcoming, Expired) and roles follow them.
 */
function periodicTasks(ctx: ServerContext): PeriodicTask[] {
  const { database } = ctx;
  const hourly = 3600_000;
  return [
    { failure: 'session purge failed', everyMs: hourly, run: () => purgeExpiredSessions(database.db) },
    { failure: 'used-once purge failed', everyMs: hourly, run: () => purgeExpiredClaims(database) },
    { failure: 'passkey challenge purge failed', everyMs: hourly, run: () => purgeExpiredChallenges(database.db) },
    { failure: 'subscription states failed', everyMs: 60_000, run: () => refreshSubscriptionStates(ctx) },
  ];
}

/**
 * The services of one server (context.ts ServerServices), built once for its context. The caches
 * built from the tables subscribe here to the written event (domain/writes.ts): each committed
 * transaction's writes reach the record caches and authorization (the casbin engines and the
 * compiled enforcers), which drop what the writes made stale (and the authorization and record
 * watchers tell the other instances). app.ts starts and closes what runs on its own (watchers, jobs).
 */
export function createServices(ctx: ServerContext): ServerServices {
  const { config, log } = ctx;
  const writes = new WriteBus(log);
  const outbound = new Outbound(config.outboundAllowlist);
  const recordCaches = new RecordCaches(ctx);
  const authorization = new Authorization(ctx);
  writes.subscribe((event) => recordCaches.written(event));
  writes.subscribe((event) => authorization.written(event));
  const webhookDispatcher = new WebhookDispatcher(ctx, log);
  return {
    instanceId: randomUUID(),
    writes,
    transactionGroup: new TransactionGroup(ctx),
    outbound,
    s3Clients: new S3Clients(outbound),
    recordCaches,
    authorization,
    signinTypes: signinTypes(),
    signingKeys: new SigningKeys(),
    // Audit records of the calls that change state, written in batches after the answers, with the
    // webhook deliveries they make, which the dispatcher sends (docs/subsystems/webhooks.md).
    recordQueue: new RecordQueue(ctx, log, { onDeliveries: () => webhookDispatcher.kick() }),
    requestMetrics: new RequestMetrics(),
    jobs: {
      webhookDispatcher,
      syncerScheduler: new SyncerScheduler(ctx, config.jobTickSeconds * 1000),
      ldapAutoSync: new LdapAutoSync(ctx),
      housekeeping: new Housekeeping(log, periodicTasks(ctx)),
    },
  };
}
