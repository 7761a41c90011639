import { createListIndexes, createTable, type MigrationDb } from '../columns.js';
import type { DialectName } from '../database.js';

/**
 * Business objects: products, payments, plans, pricings,
 * subscriptions and transactions. Sums of money are bigint ten-thousandths (money.ts), lists JSON
 * text. The list indexes serve each sortable column within an organization; (owner, user, name)
 * also serves a buyer's own payments, subscriptions and transactions.
 */
export async function up(db: MigrationDb, dialect: DialectName): Promise<void> {
  await createTable(db, dialect, 'product', [
    ['owner', 'str', 100],
    ['name', 'str', 100],
    ['createdTime', 'str', 64],
    ['displayName', 'str', 100],
    ['image', 'str', 1000],
    ['tag', 'str', 100],
    ['detail', 'str', 1000],
    ['description', 'str', 1000],
    ['currency', 'str', 10],
    ['price', 'bigint'],
    ['quantity', 'int'],
    ['sold', 'int'],
    ['isRecharge', 'bool'],
    ['providers', 'text'],
    ['returnUrl', 'str', 1000],
    ['state', 'str', 20],
  ]).execute();
  await createListIndexes(
    db,
    'product',
    ['name', 'createdTime', 'displayName', 'tag', 'currency', 'price', 'quantity', 'sold', 'state'],
    'owner',
  );

  await createTable(db, dialect, 'payment', [
    ['owner', 'str', 100],
    ['name', 'str', 100],
    ['createdTime', 'str', 64],
    ['displayName', 'str', 100],
    ['provider', 'str', 100],
    ['type', 'str', 100],
    ['user', 'str', 100],
    ['productName', 'str', 100],
    ['productDisplayName', 'str', 100],
    ['detail', 'str', 1000],
    ['tag', 'str', 100],
    ['currency', 'str', 10],
    ['price', 'bigint'],
    ['isRecharge', 'bool'],
    ['payUrl', 'str', 2000],
    ['returnUrl', 'str', 2000],
    ['state', 'str', 20],
    ['message', 'str', 2000],
    ['outOrderId', 'str', 2000],
    ['personName', 'str', 100],
    ['personIdCard', 'str', 100],
    ['personEmail', 'str', 100],
    ['personPhone', 'str', 100],
    ['invoiceType', 'str', 20],
    ['invoiceTitle', 'str', 100],
    ['invoiceTaxId', 'str', 100],
    ['invoiceRemark', 'str', 100],
    ['invoiceUrl', 'str', 1000],
  ]).execute();
  await createListIndexes(
    db,
    'payment',
    ['name', 'createdTime', 'displayName', 'provider', 'type', 'user', 'productName', 'currency', 'price', 'state'],
    'owner',
  );

  await createTable(db, dialect, 'plan', [
    ['owner', 'str', 100],
    ['name', 'str', 100],
    ['createdTime', 'str', 64],
    ['displayName', 'str', 100],
    ['description', 'str', 1000],
    ['price', 'bigint'],
    ['currency', 'str', 10],
    ['period', 'str', 20],
    ['product', 'str', 100],
    ['paymentProviders', 'text'],
    ['isEnabled', 'bool'],
    ['role', 'str', 100],
    ['options', 'text'],
  ]).execute();
  await createListIndexes(
    db,
    'plan',
    ['name', 'createdTime', 'displayName', 'price', 'currency', 'period', 'isEnabled', 'role'],
    'owner',
  );

  await createTable(db, dialect, 'pricing', [
    ['owner', 'str', 100],
    ['name', 'str', 100],
    ['createdTime', 'str', 64],
    ['displayName', 'str', 100],
    ['description', 'str', 1000],
    ['application', 'str', 100],
    ['plans', 'text'],
    ['isEnabled', 'bool'],
    ['trialDuration', 'int'],
  ]).execute();
  await createListIndexes(
    db,
    'pricing',
    ['name', 'createdTime', 'displayName', 'application', 'isEnabled', 'trialDuration'],
    'owner',
  );

  await createTable(db, dialect, 'subscription', [
    ['owner', 'str', 100],
    ['name', 'str', 100],
    ['createdTime', 'str', 64],
    ['displayName', 'str', 100],
    ['description', 'str', 1000],
    ['startTime', 'str', 64],
    ['endTime', 'str', 64],
    ['period', 'str', 20],
    ['user', 'str', 100],
    ['pricing', 'str', 100],
    ['plan', 'str', 100],
    ['payment', 'str', 100],
    ['state', 'str', 20],
    ['approver', 'str', 100],
    ['approveTime', 'str', 64],
  ]).execute();
  await createListIndexes(
    db,
    'subscription',
    ['name', 'createdTime', 'displayName', 'startTime', 'endTime', 'period', 'user', 'pricing', 'plan', 'state'],
    'owner',
  );

  await createTable(db, dialect, 'transaction', [
    ['owner', 'str', 100],
    ['name', 'str', 100],
    ['createdTime', 'str', 64],
    ['displayName', 'str', 100],
    ['provider', 'str', 100],
    ['category', 'str', 100],
    ['type', 'str', 100],
    ['productName', 'str', 100],
    ['productDisplayName', 'str', 100],
    ['detail', 'str', 1000],
    ['tag', 'str', 100],
    ['currency', 'str', 10],
    ['amount', 'bigint'],
    ['returnUrl', 'str', 1000],
    ['user', 'str', 100],
    ['application', 'str', 100],
    ['payment', 'str', 100],
    ['state', 'str', 20],
  ]).execute();
  await createListIndexes(
    db,
    'transaction',
    [
      'name',
      'createdTime',
      'displayName',
      'provider',
      'category',
      'type',
      'productName',
      'tag',
      'currency',
      'amount',
      'user',
      'application',
      'payment',
      'state',
    ],
    'owner',
  );
}
