import { isGlobalAdmin } from './access.js';
import {
  bool,
  defineEntity,
  enumOf,
  type FieldRuleContext,
  int,
  money,
  organizationOwner,
  organizationRecords,
  type RecordOf,
  recordName,
  stringList,
  text,
  timestamp,
} from './define.js';
import { CURRENCIES } from './money.js';

/**
 * Business objects: products and what
 * buying them leaves behind (payments, transactions), and the subscription plans sold through
 * pricings. Every record belongs to an organization (owner). Sums of money are `money` fields:
 * exact to four decimal places on the wire and in SQL (money.ts).
 */

/** The tag of the product a plan creates for itself: it follows its plan and cannot be edited or deleted. */
export const PLAN_PRODUCT_TAG = 'auto_created_product_for_plan';

export const PRODUCT_STATES = ['Published', 'Draft'] as const;
export const PLAN_PERIODS = ['Monthly', 'Yearly'] as const;
export type PlanPeriod = (typeof PLAN_PERIODS)[number];
export const SUBSCRIPTION_STATES = ['Pending', 'Active', 'Upcoming', 'Expired', 'Error', 'Suspended'] as const;
export type SubscriptionState = (typeof SUBSCRIPTION_STATES)[number];
/** States of a payment and of its transaction (Casdoor's pp.PaymentState). */
export const PAYMENT_RECORD_STATES = ['Created', 'Paid', 'Canceled', 'Timeout', 'Error'] as const;
export const INVOICE_TYPES = ['Individual', 'Organization'] as const;
/** A payment's invoice details: set by the buyer or an administrator until the invoice is issued. */
export const INVOICE_DETAILS = [
  'personName',
  'personIdCard',
  'personEmail',
  'personPhone',
  'invoiceType',
  'invoiceTitle',
  'invoiceTaxId',
  'invoiceRemark',
] as const;

const isPlanProduct = (record: Record<string, unknown>) => record.tag === PLAN_PRODUCT_TAG;
/** Editable unless the product was created for a plan (such a product is locked). */
const unlessPlanProduct = ({ record }: FieldRuleContext) => !isPlanProduct(record);
/** Set when the record is added (by a purchase, or an administrator's Add), never changed afterwards. */
const onlyWhenAdding = ({ adding }: FieldRuleContext) => adding === true;
/** Invoice details are locked once the invoice is issued. */
const untilInvoiced = ({ record }: FieldRuleContext) => !record.invoiceUrl;
/** Administrators of the organization, and the user whom the record is about (its `user`), may read it. */
const buyerRecords = {
  ...organizationRecords,
  access: { ...organizationRecords.access, read: 'orgAdminOrSelf' },
} as const;

export const product = defineEntity({
  name: 'product',
  table: 'product',
  ...organizationRecords,
  // Members read the products of their organization: the buy page shows them.
  access: { ...organizationRecords.access, read: 'member' },
  fields: {
    owner: organizationOwner(unlessPlanProduct),
    name: { ...recordName(), editable: unlessPlanProduct },
    createdTime: timestamp({ sortable: true }),
    displayName: text({ max: 100, sortable: true, searchable: true }),
    image: text({ max: 1000, format: 'image' }),
    tag: text({ max: 100, sortable: true, searchable: true, editable: unlessPlanProduct }),
    detail: text({ max: 1000 }),
    description: text({ max: 1000, format: 'multiline' }),
    currency: { ...enumOf(CURRENCIES, { editable: unlessPlanProduct }), sortable: true },
    price: { ...money({ min: 0, editable: unlessPlanProduct }), sortable: true },
    quantity: { ...int({ min: 0, editable: unlessPlanProduct }), sortable: true },
    sold: { ...int({ min: 0, editable: unlessPlanProduct }), sortable: true },
    isRecharge: bool(),
    /** Names of Payment providers of the product's organization or shared ones. */
    providers: stringList({ editable: unlessPlanProduct }),
    returnUrl: text({ max: 1000, format: 'url' }),
    state: { ...enumOf(PRODUCT_STATES, { filter: true }), sortable: true },
  },
  newRecord: ({ organization, random, now }) => {
    const id = random(6);
    return {
      owner: organization,
      name: `product_${id}`,
      createdTime: now(),
      displayName: `New Product - ${id}`,
      image: '',
      tag: '',
      detail: '',
      description: '',
      currency: 'USD',
      price: 300,
      quantity: 99,
      // Casdoor's Add starts a product at 10 sold.
      sold: 10,
      isRecharge: false,
      providers: [],
      returnUrl: '',
      state: 'Published',
    };
  },
  list: {
    columns: [
      { field: 'name' },
      { field: 'owner' },
      { field: 'createdTime' },
      { field: 'displayName' },
      { field: 'image', width: 110 },
      { field: 'tag' },
      { field: 'currency', width: 100 },
      { field: 'price', width: 100 },
      { field: 'quantity', width: 100 },
      { field: 'sold', width: 90 },
      { field: 'providers' },
      { field: 'state', width: 110 },
    ],
  },
  form: [
    'owner',
    'name',
    'displayName',
    'image',
    'tag',
    'detail',
    'description',
    'currency',
    'isRecharge',
    'price',
    'quantity',
    'sold',
    'providers',
    'returnUrl',
    'state',
  ],
  undeletable: (record) => isPlanProduct(record),
  undeletableReason: 'productPlanLocked',
});
export type Product = RecordOf<typeof product.fields>;

