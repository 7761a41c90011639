import { isIP } from 'node:net';
import type { Provider } from '@gatehouse/entities';
import type { SMTPTransportOptions } from 'nodemailer';
import { AppError } from '../../errors.js';
import type { Outbound } from '../http/outbound.js';

/**
 * SMTP through nodemailer (provider types Default, SUBMAIL and Mailtrap, as in Casdoor).
 *
 * Provider fields: host, port, clientId = user name, clientSecret = password (no AUTH when the
 * user name is empty). `disableSsl` false (the default, "SSL on") means the message never travels
 * in clear: implicit TLS (port 465 and any other port, as Casdoor), except on the ports where
 * servers speak STARTTLS (25, 587, 2525), where the STARTTLS upgrade is required. `disableSsl` true
 * connects in clear and upgrades with STARTTLS when the server offers it.
 * Certificates are always verified; `SmtpOptions.trustedCertificates` adds certificates to trust
 * (tests, private authorities), there is no switch that turns verification off.
 */

/** Time to connect, to get the greeting, and of silence on the connection. */
const CONNECTION_TIMEOUT_MS = 10_000;
const SOCKET_TIMEOUT_MS = 30_000;

export interface SmtpOptions {
  /** PEM certificates trusted in place of the system's authorities (self-signed test servers, private CAs). */
  trustedCertificates?: string[];
}

export interface SmtpMessage {
  from: { name: string; address: string };
  to: string;
  subject: string;
  html: string;
}

/** Ports of plain SMTP and submission: with SSL on, STARTTLS is required there instead of implicit TLS. */
export const STARTTLS_PORTS: readonly number[] = [25, 587, 2525];

/** The port a provider connects to: its own, else 465 with SSL and 587 without. */
export function smtpPort(provider: Pick<Provider, 'port' | 'disableSsl'>): number {
  if (provider.port > 0) return provider.port;
  return provider.disableSsl ? 587 : 465;
}

/** nodemailer's transport options for a provider (see the rules above). */
export function smtpTransportOptions(
  provider: Pick<Provider, 'host' | 'port' | 'disableSsl' | 'clientId' | 'clientSecret'>,
  options: SmtpOptions = {},
): SMTPTransportOptions {
  const port = smtpPort(provider);
  const implicitTls = !provider.disableSsl && !STARTTLS_PORTS.includes(port);
  return {
    host: provider.host.trim(),
    port,
    secure: implicitTls,
    requireTLS: !provider.disableSsl && !implicitTls,
    auth: provider.clientId ? { user: provider.clientId, pass: provider.clientSecret } : undefined,
    connectionTimeout: CONNECTION_TIMEOUT_MS,
    greetingTimeout: CONNECTION_TIMEOUT_MS,
    socketTimeout: SOCKET_TIMEOUT_MS,
    dnsTimeout: CONNECTION_TIMEOUT_MS,
    tls: options.trustedCertificates?.length ? { ca: options.trustedCertificates } : undefined,
  };
}

/**
 * A transport to the provider's server under the outbound rules (outbound.ts): the host is
 * resolved and checked here, and the connection goes to that address, with the host name kept for
 * TLS (SNI and certificate verification).
 */
async function transport(outbound: Outbound, provider: Provider, options: SmtpOptions) {
  const host = provider.host.trim();
  if (!host) throw new AppError('providerFieldMissing', { field: 'host' });
  const port = smtpPort(provider);
  const target = await outbound.resolveHost(host, `smtp://${host}:${port}`);
  const settings = smtpTransportOptions(provider, options);
  const servername = isIP(host) === 0 ? { servername: host } : {};
  // Loaded on the first mail (some 15 MB once loaded).
  const { default: nodemailer } = await import('nodemailer');
  return nodemailer.createTransport({ ...settings, host: target.address, tls: { ...settings.tls, ...servername } });
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Connects, says hello, upgrades and authenticates as a send would, then disconnects. */
export async function verifySmtp(outbound: Outbound, provider: Provider, options: SmtpOptions = {}): Promise<void> {
  const transporter = await transport(outbound, provider, options);
  try {
    await transporter.verify();
  } catch (error) {
    throw new AppError('smtpConnectFailed', { host: provider.host, port: smtpPort(provider), detail: reason(error) });
  } finally {
    transporter.close();
  }
}

/** Sends one HTML message. */
export async function sendSmtp(
  outbound: Outbound,
  provider: Provider,
  message: SmtpMessage,
  options: SmtpOptions = {},
): Promise<void> {
  const transporter = await transport(outbound, provider, options);
  try {
    await transporter.sendMail({ from: message.from, to: message.to, subject: message.subject, html: message.html });
  } catch (error) {
    throw new AppError('emailSendFailed', { detail: reason(error) });
  } finally {
    transporter.close();
  }
}
