export { payments } from './payment.js';
export { plans } from './plan.js';
export { pricings } from './pricing.js';
export { products } from './product.js';
export { buyProduct, invoiceDocumentUrl, invoicePayment, notifyPayment, type PurchaseRequest } from './purchase.js';
export { clockState, refreshSubscriptionStates, subscriptions } from './subscription.js';
export { transactions } from './transaction.js';
