import { isValidEmail, type Provider } from '@gatehouse/entities';
import { AppError } from '../../errors.js';
import type { Outbound } from '../http/outbound.js';
import { sendCustomHttpEmail } from './custom-http.js';
import { type SmtpOptions, sendSmtp, verifySmtp } from './smtp.js';

/**
 * Sending e-mail through an Email provider. `sendEmailWith` is what features call (verification
 * codes, invitations ...); the routes in ../messaging-routes.ts add the caller's checks.
 */

/** Types sent over SMTP (Casdoor sends every type it has no API client for over SMTP). */
export const SMTP_EMAIL_TYPES: readonly string[] = ['Default', 'SUBMAIL', 'Mailtrap'];
export const CUSTOM_HTTP_EMAIL = 'Custom HTTP Email';

export interface EmailToSend {
  to: string;
  subject: string;
  html: string;
  /** Display name of the sender when the provider sets none (clientSecret2); else its display name. */
  senderName?: string;
}

export type EmailOptions = SmtpOptions;

/**
 * The sender, as Casdoor builds it: the address is clientId2 (the "From address"), else clientId
 * (the SMTP user name); the name is clientSecret2 (the "From name"), else the caller's, else the
 * provider's display name.
 */
export function emailSender(provider: Provider, senderName?: string): { name: string; address: string } {
  return {
    address: provider.clientId2.trim() || provider.clientId.trim(),
    name: provider.clientSecret2.trim() || senderName?.trim() || provider.displayName.trim(),
  };
}

/** Sends one message; errors are AppErrors saying what failed. */
export async function sendEmailWith(
  outbound: Outbound,
  provider: Provider,
  email: EmailToSend,
  options: EmailOptions = {},
): Promise<void> {
  if (!isValidEmail(email.to)) throw new AppError('emailInvalidReceivers', { receivers: email.to });
  const from = emailSender(provider, email.senderName);
  if (provider.type === CUSTOM_HTTP_EMAIL) {
    await sendCustomHttpEmail(outbound, provider, {
      fromName: from.name,
      toAddress: email.to,
      subject: email.subject,
      content: email.html,
    });
    return;
  }
  if (!SMTP_EMAIL_TYPES.includes(provider.type)) {
    throw new AppError('providerTypeUnsupported', { category: provider.category, type: provider.type });
  }
  if (!isValidEmail(from.address)) throw new AppError('emailBadSender', { address: from.address });
  await sendSmtp(outbound, provider, { from, to: email.to, subject: email.subject, html: email.html }, options);
}

/** The console's "Test SMTP connection": connect and authenticate without sending. */
export async function testEmailConnection(outbound: Outbound, provider: Provider, options: EmailOptions = {}): Promise<void> {
  if (!SMTP_EMAIL_TYPES.includes(provider.type)) throw new AppError('smtpTestOnly', { type: provider.type });
  await verifySmtp(outbound, provider, options);
}

export interface EmailTemplateValues {
  code?: string;
  /** Replaces %{user.friendlyName} (Casdoor's placeholder). */
  userName?: string;
  /** Replaces %{organization}. */
  organization?: string;
}

/** Fills a provider's content: the first %s is the code, then the named placeholders. */
export function fillEmailTemplate(content: string, values: EmailTemplateValues): string {
  // Replacement functions: a value containing "$&" or "$1" is inserted as it is.
  const { code, userName, organization } = values;
  let out = code === undefined ? content : content.replace('%s', () => code);
  if (userName !== undefined) out = out.replaceAll('%{user.friendlyName}', () => userName);
  if (organization !== undefined) out = out.replaceAll('%{organization}', () => organization);
  return out;
}
