import type { Db, DialectName } from '../../db/database.js';

/**
 * Taking payments through a Payment provider, modelled on Casdoor's `pp` package: a purchase asks
 * the provider's type to `pay` (it answers where to send the buyer and the order id to keep), the
 * provider's callback is read by `notify`, and `getInvoice` issues an invoice. The products,
 * payments and transactions that use it are records of their own (domain/business); this layer
 * holds only what each type does.
 */

/** States of a payment (Casdoor's pp.PaymentState). */
export const PAYMENT_STATES = ['Created', 'Paid', 'Canceled', 'Timeout', 'Error'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

/** What a purchase asks a provider to collect (Casdoor's pp.PayReq). */
export interface PayRequest {
  /** The Payment provider's name. */
  providerName: string;
  productName: string;
  productDisplayName: string;
  /** Who pays, as gateways show it ("name | displayName" in Casdoor's purchase). */
  payerName: string;
  /** The paying user's id, owner/name: the Balance type spends this user's balance. */
  payerId: string;
  /** The payment record's name (the purchase makes it before paying). */
  paymentName: string;
  /** At least 0, at most four decimal places (money.ts). */
  price: number;
  /** An ISO 4217 code; empty means USD, as in Casdoor. */
  currency: string;
  /** Where the buyer returns to after paying (the payment's result page). */
  returnUrl: string;
  /** Where the gateway reports the outcome (POST /api/notify-payment/{owner}/{payment}). */
  notifyUrl: string;
}

export interface PayResponse {
  /** Where to send the buyer: the gateway's page, or the return URL when the payment is already made. */
  payUrl: string;
  /** The provider's reference of the order, kept on the payment and given back to `notify`. */
  orderId: string;
  /** Paid when the provider took the money at once (Dummy, Balance); Created while the buyer still has to pay. */
  state: PaymentState;
}

/** What a provider's report says (Casdoor's pp.NotifyResult); the purchase compares it with the product. */
export interface NotifyResult {
  paymentStatus: PaymentState;
  notifyMessage: string;
  productDisplayName?: string;
  price?: number;
  currency?: string;
}

/** The invoice details of a paid payment (Casdoor's GetInvoice arguments). */
export interface InvoiceRequest {
  paymentName: string;
  personName: string;
  personIdCard: string;
  personEmail: string;
  personPhone: string;
  /** Individual or Organization. */
  invoiceType: string;
  invoiceTitle: string;
  invoiceTaxId: string;
  /**
   * Where the server itself serves the invoice document of the payment (GET
   * /api/get-payment-invoice): the types without an invoicing service of their own issue that one.
   */
  documentUrl: string;
}

export interface PayContext {
  /**
   * Where the provider writes (the Balance type deducts here): the purchase's transaction, so that
   * the payment record and the deduction are saved together or not at all. Given the database
   * itself, a provider opens a transaction of its own.
   */
  db: Db;
  /** The engine behind `db` (the server's `database.dialect`). */
  dialect: DialectName;
}

/** One payment provider type (Casdoor's pp.PaymentProvider). */
export interface PaymentProvider {
  readonly type: string;
  /** Starts a payment; refusals (an insufficient balance ...) are AppErrors and take nothing. */
  pay(request: PayRequest, context: PayContext): Promise<PayResponse>;
  /** Reads the provider's report about the order `orderId` (the body it posted to the notify URL). */
  notify(body: string, orderId: string): Promise<NotifyResult>;
  /** Issues the invoice of a paid payment and answers its URL. */
  getInvoice(request: InvoiceRequest): Promise<string>;
  /**
   * The body to answer a provider's report that could not be handled, in the form its gateway
   * expects; empty for the types whose gateway never reports (Dummy, Balance).
   */
  responseError(error: unknown): string;
}