export const payment = defineEntity({
  name: 'payment',
  table: 'payment',
  ...buyerRecords,
  ownRecords: { field: 'user', listCall: 'get-user-payments' },
  fields: {
    owner: { ...organizationOwner(), editable: onlyWhenAdding },
    name: { ...recordName(), editable: onlyWhenAdding },
    createdTime: timestamp({ sortable: true }),
    displayName: text({ max: 100, sortable: true, searchable: true, editable: onlyWhenAdding }),
    provider: text({ max: 100, sortable: true, searchable: true, editable: onlyWhenAdding }),
    type: text({ max: 100, sortable: true, searchable: true, editable: onlyWhenAdding }),
    user: text({ max: 100, ref: 'user', sortable: true, searchable: true, editable: onlyWhenAdding }),
    productName: text({ max: 100, sortable: true, searchable: true, editable: onlyWhenAdding }),
    productDisplayName: text({ max: 100, editable: onlyWhenAdding }),
    detail: text({ max: 1000, editable: onlyWhenAdding }),
    tag: text({ max: 100, editable: onlyWhenAdding }),
    currency: { ...enumOf(CURRENCIES, { editable: onlyWhenAdding }), sortable: true },
    price: { ...money({ min: 0, editable: onlyWhenAdding }), sortable: true },
    isRecharge: bool({ editable: onlyWhenAdding }),
    payUrl: text({ max: 2000, editable: onlyWhenAdding }),
    returnUrl: text({ max: 2000, editable: onlyWhenAdding }),
    state: { ...enumOf(PAYMENT_RECORD_STATES, { filter: true, editable: onlyWhenAdding }), sortable: true },
    message: text({ max: 2000, editable: onlyWhenAdding }),
    /** The payment provider's reference of the order (Casdoor's outOrderId). */
    outOrderId: text({ max: 2000, serverOnly: true, editable: onlyWhenAdding }),
    personName: text({ max: 100, editable: untilInvoiced }),
    personIdCard: text({ max: 100, editable: untilInvoiced }),
    personEmail: text({ max: 100, editable: untilInvoiced }),
    personPhone: text({ max: 100, editable: untilInvoiced }),
    invoiceType: enumOf(INVOICE_TYPES, { allowEmpty: true, editable: untilInvoiced }),
    invoiceTitle: text({ max: 100, editable: untilInvoiced }),
    invoiceTaxId: text({ max: 100, editable: untilInvoiced }),
    invoiceRemark: text({ max: 100, editable: untilInvoiced }),
    invoiceUrl: text({ max: 1000, serverOnly: true, editable: onlyWhenAdding }),
  },
  newRecord: ({ organization, random, now }) => {
    const id = random(6);
    return {
      owner: organization,
      name: `payment_${id}`,
      createdTime: now(),
      displayName: `New Payment - ${id}`,
      currency: 'USD',
      state: 'Created',
      invoiceType: 'Individual',
    };
  },
  list: {
    columns: [
      { field: 'name' },
      { field: 'owner' },
      { field: 'createdTime' },
      { field: 'provider' },
      { field: 'user' },
      { field: 'productName' },
      { field: 'currency', width: 100 },
      { field: 'price', width: 100 },
      { field: 'state', width: 110 },
    ],
  },
  form: [
    'owner',
    'name',
    'displayName',
    'provider',
    'type',
    'user',
    'productName',
    'productDisplayName',
    'detail',
    'tag',
    'currency',
    'price',
    'isRecharge',
    'payUrl',
    'returnUrl',
    'state',
    'message',
    'personName',
    'personIdCard',
    'personEmail',
    'personPhone',
    'invoiceType',
    'invoiceTitle',
    'invoiceTaxId',
    'invoiceRemark',
    'invoiceUrl',
  ],
  formSections: [
    {
      key: 'payment',
      fields: [
        'owner',
        'name',
        'displayName',
        'provider',
        'type',
        'user',
        'productName',
        'productDisplayName',
        'detail',
        'tag',
        'currency',
        'price',
        'isRecharge',
        'payUrl',
        'returnUrl',
        'state',
        'message',
      ],
    },
    { key: 'invoice', fields: [...INVOICE_DETAILS, 'invoiceUrl'] },
  ],
});
export type Payment = RecordOf<typeof payment.fields>;

