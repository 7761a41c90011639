import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { MigrationDb } from './columns.js';
import type { DialectName } from './database.js';
import type { AnyTables } from './loose.js';
import * as m0001 from './migrations/0001_initial.js';
import * as m0002 from './migrations/0002_application_full.js';
import * as m0003 from './migrations/0003_oauth.js';
import * as m0004 from './migrations/0004_saml_sp_cert.js';
import * as m0005 from './migrations/0005_cas.js';
import * as m0006 from './migrations/0006_oauth_consent.js';
import * as m0007 from './migrations/0007_provider.js';
import * as m0008 from './migrations/0008_resource.js';
import * as m0009 from './migrations/0009_captcha.js';
import * as m0010 from './migrations/0010_verification.js';
import * as m0011 from './migrations/0011_user_identity.js';
import * as m0012 from './migrations/0012_user_balance.js';
import * as m0013 from './migrations/0013_used_once.js';
import * as m0014 from './migrations/0014_group.js';
import * as m0015 from './migrations/0015_user_group.js';
import * as m0016 from './migrations/0016_invitation.js';
import * as m0017 from './migrations/0017_user_account.js';
import * as m0018 from './migrations/0018_user_mfa.js';
import * as m0019 from './migrations/0019_user_webauthn.js';
import * as m0020 from './migrations/0020_records_sessions.js';
import * as m0021 from './migrations/0021_role_permission.js';
import * as m0022 from './migrations/0022_model_adapter_enforcer.js';
import * as m0023 from './migrations/0023_syncer.js';
import * as m0024 from './migrations/0024_webhook.js';
import * as m0025 from './migrations/0025_ldap.js';
import * as m0026 from './migrations/0026_business.js';
import * as m0027 from './migrations/0027_syncer_ldap.js';
import * as m0028 from './migrations/0028_list_indexes.js';
import * as m0029 from './migrations/0029_token_indexes.js';
import * as m0030 from './migrations/0030_token_binding.js';
import * as m0031 from './migrations/0031_recorded_session.js';
import type { DB } from './schema.js';

/** Hand-written migrations, in order. Each receives the dialect for the few engine differences. */
const MIGRATIONS: Record<string, { up: (db: MigrationDb, dialect: DialectName) => Promise<void> }> = {
  '0001_initial': m0001,
  '0002_application_full': m0002,
  '0003_oauth': m0003,
  '0004_saml_sp_cert': m0004,
  '0005_cas': m0005,
  '0006_oauth_consent': m0006,
  '0007_provider': m0007,
  '0008_resource': m0008,
  '0009_captcha': m0009,
  '0010_verification': m0010,
  '0011_user_identity': m0011,
  '0012_user_balance': m0012,
  '0013_used_once': m0013,
  '0014_group': m0014,
  '0015_user_group': m0015,
  '0016_invitation': m0016,
  '0017_user_account': m0017,
  '0018_user_mfa': m0018,
  '0019_user_webauthn': m0019,
  '0020_records_sessions': m0020,
  '0021_role_permission': m0021,
  '0022_model_adapter_enforcer': m0022,
  '0023_syncer': m0023,
  '0025_ldap': m0025,
  '0024_webhook': m0024,
  '0026_business': m0026,
  '0027_syncer_ldap': m0027,
  '0028_list_indexes': m0028,
  '0029_token_indexes': m0029,
  '0030_token_binding': m0030,
  '0031_recorded_session': m0031,
};

class StaticProvider implements MigrationProvider {
  constructor(private readonly dialect: DialectName) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    const out: Record<string, Migration> = {};
    for (const [name, m] of Object.entries(MIGRATIONS)) {
      out[name] = { up: (db) => m.up(db.withTables<AnyTables>(), this.dialect) };
    }
    return out;
  }
}

/** Brings the schema up to date; safe to run at every start and from several instances at once. */
export async function migrateToLatest(db: Kysely<DB>, dialect: DialectName): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: new StaticProvider(dialect),
    migrationTableName: 'gatehouse_migration',
    migrationLockTableName: 'gatehouse_migration_lock',
    // Features are built side by side and numbered when they start, so one may land after a
    // higher-numbered one has run on an existing database: each migration touches only its own
    // tables, and a missing one still runs.
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
