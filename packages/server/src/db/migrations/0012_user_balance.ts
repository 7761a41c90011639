import { columnTypes, type MigrationDb } from '../columns.js';
import type { DialectName } from '../database.js';

/**
 * The user's balance (what Balance payment providers spend, integrations/payment/balance.ts) and
 * its currency. The balance is a whole number of ten-thousandths (money.ts), so that a payment's
 * conditional deduction is exact on every engine; existing users start at 0 in USD.
 */
export async function up(db: MigrationDb, dialect: DialectName): Promise<void> {
  const t = columnTypes(dialect);
  await db.schema
    .alterTable('user')
    .addColumn('balance', t.bigint(), (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('user')
    .addColumn('balanceCurrency', t.str(100), (c) => c.notNull().defaultTo('USD'))
    .execute();
}