export const plan = defineEntity({
  name: 'plan',
  table: 'plan',
  ...organizationRecords,
  // Anyone reads a plan: the public pricing page /select-plan shows them (Casdoor's get-plan too).
  access: { ...organizationRecords.access, read: 'anyone' },
  fields: {
    owner: organizationOwner(),
    name: recordName(),
    createdTime: timestamp({ sortable: true }),
    displayName: text({ max: 100, sortable: true, searchable: true }),
    description: text({ max: 1000, format: 'multiline' }),
    price: { ...money({ min: 0 }), sortable: true },
    currency: { ...enumOf(CURRENCIES), sortable: true },
    period: { ...enumOf(PLAN_PERIODS, { filter: true }), sortable: true },
    /** The product the plan created for itself (PLAN_PRODUCT_TAG), kept by the server. */
    product: text({ max: 100, ref: 'product', serverOnly: true }),
    /** Names of Payment providers offered for the plan's product. */
    paymentProviders: stringList(),
    isEnabled: { ...bool(), sortable: true },
    /** The role (a name in the plan's organization) a subscriber holds while subscribed. */
    role: text({ max: 100, ref: 'role', sortable: true, searchable: true }),
    options: stringList(),
  },
  newRecord: ({ organization, random, now }) => {
    const id = random(6);
    return {
      owner: organization,
      name: `plan_${id}`,
      createdTime: now(),
      displayName: `New Plan - ${id}`,
      price: 10,
      currency: 'USD',
      period: 'Monthly',
      isEnabled: true,
      paymentProviders: [],
      options: [],
    };
  },
  list: {
    columns: [
      { field: 'name' },
      { field: 'owner' },
      { field: 'createdTime' },
      { field: 'displayName' },
      { field: 'price', width: 100 },
      { field: 'currency', width: 100 },
      { field: 'period', width: 110 },
      { field: 'role' },
      { field: 'paymentProviders' },
      { field: 'isEnabled', width: 110 },
    ],
  },
  form: [
    'owner',
    'name',
    'displayName',
    'description',
    'price',
    'currency',
    'period',
    'product',
    'paymentProviders',
    'role',
    'options',
    'isEnabled',
  ],
});
export type Plan = RecordOf<typeof plan.fields>;

export const pricing = defineEntity({
  name: 'pricing',
  table: 'pricing',
  ...organizationRecords,
  // Anyone reads a pricing: the public pricing page /select-plan shows them (Casdoor's get-pricing too).
  access: { ...organizationRecords.access, read: 'anyone' },
  fields: {
    owner: organizationOwner(),
    name: recordName(),
    createdTime: timestamp({ sortable: true }),
    displayName: text({ max: 100, sortable: true, searchable: true }),
    description: text({ max: 1000, format: 'multiline' }),
    /** The application whose sign-up and sign-in pages a buyer goes through. */
    application: text({ max: 100, ref: 'application', sortable: true, searchable: true }),
    /** Names of plans of the pricing's organization, in the order the pricing page shows them. */
    plans: stringList(),
    isEnabled: { ...bool(), sortable: true },
    trialDuration: { ...int({ min: 0, max: 3650 }), sortable: true },
  },
  newRecord: ({ organization, random, now }) => {
    const id = random(6);
    return {
      owner: organization,
      name: `pricing_${id}`,
      createdTime: now(),
      displayName: `New Pricing - ${id}`,
      plans: [],
      isEnabled: true,
      trialDuration: 7,
    };
  },
  list: {
    columns: [
      { field: 'name' },
      { field: 'owner' },
      { field: 'createdTime' },
      { field: 'displayName' },
      { field: 'application' },
      { field: 'plans' },
      { field: 'trialDuration', width: 120 },
      { field: 'isEnabled', width: 110 },
    ],
  },
  form: ['owner', 'name', 'displayName', 'description', 'application', 'plans', 'trialDuration', 'isEnabled'],
});
export type Pricing = RecordOf<typeof pricing.fields>;

