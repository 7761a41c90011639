import { isIP } from 'node:net';
import type { ConnectionOptions } from 'node:tls';
import { Client, type Entry, InvalidCredentialsError } from 'ldapts';
import { AppError } from '../../errors.js';
import type { Outbound } from '../http/outbound.js';

/** What a connection needs of an LDAP server record. */
export interface DirectorySettings {
  host: string;
  port: number;
  enableSsl: boolean;
  allowSelfSignedCert: boolean;
  /** The DN the connection binds as (empty: an anonymous connection). */
  username: string;
  password: string;
}

/**
 * How the connection is secured: none; LDAPS (TLS from the first byte, port 636 as a rule); or
 * StartTLS, an upgrade of a plain connection, which SSL on the plain LDAP port 389 means (the rule
 * the SMTP senders follow for their ports too).
 */
export type TlsMode = 'plain' | 'ldaps' | 'starttls';

export const LDAP_PORT = 389;

export function tlsModeOf(settings: Pick<DirectorySettings, 'enableSsl' | 'port'>): TlsMode {
  if (!settings.enableSsl) return 'plain';
  return settings.port === LDAP_PORT ? 'starttls' : 'ldaps';
}

const CONNECT_TIMEOUT_MS = 10_000;
const OPERATION_TIMEOUT_MS = 30_000;
/** Entries asked for per page of a search (RFC 2696 paged results; Casdoor asks 100 at a time). */
const PAGE_SIZE = 100;

const detailOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * One open connection to a directory, bound as the server record's bind DN. The host goes through
 * the outbound address guard (loopback and private addresses only when OUTBOUND_ALLOWLIST names
 * them) and the connection goes to the checked address, the host name kept for TLS; certificates
 * are verified unless the record allows self-signed ones.
 */
export class DirectoryConnection {
  private constructor(
    private readonly client: Client,
    /** host:port, as messages name the server. */
    readonly shownAs: string,
  ) {}

  static async open(
    outbound: Outbound,
    settings: DirectorySettings,
    mode: TlsMode = tlsModeOf(settings),
  ): Promise<DirectoryConnection> {
    const shownAs = `${settings.host}:${settings.port}`;
    if (!settings.host) throw new AppError('ldapConnectFailed', { server: shownAs, detail: 'no host' });
    const { address, family } = await outbound.resolveHost(settings.host, shownAs);
    const bare = settings.host.replace(/^\[|\]$/g, '');
    const tlsOptions: ConnectionOptions = {
      rejectUnauthorized: !settings.allowSelfSignedCert,
      // The certificate is checked against the name the record gives, not the address connected to
      // (SNI takes host names only).
      ...(isIP(bare) === 0 ? { servername: bare } : {}),
    };
    const target = family === 6 ? `[${address}]` : address;
    const client = new Client({
      url: `${mode === 'ldaps' ? 'ldaps' : 'ldap'}://${target}:${settings.port}`,
      connectTimeout: CONNECT_TIMEOUT_MS,
      timeout: OPERATION_TIMEOUT_MS,
      // ldapts speaks TLS from the first byte whenever it is given TLS options: only for LDAPS.
      ...(mode === 'ldaps' ? { tlsOptions } : {}),
      strictDN: false,
    });
    const connection = new DirectoryConnection(client, shownAs);
    try {
      if (mode === 'starttls') await client.startTLS(tlsOptions);
    } catch (error) {
      await connection.close();
      throw new AppError('ldapConnectFailed', { server: shownAs, detail: detailOf(error) });
    }
    if (settings.username) {
      try {
        await client.bind(settings.username, settings.password);
      } catch (error) {
        await connection.close();
        if (error instanceof InvalidCredentialsError) {
          throw new AppError('ldapBindFailed', { server: shownAs, username: settings.username, detail: detailOf(error) });
        }
        throw new AppError('ldapConnectFailed', { server: shownAs, detail: detailOf(error) });
      }
    }
    return connection;
  }

  /** Every entry below `baseDn` that matches `filter`, page by page, with the attributes asked for. */
  async search(baseDn: string, filter: string, attributes: string[], binaryAttributes: string[] = []): Promise<Entry[]> {
    try {
      const { searchEntries } = await this.client.search(baseDn, {
        scope: 'sub',
        filter,
        attributes,
        explicitBufferAttributes: binaryAttributes,
        paged: { pageSize: PAGE_SIZE },
      });
      return searchEntries;
    } catch (error) {
      throw new AppError('ldapSearchFailed', { server: this.shownAs, detail: detailOf(error) });
    }
  }

  /** Reads the entry `dn` itself (no attributes): refused when it does not exist or the bound DN may not see it. */
  async readEntry(dn: string): Promise<void> {
    try {
      await this.client.search(dn, { scope: 'base', filter: '(objectClass=*)', attributes: ['1.1'] });
    } catch (error) {
      throw new AppError('ldapSearchFailed', { server: this.shownAs, detail: detailOf(error) });
    }
  }

  /**
   * Whether the directory accepts `password` for the entry `dn` (a bind as it, after which this
   * connection acts as that entry). An empty password is refused here: LDAP takes a bind with a DN
   * and no password for an unauthenticated bind, which proves nothing (RFC 4513 §5.1.2).
   */
  async verifyPassword(dn: string, password: string): Promise<boolean> {
    if (!password) return false;
    try {
      await this.client.bind(dn, password);
      return true;
    } catch (error) {
      if (error instanceof InvalidCredentialsError) return false;
      throw new AppError('ldapConnectFailed', { server: this.shownAs, detail: detailOf(error) });
    }
  }

  async close(): Promise<void> {
    await this.client.unbind().catch(() => {});
  }
}

/** Runs `work` on an open connection and closes it afterwards, whatever happens. */
export async function withDirectory<T>(
  outbound: Outbound,
  settings: DirectorySettings,
  work: (connection: DirectoryConnection) => Promise<T>,
): Promise<T> {
  const connection = await DirectoryConnection.open(outbound, settings);
  try {
    return await work(connection);
  } finally {
    await connection.close();
  }
}
