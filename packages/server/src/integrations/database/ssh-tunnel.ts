import { createPrivateKey } from 'node:crypto';
import net from 'node:net';
import { AppError } from '../../errors.js';
import type { Outbound } from '../http/outbound.js';

/** An SSH server to tunnel through, signed in with a password or a private key (PEM). */
export interface SshTarget {
  host: string;
  port: number;
  user: string;
  password?: string;
  privateKey?: string;
}

/** A local endpoint on loopback whose connections come out of the SSH server towards the destination. */
export interface SshTunnel {
  address: string;
  port: number;
  close: () => Promise<void>;
}

const READY_TIMEOUT_MS = 10_000;

/**
 * ssh2 reads OpenSSH keys and the traditional PEM forms (PKCS#1 RSA, SEC1 EC); a cert's private key
 * is PKCS#8, so it is converted first.
 */
function sshPrivateKey(pem: string): string {
  try {
    const key = createPrivateKey(pem);
    if (key.asymmetricKeyType === 'rsa') return key.export({ type: 'pkcs1', format: 'pem' }).toString();
    if (key.asymmetricKeyType === 'ec') return key.export({ type: 'sec1', format: 'pem' }).toString();
  } catch {
    // Not a key node reads: ssh2 may still (an OpenSSH key); it says so if not.
  }
  return pem;
}

/**
 * Opens an SSH connection (the SSH host goes through the outbound address guard, and the
 * connection to the checked address) and a listener on a free loopback port that forwards each
 * connection to `destination` as seen from the SSH server (Casdoor's syncer tunnel). The host key
 * is not pinned (Casdoor ignores it too): the tunnel protects the database traffic on the way, and
 * the database still checks its own credentials.
 */
export async function openSshTunnel(
  outbound: Outbound,
  ssh: SshTarget,
  destination: { host: string; port: number },
): Promise<SshTunnel> {
  if (!ssh.host) throw new AppError('syncerSshHostMissing');
  const port = ssh.port || 22;
  const { address } = await outbound.resolveHost(ssh.host, `${ssh.host}:${port}`);
  // Loaded by the first tunnel (some 15 MB once loaded).
  const { Client } = await import('ssh2');
  const client = new Client();
  await new Promise<void>((resolve, reject) => {
    const failed = (error: Error) =>
      reject(new AppError('syncerSshFailed', { host: `${ssh.host}:${port}`, detail: error.message }));
    client.once('ready', () => {
      client.off('error', failed);
      resolve();
    });
    client.once('error', failed);
    client.connect({
      host: address,
      port,
      username: ssh.user,
      ...(ssh.privateKey ? { privateKey: sshPrivateKey(ssh.privateKey) } : { password: ssh.password ?? '' }),
      readyTimeout: READY_TIMEOUT_MS,
    });
  });
  // Errors after the start end the forwarded connections; they are reported by the database driver.
  client.on('error', () => undefined);
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    client.forwardOut('127.0.0.1', socket.remotePort ?? 0, destination.host, destination.port, (error, channel) => {
      if (error) return void socket.destroy(error);
      socket.pipe(channel).pipe(socket);
      socket.on('error', () => channel.close());
      channel.on('error', () => socket.destroy());
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const local = server.address();
  const localPort = typeof local === 'object' && local ? local.port : 0;
  return {
    address: '127.0.0.1',
    port: localPort,
    close: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
      client.end();
    },
  };
}