export const subscription = defineEntity({
  name: 'subscription',
  table: 'subscription',
  ...buyerRecords,
  ownRecords: { field: 'user', listCall: 'get-user-subscriptions' },
  fields: {
    owner: organizationOwner(),
    name: recordName(),
    createdTime: timestamp({ sortable: true }),
    displayName: text({ max: 100, sortable: true, searchable: true }),
    description: text({ max: 1000, format: 'multiline' }),
    startTime: timestamp({ sortable: true, serverOnly: false }),
    endTime: timestamp({ sortable: true, serverOnly: false }),
    period: { ...enumOf(PLAN_PERIODS), sortable: true },
    user: text({ max: 100, ref: 'user', sortable: true, searchable: true }),
    pricing: text({ max: 100, ref: 'pricing', sortable: true, searchable: true }),
    plan: text({ max: 100, ref: 'plan', sortable: true, searchable: true }),
    payment: text({ max: 100, ref: 'payment', serverOnly: true, editable: onlyWhenAdding }),
    /** Only global administrators change the state. */
    state: { ...enumOf(SUBSCRIPTION_STATES, { filter: true, editable: ({ viewer }) => isGlobalAdmin(viewer) }), sortable: true },
    approver: text({ max: 100, serverOnly: true }),
    approveTime: timestamp({ serverOnly: true }),
  },
  newRecord: ({ organization, random, now }) => {
    const id = random(6);
    const start = now();
    const end = new Date(Date.parse(start) + 30 * 24 * 3600 * 1000).toISOString();
    return {
      owner: organization,
      name: `sub_${id}`,
      createdTime: start,
      displayName: `New Subscription - ${id}`,
      startTime: start,
      endTime: end,
      period: 'Monthly',
      state: 'Active',
    };
  },
  list: {
    columns: [
      { field: 'name' },
      { field: 'owner' },
      { field: 'createdTime' },
      { field: 'displayName' },
      { field: 'period', width: 110 },
      { field: 'startTime' },
      { field: 'endTime' },
      { field: 'user' },
      { field: 'pricing' },
      { field: 'plan' },
      { field: 'payment' },
      { field: 'state', width: 130 },
    ],
  },
  form: [
    'owner',
    'name',
    'displayName',
    'description',
    'startTime',
    'endTime',
    'period',
    'user',
    'pricing',
    'plan',
    'payment',
    'state',
    'approver',
    'approveTime',
  ],
});
export type Subscription = RecordOf<typeof subscription.fields>;

export const transaction = defineEntity({
  name: 'transaction',
  table: 'transaction',
  ...buyerRecords,
  ownRecords: { field: 'user', listCall: 'get-user-transactions' },
  // Transactions record what happened: they are added and deleted, never rewritten.
  access: { ...buyerRecords.access, update: 'nobody' },
  fields: {
    owner: organizationOwner(),
    name: recordName(),
    createdTime: timestamp({ sortable: true }),
    displayName: text({ max: 100, sortable: true, searchable: true }),
    provider: text({ max: 100, sortable: true, searchable: true }),
    category: text({ max: 100, sortable: true }),
    type: text({ max: 100, sortable: true, searchable: true }),
    productName: text({ max: 100, sortable: true, searchable: true }),
    productDisplayName: text({ max: 100 }),
    detail: text({ max: 1000 }),
    tag: text({ max: 100, searchable: true }),
    currency: { ...enumOf(CURRENCIES), sortable: true },
    /** Positive when money comes in (a purchase), negative when a balance pays. */
    amount: { ...money(), sortable: true },
    returnUrl: text({ max: 1000 }),
    user: text({ max: 100, ref: 'user', sortable: true, searchable: true }),
    application: text({ max: 100, ref: 'application', sortable: true, searchable: true }),
    payment: text({ max: 100, sortable: true, searchable: true }),
    state: { ...enumOf(PAYMENT_RECORD_STATES, { filter: true }), sortable: true },
  },
  newRecord: ({ organization, random, now }) => {
    const id = random(6);
    return {
      owner: organization,
      name: `transaction_${id}`,
      createdTime: now(),
      displayName: `New Transaction - ${id}`,
      // Casdoor's Add: a PayPal (online wallet) payment of nothing, already paid.
      provider: 'provider_pay_paypal',
      category: 'Payment',
      type: 'PayPal',
      currency: 'USD',
      amount: 0,
      state: 'Paid',
    };
  },
  list: {
    columns: [
      { field: 'name' },
      { field: 'owner' },
      { field: 'createdTime' },
      { field: 'provider' },
      { field: 'category' },
      { field: 'type' },
      { field: 'user' },
      { field: 'productName' },
      { field: 'currency', width: 100 },
      { field: 'amount', width: 110 },
      { field: 'payment' },
      { field: 'state', width: 110 },
    ],
  },
  form: [
    'owner',
    'name',
    'displayName',
    'provider',
    'category',
    'type',
    'productName',
    'productDisplayName',
    'detail',
    'tag',
    'currency',
    'amount',
    'returnUrl',
    'user',
    'application',
    'payment',
    'state',
  ],
});
export type Transaction = RecordOf<typeof transaction.fields>;
