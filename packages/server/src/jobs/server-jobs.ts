import type { Housekeeping } from './housekeeping.js';
import type { LdapAutoSync } from './ldap-auto-sync.js';
import type { SyncerScheduler } from './syncer-scheduler.js';
import type { WebhookDispatcher } from './webhook-dispatcher.js';

/** The jobs of one server: built with its services, started and stopped by app.ts. */
export interface ServerJobs {
  /** Sends the webhook deliveries the audit records make. */
  readonly webhookDispatcher: WebhookDispatcher;
  /** Runs the enabled syncers every syncInterval minutes. */
  readonly syncerScheduler: SyncerScheduler;
  /** Brings the users of LDAP servers with auto sync in. */
  readonly ldapAutoSync: LdapAutoSync;
  /** The purges of expired rows and the subscription clock. */
  readonly housekeeping: Housekeeping;
}

declare module '../context.js' {
  interface ServerServices {
    /** The server's jobs (jobs/server-jobs.ts). */
    readonly jobs: ServerJobs;
  }
}
